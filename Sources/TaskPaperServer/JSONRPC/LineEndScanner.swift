import Dispatch
import TaskPaper

/// What a `LineEndSearch` found: the lines between every `\n`, `\r` and `\r\n` escape it read (of a whole
/// body, as a didOpen arrived, `LineEndScanner`; or of one text), whatever string holds them.
struct ScannedLineEnds: Sendable {
    /// Line `i` ends at the `i`th line-end escape and starts after the one before it (the first where the
    /// search started).
    let spans: [JSONRawString.LineSpan]
    /// Where `\u` escapes spell a line end (a text holding one is decoded whole).
    let unicodeLineEnds: [Int32]
    /// Memory as large as the body for its lines to be decoded into, faulted in while the body arrived.
    let memory: LineBytes?

    /// The lines of the string whose content is `content`; nil when a `\u` escape in it ends a line.
    func lines(of content: Range<Int>) -> [JSONRawString.LineSpan]? {
        guard !unicodeLineEnds.contains(where: { content.contains(Int($0)) }) else { return nil }
        // Spans are in order of their ends: the first ending inside the content, the first ending past it.
        let first = spans.partitionPoint { $0.range.upperBound < content.lowerBound }
        let past = spans.partitionPoint { $0.range.upperBound < content.upperBound }
        var lines: [JSONRawString.LineSpan] = []
        lines.reserveCapacity(past - first + 1)
        var start = content.lowerBound
        if first < past {
            lines.append(
                JSONRawString.LineSpan(range: start..<spans[first].range.upperBound, ending: spans[first].ending))
            lines.append(contentsOf: spans[first + 1..<past])
            let last = spans[past - 1]
            start = last.range.upperBound + (last.ending == .crlf ? 4 : 2)
        }
        lines.append(JSONRawString.LineSpan(range: start..<content.upperBound, ending: .none))
        return lines
    }
}

/// Finds the line-end escapes of a large message body on a thread of its own while the reader is still
/// reading it, so that when a didOpen's last byte arrives its text is split into lines already: the
/// open starts decoding at once, and the time the client takes to send 5 MB is not idle (`LineEndSearch`
/// reads the escapes; a malformed body is refused by the parser anyway).
///
/// It also faults in the memory the lines will be decoded into, behind the bytes that arrived: the
/// kernel clears those pages here, while the reader waits on the client, not while the open decodes.
final class LineEndScanner: @unchecked Sendable {
    private let body: UnsafePointer<UInt8>
    private let memory: LineBytes
    /// The lines never need more of `memory` than the body's length (its capacity may be more).
    private let faultLimit: Int
    private let condition = Condition()
    // Guarded by `condition`.
    private var arrivedCount = 0
    private var complete = false
    private var result: ScannedLineEnds?

    private static let queue = DispatchQueue(label: "taskpaper-lsp.line-ends")

    /// Starts scanning `body` of `length` bytes (which the reader fills front to back, telling `arrived`);
    /// the memory must stay valid until `finish` returns.
    init(body: UnsafePointer<UInt8>, length: Int) {
        self.body = body
        memory = DecodedLines.memory(byteCount: length)
        faultLimit = length
        LineEndScanner.queue.async { self.scan() }
    }

    /// The reader has filled the first `count` bytes.
    func arrived(_ count: Int) {
        condition.lock()
        arrivedCount = count
        condition.signal()
        condition.unlock()
    }

    /// No more bytes come (`count` in all): waits for the scan to reach the end and returns it.
    func finish(_ count: Int) -> ScannedLineEnds {
        condition.lock()
        defer { condition.unlock() }
        arrivedCount = count
        complete = true
        condition.signal()
        while result == nil { condition.wait() }
        return result!
    }

    private func scan() {
        // Room for lines of 24 bytes on average (the benchmark's are 52): a longer text grows it once or twice.
        var search = LineEndSearch(from: 0, expectedLines: faultLimit / 24)
        var faulted = 0
        while true {
            condition.lock()
            while arrivedCount - search.position < 8 + LineEndSearch.lookahead && !complete {
                // Waiting for the client: fault in some of the lines' memory meanwhile (only then, so
                // the scan never falls behind for it; what is left faults in as the lines decode).
                if faulted < faultLimit {
                    condition.unlock()
                    faulted = faultIn(from: faulted)
                    condition.lock()
                } else {
                    condition.wait()
                }
            }
            let count = arrivedCount, isLast = complete
            condition.unlock()
            search.read(UnsafeBufferPointer(start: body, count: count), isLast: isLast)
            if isLast { break }
        }
        condition.lock()
        result = ScannedLineEnds(spans: search.spans, unicodeLineEnds: search.unicodeLineEnds, memory: memory)
        condition.signal()
        condition.unlock()
    }

    /// Faults in 256 KiB of the lines' memory from `start` (a write per 4 KiB page, or per 2 MiB one
    /// where huge pages back it); returns where it stopped.
    private func faultIn(from start: Int) -> Int {
        let end = min(faultLimit, start + 1 << 18)
        var page = start
        while page < end {
            memory.base[page] = 0
            page += 4096
        }
        return end
    }
}

/// The lines between the line-end escapes of JSON string content (`\n`, `\r`, `\r\n`), read front to
/// back as far as the bytes go: `LineEndScanner` reads on as a message arrives, and a text that was not
/// scanned so is read in one go (`JSONRawString.lineSpans`). Outside strings valid JSON has no backslash,
/// so a whole body reads as string content: an escape is a backslash after an even run of them.
struct LineEndSearch {
    /// Line `i` ends at the `i`th line-end escape; the first starts where the search did.
    private(set) var spans: [JSONRawString.LineSpan] = []
    /// Where `\u` escapes spell a line end (a text holding one is decoded whole).
    private(set) var unicodeLineEnds: [Int32] = []
    /// How far the search has read (a multiple of 8 from where it started, but at the end).
    private(set) var position: Int
    private var lineStart: Int
    /// Bytes before this belong to an escape already read.
    private var next: Int

    /// Bytes a backslash may need after it to be read (`\u000A`): a search not at the end stays this far behind.
    static let lookahead = 6

    init(from start: Int, expectedLines: Int) {
        position = start
        lineStart = start
        next = start
        spans.reserveCapacity(expectedLines)
    }

    /// Reads on through `b`: whole words whose escapes' bytes are all there or, when `isLast`, every byte.
    mutating func read(_ b: UnsafeBufferPointer<UInt8>, isLast: Bool) {
        let count = b.count, base = UnsafeRawPointer(b.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let pattern = ones &* UInt64(UInt8(ascii: "\\"))
        var i = position
        defer { position = i }
        while isLast ? i < count : i + 8 + LineEndSearch.lookahead <= count {
            var found: UInt64
            if i + 8 <= count {
                let v = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
                // Exact per byte (no borrow between bytes): the high bit of each byte that was `\`.
                found = ~((v & lows) &+ lows | v) & (ones &* 0x80)
            } else {
                found = 0
                for j in 0..<count - i where b[i + j] == UInt8(ascii: "\\") { found |= 0x80 << UInt64(8 * j) }
            }
            while found != 0 {
                let k = i + found.trailingZeroBitCount / 8
                found &= found &- 1
                guard k >= next, k + 1 < count else { continue }
                switch b[k + 1] {
                case UInt8(ascii: "n"):
                    spans.append(JSONRawString.LineSpan(range: lineStart..<k, ending: .lf))
                    next = k + 2
                    lineStart = next
                case UInt8(ascii: "r"):
                    let crlf = k + 3 < count && b[k + 2] == UInt8(ascii: "\\") && b[k + 3] == UInt8(ascii: "n")
                    spans.append(JSONRawString.LineSpan(range: lineStart..<k, ending: crlf ? .crlf : .cr))
                    next = k + (crlf ? 4 : 2)
                    lineStart = next
                case UInt8(ascii: "u"):
                    guard let (scalar, length) = JSONParser.unicodeEscape(b, at: k) else {
                        next = k + 2
                        continue
                    }
                    if scalar == "\n" || scalar == "\r" { unicodeLineEnds.append(Int32(k)) }
                    next = k + length
                default:
                    next = k + 2
                }
            }
            i += 8
        }
    }
}
