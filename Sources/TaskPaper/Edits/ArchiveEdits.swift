/// "Archive done items": every `@done` or `@cancelled` item moves, with its
/// subtree, to the top of the `Archive:` project, re-indented under it and
/// tagged `@project(A / B)` with the projects it left. Items already under
/// `Archive:` stay where they are. The `Archive:` project is this document's
/// (created at its end when missing) or, with `toFile`, the archive file's
/// (created at its top). `UnarchiveEdits` moves them back.
public enum ArchiveEdits {
    /// One deletion per moved block and one insertion (joined where they
    /// meet); empty when there is nothing to archive.
    public static func archiveDone(_ lines: [Line], indentWidth: IndentWidth) -> [TextReplacement] {
        let outline = Outline(lines: lines, indentWidth: indentWidth)
        let (moved, archive) = closedBlocks(outline)
        guard !moved.isEmpty else { return [] }
        let movedLines = archivedLines(
            moved, of: outline, unit: indentUnit(lines, spacesPerLevel: outline.spacesPerLevel))
        var splices = removals(moved)
        if let archive {
            splices.append(LineSplice(range: archive + 1..<archive + 1, newLines: movedLines))
        } else {
            // Before the empty line that follows a final line end, so the text still ends with one.
            let end = lines.last!.text.isEmpty && lines.count > 1 ? lines.count - 1 : lines.count
            let separate = lastKeptLine(before: end, moved: moved).map { lines[$0].syntax.kind != .blank } ?? false
            splices.append(LineSplice(range: end..<end, newLines: (separate ? [""] : []) + ["Archive:"] + movedLines))
        }
        return LineSplice.replacements(splices, in: lines, ending: documentEnding(lines))
    }

    /// The same items leave `lines` (deletions only) and go to the top of the
    /// `Archive:` project of the archive file (`archiveLines`; nil when that file
    /// does not exist yet, then its whole new text is one insertion), newest
    /// first, created at the top of that file when missing. Indented with the
    /// archive file's unit when it indents, else this document's; its line ends,
    /// else this document's. Both empty when there is nothing to archive.
    public static func archiveDone(
        _ lines: [Line], toFile archiveLines: [Line]?, indentWidth: IndentWidth
    )
        -> (source: [TextReplacement], archive: [TextReplacement])
    {
        let outline = Outline(lines: lines, indentWidth: indentWidth)
        let (moved, _) = closedBlocks(outline)
        guard !moved.isEmpty else { return ([], []) }
        let archiveLines = archiveLines ?? []
        let archiveOutline = Outline(lines: archiveLines, indentWidth: indentWidth)
        let unit =
            ownIndentUnit(archiveLines, spacesPerLevel: archiveOutline.spacesPerLevel)
            ?? indentUnit(lines, spacesPerLevel: outline.spacesPerLevel)
        let movedLines = archivedLines(moved, of: outline, unit: unit)
        let insertion: LineSplice
        if let archive = UnarchiveEdits.archiveProjects(archiveOutline).first {
            insertion = LineSplice(range: archive + 1..<archive + 1, newLines: movedLines)
        } else {
            // A blank line between the new project and what the file held, unless one is there already.
            let separate = archiveLines.first.map { $0.syntax.kind != .blank } ?? false
            insertion = LineSplice(range: 0..<0, newLines: ["Archive:"] + movedLines + (separate ? [""] : []))
        }
        let sourceEnding = documentEnding(lines)
        return (
            LineSplice.replacements(removals(moved), in: lines, ending: sourceEnding),
            LineSplice.replacements([insertion], in: archiveLines, ending: ownEnding(archiveLines) ?? sourceEnding)
        )
    }

    /// Whether archiving would move anything (a walk of the tree, no text made).
    public static func hasItemsToArchive(_ outline: Outline) -> Bool { !closedBlocks(outline).moved.isEmpty }

    /// What archiving moves: the subtrees of closed items outside a top-level
    /// `Archive:` (sorted, disjoint), and the first such `Archive:` project.
    static func closedBlocks(_ outline: Outline) -> (moved: [Range<Int>], archive: Int?) {
        let lines = outline.lines
        var archive: Int?
        var moved: [Range<Int>] = []
        // Walk the tree from the top, stepping over every subtree that is
        // either archived already or moving as a whole.
        var i = 0
        while i < lines.count {
            guard let depth = outline.depth(of: i) else { i += 1; continue }
            let subtree = outline.subtree(of: i)
            if depth == 0, isArchiveProject(lines[i]) {
                if archive == nil { archive = i }
                i = subtree.upperBound
            } else if lines[i].isClosed {
                moved.append(subtree)
                i = subtree.upperBound
            } else {
                i += 1
            }
        }
        return (moved, archive)
    }

    /// The moved blocks as they read under `Archive:`, in order.
    static func archivedLines(_ moved: [Range<Int>], of outline: Outline, unit: String) -> [String] {
        // Items of one project share their `@project(...)`: made once per parent.
        var tags: [Int: String] = [:]
        return moved.flatMap { block in
            archivedText(of: block, in: outline, from: outline.depth(of: block.lowerBound) ?? 0, unit: unit) {
                let parent = outline.parent(of: block.lowerBound) ?? -1
                if let tag = tags[parent] { return tag }
                let path = outline.projectPath(of: block.lowerBound)
                let tag = path.isEmpty ? "" : projectTag(path)
                tags[parent] = tag
                return tag
            }
        }
    }

    static func removals(_ blocks: [Range<Int>]) -> [LineSplice] {
        blocks.map { LineSplice(range: $0, newLines: []) }
    }

    /// `Archive:`, tags after the colon allowed (only a top-level one counts; the caller checks).
    static func isArchiveProject(_ line: Line) -> Bool {
        line.syntax.kind == .project && line.utf8Slice(line.syntax.contentRange) == "Archive:"
    }

    /// The subtree's lines re-indented one level under `Archive:`, keeping
    /// their depths relative to the item; the item gains `@project(...)` unless
    /// it already has one.
    static func archivedText(
        of subtree: Range<Int>, in outline: Outline, from itemDepth: Int, unit: String,
        projectTag: () -> String
    ) -> [String] {
        var out: [String] = []
        // Written as bytes: archiving every done item of a large document makes thousands of these lines.
        var text: [UInt8] = []
        for k in subtree {
            let line = outline.lines[k]
            guard let depth = outline.depth(of: k) else { out.append(""); continue }
            text.removeAll(keepingCapacity: true)
            for _ in 0..<depth - itemDepth + 1 { text += unit.utf8 }
            let indent = line.syntax.indentLength
            // The item's `@project(…)` ("" at the top level), unless it has one.
            let tag =
                k == subtree.lowerBound && !line.syntax.hasTag(named: "project", in: line)
                ? projectTag().nilIfEmpty : nil
            line.withUTF8Bytes { b in
                guard let tag else { return text += b[indent...] }
                // Before the white space the line ends with, as DoneEdits.trimmedEnd cuts it.
                var cut = b.count
                while cut > indent, TagScanner.isBlank(b[cut - 1]) { cut -= 1 }
                text += b[indent..<cut]
                text.append(0x20)
                text += tag.utf8
                text += b[cut...]
            }
            out.append(String(decoding: text, as: UTF8.self))
        }
        return out
    }

    /// `@project(A / B)`, with parentheses in names escaped so the value stays one tag.
    static func projectTag(_ path: [String]) -> String {
        let joined = path.joined(separator: " / ")
        guard joined.utf8.contains(where: { $0 == 0x28 || $0 == 0x29 }) else { return "@project(\(joined))" }
        var value = String.UnicodeScalarView()
        for scalar in joined.unicodeScalars {
            if scalar == "(" || scalar == ")" { value.append("\\") }
            value.append(scalar)
        }
        return "@project(\(String(value)))"
    }

    /// Indent moved lines the way the document does: tabs, unless its first
    /// indented line starts with spaces.
    static func indentUnit(_ lines: [Line], spacesPerLevel: Int) -> String {
        ownIndentUnit(lines, spacesPerLevel: spacesPerLevel) ?? "\t"
    }

    /// The same, or nil when no line is indented.
    static func ownIndentUnit(_ lines: [Line], spacesPerLevel: Int) -> String? {
        guard let first = lines.first(where: { $0.syntax.kind != .blank && $0.syntax.indentLength > 0 }) else {
            return nil
        }
        return first.syntax.indent.leadingSpaces > 0 ? String(repeating: " ", count: spacesPerLevel) : "\t"
    }

    static func documentEnding(_ lines: [Line]) -> String { ownEnding(lines) ?? "\n" }

    /// The first line end the document has, or nil when it is one line.
    static func ownEnding(_ lines: [Line]) -> String? {
        lines.first(where: { $0.ending != .none })?.ending.text
    }

    /// The last line before `end` that stays (`moved` is sorted and disjoint).
    static func lastKeptLine(before end: Int, moved: [Range<Int>]) -> Int? {
        var k = end - 1
        for block in moved.reversed() where block.lowerBound <= k {
            guard block.contains(k) else { break }
            k = block.lowerBound - 1
        }
        return k >= 0 ? k : nil
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
