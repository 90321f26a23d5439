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

/// One line of a document with its parse.
public struct Line: Sendable {
    public let text: String
    public let ending: LineEnding
    public let syntax: LineSyntax

    public init(text: String, ending: LineEnding) {
        self.text = text
        self.ending = ending
        self.syntax = TagScanner.parse(text)
    }

    /// Whether the item carries `@done`.
    public var isDone: Bool { syntax.knownTags.contains(.done) }

    init(text: String, syntax: LineSyntax, ending: LineEnding) {
        self.text = text
        self.syntax = syntax
        self.ending = ending
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

    /// A document from lines already split (the last one has no line end).
    public init(lines: [Line]) {
        precondition(lines.last?.ending == LineEnding.none, "the last line of a document has no line end")
        self.lines = lines
        parsedLineCount = lines.count
        // Read in place: a `Line` copied out of the array costs a retain and a release.
        lines.withUnsafeBufferPointer { lines in
            for i in lines.indices { spaceRuns.add(lines[i].syntax) }
        }
    }

    /// The shortest run of leading spaces in the document (TaskPaper's
    /// `spacesPerTab`), or nil when no line is indented with spaces.
    public var shortestLeadingSpaceRun: Int? { spaceRuns.shortest }

    /// Spaces per level of indentation under the `indentWidth` setting.
    public func spacesPerLevel(_ width: IndentWidth) -> Int { width.spacesPerLevel(shortestRun: spaceRuns.shortest) }

    public var lineCount: Int { lines.count }

    /// The whole text, exactly as the client holds it.
    public var text: String {
        var out = ""
        out.reserveCapacity(lines.reduce(0) { $0 + $1.text.utf8.count + 2 })
        for line in lines { out += line.text; out += line.ending.text }
        return out
    }

    /// Clamps a client position to a (line, UTF-8 offset) inside the document:
    /// a column past a line end means the line end, a line past the end means the end.
    public func location(of p: TextPosition, encoding: PositionEncoding) -> (line: Int, offset: Int) {
        if p.line < 0 { return (0, 0) }
        if p.line >= lines.count {
            let last = lines.count - 1
            return (last, lines[last].text.utf8.count)
        }
        let line = lines[p.line]
        return (p.line, encoding.utf8Offset(ofColumn: p.column, in: line.text, isASCII: line.syntax.isASCII))
    }

    /// The client position of a UTF-8 offset on a line.
    public func position(line: Int, offset: Int, encoding: PositionEncoding) -> TextPosition {
        let l = lines[line]
        return TextPosition(
            line: line, column: encoding.column(ofUTF8Offset: offset, in: l.text, isASCII: l.syntax.isASCII))
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
        var region = String(first.text.utf8Slice(0..<a.offset))
        region += newText
        region += last.text.utf8Slice(b.offset..<last.text.utf8.count)
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
            lines[range.upperBound].text.isEmpty, lines[range.upperBound].ending == .lf
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
        var copy = text
        return copy.withUTF8 { b -> [Line] in
            var spans: [(start: Int32, end: Int32, ending: LineEnding)] = []
            spans.reserveCapacity(b.count / 32)
            var start = 0, i = 0
            let n = b.count
            while true {
                i = ByteScan.firstIndex(of: 0x0A, or: 0x0D, in: b, from: i)
                if i == n { break }
                let ending: LineEnding = b[i] == 0x0A ? .lf : (i + 1 < n && b[i + 1] == 0x0A ? .crlf : .cr)
                spans.append((Int32(start), Int32(i), ending))
                i += ending == .crlf ? 2 : 1
                start = i
            }
            if start < n { spans.append((Int32(start), Int32(n), .none)) }
            return [Line].parallel(count: spans.count) { k in
                let span = spans[k]
                let bytes = UnsafeBufferPointer(rebasing: b[Int(span.start)..<Int(span.end)])
                return Line(
                    text: String(decoding: bytes, as: UTF8.self), syntax: TagScanner.parse(bytes: bytes),
                    ending: span.ending)
            }
        }
    }
}
