import TaskPaperServer

/// Applies LSP TextEdits to a text the way an editor does: every edit is
/// against the original text, positions count in the negotiated encoding
/// (UTF-16 unless told), a column past a line end means the line end, and
/// overlapping edits are refused, so a bad edit list fails the test.
enum ApplyEdits {
    struct Refused: Error, CustomStringConvertible { var description: String }

    /// The text after applying the edits a WorkspaceEdit holds for `uri`.
    static func apply(_ workspaceEdit: JSON, uri: String, to text: String, encoding: String = "utf-16") throws -> String
    {
        guard let edits = workspaceEdit["changes"]?[uri]?.arrayValue else {
            throw Refused(description: "the edit has no changes for \(uri): \(workspaceEdit.serialized)")
        }
        return try apply(edits, to: text, encoding: encoding)
    }

    static func apply(_ edits: [JSON], to text: String, encoding: String = "utf-16") throws -> String {
        let scalars = Array(text.unicodeScalars)
        let lines = lineSpans(scalars)
        func offset(_ position: JSON?) throws -> Int {
            guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue else {
                throw Refused(description: "bad position \(position?.serialized ?? "nil")")
            }
            guard line < lines.count else { return scalars.count }
            var (i, units) = (lines[line].lowerBound, 0)
            while i < lines[line].upperBound {
                units += width(scalars[i], encoding)
                if units > character { break }
                i += 1
            }
            return i
        }
        var spans: [(range: Range<Int>, text: String)] = []
        for edit in edits {
            let start = try offset(edit["range"]?["start"]), end = try offset(edit["range"]?["end"])
            guard start <= end, let newText = edit["newText"]?.stringValue else {
                throw Refused(description: "bad edit \(edit.serialized)")
            }
            spans.append((start..<end, newText))
        }
        // Stable: inserts at one point keep their order in the list.
        let sorted = spans.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
        var out = String.UnicodeScalarView()
        var copied = 0
        for span in sorted {
            guard span.range.lowerBound >= copied else {
                throw Refused(description: "overlapping edits: \(edits.map(\.serialized))")
            }
            out.append(contentsOf: scalars[copied..<span.range.lowerBound])
            out.append(contentsOf: span.text.unicodeScalars)
            copied = span.range.upperBound
        }
        out.append(contentsOf: scalars[copied...])
        return String(out)
    }

    /// Each line's scalars without its line end (`\n`, `\r\n` or `\r`); the one
    /// reference line splitter of the test support.
    static func lineSpans(_ s: [Unicode.Scalar]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var start = 0, i = 0
        while i < s.count {
            if s[i] == "\n" || s[i] == "\r" {
                spans.append(start..<i)
                i += s[i] == "\r" && i + 1 < s.count && s[i + 1] == "\n" ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        spans.append(start..<s.count)
        return spans
    }

    private static func width(_ s: Unicode.Scalar, _ encoding: String) -> Int {
        switch encoding {
        case "utf-8": UTF8.width(s)
        case "utf-32": 1
        default: UTF16.width(s)
        }
    }
}
