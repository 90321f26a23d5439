import Testing
import TaskPaper

private func outline(_ text: String, indentWidth: IndentWidth = .auto) -> Outline {
    Outline(document: TextDocument(text: text), indentWidth: indentWidth)
}

@Suite struct OutlineTests {
    static let sample = """
        Home:
        \t- Buy milk
        \t\tfrom the corner shop

        \t- Call Bob
        \tErrands:
        \t\t- Post office @due(2025-05-11)

        Work:
        \t- Report
        """

    @Test func parentsFollowDepth() {
        let o = outline(Self.sample)
        #expect(o.parent(of: 0) == nil)
        #expect(o.parent(of: 1) == 0)
        #expect(o.parent(of: 2) == 1)
        #expect(o.parent(of: 4) == 0)
        #expect(o.parent(of: 6) == 5)
        #expect(o.parent(of: 8) == nil)
        #expect(o.parent(of: 9) == 8)
    }

    @Test func childrenSkipGrandchildrenAndBlankLines() {
        let o = outline(Self.sample)
        #expect(o.topLevelItems == [0, 8])
        #expect(o.children(of: 0) == [1, 4, 5])
        #expect(o.children(of: 1) == [2])
        #expect(o.children(of: 2) == [])
        #expect(o.hasChildren(5))
        #expect(!o.hasChildren(4))
    }

    @Test func blankLinesBelongToTheBlockTheySitIn() {
        let o = outline(Self.sample)
        // Line 3 sits between two tasks of Home: it is Home's.
        #expect(o.parent(of: 3) == 0)
        #expect(o.subtree(of: 0) == 0..<7)
        // Line 7 follows Home's last line and precedes Work: it is at the top level, outside Home.
        #expect(o.parent(of: 7) == nil)
        #expect(!o.isItem(7))
        #expect(o.subtreeEnd(of: 1) == 3)
        #expect(o.subtree(of: 8) == 8..<10)
    }

    @Test func trailingBlankLinesStayOutsideTheLastSubtree() {
        let o = outline("A:\n\t- a\n\n\n")
        #expect(o.subtreeEnd(of: 0) == 2)
        #expect(o.parent(of: 2) == nil)
    }

    @Test func spacesCountByIndentWidth() {
        let text = "A:\n  - two spaces\n    - four spaces\n"
        let narrow = outline(text, indentWidth: .spaces(2))
        #expect(narrow.parent(of: 1) == 0)
        #expect(narrow.parent(of: 2) == 1)
        // With width 4, two spaces are depth 0: that task is a sibling of A and owns the next one.
        let wide = outline(text, indentWidth: .spaces(4))
        #expect(wide.depth(of: 1) == 0)
        #expect(wide.parent(of: 1) == nil)
        #expect(wide.parent(of: 2) == 1)
        #expect(!wide.hasChildren(0))
    }

    @Test func aShallowerLineClosesEveryDeeperItem() {
        let o = outline("A:\n\tB:\n\t\tC:\n\t\t\t- deep\n- top\n")
        #expect(o.subtreeEnd(of: 0) == 4)
        #expect(o.subtreeEnd(of: 1) == 4)
        #expect(o.subtreeEnd(of: 2) == 4)
        #expect(o.ancestors(of: 3) == [2, 1, 0])
        #expect(o.parent(of: 4) == nil)
    }

    @Test func projectPathNamesTheEnclosingProjects() {
        let o = outline("A:\n\tB: @flag\n\t\t- task\n\t\t\t- subtask\n\tnote\n\t\tC:\n")
        #expect(o.projectPath(of: 3) == ["A", "B"])
        #expect(o.projectPath(of: 2) == ["A", "B"])
        #expect(o.projectPath(of: 1) == ["A"])
        #expect(o.projectPath(of: 0) == [])
        // A note between projects is not named.
        #expect(o.projectPath(of: 5) == ["A"])
    }

    @Test func itemNamesDropMarkersAndTrailingTags() {
        let lines = TextDocument(text: "Home: @flag\n- Buy milk @due(2025-05-11)\n-\tCall Bob\nA note @x\n- \n:\n")
            .lines
        #expect(lines.map(\.itemName) == ["Home", "Buy milk", "Call Bob", "A note", "-", ":", ""])
    }
}
