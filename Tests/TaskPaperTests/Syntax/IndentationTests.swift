import Testing
@testable import TaskPaper

/// Indentation as TaskPaper 3 reads it when it loads a file
/// (`Sources/TaskPaper/README.md`, "Indentation"): the shortest run of leading
/// spaces in the document is one level. Expected depths were checked against
/// birch-outline's `text.coffee` run in node.
@Suite struct IndentationTests {
    static func depths(_ text: String, _ width: IndentWidth = .auto) -> [Int?] {
        let outline = Outline(document: TextDocument(text: text), indentWidth: width)
        return (0..<outline.lineCount).map { outline.depth(of: $0) }
    }

    @Test(
        arguments: [
            ("A:\n  - a\n    - b", [0, 1, 2]),
            // Whole runs count, left-over spaces don't.
            ("A:\n    - a\n      - b", [0, 1, 1]),
            // Tabs and spaces mixed: one tab is a level, the shortest space run another.
            ("A:\n\t- a\n  - b", [0, 1, 1]),
            // Spaces after a tab are dropped; a tab after left-over spaces too.
            ("x:\n  y\n\t  x\n   \tz\n  \tw", [0, 1, 1, 1, 2]),
            ("A:\n    - a\n        - b\n  note", [0, 2, 4, 1]),
            ("A:\n\t- a\n\t\t- b", [0, 1, 2]),
        ] as [(String, [Int])])
    func autoTakesTheShortestLeadingSpaceRun(text: String, expected: [Int]) {
        #expect(Self.depths(text) == expected.map { $0 })
    }

    @Test func aFixedWidthIsStillHonoured() {
        #expect(Self.depths("A:\n  - a\n    - b", .spaces(4)) == [0, 0, 1])
        #expect(Self.depths("A:\n  - a\n    - b", .spaces(2)) == [0, 1, 2])
    }

    @Test func blankLinesCountTowardTheShortestRun() {
        // TaskPaper measures every line, white-space-only ones too.
        #expect(Self.depths("A:\n  \n    - a") == [0, nil, 2])
    }

    @Test func anEditThatChangesTheShortestRunRederivesDepths() {
        var doc = TextDocument(text: "A:\n    - a\n        - b\n")
        #expect(doc.shortestLeadingSpaceRun == 4)
        let parsedBefore = doc.parsedLineCount
        doc.replace(
            from: TextPosition(line: 3, column: 0), to: TextPosition(line: 3, column: 0), with: "  note",
            encoding: .utf16)
        #expect(doc.shortestLeadingSpaceRun == 2)
        // Only the edited line was parsed again; the other depths follow from the new width.
        #expect(doc.parsedLineCount - parsedBefore == 1)
        let outline = Outline(document: doc, indentWidth: .auto)
        #expect((0..<4).map { outline.depth(of: $0) } == [0, 2, 4, 1])
        doc.replace(
            from: TextPosition(line: 3, column: 0), to: TextPosition(line: 3, column: 6), with: "",
            encoding: .utf16)
        #expect(doc.shortestLeadingSpaceRun == 4)
        #expect(Outline(document: doc, indentWidth: .auto).depth(of: 2) == 2)
    }

    @Test func theShortestRunFollowsRandomEdits() {
        var rng = SeededRandom(seed: 7)
        var doc = TextDocument(text: "")
        for _ in 0..<300 {
            let line = Int(rng.next() % UInt64(doc.lineCount))
            let indent = String(repeating: " ", count: Int(rng.next() % 40)) + (rng.next() % 3 == 0 ? "\t " : "")
            let end = TextPosition(line: line, column: doc.lines[line].text.utf16.count)
            let text = rng.next() % 4 == 0 ? "" : indent + "x\n"
            doc.replace(from: TextPosition(line: line, column: 0), to: end, with: text, encoding: .utf16)
            let fresh = TextDocument(text: doc.text)
            let measured = IndentWidth.auto.spacesPerLevel(fresh.lines)
            #expect(doc.spacesPerLevel(.auto) == measured)
            #expect(doc.shortestLeadingSpaceRun == fresh.shortestLeadingSpaceRun)
        }
    }

    @Test func archivingReadsAndWritesTheDocumentsOwnWidth() {
        // Two spaces a level, found by the automatic rule: the task moves with its note, two spaces under Archive.
        var doc = TextDocument(text: "A:\n  B:\n    - x @done\n      sub\n")
        doc.apply(ArchiveEdits.archiveDone(doc.lines, indentWidth: .auto))
        #expect(doc.text == "A:\n  B:\n\nArchive:\n  - x @done @project(A / B)\n    sub\n")
    }
}
