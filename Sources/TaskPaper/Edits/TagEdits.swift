/// Adding and removing a bare tag such as `@today` on the items of a selection.
public enum TagEdits {
    /// Appends ` @name` to every item in `range` that lacks the tag, before any
    /// trailing white space; an item the tag would change (`- ` would become the
    /// note `- @today`) is left alone.
    public static func addTag(named name: String, _ lines: [Line], in range: ClosedRange<Int>) -> [TextReplacement] {
        guard !lines.isEmpty else { return [] }
        return range.clamped(to: 0...lines.count - 1).compactMap { i -> TextReplacement? in
            let line = lines[i]
            guard canAddTag(named: name, to: line) else { return nil }
            let end = DoneEdits.trimmedEnd(line)
            return TextReplacement(line: i, end..<end, " @" + name)
        }
    }

    /// Whether `addTag` would change the line.
    public static func canAddTag(named name: String, to line: Line) -> Bool {
        guard line.syntax.kind != .blank, !line.syntax.hasTag(named: name, in: line) else { return false }
        let end = DoneEdits.trimmedEnd(line)
        let probe = String(line.utf8Slice(0..<end)) + " @" + name + line.utf8Slice(end..<line.utf8Count)
        let parsed = TagScanner.parse(probe)
        return parsed.kind == line.syntax.kind && parsed.tags.count == line.syntax.tags.count + 1
    }

    /// Removes every tag of this name (with its value) from the items in `range`,
    /// with the white space that separated it from the text; the line keeps its
    /// depth and kind (`- @today Call` becomes `- Call`).
    public static func removeTag(named name: String, _ lines: [Line], in range: ClosedRange<Int>) -> [TextReplacement] {
        removeTags(named: [name], lines, in: range)
    }

    /// Every tag with one of `names` (and its payload) removed from the lines in `range`.
    public static func removeTags(
        named names: [String], _ lines: [Line], in range: ClosedRange<Int>
    )
        -> [TextReplacement]
    {
        guard !lines.isEmpty else { return [] }
        var out: [TextReplacement] = []
        for i in range.clamped(to: 0...lines.count - 1) {
            let line = lines[i]
            let removals = line.syntax.tags
                .filter { tag in names.contains { tag.hasName($0, in: line) } }
                .map { DoneEdits.removalRange(of: $0, in: line) }
            for r in DoneEdits.merged(removals) { out.append(TextReplacement(line: i, r, "")) }
        }
        return out
    }
}
