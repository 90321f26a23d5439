import Foundation
import Testing
import TaskPaperServer

/// Lifecycle and error codes, through the real binary.
@Suite struct LifecycleTests {
    @Test func requestBeforeInitializeGets32002() throws {
        let c = try LSPClient()
        let r = try c.requestResponse(
            "textDocument/hover", ["textDocument": ["uri": "file:///a"], "position": ["line": 0, "character": 0]])
        #expect(r["error"]?["code"] == -32002)
        try c.initialize()
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func unknownRequestGets32601AndUnknownNotificationIsIgnored() throws {
        let c = try LSPClient()
        try c.initialize()
        c.notify("taskpaper/noSuchNotification", [:])
        c.notify("$/setTrace", ["value": "off"])
        let r = try c.requestResponse("taskpaper/noSuchRequest", [:])
        #expect(r["error"]?["code"] == -32601)
        #expect(try c.shutdownAndExit() == 0)
        // Nothing was answered for the notifications.
        #expect(c.received.allSatisfy { $0["id"] != nil || $0["method"] != nil })
    }

    @Test func afterShutdownRequestsGet32600() throws {
        let c = try LSPClient()
        try c.initialize()
        _ = try c.request("shutdown")
        let r = try c.requestResponse("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///a"]])
        #expect(r["error"]?["code"] == -32600)
        c.notify("exit")
        #expect(c.waitForExit() == 0)
    }

    @Test func exitWithoutShutdownExitsWith1() throws {
        let c = try LSPClient()
        try c.initialize()
        c.notify("exit")
        #expect(c.waitForExit() == 1)
    }

    /// Requests answered off the loop (a hover on a saved search, document symbols) sent right before
    /// shutdown and exit are still answered, and the server exits cleanly. Under `.ci/sanitizers` this
    /// is also the leak check of what those answers hand back to a loop that has stopped.
    @Test func answersComputedOffTheLoopWhenExitArrivesStillGoOut() throws {
        let c = try LSPClient(environment: ["TASKPAPER_NOW": "2026-11-21T10:00"])
        try c.initialize()
        let uri = "file:///tmp/plan.taskpaper"
        c.open(uri, "Plan:\n\t- Due and open @search(@due and not @done)\n\t- Water @due(2026-12-01)\n")
        let hover = c.send("textDocument/hover", LSPClient.at(uri, 1, 20))
        let symbols = c.send("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
        let shutdown = c.send("shutdown")
        c.notify("exit")
        let hovered = try c.waitForResponse(id: .int(hover))
        #expect(hovered["result"]?["contents"]?["value"]?.stringValue?.hasPrefix("1 item found by @due") == true)
        let outline = try c.waitForResponse(id: .int(symbols))
        #expect(outline["result"]?.arrayValue?.first?["name"] == "Plan")
        #expect(try c.waitForResponse(id: .int(shutdown))["result"] == .null)
        #expect(c.waitForExit() == 0)
    }

    @Test func endOfInputEndsTheServer() throws {
        let c = try LSPClient()
        try c.initialize()
        c.closeInput()
        #expect(c.waitForExit() == 1)
    }

    @Test func malformedJSONGets32700WithNullIDAndServiceGoesOn() throws {
        let c = try LSPClient()
        try c.initialize()
        c.sendBytes(Array("{\"jsonrpc\": \"2.0\", \"id\": 5, \"method\": ".utf8))
        let err = try c.waitFor("parse error", timeout: 20) { $0["error"]?["code"] == -32700 }
        #expect(err["id"] == .null)
        // Valid JSON of the wrong shape gets -32600.
        c.sendBytes(Array("[1, 2]".utf8))
        _ = try c.waitFor("invalid request", timeout: 20) { $0["error"]?["code"] == -32600 }
        c.sendRaw(["jsonrpc": "1.0", "id": 9, "method": "shutdown"])
        let wrongVersion = try c.waitForResponse(id: 9)
        #expect(wrongVersion["error"]?["code"] == -32600)
        c.open("file:///a.taskpaper", "- x @due(2025-13-01)\n")
        let diags = try c.waitForDiagnostics("file:///a.taskpaper")
        #expect(diags.map(\.code) == ["date-invalid"])
        #expect(try c.shutdownAndExit() == 0)
    }

    /// A large didOpen is split into lines while it arrives (`LineEndScanner`): every kind of line end,
    /// and text that only looks like one (`C:\new`), land each finding on its line and column.
    @Test func aLargeDocumentSplitAsItArrivesPutsFindingsOnTheirLines() throws {
        let c = try LSPClient()
        try c.initialize()
        let endings = ["\n", "\r\n", "\r"]
        var text = "", expected: [String] = []
        for i in 0..<3000 {
            let prefix = i % 3 == 0 ? "\t- naïve \"C:\\new\" 👍🏽 " : "- task \\r\\n "
            if i % 97 == 0 {
                expected.append("\(i):\(prefix.utf16.count + 5)")  // the date, after `@due(`
                text += prefix + "@due(2025-13-01)" + endings[i % 3]
            } else {
                text += prefix + "@due(2030-01-01) @home" + endings[i % 3]
            }
        }
        c.open("file:///large.taskpaper", text)
        let found = try c.waitForDiagnostics("file:///large.taskpaper").map {
            "\($0["range"]?["start"]?["line"]?.intValue ?? -1):\($0["range"]?["start"]?["character"]?.intValue ?? -1)"
        }
        #expect(found == expected)
        #expect(try c.shutdownAndExit() == 0)
    }

    /// A didOpen's text is checked where its lines are decoded (not by the reader): malformed, it gets the
    /// same answer as any malformed message, and the document is not opened.
    @Test func aMalformedDocumentTextGets32700AndNothingOpens() throws {
        let c = try LSPClient()
        try c.initialize()
        let text = String(repeating: "- task @due(2026-01-01)\\n", count: 4000) + "\u{1}" + "- last"
        c.sendBytes(
            Array(
                ("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                    + "{\"uri\":\"file:///bad.taskpaper\",\"languageId\":\"taskpaper\",\"version\":1,\"text\":\"\(text)\"}}}")
                    .utf8))
        let err = try c.waitFor("parse error", timeout: 20) { $0["error"]?["code"] == -32700 }
        #expect(err["id"] == .null)
        #expect(err["error"]?["message"]?.stringValue?.contains("control character") == true)
        let symbols = try c.requestResponse(
            "textDocument/documentSymbol", ["textDocument": ["uri": "file:///bad.taskpaper"]])
        #expect(symbols["error"] != nil, "the document is not open")
        c.open("file:///a.taskpaper", "- x @due(2025-13-01)\n")
        #expect(try c.waitForDiagnostics("file:///a.taskpaper").map(\.code) == ["date-invalid"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func badHeaderIsSkippedAndTheNextMessageServed() throws {
        let c = try LSPClient()
        try c.initialize()
        c.sendFrameless("Content-Length: banana\r\n\r\n{}")
        c.sendFrameless("garbage that is no header\r\n")
        c.sendBytes(Array("{}".utf8), header: "Content-Length: -4\r\n\r\n")
        // A frame over the limit is refused without reading it into memory.
        c.sendFrameless("Content-Length: 99999999999\r\n\r\n")
        let r = try c.requestResponse("taskpaper/noSuchRequest", [:])
        #expect(r["error"]?["code"] == -32601)
        // Content-Type is tolerated; header names are case-insensitive.
        let body = Array(#"{"jsonrpc":"2.0","id":77,"method":"taskpaper/x"}"#.utf8)
        c.sendBytes(
            body,
            header: "content-length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n")
        #expect(try c.waitForResponse(id: 77)["error"]?["code"] == -32601)
        #expect(try c.shutdownAndExit() == 0)
        #expect(c.stderrText.contains("bad header"))
    }

    @Test func paramsOfTheWrongShapeGet32602() throws {
        let c = try LSPClient()
        try c.initialize()
        c.open("file:///a.taskpaper", "- a\n")
        let r = try c.requestResponse(
            "textDocument/semanticTokens/range",
            ["textDocument": ["uri": "file:///a.taskpaper"], "range": ["start": ["line": -1, "character": 0]]])
        #expect(r["error"]?["code"] == -32602)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func cancelledRequestGets32800() throws {
        let c = try LSPClient()
        try c.initialize()
        // A large document keeps the loop busy while the request and its cancel wait in line.
        let big = String(repeating: "- task @due(2030-01-01) @work\n", count: 100_000)
        c.open("file:///big.taskpaper", big)
        let id = c.send("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///big.taskpaper"]])
        c.notify("$/cancelRequest", ["id": .int(id)])
        let r = try c.waitForResponse(id: .int(id), timeout: 60)
        // Either it was still waiting (cancelled) or already answered; never both, never neither.
        #expect(r["error"]?["code"] == -32800 || r["result"] != nil)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func versionAndHelpAreCommandLineFlags() throws {
        let version = try LSPClient(arguments: ["--version"])
        #expect(version.waitForExit() == 0)
        let help = try LSPClient(arguments: ["--help"])
        #expect(help.waitForExit() == 0)
        let stdio = try LSPClient(arguments: ["--stdio"])
        try stdio.initialize()
        #expect(try stdio.shutdownAndExit() == 0)
    }
}
