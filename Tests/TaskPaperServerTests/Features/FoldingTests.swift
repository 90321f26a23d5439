import Foundation
import Testing
import TaskPaperServer

/// Folding ranges, in process (Support/TestClient.swift).
@Suite struct FoldingTests {
    static func folds(_ c: TestClient, _ uri: String) throws -> [[Int]] {
        let ranges =
            try c.request("textDocument/foldingRange", ["textDocument": ["uri": .string(uri)]]).arrayValue ?? []
        return ranges.map { [$0["startLine"]?.intValue ?? -1, $0["endLine"]?.intValue ?? -1] }
    }

    @Test func everyItemWithChildrenFolds() throws {
        let c = TestClient()
        let caps = try c.initialize()
        #expect(caps["capabilities"]?["foldingRangeProvider"] == true)
        c.open(
            "file:///f.taskpaper",
            """
            Home:
            \t- Buy milk
            \t\tfrom the corner shop

            \t- Call Bob
            A note
            \twith a second line

            Work:
            """)
        // Home folds over the blank line inside it but stops before the one after it; Work has no children.
        #expect(try Self.folds(c, "file:///f.taskpaper") == [[0, 4], [1, 2], [5, 6]])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func foldsFollowEdits() throws {
        let c = TestClient()
        try c.initialize()
        c.open("file:///f.taskpaper", "A:\n- a\n")
        #expect(try Self.folds(c, "file:///f.taskpaper") == [])
        c.change("file:///f.taskpaper", version: 2, [LSPClient.edit(1, 0, 1, 0, "\t")])
        #expect(try Self.folds(c, "file:///f.taskpaper") == [[0, 1]])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func spacesFoldByIndentWidth() throws {
        let c = TestClient()
        try c.initialize(options: ["indentWidth": 2])
        c.open("file:///f.taskpaper", "A:\n  B:\n    - b\n  - a\n")
        #expect(try Self.folds(c, "file:///f.taskpaper") == [[0, 3], [1, 2]])
        #expect(try c.shutdownAndExit() == 0)
    }
}
