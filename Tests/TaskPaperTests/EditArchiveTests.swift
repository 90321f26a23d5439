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
