import TaskPaper

/// Splits a document's text into lines while it is still JSON-escaped: line
/// ends arrive as `\n`, `\r\n` and `\r` escapes, so the lines can be decoded
/// (and parsed) in parallel, never as one `String`.
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
        if let scannedLines { return scannedLines }
        guard isChecked else { return searchLines() }
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

    /// The lines of a text the parser did not check (a didOpen's whose lines were not found as it
    /// arrived), read in one go; nil when a `\u` escape spells a line end. Other escapes are checked where
    /// lines decode.
    private func searchLines() -> [LineSpan]? {
        bytes.withUnsafeBufferPointer { message in
            // Bounded at the content's end (the closing quote): no escape reads past it.
            let b = UnsafeBufferPointer(rebasing: message[..<range.upperBound])
            var search = LineEndSearch(from: range.lowerBound, expectedLines: range.count / 24)
            search.read(b, isLast: true)
            return ScannedLineEnds(spans: search.spans, unicodeLineEnds: search.unicodeLineEnds, memory: nil)
                .lines(of: range)
        }
    }
}

/// A document's lines decoded from the message into one block of memory (huge pages when it is large)
/// that they all share, each line at its escaped offset: decoding never lengthens text, so lines decode
/// in parallel with no offsets to add up first, each as it is parsed (while its bytes are in the cache).
/// No line allocates; `Line` checks the UTF-8 of a line that is not ASCII.
struct DecodedLines: @unchecked Sendable {
    /// Lines per part of the memory: the lines one thread makes retain their own part. Also the lines a
    /// worker takes at a time, few enough that both cores stay busy to the end.
    static let linesPerPart = 2048

    private let spans: [JSONRawString.LineSpan]
    /// Where the first line starts in the message: offsets in the decoded memory are message offsets minus this.
    private let first: Int
    private let parts: [(from: Int, bytes: LineBytes)]

    /// The memory for the lines of `spans`; nil when there are none. `prepared`, when given, is memory
    /// as large as the message, faulted in already (`LineEndScanner`): lines go at their message offsets.
    init?(_ spans: [JSONRawString.LineSpan], prepared: LineBytes? = nil) {
        guard let firstSpan = spans.first, let lastSpan = spans.last else { return nil }
        let whole: LineBytes, first: Int
        if let prepared, prepared.capacity >= lastSpan.range.upperBound {
            whole = prepared
            first = 0
        } else {
            first = firstSpan.range.lowerBound
            whole = DecodedLines.memory(byteCount: lastSpan.range.upperBound - first)
        }
        self.spans = spans
        self.first = first
        parts = whole.parts(lineCount: spans.count, linesPerPart: DecodedLines.linesPerPart) {
            spans[$0].range.lowerBound - first..<spans[$0].range.upperBound - first
        }
    }

    /// Memory for `byteCount` bytes of lines, aligned to a huge page when large, so every 2 MiB of it can be one.
    static func memory(byteCount: Int) -> LineBytes {
        let capacity = HugePages.capacity(for: byteCount, of: UInt8.self)
        let whole = LineBytes(capacity: capacity, alignment: capacity >= HugePages.ownMapping ? HugePages.size : 1)
        if capacity >= HugePages.ownMapping { HugePages.advise(whole.base, byteCount: capacity) }
        return whole
    }

    /// Line `i`, decoded from the message `b` into its place and parsed. Nil when the line does not decode
    /// (a malformed escape or a control character in a didOpen's text, which the parser left unchecked).
    /// Each line is decoded once.
    func line(_ i: Int, escapedIn b: UnsafeBufferPointer<UInt8>) -> Line? {
        let escaped = spans[i].range, part = parts[i / DecodedLines.linesPerPart]
        let offset = escaped.lowerBound - first - part.from, at = part.bytes.base + offset
        guard let (count, isASCII) = try? JSONParser.unescapeLine(b, escaped, into: at) else { return nil }
        // The room escapes leave after a line is never read; filled all the same.
        (at + count).initialize(repeating: 0x20, count: escaped.count - count)
        return Line(storage: part.bytes, offset: offset, count: count, ending: spans[i].ending, isASCII: isASCII)
    }
}
