import Testing
import TaskPaper
@testable import TaskPaperServer

/// The capabilities the server advertises and the methods it handles cannot drift apart.
@Suite struct RequestTableTests {
    /// The methods a capability promises, as the LSP specification ties them.
    static func methods(promisedBy key: String, _ options: JSON) -> [String] {
        switch key {
        case "textDocumentSync": ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"]
        case "diagnosticProvider":
            ["textDocument/diagnostic"] + (options["workspaceDiagnostics"] == true ? ["workspace/diagnostic"] : [])
        case "semanticTokensProvider":
            ["textDocument/semanticTokens/full"]
                + (options["full"]?["delta"] == true ? ["textDocument/semanticTokens/full/delta"] : [])
                + (options["range"] == true ? ["textDocument/semanticTokens/range"] : [])
        case "completionProvider": ["textDocument/completion"]
        case "hoverProvider": ["textDocument/hover"]
        case "inlayHintProvider": ["textDocument/inlayHint"]
        case "codeActionProvider": ["textDocument/codeAction"]
        case "executeCommandProvider": ["workspace/executeCommand"]
        case "documentSymbolProvider": ["textDocument/documentSymbol"]
        case "foldingRangeProvider": ["textDocument/foldingRange"]
        case "selectionRangeProvider": ["textDocument/selectionRange"]
        case "documentHighlightProvider": ["textDocument/documentHighlight"]
        case "referencesProvider": ["textDocument/references"]
        case "definitionProvider": ["textDocument/definition"]
        case "codeLensProvider": ["textDocument/codeLens"]
        case "documentLinkProvider": ["textDocument/documentLink"]
        case "documentFormattingProvider": ["textDocument/formatting"]
        case "documentRangeFormattingProvider": ["textDocument/rangeFormatting"]
        case "renameProvider":
            ["textDocument/rename"] + (options["prepareProvider"] == true ? ["textDocument/prepareRename"] : [])
        case "workspaceSymbolProvider": ["workspace/symbol"]
        case "workspace":
            options["workspaceFolders"]?["changeNotifications"] == true ? ["workspace/didChangeWorkspaceFolders"] : []
        case "positionEncoding": []
        default: ["unknown capability \(key)"]
        }
    }

    /// Lifecycle methods need no capability.
    static let lifecycle: Set = ["initialize", "initialized", "shutdown", "exit"]

    /// A client that supports everything the server can offer, dynamic registration included.
    static let richClient: JSON = [
        "textDocument": ["diagnostic": [:], "rename": ["prepareSupport": true]],
        "workspace": [
            "diagnostics": ["refreshSupport": true],
            "didChangeConfiguration": ["dynamicRegistration": true],
            "didChangeWatchedFiles": ["dynamicRegistration": true],
        ],
    ]

    @Test func everyAdvertisedMethodHasAHandlerAndEveryHandlerIsAdvertised() throws {
        let c = TestClient()
        var registered: [String] = []
        c.answerServerRequest = { method, params in
            if method == "client/registerCapability" {
                registered += (params["registrations"]?.arrayValue ?? []).compactMap { $0["method"]?.stringValue }
            }
            return nil
        }
        let ws = try TempWorkspace(["a.taskpaper": "- a\n"])
        let capabilities = try #require(
            try c.initialize(capabilities: Self.richClient, rootURI: ws.rootURI)["capabilities"]?
                .objectValue)
        var advertised = Set(registered)
        for (key, options) in capabilities { advertised.formUnion(Self.methods(promisedBy: key, options)) }

        let handled = Set(Server.requestRoutes.keys).union(Server.notificationRoutes.keys)
        #expect(advertised.subtracting(handled).isEmpty, "advertised without a handler")
        #expect(handled.subtracting(advertised).subtracting(Self.lifecycle).isEmpty, "handled but not advertised")
        #expect(registered.sorted() == ["workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles"])
    }

    @Test func aPlainClientIsOfferedOnlyWhatItCanUse() throws {
        let c = TestClient()
        let capabilities = try c.initialize()["capabilities"]
        #expect(capabilities?["diagnosticProvider"] == nil)
        #expect(capabilities?["renameProvider"] == true)
        #expect(capabilities?["textDocumentSync"] == ["openClose": true, "change": 2])
    }

    @Test func theTableSaysWhereEachHandlerRuns() {
        let offLoop = Server.requestTable.filter { $0.runsOn == .offLoopOnSnapshots }.map(\.method)
        // Searches run off the loop: references, definition and hover on a saved search, its code lens, the command.
        // So do links: they scan every line.
        #expect(
            offLoop == [
                "textDocument/documentSymbol", "textDocument/selectionRange", "textDocument/references",
                "textDocument/definition", "workspace/symbol", "textDocument/hover", "workspace/executeCommand",
                "textDocument/codeLens", "textDocument/documentLink",
            ])
    }

    @Test func badParamsAreAnsweredWithTheFieldTheyLack() throws {
        let c = TestClient()
        try c.initialize()
        c.open("file:///a.taskpaper", "- a\n")
        let missing = try c.requestResponse("textDocument/hover", ["textDocument": ["uri": "file:///a.taskpaper"]])
        #expect(missing["error"]?["code"] == -32602)
        #expect(missing["error"]?["message"] == "Missing \"position\"")
        let negative = try c.requestResponse(
            "textDocument/selectionRange",
            [
                "textDocument": ["uri": "file:///a.taskpaper"], "positions": [["line": 0, "character": -1]],
            ])
        #expect(negative["error"]?["message"] == "\"character\" must not be negative")
    }
}
