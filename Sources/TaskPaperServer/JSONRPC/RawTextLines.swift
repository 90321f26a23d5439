import TaskPaper

/// Splits a document's text into lines while it is still JSON-escaped: line
/// ends arrive as `\n`, `\r\n` and `\r` escapes, so the lines can be decoded
/// (and parsed) one by one, in parallel, without the text ever existing whole.
extension JSONRawString {
    /// Twelve bytes a line: a 100,000-line open builds 100,000 of them before any line is parsed.
    struct LineSpan {
        private var start: Int32
        private var end: Int32
        var ending: LineEnding

        init(range: Range<Int>, ending: LineEnding) {
            start = Int32(range.lowerBound)
            end = Int32(range.upperBound)
            self.ending = ending
        }

        var range: Range<Int> { Int(start)..<Int(end) }
    }

    /// The lines' escaped byte ranges with their ends; the last has none.
    /// Nil when a `\u` escape spells a line end (rare: decode the whole text then).
    func lineSpans() -> [LineSpan]? {
        guard let escapes = lineEndEscapes else { return nil }
        return bytes.withUnsafeBufferPointer { b -> [LineSpan] in
            var spans: [LineSpan] = []
            spans.reserveCapacity(escapes.count + 1)
            var start = range.lowerBound
            var e = 0
            while e < escapes.count {
                let k = Int(escapes[e])
                if b[k + 1] == UInt8(ascii: "n") {
                    spans.append(LineSpan(range: start..<k, ending: .lf))
                    start = k + 2
                    e += 1
                } else if e + 1 < escapes.count, Int(escapes[e + 1]) == k + 2, b[k + 3] == UInt8(ascii: "n") {
                    spans.append(LineSpan(range: start..<k, ending: .crlf))
                    start = k + 4
                    e += 2
                } else {
                    spans.append(LineSpan(range: start..<k, ending: .cr))
                    start = k + 2
                    e += 1
                }
            }
            spans.append(LineSpan(range: start..<range.upperBound, ending: .none))
            return spans
        }
    }

    /// One line's text from the message bytes `b`, its escapes decoded (the
    /// parser checked them when it read the message, so this cannot fail).
    static func line(_ span: LineSpan, in b: UnsafeBufferPointer<UInt8>) -> String {
        (try? JSONParser.unescape(b, span.range)) ?? String(decoding: b[span.range], as: UTF8.self)
    }
}
