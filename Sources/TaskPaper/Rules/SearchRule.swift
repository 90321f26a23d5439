/// `search-malformed`: a saved search (`@search(QUERY)`) whose query TaskPaper
/// cannot read. The range runs from where TaskPaper 3's parser reports the
/// error to the end of the value (empty at the value's end when the error is there).
struct SearchRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard line.syntax.knownTags.contains(.search) else { return }
        for tag in line.syntax.tags where tag.hasValue && tag.hasName("search", in: line.line) {
            guard let payload = tag.payloadRange else { continue }
            let written = line.utf8Slice(payload)
            do throws(SearchParseError) {
                _ = try SearchQuery.parse(SavedSearch.query(written: written))
            } catch {
                let start = payload.lowerBound + Self.writtenOffset(ofQueryOffset: error.utf8Offset, in: written)
                let range =
                    start < payload.upperBound
                    ? start..<payload.upperBound
                    : payload.isEmpty ? tag.range : payload.upperBound..<payload.upperBound
                diagnostics.append(LineDiagnostic(.searchMalformed, range, "Search does not parse: \(error.message)"))
            }
        }
    }

    /// Maps an offset in the unescaped query back to the value as written (each `\(` or `\)` is one byte longer).
    static func writtenOffset(ofQueryOffset offset: Int, in written: Substring) -> Int {
        var queryOffset = 0, writtenOffset = 0
        let bytes = Array(written.utf8)
        while queryOffset < offset, writtenOffset < bytes.count {
            let isEscape =
                bytes[writtenOffset] == UInt8(ascii: "\\") && writtenOffset + 1 < bytes.count
                && (bytes[writtenOffset + 1] == UInt8(ascii: "(") || bytes[writtenOffset + 1] == UInt8(ascii: ")"))
            writtenOffset += isEscape ? 2 : 1
            queryOffset += 1
        }
        return min(writtenOffset, bytes.count)
    }
}
