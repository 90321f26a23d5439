import Foundation
import Testing
@testable import TaskPaperServer

/// Diagnostics in process (Support/TestClient.swift): push with versions, pull, close,
/// settings, encodings.
@Suite struct DiagnosticsTests {
    static let env = ["TASKPAPER_NOW": "2026-11-21T10:00"]
    let uri = "file:///tmp/test.taskpaper"

    @Test func publishesWithVersionAfterEdits() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize()
        let doc = c.open(uri, marked: "Home:\n\t- a @due(1️⃣2026-2️⃣123️⃣-014️⃣)\n", version: 1)
        #expect(try c.waitForDiagnostics(uri, version: 1).isEmpty)
        c.change(uri, version: 2, [["range": doc.rangeJSON("2️⃣", "3️⃣"), "text": "13"]])
        let d = try c.waitForDiagnostics(uri, version: 2)
        #expect(d.map(\.code) == ["date-invalid"])
        #expect(d.first?.rangeTuple == doc.range("1️⃣", "4️⃣"))
        #expect(d.first?["source"] == "taskpaper")
        #expect(d.first?["severity"] == 1)
        c.change(uri, version: 3, [LSPClient.edit(1, 15, 1, 17, "12")])
        #expect(try c.waitForDiagnostics(uri, version: 3).isEmpty)
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Over the real transport: the batching depends on what the reader finds in the pipe.
    @Test func changesWaitingInTheInputArePublishedOnce() throws {
        let c = try LSPClient(environment: Self.env)
        try c.initialize()
        c.open(uri, "- a\n", version: 1)
        _ = try c.waitForDiagnostics(uri, version: 1)
        // Twenty keystrokes written at once: the server drains them, then publishes.
        var bytes: [UInt8] = []
        for v in 2...21 {
            let m: JSON = [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": .string(uri), "version": .int(v)],
                    "contentChanges": [LSPClient.edit(0, 100, 0, 100, v == 21 ? " @due(2026-02-30)" : "x")],
                ],
            ]
            let body = Array(m.serialized.utf8)
            bytes += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        c.sendFrameless(String(decoding: bytes, as: UTF8.self))
        let last = try c.waitForDiagnostics(uri, version: 21)
        #expect(last.map(\.code) == ["date-invalid"])
        _ = try c.request("shutdown")
        let publishes = c.received.filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(publishes.count <= 3, "published \(publishes.count) times for 20 queued changes")
        c.notify("exit")
        #expect(c.waitForExit() == 0)
    }

    @Test func pullReturnsUnchangedWhenNothingChanged() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        let caps: JSON = [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]],
            "workspace": ["diagnostics": ["refreshSupport": true]],
        ]
        let result = try c.initialize(capabilities: caps)
        #expect(result["capabilities"]?["diagnosticProvider"] != nil)
        c.open(uri, "- a @due(tomorow)\n")
        let first = try c.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
        #expect(first["kind"] == "full")
        #expect(first["items"]?.arrayValue?.map(\.code) == ["date-malformed"])
        let id = try #require(first["resultId"]?.stringValue)
        let second = try c.request(
            "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": .string(id)])
        #expect(second["kind"] == "unchanged")
        #expect(second["resultId"]?.stringValue == id)
        c.change(uri, version: 2, [LSPClient.edit(0, 9, 0, 16, "tomorrow")])
        let third = try c.request(
            "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": .string(id)])
        #expect(third["kind"] == "full")
        #expect(third["items"]?.arrayValue?.isEmpty == true)
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Typing on a line without findings leaves every finding where it was: a pulling
    /// client gets `unchanged`, not the whole list again; a new line above them moves them.
    @Test func pullAfterAnEditThatLeavesFindingsAloneIsUnchanged() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        let caps: JSON = [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]],
            "workspace": ["diagnostics": ["refreshSupport": true]],
        ]
        _ = try c.initialize(capabilities: caps)
        c.open(uri, "- plain task\n- a @due(tomorow)\n")
        let params = { (previous: JSON) -> JSON in
            ["textDocument": ["uri": .string(uri)], "previousResultId": previous]
        }
        let first = try c.request("textDocument/diagnostic", params(nil))
        let id = try #require(first["resultId"])
        c.change(uri, version: 2, [LSPClient.edit(0, 2, 0, 2, "very ")])
        let typed = try c.request("textDocument/diagnostic", params(id))
        #expect(typed["kind"] == "unchanged")
        c.change(uri, version: 3, [LSPClient.edit(0, 0, 0, 0, "Inbox:\n")])
        let moved = try c.request("textDocument/diagnostic", params(id))
        #expect(moved["kind"] == "full")
        #expect(moved["items"]?.arrayValue?.first?["range"]?["start"]?["line"] == 2)
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Neovim 0.11 pulls but cannot be asked to pull again: it gets pushed diagnostics,
    /// so a new day or new settings still reach it.
    @Test func aClientThatCannotBeRefreshedGetsPushedDiagnostics() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        let caps: JSON = ["textDocument": ["diagnostic": ["dynamicRegistration": false]]]
        let result = try c.initialize(capabilities: caps)
        #expect(result["capabilities"]?["diagnosticProvider"] == nil)
        c.open(uri, "- a @due(tomorow)\n")
        #expect(try c.waitForDiagnostics(uri).map(\.code) == ["date-malformed"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func closeClearsDiagnostics() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize()
        c.open(uri, "- a @due(2025-02-30)\n")
        #expect(try c.waitForDiagnostics(uri).count == 1)
        c.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        let cleared = try c.waitForNotification("textDocument/publishDiagnostics") { $0["uri"]?.stringValue == uri }
        #expect(cleared["diagnostics"]?.arrayValue?.isEmpty == true)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func settingsFromInitializationOptionsAndConfigurationChanges() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize(options: ["maxLineLength": 10])
        let doc = c.open(uri, marked: "- twelve c1️⃣hars2️⃣\n", version: 1)
        let d = try c.waitForDiagnostics(uri, version: 1)
        #expect(d.map(\.code) == ["line-too-long"])
        #expect(d.first?["message"] == "Line is 14 characters long (limit 10, 4 over)")
        #expect(d.first?.rangeTuple == doc.range("1️⃣", "2️⃣"))
        // A settings change re-publishes open documents.
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["maxLineLength": 0]]])
        #expect(try c.waitForDiagnostics(uri, version: 1).isEmpty)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aConfigurationChangeLayersOverInitializationOptions() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize(options: ["maxLineLength": 10])
        c.open(uri, "- twelve chars @due(2020-01-01)\n", version: 1)
        #expect(try c.waitForDiagnostics(uri, version: 1).map(\.code) == ["line-too-long", "overdue"])
        // Only `overdue` changes: the limit from initializationOptions stays.
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["overdue": false]]])
        #expect(try c.waitForDiagnostics(uri, version: 1).map(\.code) == ["line-too-long"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func badSettingIsShownAndTheDefaultKept() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize(options: ["maxLineLength": "long", "doneFormat": "sometimes"])
        let shown = try c.waitForNotification("window/showMessage")
        #expect(shown["message"]?.stringValue?.contains("maxLineLength") == true)
        _ = try c.waitForNotification("window/showMessage") {
            $0["message"]?.stringValue?.contains("doneFormat") == true
        }
        c.open(uri, "- " + String(repeating: "x", count: 119) + "\n")
        #expect(try c.waitForDiagnostics(uri).map(\.code) == ["line-too-long"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func pullModelConfigurationIsAskedOnInitialized() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        c.answerServerRequest = { method, params in
            method == "workspace/configuration" ? [["overdue": false, "dateTags": ["when"]]] : nil
        }
        try c.initialize(capabilities: ["workspace": ["configuration": true]])
        c.open(uri, "- a @due(2020-01-01) @when(nope)\n")
        // Settings arrive after initialized; wait for the publish that reflects them.
        let params = try c.waitForNotification("textDocument/publishDiagnostics") {
            $0["diagnostics"]?.arrayValue?.map(\.code) == ["date-malformed"]
        }
        #expect(params["uri"]?.stringValue == uri)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test(arguments: [("utf-16", 14), ("utf-8", 20), ("utf-32", 12)])
    func positionsCountInTheNegotiatedEncoding(encoding: String, column: Int) throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        let result = try c.initialize(capabilities: [
            "general": ["positionEncodings": encoding == "utf-16" ? ["utf-16"] : [.string(encoding), "utf-16"]]
        ])
        #expect(result["capabilities"]?["positionEncoding"]?.stringValue == encoding)
        // "- 👍🏽 東 @due(" : 👍🏽 is 8 UTF-8 bytes, 4 UTF-16 units, 2 scalars; 東 is 3 / 1 / 1.
        let text = "- 👍🏽 東 @due(2027-02-30)\n"
        c.open(uri, text)
        let d = try c.waitForDiagnostics(uri)
        #expect(d.first?.rangeTuple == [0, column, 0, column + 10])
        // An edit in the same units lands where the client means it.
        c.change(uri, version: 2, [LSPClient.edit(0, column + 8, 0, column + 10, "28")])
        #expect(try c.waitForDiagnostics(uri, version: 2).isEmpty)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aLargeDocumentOpensTheSameWayAsItIsEdited() throws {
        // Over 64 KB, didOpen's text is split into lines while still escaped; a
        // full-text change takes the ordinary path. Both must see the same lines.
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize()
        let text =
            JSONTests.longText + "\n- wrong @due(2025-02-30)\r\n\t- long " + String(repeating: "é", count: 130) + "\n"
        c.open(uri, text, version: 1)
        let opened = try c.waitForDiagnostics(uri, version: 1)
        #expect(opened.count > 1)
        c.change(uri, version: 2, [["text": .string("")]])
        _ = try c.waitForDiagnostics(uri, version: 2)
        c.change(uri, version: 3, [["text": .string(text)]])
        #expect(try c.waitForDiagnostics(uri, version: 3) == opened)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func contentLengthCountsUTF8Bytes() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize()
        // Multi-byte text: a server counting characters would cut this frame short.
        c.open(uri, "Zürich 東京 👍🏽:\n\t- été @due(2025-02-30)\n")
        #expect(try c.waitForDiagnostics(uri).map(\.code) == ["date-invalid"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func badNotificationsAreDroppedWholeAndTheTextStaysTheClients() throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize()
        c.open(uri, "- a @due(2026-12-01)\n", version: 1)
        _ = try c.waitForDiagnostics(uri, version: 1)
        // The first change is fine, the second has no `end`: nothing of it may apply.
        c.change(
            uri, version: 2,
            [
                LSPClient.edit(0, 0, 0, 0, "X"),
                ["range": ["start": ["line": 0, "character": 0]], "text": "Y"],
            ])
        c.change(uri, version: 3, [LSPClient.edit(-1, 0, 0, 0, "Z")])
        c.change("file:///not-open.taskpaper", version: 2, [LSPClient.edit(0, 0, 0, 0, "Z")])
        // An edit far out of range means the document end.
        c.change(uri, version: 4, [LSPClient.edit(99, 99, 1_000_000_000_000, 5, "- b @due(2025-02-30)")])
        let d = try c.waitForDiagnostics(uri, version: 4)
        #expect(d.map(\.code) == ["date-invalid"])
        #expect(d.first?.rangeTuple == [1, 9, 1, 19])
        // The server holds exactly "- a @due(2026-12-01)\n- b @due(2025-02-30)": the first line is untouched.
        let tokens = try c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])
        #expect(tokens["data"]?.arrayValue?.prefix(5).map(\.intValue) == [0, 0, 2, 1, 0])
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Random edits of every kind, applied to the server and to a reference string;
    /// afterwards the server's diagnostics and tokens equal a fresh open of the reference.
    @Test(arguments: ["utf-16", "utf-8", "utf-32"])
    func randomEditsMatchAFreshOpen(encoding: String) throws {
        let c = TestClient(now: Self.env["TASKPAPER_NOW"])
        try c.initialize(capabilities: ["general": ["positionEncodings": [.string(encoding)]]])
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "- task ", "@due(2025-02-30)", "@due(2027-01-01)", "@next", "\n", "\r\n", "\r", "👍🏽", "e\u{301}",
            "東", "\t", ":", " ", "@x(", ")", "Home:", "@done", "(", "tomorow", "2025-13-01",
        ]
        var model = ClientText(
            "Home:\n\t- a @due(2025-05-11)\r\n\t- b @due(2025-02-30) @next @next\rnote 👍🏽\nlast",
            encoding: encoding)
        c.open(uri, model.text)
        var version = 1
        for _ in 0..<150 {
            var changes: [JSON] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                if Int.random(in: 0..<40, using: &rng) == 0 {
                    model.replaceAll(with: (0..<5).map { _ in pieces.randomElement(using: &rng)! }.joined())
                    changes.append(["text": .string(model.text)])
                    continue
                }
                let lines = model.lines
                let l1 = Int.random(in: 0..<lines.count, using: &rng)
                let l2 = min(lines.count - 1, l1 + Int.random(in: 0...2, using: &rng))
                let c1 = Int.random(in: 0...model.length(lines[l1]) + 1, using: &rng)
                var c2 = Int.random(in: 0...model.length(lines[l2]) + 1, using: &rng)
                if l2 == l1, c2 < c1 { c2 = c1 }
                let insert = (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                    .joined()
                model.replace((l1, c1), (l2, c2), with: insert)
                changes.append(LSPClient.edit(l1, c1, l2, c2, insert))
            }
            version += 1
            c.change(uri, version: version, changes)
        }
        let edited = try c.waitForDiagnostics(uri, version: version)
        let fresh = "file:///tmp/fresh.taskpaper"
        c.open(fresh, model.text)
        let expected = try c.waitForDiagnostics(fresh)
        #expect(edited == expected)
        let tokensEdited = try c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])[
            "data"]
        let tokensFresh = try c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(fresh)]])[
            "data"]
        #expect(tokensEdited == tokensFresh)
        #expect(try c.shutdownAndExit() == 0)
    }
}
