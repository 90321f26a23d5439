/// "Archive done items": every `@done` item moves, with its subtree,
/// to the top of the `Archive:` project (created at the end when missing),
/// re-indented under it and tagged `@project(A / B)` with the projects it
/// left. Items already under `Archive:` stay where they are.
public enum ArchiveEdits {
    /// One deletion per moved block and one insertion (joined where they
    /// meet); empty when there is nothing to archive.
    public static func archiveDone(_ lines: [Line], indentWidth: IndentWidth) -> [TextReplacement] {
        let spacesPerLevel = indentWidth.spacesPerLevel(lines)
        let outline = Outline(lines: lines, spacesPerLevel: spacesPerLevel)
        var archive: Int?
        var moved: [Range<Int>] = []
        var movedLines: [String] = []
        let unit = indentUnit(lines, spacesPerLevel: spacesPerLevel)

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
                movedLines += archivedText(of: subtree, in: outline, from: depth, unit: unit)
                i = subtree.upperBound
            } else {
                i += 1
            }
        }
        guard !moved.isEmpty else { return [] }

        let ending = documentEnding(lines)
        var splices = moved.map { LineSplice(range: $0, newLines: []) }
        if let archive {
            splices.append(LineSplice(range: archive + 1..<archive + 1, newLines: movedLines))
        } else {
            // Before the empty line that follows a final line end, so the text still ends with one.
            let end = lines.last!.text.isEmpty && lines.count > 1 ? lines.count - 1 : lines.count
            let separate = lastKeptLine(before: end, moved: moved).map { lines[$0].syntax.kind != .blank } ?? false
            splices.append(LineSplice(range: end..<end, newLines: (separate ? [""] : []) + ["Archive:"] + movedLines))
        }
        return LineSplice.replacements(splices, in: lines, ending: ending)
    }

    /// `Archive:`, tags after the colon allowed (only a top-level one counts; the caller checks).
    static func isArchiveProject(_ line: Line) -> Bool {
        line.syntax.kind == .project && line.utf8Slice(line.syntax.contentRange) == "Archive:"
    }

    /// The subtree's lines re-indented one level under `Archive:`, keeping
    /// their depths relative to the item; the item gains `@project(...)` unless
    /// it already has one.
    static func archivedText(of subtree: Range<Int>, in outline: Outline, from itemDepth: Int, unit: String) -> [String]
    {
        var out: [String] = []
        for k in subtree {
            let line = outline.lines[k]
            guard let depth = outline.depth(of: k) else { out.append(""); continue }
            var text = String(repeating: unit, count: depth - itemDepth + 1)
            let indent = line.syntax.indentLength, count = line.utf8Count
            let path = k == subtree.lowerBound ? outline.projectPath(of: k) : []
            if !path.isEmpty, !line.syntax.hasTag(named: "project", in: line) {
                let cut = DoneEdits.trimmedEnd(line)
                text += line.utf8Slice(indent..<cut) + " " + projectTag(path) + line.utf8Slice(cut..<count)
            } else {
                text += line.utf8Slice(indent..<count)
            }
            out.append(text)
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
        guard let first = lines.first(where: { $0.syntax.kind != .blank && $0.syntax.indentLength > 0 }),
            first.syntax.indent.leadingSpaces > 0
        else { return "\t" }
        return String(repeating: " ", count: spacesPerLevel)
    }

    static func documentEnding(_ lines: [Line]) -> String {
        lines.first(where: { $0.ending != .none })?.ending.text ?? "\n"
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
