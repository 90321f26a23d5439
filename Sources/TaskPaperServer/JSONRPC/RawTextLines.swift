import TaskPaper

/// Splits a document's text into lines while it is still JSON-escaped: line
/// ends arrive as `\n`, `\r\n` and `\r` escapes, so the lines can be decoded
/// (and parsed) one by one, in parallel, without the text ever existing whole.
extension JSONRawString {
    struct LineSpan {
        var range: Range<Int>
        var ending: LineEnding
    }

    /// The lines' escaped byte ranges with their ends; the last has none.
    /// Nil when a `\u` escape spells a line end (rare: decode the whole text then).
    func lineSpans() -> [LineSpan]? {
        bytes.withUnsafeBufferPointer { b -> [LineSpan]? in
            let end = range.upperBound
            let text = UnsafeBufferPointer(rebasing: b[..<end])
            var spans: [LineSpan] = []
            spans.reserveCapacity(range.count / 32)
            var start = range.lowerBound, k = start
            while true {
                k = ByteScan.firstIndex(of: UInt8(ascii: "\\"), in: text, from: k)
                guard k + 1 < end else { break }
                switch text[k + 1] {
                case UInt8(ascii: "n"):
                    spans.append(LineSpan(range: start..<k, ending: .lf))
                    k += 2
                    start = k
                case UInt8(ascii: "r"):
                    let crlf = k + 3 < end && text[k + 2] == UInt8(ascii: "\\") && text[k + 3] == UInt8(ascii: "n")
                    spans.append(LineSpan(range: start..<k, ending: crlf ? .crlf : .cr))
                    k += crlf ? 4 : 2
                    start = k
                case UInt8(ascii: "u"):
                    guard let (scalar, length) = JSONParser.unicodeEscape(text, at: k) else { return nil }
                    if scalar == "\n" || scalar == "\r" { return nil }
                    k += length
                default:
                    k += 2
                }
            }
            spans.append(LineSpan(range: start..<end, ending: .none))
            return spans
        }
    }

    /// One line's text, its escapes decoded (lossily if malformed, never failing).
    func line(_ span: LineSpan) -> String {
        bytes.withUnsafeBufferPointer { b in
            (try? JSONParser.unescape(b, span.range)) ?? String(decoding: b[span.range], as: UTF8.self)
        }
    }
}
