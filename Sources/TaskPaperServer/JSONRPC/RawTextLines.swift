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
        guard let escapes = isChecked ? lineEndEscapes : findLineEndEscapes() else { return nil }
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

    /// Bytes of the text one worker searches for line-end escapes.
    static let searchPartSize = 1 << 18

    /// The `\n` and `\r` escapes of a text the parser did not check (a didOpen's), found in parallel
    /// parts; nil when a `\u` escape spells a line end. Other escapes are checked where lines decode.
    func findLineEndEscapes(partSize: Int = JSONRawString.searchPartSize) -> [Int32]? {
        let content = range
        let parts = max(1, (content.count + partSize - 1) / partSize)
        let found = bytes.withUnsafeBufferPointer { message in
            // Bounded at the content's end (the closing quote): no escape reads past it.
            let b = UnsafeBufferPointer(rebasing: message[..<content.upperBound])
            return [[Int32]?].parallel(count: parts, chunk: 1) { part in
                let from = content.lowerBound + part * partSize
                return JSONRawString.lineEndEscapes(
                    in: b, contentStart: content.lowerBound, from: from, to: min(from + partSize, content.upperBound))
            }
        }
        var escapes: [Int32] = []
        escapes.reserveCapacity(found.reduce(0) { $0 + ($1?.count ?? 0) })
        for part in found {
            guard let part else { return nil }
            escapes.append(contentsOf: part)
        }
        return escapes
    }

    /// The line-end escapes whose backslash lies in `from..<to`. A part starts inside an escape when an
    /// odd run of backslashes ends just before it (the part before owns that escape).
    private static func lineEndEscapes(
        in b: UnsafeBufferPointer<UInt8>, contentStart: Int, from: Int, to: Int
    ) -> [Int32]? {
        var run = 0
        while from - 1 - run >= contentStart, b[from - 1 - run] == backslash { run += 1 }
        // Bytes before `next` belong to an escape already read.
        var next = run % 2 == 1 ? from + 1 : from
        var escapes: [Int32] = []
        escapes.reserveCapacity((to - from) / 32)
        let base = UnsafeRawPointer(b.baseAddress!), pattern = ones &* UInt64(backslash)
        var i = from
        while i < to {
            // A word at a time, every backslash of a word from one test (they come thick: each line end
            // and indent is one); the last word may hold bytes past `to`, which are not this part's.
            var found: UInt64
            if i + 8 <= b.count {
                let v = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
                // Exact per byte (no borrow between bytes): the high bit of each byte that was `\`.
                found = ~((v & lows) &+ lows | v) & highs
            } else {
                found = 0
                for j in 0..<min(8, b.count - i) where b[i + j] == backslash { found |= 0x80 << UInt64(8 * j) }
            }
            while found != 0 {
                let k = i + found.trailingZeroBitCount / 8
                found &= found &- 1
                guard k < to else { return escapes }
                guard k >= next, k + 1 < b.count else { continue }
                switch b[k + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "r"):
                    escapes.append(Int32(k))
                    next = k + 2
                case UInt8(ascii: "u"):
                    guard let (scalar, length) = JSONParser.unicodeEscape(b, at: k) else {
                        next = k + 2
                        continue
                    }
                    if scalar == "\n" || scalar == "\r" { return nil }
                    next = k + length
                default:
                    next = k + 2
                }
            }
            i += 8
        }
        return escapes
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080,
        lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    private static let backslash = UInt8(ascii: "\\")
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

    /// Line `i`, decoded from the message `b` into its place and parsed. Nil when an escape does not
    /// decode (the parser has checked them, so only a defect gets there). Each line is decoded once.
    func line(_ i: Int, escapedIn b: UnsafeBufferPointer<UInt8>) -> Line? {
        let escaped = spans[i].range, part = parts[i / DecodedLines.linesPerPart]
        let offset = escaped.lowerBound - first - part.from, at = part.bytes.base + offset
        guard let (count, isASCII) = try? JSONParser.unescapeLine(b, escaped, into: at) else { return nil }
        // The room escapes leave after a line is never read; filled all the same.
        (at + count).initialize(repeating: 0x20, count: escaped.count - count)
        return Line(storage: part.bytes, offset: offset, count: count, ending: spans[i].ending, isASCII: isASCII)
    }
}
