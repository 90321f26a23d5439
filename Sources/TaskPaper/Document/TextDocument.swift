/// A position as a client gives it: a line and a column in some encoding.
public struct TextPosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: Self, b: Self) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

public enum LineEnding: UInt8, Sendable {
    case none, lf, crlf, cr
    public var text: String {
        switch self {
        case .none: "";
        case .lf: "\n";
        case .crlf: "\r\n";
        case .cr: "\r"
        }
    }
}

/// Memory holding lines' UTF-8 bytes, shared by the lines split or decoded together (a whole document
/// when it is opened), so no line allocates on its own. Written once, before any line refers to it.
public final class LineBytes: @unchecked Sendable {
    public let base: UnsafeMutablePointer<UInt8>
    public let capacity: Int
    /// The memory this is a part of (kept alive by it), or nil when this owns its memory.
    private let whole: LineBytes?

    public init(capacity: Int, alignment: Int = 1) {
        base = UnsafeMutableRawPointer.allocate(byteCount: max(1, capacity), alignment: alignment)
            .bindMemory(to: UInt8.self, capacity: max(1, capacity))
        self.capacity = capacity
        whole = nil
    }

    /// A copy of the bytes of `text`.
    public convenience init(copying text: String) {
        self.init(capacity: text.utf8.count)
        _ = UnsafeMutableBufferPointer(start: base, count: capacity).initialize(from: text.utf8)
    }

    /// A part of `whole`, with a reference count of its own: lines that threads make in parallel each
    /// retain their own part, not one shared counter.
    public init(partOf whole: LineBytes, from offset: Int, capacity: Int) {
        precondition(offset >= 0 && offset + capacity <= whole.capacity, "a part lies inside its whole")
        base = whole.base + offset
        self.capacity = capacity
        self.whole = whole
    }

    /// Its parts for runs of `linesPerPart` lines, given where each of `lineCount` lines lies in it: the
    /// lines one thread makes retain their own part.
    public func parts(
        lineCount: Int, linesPerPart: Int, bytesOfLine: (Int) -> Range<Int>
    ) -> [(
        from: Int, bytes: LineBytes
    )] {
        stride(from: 0, to: lineCount, by: linesPerPart).map { first in
            let from = bytesOfLine(first).lowerBound
            let to = bytesOfLine(min(first + linesPerPart, lineCount) - 1).upperBound
            return (from, LineBytes(partOf: self, from: from, capacity: to - from))
        }
    }

    deinit { if whole == nil { base.deallocate() } }
}

/// One line of a document with its parse. Its bytes live in `LineBytes` shared with the lines around
/// it; hot paths read them in place (`withUTF8Bytes`), and `text` makes a `String` for the rest.
public struct Line: Sendable {
    // Read by the inlinable `withUTF8Bytes`: other modules read every line's bytes through it.
    @usableFromInline let storage: LineBytes
    /// Where this line's bytes start in `storage`; `syntax.utf8Count` of them (valid UTF-8).
    @usableFromInline let offset: Int
    // The syntax before the one-byte ending, which then takes a byte the syntax leaves: 112 bytes a line.
    public let syntax: LineSyntax
    public let ending: LineEnding

    public init(text: String, ending: LineEnding) {
        self.init(storage: LineBytes(copying: text), offset: 0, count: text.utf8.count, ending: ending)
    }

    /// A line of `text` read as `syntax` (which callers may have edited).
    init(text: String, syntax: LineSyntax) {
        // The syntax says how many bytes the line has: a mismatch would read past them.
        precondition(Int(syntax.utf8Count) == text.utf8.count, "a syntax parsed from other text")
        self.init(storage: LineBytes(copying: text), offset: 0, syntax: syntax, ending: .none)
    }

    /// The line of `count` bytes at `offset` in `storage`. Bytes that are not UTF-8 are read as a
    /// `String` reads them (each bad sequence one U+FFFD), into storage of the line's own. `isASCII`
    /// says whether every byte is ASCII when the caller knows it (nil: the parse looks).
    public init(storage: LineBytes, offset: Int, count: Int, ending: LineEnding, isASCII: Bool? = nil) {
        precondition(offset >= 0 && offset + count <= storage.capacity, "a line lies inside its storage")
        let bytes = UnsafeBufferPointer(start: storage.base + offset, count: count)
        let syntax = TagScanner.parse(bytes: bytes, isASCII: isASCII ?? ByteScan.isASCII(bytes))
        // Only a line with a byte past ASCII can be malformed (the scanner has looked at every byte).
        guard syntax.isASCII || ByteScan.isValidUTF8(bytes) else {
            self.init(text: String(decoding: bytes, as: UTF8.self), ending: ending)
            return
        }
        self.init(storage: storage, offset: offset, syntax: syntax, ending: ending)
    }

    init(storage: LineBytes, offset: Int, syntax: LineSyntax, ending: LineEnding) {
        self.storage = storage
        self.offset = offset
        self.syntax = syntax
        self.ending = ending
    }

    /// The line's text as a new `String` (allocates: loops over many lines read `withUTF8Bytes`).
    public var text: String { withUTF8Bytes { String(decoding: $0, as: UTF8.self) } }

    public var utf8Count: Int { Int(syntax.utf8Count) }

    /// Runs `body` over the line's UTF-8 bytes, in place.
    @inlinable
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: storage.base + offset, count: Int(syntax.utf8Count)))
        }
    }

    /// The text between two UTF-8 offsets of the line (which must fall on scalar boundaries), copied
    /// alone: a tag's name on a megabyte line costs its own length, not the line's.
    public func utf8Slice(_ range: Range<Int>) -> Substring {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "a slice inside the line")
        return withUTF8Bytes { Substring(String(decoding: $0[range], as: UTF8.self)) }
    }

    /// Whether the item carries `@done`.
    public var isDone: Bool { syntax.knownTags.contains(.done) }
}

extension UnsafePointer<Line> {
    /// Runs `body` over the bytes of the line stored here, without copying the `Line` (which retains
    /// its storage): for loops over a document's lines read in place. The line must stay stored here.
    @inlinable
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(
            UnsafeBufferPointer(start: pointee.storage.base + pointee.offset, count: Int(pointee.syntax.utf8Count)))
    }
}

/// Which lines an edit replaced: `removed` (old line indices) became
/// `insertedCount` new lines starting at `removed.lowerBound`. Every per-line
/// cache applies the same change to stay aligned with the document.
public struct LineChange: Sendable {
    public var removed: Range<Int>
    public var insertedCount: Int
    /// The lines that were at `removed`, for caches that subtract what a line contributed.
    public var removedLines: [Line]
    public var inserted: Range<Int> { removed.lowerBound..<removed.lowerBound + insertedCount }

    public init(removed: Range<Int>, insertedCount: Int, removedLines: [Line] = []) {
        self.removed = removed
        self.insertedCount = insertedCount
        self.removedLines = removedLines
    }
}

/// The text of one open document, kept as parsed lines. An edit replaces
/// only the lines it touches and re-parses only those.
public struct TextDocument: Sendable {
    public private(set) var lines: [Line]
    /// How many lines have been parsed since creation (to prove edits stay local).
    public private(set) var parsedLineCount = 0
    /// Kept current line by line, so the depths follow an edit that changes the shortest run.
    private var spaceRuns = SpaceRunCounts()

    public init(text: String) {
        lines = []
        let change = replaceLines(0..<0, with: text)
        parsedLineCount = change.insertedCount
    }

    /// A document from lines already split (the last one has no line end), with their leading space runs
    /// counted already (by the workers that parsed them: a second walk over 100,000 lines would read them
    /// all from memory again).
    public init(lines: [Line], spaceRuns: SpaceRunCounts) {
        precondition(lines.last?.ending == LineEnding.none, "the last line of a document has no line end")
        self.lines = lines
        parsedLineCount = lines.count
        self.spaceRuns = spaceRuns
    }

    /// The shortest run of leading spaces in the document (TaskPaper's
    /// `spacesPerTab`), or nil when no line is indented with spaces.
    public var shortestLeadingSpaceRun: Int? { spaceRuns.shortest }

    /// How many lines have each shortest leading space run (an outline keeps them for moves).
    public var spaceRunCounts: SpaceRunCounts { spaceRuns }

    /// Spaces per level of indentation under the `indentWidth` setting.
    public func spacesPerLevel(_ width: IndentWidth) -> Int { width.spacesPerLevel(shortestRun: spaceRuns.shortest) }

    public var lineCount: Int { lines.count }

    /// The whole text, exactly as the client holds it.
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8Count + 2 })
        for line in lines {
            line.withUTF8Bytes { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: line.ending.text.utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Clamps a client position to a (line, UTF-8 offset) inside the document:
    /// a column past a line end means the line end, a line past the end means the end.
    public func location(of p: TextPosition, encoding: PositionEncoding) -> (line: Int, offset: Int) {
        if p.line < 0 { return (0, 0) }
        if p.line >= lines.count {
            let last = lines.count - 1
            return (last, lines[last].utf8Count)
        }
        let line = lines[p.line]
        // An ASCII line counts the same in every encoding: no `String` is made for it.
        if line.syntax.isASCII { return (p.line, max(0, min(p.column, line.utf8Count))) }
        return (p.line, encoding.utf8Offset(ofColumn: p.column, in: line.text, isASCII: false))
    }

    /// The client position of a UTF-8 offset on a line.
    public func position(line: Int, offset: Int, encoding: PositionEncoding) -> TextPosition {
        let l = lines[line]
        return TextPosition(
            line: line, column: encoding.column(ofUTF8Offset: offset, in: l, isASCII: l.syntax.isASCII))
    }

    /// Replaces the text between two client positions (in order) and returns the lines replaced.
    @discardableResult
    public mutating func replace(
        from start: TextPosition, to end: TextPosition, with newText: String,
        encoding: PositionEncoding
    ) -> LineChange {
        var a = location(of: start, encoding: encoding)
        var b = location(of: end, encoding: encoding)
        if (b.line, b.offset) < (a.line, a.offset) { swap(&a, &b) }
        let first = lines[a.line], last = lines[b.line]
        var region = String(first.utf8Slice(0..<a.offset))
        region += newText
        region += last.utf8Slice(b.offset..<last.utf8Count)
        region += last.ending.text
        return replaceRegion(a.line..<b.line + 1, with: region)
    }

    /// Replaces the whole text.
    @discardableResult
    public mutating func replaceAll(with text: String) -> LineChange {
        replaceLines(0..<lines.count, with: text)
    }

    /// Re-splits `range` of lines from `region` (their full text, line ends
    /// included), first widening it where a `\r` and `\n` now meet across the
    /// edge and so make one line end.
    private mutating func replaceRegion(_ range: Range<Int>, with region: String) -> LineChange {
        var range = range, region = region
        if range.lowerBound > 0, lines[range.lowerBound - 1].ending == .cr, region.utf8.first == 0x0A {
            let prev = lines[range.lowerBound - 1]
            region = prev.text + prev.ending.text + region
            range = range.lowerBound - 1..<range.upperBound
        }
        if region.utf8.last == 0x0D, range.upperBound < lines.count,
            lines[range.upperBound].utf8Count == 0, lines[range.upperBound].ending == .lf
        {
            region += "\n"
            range = range.lowerBound..<range.upperBound + 1
        }
        return replaceLines(range, with: region)
    }

    private mutating func replaceLines(_ range: Range<Int>, with region: String) -> LineChange {
        var newLines = TextDocument.split(region)
        // The document's last line never has a line end: text ending in one has an empty line after it.
        if range.upperBound == lines.count, newLines.last?.ending != LineEnding.none {
            newLines.append(Line(text: "", ending: .none))
        }
        parsedLineCount += newLines.count
        let removedLines = Array(lines[range])
        for line in removedLines { spaceRuns.remove(line.syntax) }
        for line in newLines { spaceRuns.add(line.syntax) }
        // Replacing everything (opening, a full-text change) moves the new lines in without copying.
        if range == lines.indices { lines = newLines } else { lines.replaceSubrange(range, with: newLines) }
        return LineChange(removed: range, insertedCount: newLines.count, removedLines: removedLines)
    }

    /// Splits text at `\n`, `\r\n` and `\r`; the last piece has no line end
    /// (and is dropped when empty, the caller decides whether it is needed).
    /// Finding the ends is one quick pass; parsing the lines runs in parallel.
    static func split(_ text: String) -> [Line] {
        // One copy of the text, shared by every line split from it.
        let storage = LineBytes(copying: text)
        let b = UnsafeBufferPointer(start: storage.base, count: storage.capacity)
        return withExtendedLifetime(storage) { () -> [Line] in
            var spans: [(start: Int, end: Int, ending: LineEnding)] = []
            spans.reserveCapacity(b.count / 32)
            var start = 0, i = 0
            let n = b.count
            while true {
                i = ByteScan.firstIndex(of: 0x0A, or: 0x0D, in: b, from: i)
                if i == n { break }
                let ending: LineEnding = b[i] == 0x0A ? .lf : (i + 1 < n && b[i + 1] == 0x0A ? .crlf : .cr)
                spans.append((start, i, ending))
                i += ending == .crlf ? 2 : 1
                start = i
            }
            if start < n { spans.append((start, n, .none)) }
            // Each run of lines a thread parses shares a part of the storage: one reference count per thread.
            let perPart = 8192
            let parts = storage.parts(lineCount: spans.count, linesPerPart: perPart) { spans[$0].start..<spans[$0].end }
            return [Line].parallel(count: spans.count, chunk: perPart) { k in
                let span = spans[k], part = parts[k / perPart]
                let bytes = UnsafeBufferPointer(rebasing: b[span.start..<span.end])
                return Line(
                    storage: part.bytes, offset: span.start - part.from, syntax: TagScanner.parse(bytes: bytes),
                    ending: span.ending)
            }
        }
    }
}
