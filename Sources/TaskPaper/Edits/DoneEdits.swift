/// Marking tasks done and not done, as replacements on the lines.
public enum DoneEdits {
    /// How `@done` is written: `@done(2026-11-21)`, `@done(2026-11-21 09:30)` or `@done`.
    public static func doneTag(date: CivilDate?, time: TimeOfDay? = nil) -> String {
        guard let date else { return "@done" }
        guard let time else { return "@done(\(date))" }
        return "@done(\(date) \(time))"
    }

    /// Whether `markDone` would change the line: an open task (no `@done`, no `@cancelled`) that
    /// stays a task with it (`- ` alone would become the note `- @done`).
    /// TaskPaper scans on after a value it cannot read, so a tag appended after
    /// one is still read.
    public static func canMarkDone(_ line: Line) -> Bool {
        let syntax = line.syntax
        guard syntax.kind == .task, !line.isClosed else { return false }
        // Text after the marker that cannot start a trailing tag keeps the line a task.
        let afterMarker = syntax.taskMarkerRange.upperBound
        let first = line.withUTF8Bytes { b in
            var i = afterMarker
            while i < b.count {
                let space = TextClasses.whiteSpaceLength(at: i, in: b)
                guard space > 0 else { break }
                i += space
            }
            return i < b.count ? b[i] : nil
        }
        guard first == nil || first == UInt8(ascii: "@") else { return true }
        let end = trimmedEnd(line)
        let probe = String(line.utf8Slice(0..<end)) + " @done" + line.utf8Slice(end..<line.utf8Count)
        return TagScanner.parse(probe).kind == .task
    }

    /// Appends ` <tag>` to every task in `lines` that lacks `@done`, before any
    /// trailing white space (which stays where it was).
    public static func markDone(_ lines: [Line], in range: ClosedRange<Int>, tag: String) -> [TextReplacement] {
        range.clamped(to: 0...lines.count - 1).compactMap { i -> TextReplacement? in
            let line = lines[i]
            guard canMarkDone(line) else { return nil }
            let end = trimmedEnd(line)
            return TextReplacement(line: i, end..<end, " " + tag)
        }
    }

    /// Appends ` <tag>` to a project that is not closed, before trailing white space: TaskPaper marks
    /// projects done too (a project stays one with a trailing tag).
    public static func markProjectDone(_ line: Line, index: Int, tag: String) -> [TextReplacement] {
        guard line.syntax.kind == .project, !line.isClosed else { return [] }
        let end = trimmedEnd(line)
        return [TextReplacement(line: index, end..<end, " " + tag)]
    }

    /// Removes every `@done` and `@cancelled` tag (with its value) from the items in `lines`,
    /// together with the white space that separated it from the text.
    public static func markNotDone(_ lines: [Line], in range: ClosedRange<Int>) -> [TextReplacement] {
        TagEdits.removeTags(named: ["done", "cancelled"], lines, in: range)
    }

    /// The tag and the blanks before it; but when those blanks are the
    /// indentation or the `- ` of a task, the blanks after it instead, so the
    /// line keeps its depth and kind (`- @done Call` becomes `- Call`).
    static func removalRange(of tag: Tag, in line: Line) -> Range<Int> {
        let bytes = Array(line.text.utf8)
        let syntax = line.syntax
        var before = Int(tag.start)
        while before > 0, TagScanner.isBlank(bytes[before - 1]) { before -= 1 }
        // A marker counts even where the tags alone made the line a note (`- @done`).
        let body = syntax.indentLength
        var textStart = body
        if body + 1 < bytes.count, [0x2D, 0x2B, 0x2A].contains(bytes[body]), TagScanner.isBlank(bytes[body + 1]) {
            textStart = body + 2
        }
        if before > syntax.indentLength, before >= textStart {
            return before..<tag.end
        }
        var after = tag.end
        while after < bytes.count, TagScanner.isBlank(bytes[after]) { after += 1 }
        return Int(tag.start)..<after
    }

    /// Overlapping or touching ranges joined, in order.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// The offset just past the line's last non-blank character.
    static func trimmedEnd(_ line: Line) -> Int {
        let bytes = line.text.utf8
        var end = bytes.count
        var i = bytes.endIndex
        while end > 0 {
            i = bytes.index(before: i)
            guard TagScanner.isBlank(bytes[i]) else { break }
            end -= 1
        }
        return end
    }

}
