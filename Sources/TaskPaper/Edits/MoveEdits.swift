/// Moving items, each with its subtree, to the end of another project.
public enum MoveEdits {
    /// The items a selection of lines moves: those starting in `range` that lie
    /// in no other selected item's subtree, in order.
    public static func movedItems(_ outline: Outline, in range: ClosedRange<Int>) -> [Int] {
        guard outline.lineCount > 0 else { return [] }
        var items: [Int] = []
        var i = range.clamped(to: 0...outline.lineCount - 1).lowerBound
        let last = min(range.upperBound, outline.lineCount - 1)
        while i <= last {
            if outline.isItem(i) {
                items.append(i)
                i = outline.subtreeEnd(of: i)
            } else {
                i += 1
            }
        }
        return items
    }

    /// The projects the items can move to, nearest to the first item first (at
    /// most `limit`): never one inside a moved subtree, nor the project all of
    /// them sit in already.
    public static func targets(_ outline: Outline, moving items: [Int], limit: Int = 20) -> [Int] {
        guard let first = items.first else { return [] }
        let moved = items.map { outline.subtree(of: $0) }
        let parents = Set(items.map { outline.parent(of: $0) ?? -1 })
        let commonParent = parents.count == 1 ? parents.first : nil
        var candidates: [Int] = []
        for line in 0..<outline.lineCount
        where outline.lines[line].syntax.kind == .project
            && line != commonParent && !moved.contains(where: { $0.contains(line) })
        {
            candidates.append(line)
        }
        // Stable, so at equal distance the project above comes first.
        let nearest = candidates.enumerated().sorted {
            (abs($0.element - first), $0.offset) < (abs($1.element - first), $1.offset)
        }
        return nearest.prefix(limit).map(\.element)
    }

    /// Every project's path (`["Work", "Errands"]`), in line order, with its line (the first `limit`).
    public static func projectPaths(_ outline: Outline, limit: Int = .max) -> [(line: Int, path: [String])] {
        var paths: [(line: Int, path: [String])] = []
        for line in 0..<outline.lineCount where outline.lines[line].syntax.kind == .project {
            guard paths.count < limit else { break }
            paths.append((line, outline.projectPath(of: line) + [outline.lines[line].itemName]))
        }
        return paths
    }

    /// The first project whose path, joined by ` / ` as move titles show it, is `path`.
    public static func project(atPath path: String, in outline: Outline) -> Int? {
        projectPaths(outline).first { $0.path.joined(separator: " / ") == path }?.line
    }

    /// Removes each item's subtree and appends them, in order, as the last
    /// children of `project`, re-indented to their new depth (see `indentation`).
    /// Empty when the move is not possible (the project lies in a moved subtree, or is no project).
    public static func move(_ outline: Outline, items: [Int], to project: Int) -> [TextReplacement] {
        moves(outline, items: items, to: [project])[0]
    }

    /// The same move to each of several projects (one edit per project, in
    /// order), measuring the selection once: what offering every target costs.
    public static func moves(_ outline: Outline, items: [Int], to projects: [Int]) -> [[TextReplacement]] {
        let lines = outline.lines
        let moved = movedBlocks(outline, items: items)
        guard !moved.isEmpty else { return projects.map { _ in [] } }
        let indent = indentation(outline, keeping: moved)
        let ending = ArchiveEdits.documentEnding(lines)
        return projects.map { project in
            guard let depth = projectDepth(outline, project), !moved.contains(where: { $0.contains(project) })
            else { return [] }
            let end = outline.subtreeEnd(of: project)
            var splices = moved.map { LineSplice(range: $0, newLines: []) }
            splices.append(
                LineSplice(range: end..<end, newLines: rendered(moved, of: outline, under: depth, indent: indent)))
            return LineSplice.replacements(splices, in: lines, ending: ending)
        }
    }

    /// Moving items to a project of another document: the source loses the subtrees, the target
    /// gains them as the project's last children, indented and ended the target's way. Both empty
    /// when `project` is not a project of `target` or nothing moves.
    public static func move(
        _ source: Outline, items: [Int], to target: Outline, project: Int
    ) -> (source: [TextReplacement], target: [TextReplacement]) {
        let moved = movedBlocks(source, items: items)
        guard !moved.isEmpty, let depth = projectDepth(target, project) else { return ([], []) }
        let newLines = rendered(moved, of: source, under: depth, indent: indentation(target, keeping: []))
        let end = target.subtreeEnd(of: project)
        return (
            LineSplice.replacements(
                moved.map { LineSplice(range: $0, newLines: []) }, in: source.lines,
                ending: ArchiveEdits.documentEnding(source.lines)),
            LineSplice.replacements(
                [LineSplice(range: end..<end, newLines: newLines)], in: target.lines,
                ending: ArchiveEdits.documentEnding(target.lines))
        )
    }

    /// The subtrees of the items, in order, none inside another.
    static func movedBlocks(_ outline: Outline, items: [Int]) -> [Range<Int>] {
        var moved: [Range<Int>] = []
        for item in items.sorted()
        where item >= 0 && item < outline.lineCount && outline.isItem(item)
            && !(moved.last?.contains(item) ?? false)
        {
            moved.append(outline.subtree(of: item))
        }
        return moved
    }

    /// The depth of the project on `line`; nil when the line is no project.
    static func projectDepth(_ outline: Outline, _ line: Int) -> Int? {
        guard line >= 0, line < outline.lineCount, outline.lines[line].syntax.kind == .project else { return nil }
        return outline.depth(of: line)
    }

    /// The moved lines re-indented as children of a project at `projectDepth`, keeping their depths
    /// relative to their item; blank lines stay blank.
    static func rendered(
        _ moved: [Range<Int>], of outline: Outline, under projectDepth: Int, indent: (Int) -> String
    ) -> [String] {
        moved.flatMap { reindented($0, of: outline, to: projectDepth + 1, indent: indent) }
    }

    /// The subtree's lines with its item at `depth`, keeping the depths of the
    /// others relative to it; blank lines emptied.
    static func reindented(
        _ subtree: Range<Int>, of outline: Outline, to depth: Int, indent: (Int) -> String
    )
        -> [String]
    {
        let itemDepth = outline.depth(of: subtree.lowerBound) ?? 0
        return subtree.map { k in
            guard let lineDepth = outline.depth(of: k) else { return "" }
            let line = outline.lines[k]
            return indent(depth + lineDepth - itemDepth) + line.utf8Slice(line.syntax.indentLength..<line.utf8Count)
        }
    }

    /// How moved lines are indented: `indentation(levels)`. Tabs, or the
    /// document's spaces when it indents with spaces. When the moved lines held
    /// the shortest space run, the rest would be read with another level width
    /// (`Sources/TaskPaper/README.md`, "Indentation"): then one level of spaces
    /// and tabs for the others (`  \t\t`), which keeps that run in the document.
    static func indentation(_ outline: Outline, keeping moved: [Range<Int>]) -> (Int) -> String {
        let width = outline.spacesPerLevel
        var shortest = Int32.max
        if var counts = outline.spaceRuns {
            // The document's counts without the moved lines': what the lines left have.
            for block in moved { for k in block { counts.remove(outline.lines[k].syntax) } }
            shortest = counts.shortest.map(Int32.init) ?? .max
        } else {
            var k = 0
            for block in moved + [outline.lineCount..<outline.lineCount] {
                while k < block.lowerBound {
                    let run = outline.lines[k].syntax.indent.shortestSpaceRun
                    if run > 0 { shortest = min(shortest, run) }
                    k += 1
                }
                k = max(k, block.upperBound)
            }
        }
        if shortest == .max { return { String(repeating: "\t", count: $0) } }
        if Int(shortest) == width {
            let unit = ArchiveEdits.indentUnit(outline.lines, spacesPerLevel: width)
            return { String(repeating: unit, count: $0) }
        }
        let spaces = String(repeating: " ", count: width)
        return { $0 == 0 ? "" : spaces + String(repeating: "\t", count: $0 - 1) }
    }
}
