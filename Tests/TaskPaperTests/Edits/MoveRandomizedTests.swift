import Testing
import TaskPaper

/// Random documents and moves: the item tree after the edit is the tree before
/// with the moved subtrees appended, in order, to the target project.
@Suite struct MoveRandomizedTests {
    final class Node {
        let body: String
        var children: [Node] = []
        init(_ body: String) { self.body = body }
        var shape: String { children.isEmpty ? body : "\(body){\(children.map(\.shape).joined(separator: ","))}" }
    }

    /// The tree of items (blank lines left out), and each item line's node.
    static func tree(_ outline: Outline) -> (roots: Node, byLine: [Int: Node], parentOf: [ObjectIdentifier: Node]) {
        let root = Node("")
        var byLine: [Int: Node] = [:], parentOf: [ObjectIdentifier: Node] = [:]
        func build(_ line: Int, under parent: Node) {
            let text = outline.lines[line].text
            let node = Node(String(text.utf8Slice(outline.lines[line].syntax.indentLength..<text.utf8.count)))
            byLine[line] = node
            parentOf[ObjectIdentifier(node)] = parent
            parent.children.append(node)
            for child in outline.children(of: line) { build(child, under: node) }
        }
        for item in outline.topLevelItems { build(item, under: root) }
        return (root, byLine, parentOf)
    }

    static let indents = ["", "", "\t", "\t\t", "\t\t\t", "  ", "    ", "      ", "  \t"]
    static let bodies = ["A:", "B: @x", "- t", "- u @done", "note", "C:", "- 🔥 v", "D: @due(2026-01-01)"]

    static func document(_ random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<random.int(0...13) + 2 {
            if random.int(0...7) > 0 {
                text += random.pick(indents) + random.pick(bodies)
            }
            text += random.int(0...3) == 0 ? "\r\n" : "\n"
        }
        return random.int(0...1) == 0 ? String(text.dropLast()) : text
    }

    @Test func movesKeepEveryOtherItemWhereItWas() {
        var random = SeededRandom(seed: 0x30E)
        var moves = 0
        for _ in 0..<1_500 {
            let text = Self.document(&random)
            let doc = TextDocument(text: text)
            let outline = Outline(document: doc, indentWidth: .auto)
            let a = random.int(0...doc.lineCount - 1), b = a + random.int(0...2)
            let items = MoveEdits.movedItems(outline, in: a...b)
            for target in MoveEdits.targets(outline, moving: items) {
                var moved = doc
                let edits = MoveEdits.move(outline, items: items, to: target)
                // The document's space-run counts (minus the moved lines') decide as a walk over the lines left.
                let walked = MoveEdits.move(Outline(lines: doc.lines, indentWidth: .auto), items: items, to: target)
                #expect(edits == walked, "\(text.debugDescription) \(items) -> \(target)")
                moved.apply(edits)
                // The same move on the tree.
                let (root, byLine, parentOf) = Self.tree(outline)
                let targetNode = byLine[target]!
                for item in items {
                    let node = byLine[item]!
                    let parent = parentOf[ObjectIdentifier(node)]!
                    parent.children.removeAll { $0 === node }
                    targetNode.children.append(node)
                }
                let after = Self.tree(Outline(document: moved, indentWidth: .auto)).roots
                #expect(after.shape == root.shape, "\(text.debugDescription) \(items) -> \(target)")
                #expect(moved.lineCount == doc.lineCount, "\(text.debugDescription) \(items) -> \(target)")
                moves += 1
            }
        }
        #expect(moves > 1_000)
    }
}

/// Random documents: the counts from running totals equal a walk over each project's subtree,
/// and sorting keeps the tree while putting dated children first, in order.
@Suite struct OutlineActionsRandomizedTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20))
    static let bodies = [
        "P:", "Q: @x", "- t", "- u @done", "- c @cancelled", "note", "- d @due(2026-12-01)",
        "- e @due(tomorrow)", "- f @due(2025-01-01) @done", "- g @due(nonsense)",
    ]

    static func document(_ random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<random.int(0...15) + 2 {
            if random.int(0...7) > 0 {
                text += random.pick(["", "\t", "\t\t", "\t\t\t"]) + random.pick(bodies)
            }
            text += "\n"
        }
        return text
    }

    @Test func countsMatchAWalkOfTheSubtree() {
        var random = SeededRandom(seed: 0xC0_4275)
        for _ in 0..<1_000 {
            let doc = TextDocument(text: Self.document(&random))
            let outline = Outline(document: doc, indentWidth: .auto)
            let counts = ProjectTaskCounts(outline: outline)
            for line in 0..<doc.lineCount where doc.lines[line].syntax.kind == .project {
                var walked = TaskCounts(open: 0, done: 0, cancelled: 0)
                for k in line + 1..<outline.subtreeEnd(of: line) where doc.lines[k].syntax.kind == .task {
                    let text = doc.lines[k].text
                    if text.contains("@done") {
                        walked.done += 1
                    } else if text.contains("@cancelled") {
                        walked.cancelled += 1
                    } else {
                        walked.open += 1
                    }
                }
                #expect(counts.counts(ofProject: line) == walked)
            }
        }
    }

    @Test func sortingKeepsTheTreeAndOrdersTheChildren() {
        var random = SeededRandom(seed: 0x50_27)
        for _ in 0..<1_000 {
            let text = Self.document(&random)
            let doc = TextDocument(text: text)
            let outline = Outline(document: doc, indentWidth: .auto)
            for project in 0..<doc.lineCount where doc.lines[project].syntax.kind == .project {
                let edits = SortEdits.sortByDue(outline, project: project, clock: Self.clock)
                if Set(outline.children(of: project).map { outline.depth(of: $0) }).count > 1 {
                    #expect(edits.isEmpty)
                    continue
                }
                var sorted = doc
                sorted.apply(edits)
                let after = Outline(document: sorted, indentWidth: .auto)
                let before = MoveRandomizedTests.tree(outline).roots
                let afterTree = MoveRandomizedTests.tree(after).roots
                // The same children, each with the same subtree.
                #expect(afterTree.children.count == before.children.count, "\(text.debugDescription)")
                #expect(
                    Set(after.children(of: project).map { sorted.lines[$0].text })
                        == Set(outline.children(of: project).map { doc.lines[$0].text }))
                let dues = after.children(of: project).map { child -> String in
                    let line = sorted.lines[child]
                    guard let payload = line.syntax.firstTag(named: "due", in: line.text)?.payload(in: line.text),
                        case .success(let value) = DateValue.parse(payload, clock: Self.clock)
                    else { return "~" }
                    return value.start.description
                }
                #expect(dues == dues.sorted(), "\(text.debugDescription) project \(project)")
                #expect(sorted.lineCount == doc.lineCount)
            }
        }
    }
}
