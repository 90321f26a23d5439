import Foundation
import Testing
import TaskPaperServer

/// The workspace index and workspace symbols, in process (Support/TestClient.swift).
@Suite struct WorkspaceIndexTests {
    static func symbols(_ c: TestClient, _ query: String) throws -> [String] {
        describe(try c.request("workspace/symbol", ["query": .string(query)]))
    }

    static func symbols(_ c: LSPClient, _ query: String) throws -> [String] {
        describe(try c.request("workspace/symbol", ["query": .string(query)]))
    }

    /// Each symbol as "name in container (file:line)".
    static func describe(_ symbols: JSON) -> [String] {
        (symbols.arrayValue ?? []).map { s in
            let file = (s["location"]?["uri"]?.stringValue ?? "").split(separator: "/").last.map(String.init) ?? "?"
            let container = s["containerName"]?.stringValue.map { " in \($0)" } ?? ""
            return
                "\(s["name"]?.stringValue ?? "?")\(container) (\(file):\(s["location"]?["range"]?["start"]?["line"]?.intValue ?? -1))"
        }
    }

    @Test func indexedFilesInNestedFoldersFeedWorkspaceSymbols() throws {
        let ws = try TempWorkspace([
            "todo.taskpaper": "Home:\n\t- Buy milk\n\tGarden:\n\t\t- Mow the lawn @weekend\n",
            "work/2025/q2.taskpaper": "Work:\n\t- Quarterly report @due(2025-06-30)\n",
            "work/readme.txt": "- not a taskpaper file\n",
            ".hidden/secret.taskpaper": "- Hidden task\n",
            "node_modules/pkg/dep.taskpaper": "- Dependency task\n",
            ".build/out.taskpaper": "- Build task\n",
        ])
        let c = try TestClient.indexing(ws)
        // Files in path order, each in line order; skipped folders and other extensions left out.
        #expect(
            try Self.symbols(c, "") == [
                "Home (todo.taskpaper:0)", "Buy milk in Home (todo.taskpaper:1)", "Garden in Home (todo.taskpaper:2)",
                "Mow the lawn in Home / Garden (todo.taskpaper:3)",
                "Work (q2.taskpaper:0)", "Quarterly report in Work (q2.taskpaper:1)",
            ])
        // Fuzzy: the query's letters in order, word starts first.
        #expect(try Self.symbols(c, "qr").first == "Quarterly report in Work (q2.taskpaper:1)")
        #expect(try Self.symbols(c, "mtl") == ["Mow the lawn in Home / Garden (todo.taskpaper:3)"])
        #expect(try Self.symbols(c, "zzz") == [])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func workspaceSymbolsPreferOpenText() throws {
        let ws = try TempWorkspace(["todo.taskpaper": "- Old task\n"])
        let c = try TestClient.indexing(ws)
        c.open(ws.uri("todo.taskpaper"), "- New task\n")
        #expect(try Self.symbols(c, "task") == ["New task (todo.taskpaper:0)"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func indexedFilesFeedCompletion() throws {
        let ws = try TempWorkspace([
            "deep/er/plans.taskpaper": "- Pack @travel @owner(ana)\n- Book @travel @owner(ben)\n"
        ])
        let c = try TestClient.indexing(ws)
        c.open("file:///new.taskpaper", "- x @\n- y @owner(\n")
        let names =
            try c.request("textDocument/completion", LSPClient.at("file:///new.taskpaper", 0, 5))["items"]?.arrayValue
            ?? []
        #expect(names.contains { $0["label"] == "travel" })
        let values =
            try c.request("textDocument/completion", LSPClient.at("file:///new.taskpaper", 1, 11))["items"]?.arrayValue
            ?? []
        #expect(Set(values.compactMap { $0["label"]?.stringValue }) == ["ana", "ben"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func watchedFileChangesUpdateTheIndex() throws {
        let ws = try TempWorkspace(["a.taskpaper": "- Alpha\n"])
        let c = try TestClient.indexing(
            ws, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        try ws.write("a.taskpaper", "- Alpha renamed\n")
        try ws.write("sub/b.taskpaper", "- Beta\n")
        try c.changeWatchedFiles([(ws.uri("a.taskpaper"), 2), (ws.uri("sub/b.taskpaper"), 1)])
        #expect(try Self.symbols(c, "") == ["Alpha renamed (a.taskpaper:0)", "Beta (b.taskpaper:0)"])

        try ws.remove("a.taskpaper")
        try c.changeWatchedFiles([(ws.uri("a.taskpaper"), 3)])
        #expect(try Self.symbols(c, "") == ["Beta (b.taskpaper:0)"])
        #expect(try c.shutdownAndExit() == 0)
        // The server asked to be told about changes to every .taskpaper file.
        let registration = c.received.first {
            $0["method"] == "client/registerCapability"
                && $0["params"]?.serialized.contains("didChangeWatchedFiles") == true
        }
        let watcher = registration?["params"]?["registrations"]?.arrayValue?.first?["registerOptions"]?["watchers"]?
            .arrayValue?.first
        #expect(watcher?["globPattern"] == "**/*.taskpaper")
    }

    @Test func aNewIndentWidthRebuildsTheOutlines() throws {
        let ws = try TempWorkspace(["a.taskpaper": "A:\n  - child\n"])
        let c = try TestClient.indexing(ws)
        // By default the shortest leading space run is a level; four spaces a level make two spaces none.
        #expect(try Self.symbols(c, "child") == ["child in A (a.taskpaper:1)"])
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["indentWidth": 4]]])
        try c.waitForIndex()
        #expect(try Self.symbols(c, "child") == ["child (a.taskpaper:1)"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func progressIsReportedWhenTheClientShowsIt() throws {
        let ws = try TempWorkspace(["a.taskpaper": "- A\n", "b/b.taskpaper": "- B\n", "c/c/c.taskpaper": "- C\n"])
        let c = try TestClient.indexing(ws, capabilities: ["window": ["workDoneProgress": true]])
        #expect(try c.shutdownAndExit() == 0)
        let create = c.received.firstIndex { $0["method"] == "window/workDoneProgress/create" }
        let token = try #require(create.flatMap { c.received[$0]["params"]?["token"] })
        let progress = c.received.enumerated().filter {
            $0.element["method"] == "$/progress" && $0.element["params"]?["token"] == token
        }
        let kinds = progress.compactMap { $0.element["params"]?["value"]?["kind"]?.stringValue }
        #expect(kinds.first == "begin")
        #expect(kinds.last == "end")
        #expect(kinds.filter { $0 == "report" }.count == 3)
        #expect(progress.last?.element["params"]?["value"]?["message"]?.stringValue?.contains("Indexed 3") == true)
        // The token was created before its first use.
        #expect(create! < progress.first!.offset)
    }

    @Test func noProgressWithoutClientSupport() throws {
        let ws = try TempWorkspace(["a.taskpaper": "- A\n"])
        let c = try TestClient.indexing(ws)
        #expect(try c.shutdownAndExit() == 0)
        #expect(
            !c.received.contains { $0["method"] == "$/progress" || $0["method"] == "window/workDoneProgress/create" })
    }

    @Test func symlinksAreNotFollowedOutOfTheFolder() throws {
        let outside = try TempWorkspace(["elsewhere.taskpaper": "- Outside task\n"])
        let ws = try TempWorkspace(["inside.taskpaper": "- Inside task\n"])
        try FileManager.default.createSymbolicLink(at: ws.url("linked"), withDestinationURL: outside.root)
        try FileManager.default.createSymbolicLink(
            at: ws.url("link.taskpaper"), withDestinationURL: outside.url("elsewhere.taskpaper"))
        let c = try TestClient.indexing(ws)
        #expect(try Self.symbols(c, "") == ["Inside task (inside.taskpaper:0)"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func invalidUTF8IsReadLossilyAndHugeFilesAreSkipped() throws {
        let ws = try TempWorkspace()
        try ws.write("latin1.taskpaper", Data([0x2D, 0x20, 0x43, 0x61, 0x66, 0xE9, 0x0A]))  // "- Caf\xE9\n"
        var huge = Data("- Huge task\n".utf8)
        huge.append(Data(repeating: 0x61, count: 33 << 20))
        try ws.write("huge.taskpaper", huge)
        let c = TestClient()
        try c.initialize(rootURI: ws.rootURI)
        let skipped = try c.waitForNotification("window/logMessage") {
            $0["message"]?.stringValue?.contains("huge.taskpaper") == true
        }
        #expect(skipped["message"]?.stringValue?.contains("32 MB") == true)
        try c.waitForIndex()
        #expect(try Self.symbols(c, "") == ["Caf\u{FFFD} (latin1.taskpaper:0)"])
        #expect(try c.shutdownAndExit() == 0)
    }
}
