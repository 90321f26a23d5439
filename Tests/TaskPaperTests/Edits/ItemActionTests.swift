import Testing
import TaskPaper

private func applying(_ text: String, _ edits: (TextDocument) -> [TextReplacement]) -> String {
    var doc = TextDocument(text: text)
    doc.apply(edits(doc))
    return doc.text
}

private func convert(_ text: String, _ range: ClosedRange<Int>, to kind: LineKind) -> String {
    applying(text) { ConvertEdits.convert($0.lines, in: range, to: kind) }
}

@Suite struct ConvertTests {
    @Test func convertsBetweenKindsKeepingTagsAndChildren() {
        let text = "Home: @flag\n\t- Buy milk @due(2026-12-01)\n\tA note  \n\t\tchild\n"
        #expect(
            convert(text, 0...0, to: .task) == "- Home @flag\n\t- Buy milk @due(2026-12-01)\n\tA note  \n\t\tchild\n")
        #expect(convert(text, 0...0, to: .note) == "Home @flag\n\t- Buy milk @due(2026-12-01)\n\tA note  \n\t\tchild\n")
        // A project's trailing tags stay after its colon; white space with no tag after it goes.
        #expect(
            convert(text, 1...2, to: .project) == "Home: @flag\n\tBuy milk: @due(2026-12-01)\n\tA note:\n\t\tchild\n")
        #expect(convert(text, 1...1, to: .note) == "Home: @flag\n\tBuy milk @due(2026-12-01)\n\tA note  \n\t\tchild\n")
        #expect(
            convert(text, 2...3, to: .task) == "Home: @flag\n\t- Buy milk @due(2026-12-01)\n\t- A note  \n\t\t- child\n"
        )
    }

    @Test func aSelectionConvertsOnlyWhatIsNotThatKindYet() {
        #expect(convert("- a\nb\nc:\n\n- d", 0...4, to: .task) == "- a\n- b\n- c\n\n- d")
        #expect(convert("- a\nb\nc:\n\n- d", 0...4, to: .project) == "a:\nb:\nc:\n\nd:")
    }

    @Test func itemsWithNoTextOfTheirOwnAreLeftAlone() {
        // `- @due(x)` is a note only because its tags leave the `-` alone: no marker or colon fixes that.
        for kind in [LineKind.task, .note, .project] {
            #expect(convert("- @due(2026-12-01)", 0...0, to: kind) == "- @due(2026-12-01)")
            #expect(convert(": @a", 0...0, to: kind) == ": @a")
        }
        // Turning `- Groceries:` into a note would make it a project.
        #expect(convert("- Groceries:", 0...0, to: .note) == "- Groceries:")
    }

    @Test func aNoteEndingInAColonBecomesThatProject() {
        #expect(convert("Home: \n", 0...0, to: .project) == "Home:\n")
        #expect(convert("Home: \n", 0...0, to: .task) == "- Home: \n")
    }
}

@Suite struct MoveTests {
    static let text = """
        Inbox:
        \t- Call Bob
        \t\tabout the roof
        \t- Pay rent
        Work:
        \tClient:
        \t\t- Draft
        Home:
        \t- Sweep

        """

    @Test func offersProjectsNearestFirstButNeverItsOwnParentOrSubtree() {
        let outline = Outline(document: TextDocument(text: Self.text), indentWidth: .auto)
        #expect(MoveEdits.targets(outline, moving: [1]) == [4, 5, 7])
        #expect(MoveEdits.targets(outline, moving: [4]) == [7, 0])
        #expect(MoveEdits.targets(outline, moving: [1], limit: 2) == [4, 5])
    }

    @Test func movesTheItemWithItsSubtreeToTheEndOfTheProject() {
        let moved = applying(Self.text) { doc in
            let outline = Outline(document: doc, indentWidth: .auto)
            return MoveEdits.move(outline, items: [1], to: 5)
        }
        #expect(
            moved == """
                Inbox:
                \t- Pay rent
                Work:
                \tClient:
                \t\t- Draft
                \t\t- Call Bob
                \t\t\tabout the roof
                Home:
                \t- Sweep

                """)
    }

    @Test func movesASelectionAndReindentsInTheDocumentsSpaces() {
        let text = "Inbox:\n  - a\n    note\n  - b\nHome:\n  - c"
        let moved = applying(text) { doc in
            let outline = Outline(document: doc, indentWidth: .auto)
            let items = MoveEdits.movedItems(outline, in: 1...3)
            #expect(items == [1, 3])
            return MoveEdits.move(outline, items: items, to: 4)
        }
        #expect(moved == "Inbox:\nHome:\n  - c\n  - a\n    note\n  - b")
    }

    @Test func movesToAProjectOfAnotherDocumentInThatDocumentsIndentation() throws {
        var source = TextDocument(text: "Inbox:\n\t- a\n\t\tnote\n\t- b\n")
        var target = TextDocument(text: "Work:\n  - c\n  Errands:\n    - d\nHome:\n")
        let from = Outline(document: source, indentWidth: .auto), to = Outline(document: target, indentWidth: .auto)
        let errands = try #require(MoveEdits.project(atPath: "Work / Errands", in: to))
        #expect(MoveEdits.projectPaths(to).map(\.path) == [["Work"], ["Work", "Errands"], ["Home"]])
        let edits = MoveEdits.move(from, items: [1], to: to, project: errands)
        source.apply(edits.source)
        target.apply(edits.target)
        #expect(source.text == "Inbox:\n\t- b\n")
        #expect(target.text == "Work:\n  - c\n  Errands:\n    - d\n    - a\n      note\nHome:\n")
        #expect(MoveEdits.move(from, items: [1], to: to, project: 1) == ([], []))
    }

    /// The example of Sources/TaskPaper/README.md, "Move to project".
    @Test func theReadmesExampleOfAMoveToAnotherDocument() throws {
        var source = TextDocument(text: "Home:\n\t- Call Bob\n"), target = TextDocument(text: "Work:\n    - Slides\n")
        let to = Outline(document: target, indentWidth: .auto)
        let edits = MoveEdits.move(
            Outline(document: source, indentWidth: .auto), items: [1], to: to,
            project: try #require(MoveEdits.project(atPath: "Work", in: to)))
        source.apply(edits.source)
        target.apply(edits.target)
        #expect(source.text == "Home:\n" && target.text == "Work:\n    - Slides\n    - Call Bob\n")
    }

    /// An edit that reaches the end of a text ending with a line end starts at the end of the last
    /// line: editors that keep the final line end apart (Neovim) have no line after it to start on.
    @Test func anInsertionAtTheEndOfTheTextStartsAtTheEndOfItsLastLine() {
        let doc = TextDocument(text: "Work:\n\t- a\n")
        let outline = Outline(document: doc, indentWidth: .auto)
        let target = Outline(document: TextDocument(text: "- b\n"), indentWidth: .auto)
        let edit = MoveEdits.move(target, items: [0], to: outline, project: 0).target
        #expect(
            edit == [
                TextReplacement(
                    start: TextLocation(line: 1, offset: 4), end: TextLocation(line: 1, offset: 4), newText: "\n\t- b")
            ])
    }

    @Test func neverMovesIntoItsOwnSubtree() {
        let outline = Outline(document: TextDocument(text: Self.text), indentWidth: .auto)
        #expect(MoveEdits.move(outline, items: [4], to: 5).isEmpty)
        #expect(!MoveEdits.targets(outline, moving: [4]).contains(5))
    }
}

@Suite struct SortByDueTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20))

    private func sorted(_ text: String, project: Int) -> String {
        applying(text) { doc in
            SortEdits.sortByDue(Outline(document: doc, indentWidth: .auto), project: project, clock: Self.clock)
        }
    }

    @Test func sortsChildrenWithTheirSubtreesUndatedLastAndStable() {
        let text = """
            Work:
            \t- undated one
            \t- late @due(2026-12-24)
            \t\tits note
            \t- soon @due(tomorrow)

            \t- same day, later @due(2026-11-25 15:00)
            \t- undated two
            Home:
            """
        #expect(
            sorted(text, project: 0) == """
                Work:
                \t- soon @due(tomorrow)
                \t- same day, later @due(2026-11-25 15:00)
                \t- late @due(2026-12-24)
                \t\tits note

                \t- undated one
                \t- undated two
                Home:
                """)
    }

    @Test func anAlreadySortedProjectNeedsNoEdit() {
        let outline = Outline(document: TextDocument(text: "P:\n\t- a @due(2026-01-01)\n\t- b"), indentWidth: .auto)
        #expect(SortEdits.sortByDue(outline, project: 0, clock: Self.clock).isEmpty)
        #expect(SortEdits.project(containing: 2, in: outline) == 0)
        // `\t\t- b` is a child of P as much as `\t- a` is, but placed after it would become a's child.
        let ragged = Outline(
            document: TextDocument(text: "P:\n\t\t- b @due(2026-02-01)\n\t- a @due(2026-01-01)"),
            indentWidth: .auto)
        #expect(SortEdits.sortByDue(ragged, project: 0, clock: Self.clock).isEmpty)
    }
}

@Suite struct TodayTagTests {
    @Test func tagsItemsThatLackItAndRemovesIt() {
        let text = "Home:\n\t- Buy milk  \n\t- Call @today\n\tnote\n\t- \n"
        let tagged = applying(text) { TagEdits.addTag(named: "today", $0.lines, in: 0...5) }
        // `- ` alone would become the note `- @today`: left alone.
        #expect(tagged == "Home: @today\n\t- Buy milk @today  \n\t- Call @today\n\tnote @today\n\t- \n")
        let untagged = applying(tagged) { TagEdits.removeTag(named: "today", $0.lines, in: 0...5) }
        #expect(untagged == "Home:\n\t- Buy milk  \n\t- Call\n\tnote\n\t- \n")
        #expect(applying("- @today Call") { TagEdits.removeTag(named: "today", $0.lines, in: 0...0) } == "- Call")
    }

    @Test func everyActionHasOneTitle() {
        #expect(ItemAction.convertToTask.title == "Convert to task")
        #expect(ItemAction.moveTitle(projectPath: ["Work", "Client"]) == "Move to Work / Client")
        #expect(Set(ItemAction.allCases.map(\.title)).count == ItemAction.allCases.count)
    }
}

@Suite struct OfferedActionsTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20))
    static let text = "Work:\n\t- b @due(2026-12-02)\n\t- a @due(2026-12-01)\nHome:\n\tErrands:\n"

    @Test func offersWhatChangesSomethingWithItsEdit() {
        let doc = TextDocument(text: Self.text)
        let offered = ItemActions.offered(Outline(document: doc, indentWidth: .auto), lines: 1...1, clock: Self.clock)
        #expect(
            offered.map(\.title) == [
                "Convert to note", "Convert to project", "Tag with @today", "Sort by due date",
                "Move to Home", "Move to Home / Errands",
            ])
        var moved = doc
        moved.apply(offered.last!.replacements)
        #expect(moved.text == "Work:\n\t- a @due(2026-12-01)\nHome:\n\tErrands:\n\t\t- b @due(2026-12-02)\n")
        var sorted = doc
        sorted.apply(offered.first { $0.action == .sortByDue }!.replacements)
        #expect(sorted.text == "Work:\n\t- a @due(2026-12-01)\n\t- b @due(2026-12-02)\nHome:\n\tErrands:\n")
    }
}
