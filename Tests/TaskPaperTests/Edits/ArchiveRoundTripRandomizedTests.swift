import Testing
import TaskPaper

/// Random documents archived (in place or to a file) and then unarchived whole:
/// every item is back under projects of the same names, with the same text, and the archive is empty.
@Suite struct ArchiveRoundTripRandomizedTests {
    /// Consistently indented documents (tabs or two spaces) with unique project
    /// names, so that a path names one project; some items done or cancelled.
    static func document(_ random: inout SeededRandom) -> String {
        let unit = random.chance(3) ? "  " : "\t"
        let ending = random.chance(4) ? "\r\n" : "\n"
        var lines: [String] = []
        var depth = 0
        for k in 0..<random.int(1...14) {
            if random.chance(8) { lines.append(""); continue }
            depth = random.int(0...depth + (k == 0 ? 0 : 1))
            let tag = random.pick(["", "", "", " @done", " @done(2026-11-20)", " @cancelled", " @x"])
            let body = random.pick(["- task\(tag)", "P\(k):\(tag)", "Q (\(k)):\(tag)", "note \(k)\(tag)", "- 🔥\(tag)"])
            lines.append(String(repeating: unit, count: depth) + body)
        }
        return lines.joined(separator: ending) + (random.chance(2) ? ending : "")
    }

    /// Each item's enclosing project names and its text without indentation and `@project`, sorted;
    /// the items of a top-level `Archive:` project left out.
    static func items(_ text: String) -> [String] {
        let outline = Outline(document: TextDocument(text: text), indentWidth: .auto)
        let archives = outline.topLevelItems.filter { outline.lines[$0].itemName == "Archive" }
        var result: [String] = []
        for line in 0..<outline.lineCount where outline.isItem(line) {
            if archives.contains(where: { outline.subtree(of: $0).contains(line) }) { continue }
            let l = outline.lines[line]
            result.append(
                outline.projectPath(of: line).joined(separator: "/") + "|"
                    + l.text.utf8Slice(l.syntax.indentLength..<l.utf8Count))
        }
        return result.sorted()
    }

    @Test func toAFileAndBack() {
        var random = SeededRandom(seed: 0x30A)
        var archived = 0
        for _ in 0..<1_000 {
            let original = Self.document(&random)
            var source = TextDocument(text: original)
            var archive = TextDocument(text: "")
            let archiving = ArchiveEdits.archiveDone(source.lines, toFile: nil, indentWidth: .auto)
            guard !archiving.source.isEmpty else { continue }
            archived += 1
            source.apply(archiving.source)
            archive.apply(archiving.archive)
            let archiveOutline = Outline(document: archive, indentWidth: .auto)
            let edits = UnarchiveEdits.unarchive(
                from: archiveOutline,
                items: UnarchiveEdits.archivedItems(archiveOutline, in: 0...archive.lineCount - 1),
                into: Outline(document: source, indentWidth: .auto), reopen: false)
            archive.apply(edits.archive)
            source.apply(edits.target)
            #expect(Self.items(source.text) == Self.items(original), "\(original)")
            #expect(archive.text.hasPrefix("Archive:") && archive.lineCount <= 2, "\(original)")
        }
        #expect(archived > 300)
    }

    @Test func inPlaceAndBack() {
        var random = SeededRandom(seed: 0x30B)
        var archived = 0
        for _ in 0..<1_000 {
            let original = Self.document(&random)
            var doc = TextDocument(text: original)
            let archiving = ArchiveEdits.archiveDone(doc.lines, indentWidth: .auto)
            guard !archiving.isEmpty else { continue }
            archived += 1
            doc.apply(archiving)
            let outline = Outline(document: doc, indentWidth: .auto)
            let all = UnarchiveEdits.archivedItems(outline, in: 0...doc.lineCount - 1)
            doc.apply(UnarchiveEdits.unarchive(outline, items: all, reopen: false))
            #expect(Self.items(doc.text) == Self.items(original), "\(original)")
            let after = Outline(document: doc, indentWidth: .auto)
            #expect(UnarchiveEdits.archivedItems(after, in: 0...doc.lineCount - 1).isEmpty, "\(original)")
        }
        #expect(archived > 300)
    }
}
