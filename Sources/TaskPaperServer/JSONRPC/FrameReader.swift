import Glibc  // Linux only (Sources/TaskPaperServer/README.md)

/// Reads `Content-Length` framed messages from a file descriptor, as raw bytes.
/// A bad header is skipped with a log line and the reader resynchronises on
/// the next `Content-Length`; a frame over `maxFrameSize` is refused the same
/// way, without allocating it.
public final class FrameReader: @unchecked Sendable {
    public static let defaultMaxFrameSize = 64 << 20
    private static let maxHeaderSize = 8192

    private let fd: Int32
    private let maxFrameSize: Int
    private let log: (String) -> Void
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEOF = false
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)

    public init(fd: Int32, maxFrameSize: Int = FrameReader.defaultMaxFrameSize, log: @escaping (String) -> Void) {
        self.fd = fd
        self.maxFrameSize = maxFrameSize
        self.log = log
    }

    /// Whether input already read holds more bytes (so `next()` will not wait for the client).
    public var hasBufferedInput: Bool { start < buffer.count }

    /// A message body, with the line ends of a didOpen's text when they were found as it arrived.
    public struct Frame {
        public let body: [UInt8]
        let lineEnds: ScannedLineEnds?
    }

    /// The next message, or nil at end of input.
    public func next() -> Frame? {
        compact()
        while true {
            guard let headerEnd = findHeaderEnd() else { return nil }
            let header = String(decoding: buffer[start..<headerEnd.block], as: UTF8.self)
            let bodyStart = headerEnd.body
            switch parseHeader(header) {
            case .success(let length):
                if length > FrameReader.largeBody { return readLargeBody(from: bodyStart, length: length) }
                guard ensure(bodyStart + length - start) else {
                    log("input ended inside a \(length)-byte message; dropped it")
                    return nil
                }
                let body = Array(buffer[bodyStart..<bodyStart + length])
                start = bodyStart + length
                return Frame(body: body, lineEnds: nil)
            case .failure(let reason):
                log("skipped a bad header (\(reason)): \(header.debugDescription.prefix(200))")
                // A header cut short runs into the next one (`Content-Length: 5Content-Length: 30`):
                // resync on a header name inside the bad block before giving up the whole block.
                start = headerName(from: start + 1, before: headerEnd.block) ?? bodyStart
            }
        }
    }

    /// Bodies larger than this (a document's text) are read straight into memory of their own.
    static let largeBody = 1 << 16

    /// Reads a large body into an array of its own, backed by huge pages when it is megabytes long: no
    /// copy through `scratch`, and a few faults of 2 MiB instead of one per 4 KiB (a 5 MB document's
    /// first open spent more on faulting in its message than on reading it). A didOpen's line ends are
    /// found meanwhile (`LineEndScanner`).
    private func readLargeBody(from bodyStart: Int, length: Int) -> Frame? {
        let buffered = min(buffer.count - bodyStart, length)
        var filled = buffered
        var lineEnds: ScannedLineEnds?
        let body = [UInt8](unsafeUninitializedCapacity: HugePages.capacity(for: length, of: UInt8.self)) {
            slots, count in
            HugePages.advise(slots)
            let base = slots.baseAddress!
            buffer.withUnsafeBufferPointer { b in base.initialize(from: b.baseAddress! + bodyStart, count: buffered) }
            let scanner =
                FrameReader.isDidOpen(UnsafeBufferPointer(start: base, count: buffered))
                ? LineEndScanner(body: base, length: length) : nil
            scanner?.arrived(filled)
            while filled < length {
                let r = read(fd, base + filled, length - filled)
                if r < 0 && errno == EINTR { continue }
                if r <= 0 { break }
                filled += r
                scanner?.arrived(filled)
            }
            lineEnds = scanner?.finish(filled)
            count = filled
        }
        start = bodyStart + buffered
        guard filled == length else {
            atEOF = true
            log("input ended inside a \(length)-byte message; dropped it")
            return nil
        }
        return Frame(body: body, lineEnds: lineEnds)
    }

    /// Whether the start of a body names didOpen (clients write `method` before `params`; a body that
    /// does not is read all the same, its text split after it arrived).
    static func isDidOpen(_ start: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = Array("\"textDocument/didOpen\"".utf8)
        guard start.count >= name.count else { return false }
        return (0...start.count - name.count).contains { i in name.indices.allSatisfy { start[i + $0] == name[$0] } }
    }

    private struct HeaderError: Error, CustomStringConvertible {
        var description: String
    }

    private func parseHeader(_ header: String) -> Result<Int, HeaderError> {
        var length: Int?
        for line in header.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderError(description: "a line without ':'"))
            }
            let name = line[..<colon].trimmingBlanks.lowercased()
            let value = line[line.index(after: colon)...].trimmingBlanks
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else {
                    return .failure(HeaderError(description: "Content-Length is not a length"))
                }
                guard n <= maxFrameSize else {
                    return .failure(
                        HeaderError(description: "a \(n)-byte message is over the \(maxFrameSize)-byte limit"))
                }
                length = n
            }
        }
        guard let length else { return .failure(HeaderError(description: "no Content-Length")) }
        return .success(length)
    }

    /// Finds the next header block (skipping garbage before it) and returns
    /// where it ends and where its body starts.
    private func findHeaderEnd() -> (block: Int, body: Int)? {
        while true {
            // Garbage before a header: skip to the next line that starts like one.
            if !ensure(1) { return nil }
            if let skip = garbageLength(), skip > 0 {
                log("skipped \(skip) bytes that are not a message header")
                start += skip
                continue
            }
            var searchFrom = start
            while true {
                if let end = terminator(from: searchFrom) { return end }
                if buffer.count - start > FrameReader.maxHeaderSize {
                    log("skipped a header over \(FrameReader.maxHeaderSize) bytes")
                    start += 1
                    break
                }
                searchFrom = max(start, buffer.count - 3)
                if !readMore() { return nil }
            }
        }
    }

    private static let headerNames: [[UInt8]] = [Array("content-length".utf8), Array("content-type".utf8)]

    /// Whether a header name (any case) starts at `i`.
    private func isHeaderName(at i: Int) -> Bool {
        FrameReader.headerNames.contains { name in
            i + name.count <= buffer.count && name.indices.allSatisfy { buffer[i + $0] | 0x20 == name[$0] }
        }
    }

    /// Where the first header name in `from..<end` starts, if any.
    private func headerName(from: Int, before end: Int) -> Int? {
        (from..<max(from, end)).first(where: isHeaderName)
    }

    /// How many bytes at `start` precede the next header name, if the buffer
    /// does not start with one (0 when it does, nil when it can't tell yet).
    private func garbageLength() -> Int? {
        var i = start
        while true {
            while i + 14 > buffer.count {
                if !readMore() { return buffer.count - start }
            }
            if isHeaderName(at: i) { return i - start }
            i += 1
            // Drop long garbage in pieces so it never piles up in memory.
            if i - start >= 1 << 16 { return i - start }
        }
    }

    private func terminator(from: Int) -> (block: Int, body: Int)? {
        var i = from
        while i + 1 < buffer.count {
            if buffer[i] == 0x0A {
                // A blank line ends the header: "\r\n\r\n" or a lenient "\n\n".
                if buffer[i + 1] == 0x0A { return (i, i + 2) }
                if buffer[i + 1] == 0x0D, i + 2 < buffer.count, buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    /// Makes `count` bytes from `start` available; false at end of input.
    private func ensure(_ count: Int) -> Bool {
        while buffer.count - start < count {
            if !readMore(atLeast: count - (buffer.count - start)) { return false }
        }
        return true
    }

    /// Drops consumed bytes; only between messages, when no offsets are held.
    private func compact() {
        if start > 0 && (start >= buffer.count || start > 1 << 20) {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    private func readMore(atLeast: Int = 1) -> Bool {
        if atEOF { return false }
        if atLeast > scratch.count { buffer.reserveCapacity(buffer.count + atLeast) }
        let n = scratch.withUnsafeMutableBytes { p -> Int in
            while true {
                let r = read(fd, p.baseAddress!, p.count)
                if r < 0 && errno == EINTR { continue }
                return r
            }
        }
        if n <= 0 { atEOF = true; return false }
        buffer.append(contentsOf: scratch[0..<n])
        return true
    }
}

extension Substring {
    var trimmingBlanks: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return s
    }
}
