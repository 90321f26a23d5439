import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper

/// A file's lines read a block at a time: each block's whole lines share one `LineBytes`, sized to the
/// file when it is smaller than a block (a small file is one allocation and one read).
enum BlockReader {
    static let blockSize = 1 << 18

    /// Calls `body` with each block of whole lines (the last may lack its line end) and its byte count.
    /// False when the file can't be read.
    static func forEachBlock(in path: String, _ body: (LineBytes, Int) -> Void) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        let size = fstat(fd, &info) == 0 ? Int(info.st_size) : blockSize
        // One byte more than the file, so its end is seen without a second block.
        var storage = LineBytes(capacity: min(max(size, 0), blockSize) + 1)
        var filled = 0
        while true {
            if filled == storage.capacity {
                // Full: hand over its whole lines and carry the rest (a longer line takes a larger block).
                var lastBreak = filled - 1
                while lastBreak >= 0, storage.base[lastBreak] != 0x0A { lastBreak -= 1 }
                let carried = filled - (lastBreak + 1)
                let next = LineBytes(capacity: max(blockSize, carried * 2))
                next.base.initialize(from: storage.base + lastBreak + 1, count: carried)
                if lastBreak >= 0 { body(storage, lastBreak + 1) }
                storage = next
                filled = carried
            }
            let n = read(fd, storage.base + filled, storage.capacity - filled)
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { break }
            filled += n
        }
        if filled > 0 { body(storage, filled) }
        return true
    }

    /// Calls `body` with each line's bytes and a maker of its `Line` (only what it asks for is parsed).
    static func forEachLine(
        in storage: LineBytes, count: Int, _ body: (UnsafeBufferPointer<UInt8>, () -> Line) -> Void
    ) {
        let base = storage.base
        var start = 0
        while start < count {
            let found = memchr(base + start, 0x0A, count - start)
            let end = found.map { $0.assumingMemoryBound(to: UInt8.self) - base } ?? count
            let hasCR = end > start && base[end - 1] == 0x0D
            let length = end - start - (hasCR ? 1 : 0)
            let ending: LineEnding = end == count ? .none : hasCR ? .crlf : .lf
            let from = start
            body(UnsafeBufferPointer(start: base + start, count: length)) {
                Line(storage: storage, offset: from, count: length, ending: ending)
            }
            start = end + 1
        }
    }
}
