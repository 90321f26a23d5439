import Testing
import TaskPaper

private func archive(_ text: String, indentWidth: IndentWidth = .auto) -> String? {
    var doc = TextDocument(text: text)
    let replacements = ArchiveEdits.archiveDone(doc.lines, indentWidth: indentWidth)
    guard !replacements.isEmpty else { return nil }
    doc.apply(replacements)
    return doc.text
}

@Suite struct EditArchiveTests {
    @Test func movesDoneItemsWithTheirSubtreesUnderANewArchive() {
        let before = """
            Home:
            \t- Buy milk @done(2026-11-20)
            \t\tfrom the corner shop
            \t- Call Bob
            \tErrands:
            \t\t- Post office @done
            \t\t- Bank

            """
        #expect(
            archive(before) == """
                Home:
                \t- Call Bob
                \tErrands:
                \t\t- Bank

                Archive:
                \t- Buy milk @done(2026-11-20) @project(Home)
                \t\tfrom the corner shop
                \t- Post office @done @project(Home / Errands)

                """)
    }

    @Test func insertsAtTheTopOfAnExistingArchiveAndLeavesItsItems() {
        let before = """
            Work:
            \t- Report @done
            Archive:
            \t- Old @done @project(Work)
            \t- Older @done
            """
        #expect(
            archive(before) == """
                Work:
                Archive:
                \t- Report @done @project(Work)
                \t- Old @done @project(Work)
                \t- Older @done
                """)
    }

    @Test func nothingToArchiveGivesNoEdit() {
        #expect(archive("Home:\n\t- a\nArchive:\n\t- b @done\n") == nil)
    }

    @Test func aDoneProjectMovesWholeAndTopLevelItemsGetNoProjectTag() {
        let before = "- loose @done\nOld: @done\n\t- a\n\t\tnote\nKeep:\n"
        #expect(archive(before) == "Keep:\n\nArchive:\n\t- loose @done\n\tOld: @done\n\t\t- a\n\t\t\tnote\n")
    }

    @Test func spaceIndentedDocumentsStaySpaceIndented() {
        let before = "A:\n  B:\n    - x @done\n      sub\n"
        #expect(
            archive(before, indentWidth: .spaces(2)) == "A:\n  B:\n\nArchive:\n  - x @done @project(A / B)\n    sub\n")
    }

    @Test func aLastLineWithoutLineEndAndCRLFEndings() {
        #expect(archive("A:\r\n\t- x @done") == "A:\r\n\r\nArchive:\r\n\t- x @done @project(A)")
        #expect(archive("A:\n\t- x @done\nArchive:") == "A:\nArchive:\n\t- x @done @project(A)")
    }

    @Test func projectNamesWithParenthesesAreEscaped() {
        #expect(
            archive("Q3 (draft):\n\t- x @done\n") == "Q3 (draft):\n\nArchive:\n\t- x @done @project(Q3 \\(draft\\))\n")
    }

    @Test func anExistingProjectTagIsKeptAndTrailingBlankLinesStay() {
        let before = "A:\n\t- x @done @project(Elsewhere)\n\n\t- y\n"
        #expect(archive(before) == "A:\n\n\t- y\n\nArchive:\n\t- x @done @project(Elsewhere)\n")
    }
}

/// Archives `text` to a file holding `archive` (nil: none yet); nil when nothing moves.
private func archiveToFile(
    _ text: String, archive: String?, indentWidth: IndentWidth = .auto
) -> (
    source: String, archive: String
)? {
    var source = TextDocument(text: text)
    var file = TextDocument(text: archive ?? "")
    let edits = ArchiveEdits.archiveDone(
        source.lines, toFile: archive.map { _ in file.lines }, indentWidth: indentWidth)
    guard !edits.source.isEmpty else {
        #expect(edits.archive.isEmpty)
        return nil
    }
    if archive == nil {
        // A new file: its whole text, inserted into nothing.
        let start = TextLocation(line: 0, offset: 0)
        #expect(edits.archive.count == 1 && edits.archive[0].start == start && edits.archive[0].end == start)
    }
    source.apply(edits.source)
    file.apply(edits.archive)
    return (source.text, file.text)
}

@Suite struct EditArchiveToFileTests {
    let source = """
        Home:
        \t- Buy milk @done(2026-11-20)
        \t\tfrom the corner shop
        \t- Call Bob
        \tErrands:
        \t\t- Post office @cancelled
        \t\t- Bank

        """

    @Test func toANewFileTheWholeArchiveIsOneInsertion() throws {
        let result = try #require(archiveToFile(source, archive: nil))
        #expect(result.source == "Home:\n\t- Call Bob\n\tErrands:\n\t\t- Bank\n")
        #expect(
            result.archive == """
                Archive:
                \t- Buy milk @done(2026-11-20) @project(Home)
                \t\tfrom the corner shop
                \t- Post office @cancelled @project(Home / Errands)
                """)
        #expect(outlineShape(result.source) == "Home{Call Bob, Errands{Bank}}")
        #expect(outlineShape(result.archive) == "Archive{Buy milk{from the corner shop}, Post office}")
    }

    @Test func newestFirstAtTheTopOfTheFilesArchive() throws {
        let archive = "Archive:\n\t- Old @done @project(Work)\n\t\tits note\n"
        let result = try #require(archiveToFile("Work:\n\t- Report @done\n\t- Draft\n", archive: archive))
        #expect(result.source == "Work:\n\t- Draft\n")
        #expect(
            result.archive == "Archive:\n\t- Report @done @project(Work)\n\t- Old @done @project(Work)\n\t\tits note\n")
        #expect(outlineShape(result.archive) == "Archive{Report, Old{its note}}")
    }

    @Test func aFileWithoutArchiveGetsOneAtItsTop() throws {
        let result = try #require(archiveToFile("A:\n\t- x @done\n", archive: "Notes:\n\t- kept\n"))
        #expect(result.source == "A:\n")
        #expect(result.archive == "Archive:\n\t- x @done @project(A)\n\nNotes:\n\t- kept\n")
        #expect(outlineShape(result.archive) == "Archive{x}, Notes{kept}")
        let empty = try #require(archiveToFile("A:\n\t- x @done\n", archive: ""))
        #expect(empty.archive == "Archive:\n\t- x @done @project(A)")
    }

    @Test func theArchiveFilesIndentationAndLineEndsWin() throws {
        // The source indents with two spaces; a new or unindented archive file takes that.
        let spaced = "A:\n  B:\n    - x @done\n      sub\n"
        let new = try #require(archiveToFile(spaced, archive: nil, indentWidth: .spaces(2)))
        #expect(new.source == "A:\n  B:\n")
        #expect(new.archive == "Archive:\n  - x @done @project(A / B)\n    sub")
        #expect(outlineShape(new.archive) == "Archive{x{sub}}")
        // An archive file indented with tabs and ending lines with CRLF keeps both.
        let tabbed = try #require(archiveToFile(spaced, archive: "Archive:\r\n\t- y @done\r\n"))
        #expect(tabbed.archive == "Archive:\r\n\t- x @done @project(A / B)\r\n\t\tsub\r\n\t- y @done\r\n")
        #expect(outlineShape(tabbed.archive) == "Archive{x{sub}, y}")
    }

    @Test func itemsAlreadyInTheSourcesArchiveStayAndNothingDoneGivesNoEdit() throws {
        #expect(archiveToFile("A:\n\t- open\nArchive:\n\t- b @done\n", archive: nil) == nil)
        let result = try #require(archiveToFile("A:\n\t- a @done\nArchive:\n\t- b @done\n", archive: "Archive:"))
        #expect(result.source == "A:\nArchive:\n\t- b @done\n")
        #expect(result.archive == "Archive:\n\t- a @done @project(A)")
        // What decides whether the action is offered agrees with the edit.
        func has(_ text: String) -> Bool {
            ArchiveEdits.hasItemsToArchive(Outline(document: TextDocument(text: text), indentWidth: .auto))
        }
        #expect(!has("A:\n\t- open\nArchive:\n\t- b @done\n") && has("A:\n\t- a @cancelled\n") && !has(""))
    }
}
