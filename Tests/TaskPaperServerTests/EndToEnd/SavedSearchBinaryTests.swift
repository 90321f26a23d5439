import Foundation
import Testing
import TaskPaperServer

/// Saved searches end to end through the real binary (Support/LSPClient.swift),
/// in a temporary workspace of two files: one open, one only on disk.
@Suite struct SavedSearchBinaryTests {
    @Test func aDocumentWithSavedSearchesGetsEveryFeatureAndTheCommandSpansTheWorkspace() throws {
        let ws = try TempWorkspace([
            "plan.taskpaper": """
            Searches:
            \t- Due and open @search(@due and not @done)
            \t- Broken @search(@due and)
            Home:
            \t- Water the plants @due(2026-12-01)
            \t- Fix the bike @due(2026-11-20) @done(2026-11-21)

            """,
            "work.taskpaper": "Work:\n\t- Send the report @due(2026-11-30)\n",
        ])
        let c = try LSPClient.indexing(ws)
        let plan = ws.uri("plan.taskpaper"), work = ws.uri("work.taskpaper")
        c.open(plan, try ws.read("plan.taskpaper"))

        let diagnostics = try c.waitForDiagnostics(plan)
        let codes = diagnostics.map { $0["code"]?.stringValue ?? "" }
        #expect(codes.contains("search-malformed"))
        #expect(diagnostics.first { $0["code"] == "search-malformed" }?.rangeTuple.first == 2)

        let references = try c.request(
            "textDocument/references",
            LSPClient.at(plan, 1, 5, ["context": ["includeDeclaration": true]]))
        #expect(references.arrayValue?.map(\.rangeTuple) == [[4, 1, 4, 36]])

        let hover = try c.request("textDocument/hover", LSPClient.at(plan, 1, 20))
        #expect(hover["contents"]?["value"]?.stringValue?.hasPrefix("1 item found by @due and not @done") == true)

        let lenses = try c.request("textDocument/codeLens", ["textDocument": ["uri": .string(plan)]]).arrayValue ?? []
        #expect(lenses.map { $0["command"]?["title"]?.stringValue ?? "" } == ["1 item"])

        // Without a uri the command searches the closed file too, read from disk.
        let found = try c.request(
            "workspace/executeCommand",
            [
                "command": "taskpaper.search", "arguments": [["query": "@due and not @done"]],
            ])
        #expect(
            (found.arrayValue ?? []).map { ws.relative($0["uri"]?.stringValue ?? "") + " \($0.rangeTuple)" }
                == ["plan.taskpaper [4, 1, 4, 36]", "work.taskpaper [1, 1, 1, 35]"])
        let symbols = try c.request("workspace/symbol", ["query": "@due and not @done"]).arrayValue ?? []
        #expect(symbols.map { $0["name"]?.stringValue ?? "" } == ["Water the plants", "Send the report"])
        #expect(symbols.last?["location"]?["uri"]?.stringValue == work)

        // A search that runs away is stopped with an error, and the server goes on.
        let slow = try c.requestResponse(
            "workspace/executeCommand",
            [
                "command": "taskpaper.search", "arguments": [["query": .string(String(repeating: "(", count: 10_000))]],
            ])
        #expect(slow["error"]?["message"]?.stringValue?.isEmpty == false)
        #expect(try c.request("textDocument/hover", LSPClient.at(plan, 1, 20)) != .null)
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Definition and references on an item whose saved search does not parse answer as on any other
    /// item (null, or the tag's references on a tag): the params are valid, and the `search-malformed`
    /// diagnostic already says what is wrong.
    @Test func definitionAndReferencesOnMalformedValidAndAbsentSavedSearches() throws {
        let c = try LSPClient(environment: ["TASKPAPER_NOW": "2026-11-21T10:00"])
        try c.initialize()
        let uri = "file:///searches.taskpaper"
        c.open(uri, "- a @search(///)\n- b @search(//@next)\n- c @next\n- d\n")
        func answers(line: Int, character: Int) throws -> [JSON] {
            let references = try c.requestResponse(
                "textDocument/references", LSPClient.at(uri, line, character, ["context": ["includeDeclaration": true]])
            )
            let definition = try c.requestResponse("textDocument/definition", LSPClient.at(uri, line, character))
            return [
                references["error"] ?? references["result"] ?? nil, definition["error"] ?? definition["result"] ?? nil,
            ]
        }
        // Malformed, on the item's text and on its @search tag; then absent, on the text of an item without one.
        #expect(try answers(line: 0, character: 2) == [.null, .null])
        #expect(try answers(line: 3, character: 2) == [.null, .null])
        let onTag = try answers(line: 0, character: 5)
        #expect(onTag[0].arrayValue?.map(\.rangeTuple) == [[0, 4, 0, 11], [1, 4, 1, 11]])
        #expect(onTag[1] == .null)
        // Valid: both list the item it finds.
        let valid = try answers(line: 1, character: 2)
        #expect(valid.map { $0.arrayValue?.map(\.rangeTuple) } == [[[2, 0, 2, 9]], [[2, 0, 2, 9]]])
        #expect(try c.shutdownAndExit() == 0)
    }
}
