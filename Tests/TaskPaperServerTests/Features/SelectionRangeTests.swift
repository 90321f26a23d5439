import Testing
import TaskPaperServer

/// Expand selection: tag, line content, item with its subtree, each parent's subtree, the document.
@Suite struct SelectionRangeTests {
    /// The chain of ranges around each position, innermost first.
    static func chains(_ result: JSON) -> [[[Int]]] {
        (result.arrayValue ?? []).map { first in
            var chain: [[Int]] = []
            var node: JSON? = first
            while let n = node, n != .null {
                chain.append(n.rangeTuple)
                node = n["parent"]
            }
            return chain
        }
    }

    @Test func expandsFromTheTagToTheDocument() throws {
        let c = TestClient()
        let caps = try c.initialize()
        #expect(caps["capabilities"]?["selectionRangeProvider"] == true)
        let doc = c.open(
            "file:///s.taskpaper",
            marked: """
                0️⃣Home:
                \t1️⃣- Errands 3️⃣@to4️⃣day5️⃣2️⃣
                \t\t6️⃣- Buy milk7️⃣
                \t\t- Bread8️⃣
                Work:9️⃣
                """)
        let result = try c.request(
            "textDocument/selectionRange",
            [
                "textDocument": ["uri": .string(doc.uri)], "positions": [doc.position("4️⃣"), doc.position("7️⃣")],
            ])
        let chains = Self.chains(result)
        let wholeDocument = doc.range("0️⃣", "9️⃣")
        #expect(chains.count == 2)
        #expect(
            chains.first == [
                doc.range("3️⃣", "5️⃣"),  // @today
                doc.range("1️⃣", "2️⃣"),  // the line's content
                [1, 0] + doc.range("8️⃣", "8️⃣").suffix(2),  // Errands with its two sub-tasks
                doc.range("0️⃣", "8️⃣"),  // Home's subtree
                wholeDocument,
            ])
        #expect(
            chains.last == [
                doc.range("6️⃣", "7️⃣"),
                [2, 0] + doc.range("7️⃣", "7️⃣").suffix(2),
                [1, 0] + doc.range("8️⃣", "8️⃣").suffix(2),
                doc.range("0️⃣", "8️⃣"),
                wholeDocument,
            ])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aBlankLineOnlyExpandsToTheDocument() throws {
        let c = TestClient()
        try c.initialize()
        let doc = c.open("file:///b.taskpaper", marked: "0️⃣- a\n1️⃣\n- b2️⃣")
        let result = try c.request(
            "textDocument/selectionRange",
            [
                "textDocument": ["uri": .string(doc.uri)], "positions": [doc.position("1️⃣")],
            ])
        #expect(Self.chains(result) == [[doc.range("0️⃣", "2️⃣")]])
    }
}
