/// "Unarchive" and "Unarchive and reopen": archived items (children of a
/// top-level `Archive:`) go back, each with its subtree, as the last children
/// of the project their `@project(A / B)` names, recreating the projects of that
/// path that no longer exist. The archive is this document's or another file's
/// (`ArchiveEdits.archiveDone(_:toFile:indentWidth:)`).
public enum UnarchiveEdits {
    /// The archived items a selection of lines touches, in order: a line
    /// inside an archived item's subtree selects that item.
    public static func archivedItems(_ outline: Outline, in range: ClosedRange<Int>) -> [Int] {
        guard outline.lineCount > 0 else { return [] }
        // Only the top-level blocks the range touches can hold them (editors ask on every cursor move): the
        // one holding its first line, then each that starts in it, stepping over whole subtrees.
        var line = range.clamped(to: 0...outline.lineCount - 1).lowerBound
        while let parent = outline.parent(of: line) { line = parent }
        var archives: [Int] = []
        while line <= range.upperBound, line < outline.lineCount {
            if isArchive(line, in: outline) { archives.append(line) }
            line = outline.subtreeEnd(of: line)
        }
        return archives.flatMap { archive in
            outline.children(of: archive).filter {
                $0 <= range.upperBound && outline.subtreeEnd(of: $0) > range.lowerBound
            }
        }
    }

    /// Moves the archived `items` back within the document, indented the way
    /// it indents (`MoveEdits`), without `@project(...)` and, with `reopen`,
    /// without `@done` and `@cancelled`. Lines that are no archived item are
    /// left out; empty when none is.
    public static func unarchive(_ outline: Outline, items: [Int], reopen: Bool) -> [TextReplacement] {
        let moved = archivedBlocks(outline, items)
        guard !moved.isEmpty else { return [] }
        let indent = MoveEdits.indentation(outline, keeping: moved)
        let splices =
            ArchiveEdits.removals(moved)
            + placements(moved, from: outline, into: outline, indent: indent, reopen: reopen)
        return LineSplice.replacements(splices, in: outline.lines, ending: ArchiveEdits.documentEnding(outline.lines))
    }

    /// The same move from an archive file to the document it archives
    /// (`target`), in that document's indentation and line ends.
    public static func unarchive(
        from archive: Outline, items: [Int], into target: Outline, reopen: Bool
    )
        -> (archive: [TextReplacement], target: [TextReplacement])
    {
        let moved = archivedBlocks(archive, items)
        guard !moved.isEmpty else { return ([], []) }
        let indent = MoveEdits.indentation(target, keeping: [])
        let insertions = placements(moved, from: archive, into: target, indent: indent, reopen: reopen)
        let ending = ArchiveEdits.ownEnding(target.lines) ?? ArchiveEdits.documentEnding(archive.lines)
        return (
            LineSplice.replacements(
                ArchiveEdits.removals(moved), in: archive.lines, ending: ArchiveEdits.documentEnding(archive.lines)),
            LineSplice.replacements(insertions, in: target.lines, ending: ending)
        )
    }

    /// The project path a `@project(A / B)` value names: ` / ` separates
    /// names, `\(` and `\)` stand for parentheses (as `ArchiveEdits.projectTag` writes them).
    public static func projectPath(_ value: Substring) -> [String] {
        value.split(separator: " / ", omittingEmptySubsequences: false).compactMap { part in
            var name = String.UnicodeScalarView()
            var escaped = false
            for scalar in part.unicodeScalars {
                if !escaped, scalar == "\\" { escaped = true; continue }
                if escaped, scalar != "(", scalar != ")" { name.append("\\") }
                escaped = false
                name.append(scalar)
            }
            if escaped { name.append("\\") }
            let trimmed = String(name).trimmingBlanks
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    static func archiveProjects(_ outline: Outline) -> [Int] {
        outline.topLevelItems.filter { isArchive($0, in: outline) }
    }

    /// An `Archive:` project at depth 0, the one archiving fills (`ArchiveEdits`).
    static func isArchive(_ line: Int, in outline: Outline) -> Bool {
        outline.depth(of: line) == 0 && ArchiveEdits.isArchiveProject(outline.lines[line])
    }

    /// The subtrees of those `items` that are archived, sorted.
    static func archivedBlocks(_ outline: Outline, _ items: [Int]) -> [Range<Int>] {
        Set(items).sorted().compactMap { item in
            guard item >= 0, item < outline.lineCount, outline.isItem(item),
                let parent = outline.parent(of: item), isArchive(parent, in: outline)
            else { return nil }
            return outline.subtree(of: item)
        }
    }

    /// Where the moved blocks go in `target`: one insertion per line they go
    /// before; blocks bound for the same missing project share it.
    static func placements(
        _ moved: [Range<Int>], from archive: Outline, into target: Outline, indent: (Int) -> String, reopen: Bool
    ) -> [LineSplice] {
        let paths = moved.map { block in
            let line = archive.lines[block.lowerBound]
            return line.syntax.firstTag(named: "project", in: line).flatMap { $0.payload(in: line) }.map(projectPath)
                ?? []
        }
        let projects = projectsByPath(target, along: paths)
        var groups: [Int: Destination] = [:]  // by the existing project (-1: the top level)
        for (block, path) in zip(moved, paths) {
            let (project, missing) = resolve(path, in: projects)
            groups[project ?? -1, default: Destination()].add(block, under: missing)
        }
        let topEnd = topLevelEnd(target)
        // Sorted by the line they go before; at one line, the deeper project's children first.
        let placed = groups.map { project, destination in
            project < 0
                ? (line: topEnd, depth: 0, destination)
                : (line: target.subtreeEnd(of: project), depth: target.depth(of: project)! + 1, destination)
        }.sorted { ($0.line, -$0.depth) < ($1.line, -$1.depth) }
        var splices: [LineSplice] = []
        for (line, depth, destination) in placed {
            let newLines = destination.render(at: depth, indent: indent) { block, depth in
                restored(block, of: archive, at: depth, indent: indent, reopen: reopen)
            }
            if let last = splices.last, last.range.lowerBound == line {
                splices[splices.count - 1].newLines += newLines
            } else {
                splices.append(LineSplice(range: line..<line, newLines: newLines))
            }
        }
        return splices
    }

    /// The projects on the `paths` by their path (`projectPath` and its own name), the first where several
    /// share one; none inside a top-level `Archive:`. A path skips tasks and notes, so a project under a
    /// task is found by its projects alone. Only a project named as one on the paths has its path read.
    static func projectsByPath(_ outline: Outline, along paths: [[String]]) -> [[String]: Int] {
        let names = Set(paths.joined())
        // A name's first byte is its line's first after the indentation: most projects are passed over on it.
        let firstBytes = Set(names.compactMap(\.utf8.first))
        var projects: [[String]: Int] = [:]
        var line = 0
        // Lines read in place: copying each (its storage reference) would cost more than the test.
        outline.lines.withUnsafeBufferPointer { lines in
            while line < lines.count, !names.isEmpty {
                guard lines[line].syntax.kind == .project else {
                    line += 1
                    continue
                }
                let indent = lines[line].syntax.indentLength
                let first = lines[line].withUTF8Bytes { $0.count > indent ? $0[indent] : 0 }
                if first == UInt8(ascii: "A"), isArchive(line, in: outline) {
                    line = outline.subtreeEnd(of: line)
                    continue
                }
                if firstBytes.contains(first) {
                    let name = lines[line].itemName
                    if names.contains(name) {
                        let path = outline.projectPath(of: line) + [name]
                        if projects[path] == nil { projects[path] = line }
                    }
                }
                line += 1
            }
        }
        return projects
    }

    /// The deepest project of `path` that exists (nil: none, the top level)
    /// and the names below it that do not.
    static func resolve(_ path: [String], in projects: [[String]: Int]) -> (Int?, ArraySlice<String>) {
        for k in stride(from: path.count, to: 0, by: -1) {
            if let project = projects[Array(path[..<k])] { return (project, path[k...]) }
        }
        return (nil, path[...])
    }

    /// Where new top-level items go: the end of the document, before a
    /// last `Archive:` project, and before the blank lines that precede either.
    static func topLevelEnd(_ outline: Outline) -> Int {
        var end = outline.lineCount
        // The last top-level item: the top of the last item line.
        var last = outline.lineCount - 1
        while last >= 0, !outline.isItem(last) { last -= 1 }
        while last >= 0, let parent = outline.parent(of: last) { last = parent }
        if last >= 0, isArchive(last, in: outline) { end = last }
        while end > 0, outline.lines[end - 1].syntax.kind == .blank { end -= 1 }
        return end
    }

    /// The block re-indented to `depth`, its item line without `@project` (and
    /// with `reopen`, without `@done` and `@cancelled`).
    static func restored(
        _ block: Range<Int>, of outline: Outline, at depth: Int, indent: (Int) -> String, reopen: Bool
    )
        -> [String]
    {
        var lines = MoveEdits.reindented(block, of: outline, to: depth, indent: indent)
        let item = outline.lines[block.lowerBound]
        var text = item.text
        let names = reopen ? ["project", "done", "cancelled"] : ["project"]
        for removal in TagEdits.removeTags(named: names, [item], in: 0...0).reversed() {
            text =
                String(text.utf8Slice(0..<removal.start.offset)) + text.utf8Slice(removal.end.offset..<text.utf8.count)
        }
        lines[0] = indent(depth) + text.utf8Slice(item.syntax.indentLength..<text.utf8.count)
        return lines
    }

    /// What goes to one existing project (or the top level): archived blocks
    /// and recreated projects, in the order they first appear.
    struct Destination {
        enum Entry {
            case block(Range<Int>)
            case project(String, Destination)
        }
        var entries: [Entry] = []

        mutating func add(_ block: Range<Int>, under path: ArraySlice<String>) {
            guard let name = path.first else { entries.append(.block(block)); return }
            for k in entries.indices {
                if case .project(name, var inner) = entries[k] {
                    inner.add(block, under: path.dropFirst())
                    entries[k] = .project(name, inner)
                    return
                }
            }
            var inner = Destination()
            inner.add(block, under: path.dropFirst())
            entries.append(.project(name, inner))
        }

        func render(at depth: Int, indent: (Int) -> String, _ block: (Range<Int>, Int) -> [String]) -> [String] {
            entries.flatMap { entry -> [String] in
                switch entry {
                case .block(let range): return block(range, depth)
                case .project(let name, let inner):
                    return [indent(depth) + name + ":"] + inner.render(at: depth + 1, indent: indent, block)
                }
            }
        }
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    var trimmingBlanks: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
