import Testing

@testable import TaskPaper

/// TaskPaper's filtered view (`Focus.view`): what a search or a focused item leaves visible.
@Suite struct FocusTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 28), now: TimeOfDay(hour: 9, minute: 0))

    static let text = """
        Inbox:
        \t- buy milk @today
        \t\tlow fat
        \t- call mum

        Work:
        \t- report @today
        \t\t- draft @today
        \t\t- charts
        \tErrands:
        \t\t- bank
        - loose

        """

    /// The visible lines, 0-based.
    static func visible(_ query: String?, item: Int? = nil, text: String = text) throws -> (Int, [Int]) {
        let document = TextDocument(text: text)
        let focus = try Focus.view(
            of: document, indentWidth: .auto, query: query.map { try SearchQuery.parse($0) }, item: item,
            clock: clock)
        return (focus.matches, document.lines.indices.filter { focus.isVisible($0) })
    }

    @Test func aSearchShowsItsItemsAndTheirAncestorsOnly() throws {
        let (matches, lines) = try Self.visible("@today")
        #expect(matches == 3)
        // A match's own children (the note "low fat", "charts") stay hidden unless they match too.
        #expect(lines == [0, 1, 5, 6, 7])
    }

    @Test func hiddenRunsAreSortedDisjointAndNotAdjacent() throws {
        let document = TextDocument(text: Self.text)
        let focus = try Focus.view(
            of: document, indentWidth: .auto, query: try SearchQuery.parse("@today"), item: nil, clock: Self.clock)
        #expect(focus.hiddenLines == [2...4, 8...12])
    }

    @Test func focusingIntoAnItemShowsItsSubtreeAndAncestors() throws {
        let (matches, lines) = try Self.visible(nil, item: 9)
        #expect(matches == 2)
        #expect(lines == [5, 9, 10])
        // A task's subtree: its notes and subtasks.
        #expect(try Self.visible(nil, item: 1).1 == [0, 1, 2])
    }

    @Test func aSearchWithinAFocusedItemFindsOnlyItsDescendants() throws {
        let (matches, lines) = try Self.visible("@today", item: 5)
        #expect(matches == 2)
        #expect(lines == [5, 6, 7])
        // A relative path starts at the focused item: `Errands` is its child, `bank` the grandchild.
        #expect(try Self.visible("Errands/bank", item: 5).1 == [5, 9, 10])
        #expect(try Self.visible("Errands/bank", item: 0).0 == 0)
    }

    @Test func nothingFoundHidesNothing() throws {
        let (matches, lines) = try Self.visible("@nowhere")
        #expect(matches == 0)
        #expect(lines == Array(0..<13))
    }

    /// A blank line is an item (an empty note at the depth of the next line): it shows where it matches.
    @Test func blankLinesShowOnlyWhereTheyMatch() throws {
        #expect(try Self.visible("@today").1.contains(4) == false)
        let (_, lines) = try Self.visible("note")
        #expect(lines.contains(4) && lines.contains(12))
    }

    @Test func anEmptyDocumentHasNothingToHide() throws {
        #expect(try Self.visible("*", text: "") == (0, [0]))
        #expect(try Self.visible(nil, item: 0, text: "") == (0, [0]))
    }

    @Test func isVisibleReadsTheRuns() {
        let focus = Focus(matches: 1, hiddenLines: [0...1, 4...4, 7...9])
        #expect(
            (0..<11).map(focus.isVisible) == [false, false, true, true, false, true, true, false, false, false, true])
    }
}
