import Foundation
import Testing
import TaskPaperServer

/// The command `taskpaper.focus`, in process (Support/TestClient.swift): the hidden runs an editor folds.
@Suite struct FocusCommandTests {
    static let uri = "file:///focus.taskpaper"

    /// Each marker starts the line it names.
    static let marked = """
        0️⃣Inbox:
        1️⃣\t- buy milk @today
        2️⃣\t\tlow fat
        3️⃣\t- call mum
        4️⃣Work:
        5️⃣\t- report @today
        6️⃣\t\t- charts
        7️⃣\tErrands:
        8️⃣\t\t- bank 👍🏽
        """

    static func focus(_ c: TestClient, _ argument: JSON) throws -> JSON {
        try c.requestResponse("workspace/executeCommand", ["command": "taskpaper.focus", "arguments": [argument]])
    }

    /// The hidden runs as `[start, end]` pairs.
    static func hidden(_ response: JSON) -> [[Int]] {
        (response["result"]?["hidden"]?.arrayValue ?? []).map {
            [$0["start"]?.intValue ?? -1, $0["end"]?.intValue ?? -1]
        }
    }

    @Test func aSearchHidesAllButItsItemsAndTheirAncestorsAndFollowsEdits() throws {
        let c = TestClient()
        let capabilities = try c.initialize()
        let commands = capabilities["capabilities"]?["executeCommandProvider"]?["commands"]?.arrayValue ?? []
        #expect(commands.contains("taskpaper.focus"))
        let doc = c.open(Self.uri, marked: Self.marked)
        let line = { (marker: String) in doc.range(marker, marker)[0] }
        let today = try Self.focus(c, ["uri": .string(Self.uri), "query": "@today"])
        #expect(today["result"]?["matches"] == 2)
        #expect(Self.hidden(today) == [[line("2️⃣"), line("4️⃣") - 1], [line("6️⃣"), line("8️⃣")]])

        // The hidden task "bank" gets @today: asked again, it shows with its ancestors.
        c.change(
            Self.uri, version: 2,
            [["range": doc.rangeJSON("8️⃣", "8️⃣"), "text": "\t\t- bank 👍🏽 @today\n"]])
        let after = try Self.focus(c, ["uri": .string(Self.uri), "query": "@today"])
        #expect(after["result"]?["matches"] == 3)
        #expect(
            Self.hidden(after) == [[line("2️⃣"), line("3️⃣")], [line("6️⃣"), line("6️⃣")], [line("8️⃣") + 1, line("8️⃣") + 1]])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func focusingIntoAnItemAndSearchingWithinIt() throws {
        let c = TestClient()
        _ = try c.initialize()
        let doc = c.open(Self.uri, marked: Self.marked)
        let line = { (marker: String) in doc.range(marker, marker)[0] }
        let work = try Self.focus(c, ["uri": .string(Self.uri), "line": .int(line("4️⃣"))])
        #expect(work["result"]?["matches"] == 5)
        #expect(Self.hidden(work) == [[0, line("3️⃣")]])
        let errands = try Self.focus(c, ["uri": .string(Self.uri), "line": .int(line("7️⃣"))])
        #expect(Self.hidden(errands) == [[0, line("3️⃣")], [line("5️⃣"), line("6️⃣")]])
        // The search runs within Work: Inbox's @today stays hidden.
        let both = try Self.focus(c, ["uri": .string(Self.uri), "query": "@today", "line": .int(line("4️⃣"))])
        #expect(both["result"]?["matches"] == 1)
        #expect(Self.hidden(both) == [[0, line("3️⃣")], [line("6️⃣"), line("8️⃣")]])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func badArgumentsAreInvalidParamsAndNoMatchHidesNothing() throws {
        let c = TestClient()
        _ = try c.initialize()
        _ = c.open(Self.uri, marked: Self.marked)
        let none = try Self.focus(c, ["uri": .string(Self.uri), "query": "@nowhere"])
        #expect(none["result"] == ["matches": 0, "hidden": []])
        let broken = try Self.focus(c, ["uri": .string(Self.uri), "query": "(@today"])
        #expect(broken["error"]?["code"] == -32602)
        #expect(broken["error"]?["message"]?.stringValue?.contains("expected ')' to close '(' at 0") == true)
        #expect(broken["error"]?["message"]?.stringValue?.contains("UTF-8 offset 7") == true)
        for argument: JSON in [
            ["uri": .string(Self.uri)], ["uri": .string(Self.uri), "line": 9], ["uri": .string(Self.uri), "line": -1],
            ["uri": .string(Self.uri), "query": 3], ["query": "@today"], ["uri": "file:///elsewhere", "line": 0],
            "@today",
        ] {
            #expect(try Self.focus(c, argument)["error"]?["code"] == -32602, "\(argument)")
        }
        // The document is as the client holds it, and the server goes on.
        #expect(try Self.focus(c, ["uri": .string(Self.uri), "line": 8])["result"]?["matches"] == 1)
        #expect(try c.shutdownAndExit() == 0)
    }
}
