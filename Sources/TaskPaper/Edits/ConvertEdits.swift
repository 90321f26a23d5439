/// Converting items to a task, a note or a project. Only the marker and the
/// colon change: the indentation (so the children), the text and every tag stay.
/// A project's trailing tags stay after its colon: `- Call @due(x)` becomes
/// `Call: @due(x)`.
public enum ConvertEdits {
    /// One replacement per item in `range` that is not of `kind` yet and can
    /// become one. An item with no text of its own (`- @due(x)`, `: @a`) is
    /// left alone: a marker or a colon alone would not make it one.
    public static func convert(_ lines: [Line], in range: ClosedRange<Int>, to kind: LineKind) -> [TextReplacement] {
        guard !lines.isEmpty, kind != .blank else { return [] }
        return range.clamped(to: 0...lines.count - 1).compactMap { i in
            converted(lines[i], to: kind).map { TextReplacement(line: i, 0..<lines[i].utf8Count, $0) }
        }
    }

    /// Whether `convert` would change the line.
    public static func canConvert(_ line: Line, to kind: LineKind) -> Bool { converted(line, to: kind) != nil }

    /// The line's text as an item of `kind`, or nil when it is one already or cannot become one.
    static func converted(_ line: Line, to kind: LineKind) -> String? {
        let syntax = line.syntax
        guard syntax.kind != .blank, syntax.kind != kind else { return nil }
        let text = line.text
        let (core, rest) = text.withUTF8Bytes { b in parts(of: syntax, in: b, forProject: kind == .project) }
        guard !core.isEmpty else { return nil }
        var out = String(text.utf8Slice(0..<syntax.indentLength))
        switch kind {
        case .task: out += "- "
        case .note, .project, .blank: break
        }
        out += text.utf8Slice(core)
        let trailing = text.utf8Slice(rest)
        if kind == .project {
            out += ":"
            // White space with no tag after it would make `Home: ` a note.
            if trailing.utf8.contains(where: { !TagScanner.isBlank($0) }) { out += trailing }
        } else {
            out += trailing
        }
        let new = TagScanner.parse(out)
        guard new.kind == kind, sameTags(new, out, syntax, text) else { return nil }
        return out
    }

    /// The item's own text without marker or colon (trailing blanks left out), and what follows it: its tags.
    static func parts(
        of syntax: LineSyntax, in b: UnsafeBufferPointer<UInt8>, forProject: Bool
    )
        -> (core: Range<Int>, rest: Range<Int>)
    {
        var start = syntax.indentLength, end = Int(syntax.contentEnd)
        switch syntax.kind {
        case .task: start = syntax.taskMarkerRange.upperBound
        case .project: end -= 1
        case .note, .blank:
            // `- @due(x)` is a note only because its tags leave the `-` alone: the marker is no text.
            if end - start == 1, [0x2D, 0x2B, 0x2A].contains(b[start]) { start = end }
        }
        while end > start, TagScanner.isBlank(b[end - 1]) { end -= 1 }
        // A note that ends in a colon (`Home: `) becomes a project with that colon.
        if forProject, syntax.kind == .note, end > start, b[end - 1] == UInt8(ascii: ":") {
            let colonEnd = end
            end -= 1
            while end > start, TagScanner.isBlank(b[end - 1]) { end -= 1 }
            return (start..<end, colonEnd..<b.count)
        }
        while start < end, TagScanner.isBlank(b[start]) { start += 1 }
        // A project's colon is dropped: what follows it is the rest.
        let restStart = syntax.kind == .project ? Int(syntax.contentEnd) : end
        return (start..<end, restStart..<b.count)
    }

    /// The same tag names and values, in order.
    static func sameTags(_ a: LineSyntax, _ aText: String, _ b: LineSyntax, _ bText: String) -> Bool {
        guard a.tags.count == b.tags.count else { return false }
        return zip(a.tags, b.tags).allSatisfy {
            $0.name(in: aText) == $1.name(in: bText) && $0.payload(in: aText) == $1.payload(in: bText)
        }
    }
}
