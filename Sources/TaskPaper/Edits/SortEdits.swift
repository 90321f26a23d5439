/// Sorting a project's children by their `@due` date.
public enum SortEdits {
    /// The project a sort on `line` applies to: the line itself when it is a
    /// project, else the nearest project above it that owns it.
    public static func project(containing line: Int, in outline: Outline) -> Int? {
        guard line >= 0, line < outline.lineCount else { return nil }
        if outline.lines[line].syntax.kind == .project { return line }
        return outline.ancestors(of: line).first { outline.lines[$0].syntax.kind == .project }
    }

    /// Reorders the project's children by `@due` as TaskPaper reads the date
    /// (its start, to the millisecond), undated ones last, equal ones in their
    /// order; each child moves with its subtree, and blank lines between children
    /// stay where they are. One replacement per line whose text changes; none when
    /// the children sit at different depths.
    public static func sortByDue(_ outline: Outline, project: Int, clock: LintClock) -> [TextReplacement] {
        guard project >= 0, project < outline.lineCount else { return [] }
        let children = outline.children(of: project)
        // Children at different depths (`\t\t- a` then `\t- b`) cannot trade places: the deeper one would
        // land inside the other. Such an outline is not sorted.
        guard children.count > 1, Set(children.map { outline.depth(of: $0) }).count == 1 else { return [] }
        let keys = children.map { dueKey(outline.lines[$0], clock: clock) }
        let order = children.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case let (x?, y?): (x, a) < (y, b)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a < b
            }
        }
        guard order != Array(children.indices) else { return [] }
        // The new text of the region, line by line: sorted blocks, with the gaps kept in place.
        var newOrder: [Int] = []
        for (slot, k) in order.enumerated() {
            newOrder += Array(outline.subtree(of: children[k]))
            let gapStart = outline.subtreeEnd(of: children[slot])
            let gapEnd = slot + 1 < children.count ? children[slot + 1] : gapStart
            newOrder += Array(gapStart..<gapEnd)
        }
        var out: [TextReplacement] = []
        for (offset, source) in newOrder.enumerated() {
            let target = children[0] + offset
            let old = outline.lines[target].text, new = outline.lines[source].text
            if old != new { out.append(TextReplacement(line: target, 0..<old.utf8.count, new)) }
        }
        return out
    }

    /// The start of the item's first `@due`, or nil when it has none TaskPaper reads as a date.
    static func dueKey(_ line: Line, clock: LintClock) -> LocalDateTime? {
        guard let payload = line.syntax.firstTag(named: "due", in: line)?.payload(in: line),
            case .success(let value) = DateValue.parse(payload, clock: clock)
        else { return nil }
        return value.start.moment
    }
}
