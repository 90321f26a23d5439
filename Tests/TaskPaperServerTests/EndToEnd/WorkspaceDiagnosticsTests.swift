import Foundation
import TaskPaperServer
import Testing

/// Diagnostics of files that are not open (the `workspaceDiagnostics` setting), through the real binary on a
/// temporary workspace: pushed to a client that never asks, pulled by one that does.
@Suite struct WorkspaceDiagnosticsTests {
    static let today = "2026-11-21"
    static let home = """
        Home:
        \t- pay rent @due(2026-11-20)
        \t- call Bob @due(2026-11-21)
        \t- paint @due(2026-12-01)
        \t- fix @due(2026-13-45)
        \t- filed @due(2026-11-01) @done(2026-11-02)

        """

    static func client(_ ws: TempWorkspace, capabilities: JSON = [:], options: JSON = nil) throws -> LSPClient {
        let c = try LSPClient(environment: ["TASKPAPER_NOW": today])
        try c.initialize(capabilities: capabilities, options: options, rootURI: ws.rootURI)
        try c.waitForIndex()
        return c
    }

    static let pullCapabilities: JSON = [
        "textDocument": ["diagnostic": ["dynamicRegistration": false]],
        "workspace": ["diagnostics": ["refreshSupport": true], "didChangeWatchedFiles": ["dynamicRegistration": true]],
    ]

    static func publishes(_ c: LSPClient, _ uri: String) -> [JSON] {
        c.received.filter {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
        }
    }

    /// The client answers the server's requests as they come: they are counted among what it received.
    static func refreshes(_ c: LSPClient) -> Int {
        c.received.filter { $0["method"]?.stringValue == "workspace/diagnostic/refresh" }.count
    }

    static func waitForRefresh(_ c: LSPClient, after count: Int) throws {
        let deadline = Date().addingTimeInterval(20)
        while refreshes(c) <= count {
            try #require(Date() < deadline, "no workspace/diagnostic/refresh")
            usleep(20_000)
        }
    }

    static func summary(_ diagnostics: [JSON]) -> [String] {
        diagnostics.map { "\($0.code ?? "?") \($0.rangeTuple)" }
    }

    @Test func aClientThatNeverAsksIsPushedWhatIsDueInClosedFilesOnly() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home, "clean.taskpaper": "- nothing due\n"])
        let c = try Self.client(ws)
        let pushed = try c.waitForDiagnostics(ws.uri("home.taskpaper"))
        #expect(Self.summary(pushed) == ["overdue [1, 12, 1, 28]", "due-today [2, 12, 2, 28]"])
        #expect(pushed.map { $0["severity"]?.intValue } == [3, 3])
        #expect(pushed.last?["message"]?.stringValue == "Due today")
        #expect(try c.shutdownAndExit() == 0)
        #expect(Self.publishes(c, ws.uri("clean.taskpaper")).isEmpty, "a file with no finding is sent nothing")
        #expect(Self.publishes(c, ws.uri("home.taskpaper")).count == 1)
    }

    @Test func allReportsEveryFindingAndOffNothing() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home])
        let all = try Self.client(ws, options: ["workspaceDiagnostics": "all"])
        let pushed = try all.waitForDiagnostics(ws.uri("home.taskpaper"))
        #expect(pushed.compactMap(\.code) == ["overdue", "due-today", "date-invalid"])
        #expect(try all.shutdownAndExit() == 0)

        let off = try Self.client(ws, options: ["workspaceDiagnostics": "off"])
        #expect(try off.shutdownAndExit() == 0)
        #expect(Self.publishes(off, ws.uri("home.taskpaper")).isEmpty)
    }

    @Test func allReportsAClosedFilesOutlineFindingsAndDueIsOnlyWhatIsDue() throws {
        let ws = try TempWorkspace(["plan.taskpaper": "Plan:\n\t- parent\n\t\t- a @done\n\t\t- b @due(2026-11-21)\n"])
        let plan = ws.uri("plan.taskpaper")
        // b is open, so parent's subtasks are not all done: nothing but b's due day.
        let all = try Self.client(ws, options: ["workspaceDiagnostics": "all"])
        #expect(Self.summary(try all.waitForDiagnostics(plan)) == ["due-today [3, 6, 3, 22]"])
        #expect(try all.shutdownAndExit() == 0)

        try ws.write("plan.taskpaper", "Plan:\n\t- parent\n\t\t- a @done\n\t\t- b @done\n")
        let done = try Self.client(ws, options: ["workspaceDiagnostics": "all"])
        #expect(Self.summary(try done.waitForDiagnostics(plan)) == ["subtasks-done [1, 3, 1, 9]"])
        #expect(try done.shutdownAndExit() == 0)

        let due = try Self.client(ws)
        #expect(try due.shutdownAndExit() == 0)
        #expect(Self.publishes(due, plan).isEmpty, "\"due\" reports no hint")
    }

    @Test func aFolderAddedIsIndexedAndOneRemovedTakesItsFilesAndTheirDiagnosticsAlong() throws {
        let ws = try TempWorkspace([
            "home/home.taskpaper": "Home:\n\t- pay rent @due(2026-11-20)\n",
            "work/work.taskpaper": "Work:\n\t- send invoice @due(2026-11-19)\n",
        ])
        let home = ws.uri("home/home.taskpaper"), work = ws.uri("work/work.taskpaper")
        let c = try LSPClient(environment: ["TASKPAPER_NOW": Self.today])
        let capabilities = try c.initialize(rootURI: ws.uri("home"))["capabilities"]
        #expect(capabilities?["workspace"]?["workspaceFolders"]?["changeNotifications"]?.boolValue == true)
        try c.waitForIndex()
        #expect(try c.waitForDiagnostics(home).compactMap(\.code) == ["overdue"])

        func folders(added: [String], removed: [String]) {
            func list(_ names: [String]) -> JSON {
                .array(names.map { ["uri": .string(ws.uri($0)), "name": .string($0)] })
            }
            c.notify(
                "workspace/didChangeWorkspaceFolders", ["event": ["added": list(added), "removed": list(removed)]])
        }
        func symbols(_ query: String) throws -> [String] {
            try c.request("workspace/symbol", ["query": .string(query)]).arrayValue?.compactMap {
                $0["name"]?.stringValue
            } ?? []
        }
        folders(added: ["work"], removed: [])
        #expect(try c.waitForDiagnostics(work).compactMap(\.code) == ["overdue"])
        #expect(try symbols("Work") == ["Work"])

        folders(added: [], removed: ["home"])
        #expect(try c.waitForDiagnostics(home).isEmpty, "a file that left the workspace is cleared")
        #expect(try symbols("Home").isEmpty)
        #expect(try symbols("Work") == ["Work"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func anOpenFileShowsWhatIsDueTodayUnlessTheSettingIsOff() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home])
        let home = ws.uri("home.taskpaper")
        let c = try Self.client(ws, options: ["workspaceDiagnostics": "off"])
        c.open(home, Self.home)
        #expect(try c.waitForDiagnostics(home, version: 1).compactMap(\.code) == ["overdue", "date-invalid"])
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["workspaceDiagnostics": "due"]]])
        let due = try c.waitForDiagnostics(home, version: 1)
        #expect(
            Self.summary(due) == ["overdue [1, 12, 1, 28]", "due-today [2, 12, 2, 28]", "date-invalid [4, 12, 4, 22]"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func changingTheSettingRepublishesAndOffClears() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home])
        let c = try Self.client(ws)
        let home = ws.uri("home.taskpaper")
        #expect(try c.waitForDiagnostics(home).compactMap(\.code) == ["overdue", "due-today"])
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["workspaceDiagnostics": "all"]]])
        #expect(try c.waitForDiagnostics(home).compactMap(\.code) == ["overdue", "due-today", "date-invalid"])
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["workspaceDiagnostics": "off"]]])
        #expect(try c.waitForDiagnostics(home).isEmpty)
        // Back on: the files are read again (nothing was linted while off).
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["workspaceDiagnostics": "due"]]])
        #expect(try c.waitForDiagnostics(home).compactMap(\.code) == ["overdue", "due-today"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aFileEditedOnDiskIsRepublishedAloneThenClearedWhenDeleted() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home, "work.taskpaper": "- report @due(2026-11-02)\n"])
        let c = try Self.client(ws)
        let home = ws.uri("home.taskpaper"), work = ws.uri("work.taskpaper")
        #expect(Self.summary(try c.waitForDiagnostics(work)) == ["overdue [0, 9, 0, 25]"])
        _ = try c.waitForDiagnostics(home)

        try ws.write("home.taskpaper", "- pay rent @due(2026-11-20) @done(2026-11-21)\n- call Bob @due(2026-11-21)\n")
        try c.changeWatchedFiles([(home, 2)])
        #expect(Self.summary(try c.waitForDiagnostics(home)) == ["due-today [1, 11, 1, 27]"])

        // An edit that changes no finding sends nothing.
        try ws.write("home.taskpaper", "- pay rent @due(2026-11-20) @done(2026-11-21)\n- call Bob @due(2026-11-21)\n\n")
        try c.changeWatchedFiles([(home, 2)])

        try ws.write("new.taskpaper", "- post @due(2026-11-21)\n")
        try c.changeWatchedFiles([(ws.uri("new.taskpaper"), 1)])
        #expect(Self.summary(try c.waitForDiagnostics(ws.uri("new.taskpaper"))) == ["due-today [0, 7, 0, 23]"])

        try ws.remove("home.taskpaper")
        try c.changeWatchedFiles([(home, 3)])
        #expect(try c.waitForDiagnostics(home).isEmpty)
        #expect(try c.shutdownAndExit() == 0)
        #expect(Self.publishes(c, work).count == 1, "only the changed file is published again")
        #expect(Self.publishes(c, home).count == 3)
    }

    @Test func openingAFileTakesItsDiagnosticsOverAndClosingHandsThemBack() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home])
        let c = try Self.client(ws)
        let home = ws.uri("home.taskpaper")
        _ = try c.waitForDiagnostics(home)

        c.open(home, Self.home)
        let open = try c.waitForDiagnostics(home, version: 1)
        // The document's own findings, each once: every rule's, `due-today` among them.
        #expect(open.compactMap(\.code) == ["overdue", "due-today", "date-invalid"])

        c.notify("textDocument/didClose", ["textDocument": ["uri": .string(home)]])
        let back = try c.waitForDiagnostics(home)
        #expect(Self.summary(back) == ["overdue [1, 12, 1, 28]", "due-today [2, 12, 2, 28]"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aClientThatPullsGetsAReportPerFileAndUnchangedWhenNothingChanged() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home, "clean.taskpaper": "- nothing due\n"])
        let c = try Self.client(ws, capabilities: Self.pullCapabilities)
        let home = ws.uri("home.taskpaper")
        let initialize = c.received.first { $0["result"]?["capabilities"] != nil }
        #expect(
            initialize?["result"]?["capabilities"]?["diagnosticProvider"]?["workspaceDiagnostics"]?.boolValue == true)

        let first = try c.request("workspace/diagnostic", ["previousResultIds": []])
        // Pushed while it had not asked yet (the index may be built first): cleared by its first request.
        let pushedBeforeAsking = Self.publishes(c, home)
        #expect(pushedBeforeAsking.last?["params"]?["diagnostics"]?.arrayValue?.isEmpty ?? true)
        let reports = first["items"]?.arrayValue ?? []
        #expect(reports.map { $0["uri"]?.stringValue } == [home], "only files with findings")
        #expect(reports.first?["kind"]?.stringValue == "full")
        #expect(
            Self.summary(reports.first?["items"]?.arrayValue ?? []) == [
                "overdue [1, 12, 1, 28]", "due-today [2, 12, 2, 28]",
            ])
        let resultID = reports.first?["resultId"] ?? nil

        let again = try c.request(
            "workspace/diagnostic", ["previousResultIds": [["uri": .string(home), "value": resultID]]])
        #expect(again["items"]?.arrayValue?.map { $0["kind"]?.stringValue } == ["unchanged"])

        // Changed on disk: the client is asked to pull again, and gets the new findings.
        let refreshes = Self.refreshes(c)
        try ws.write("home.taskpaper", "- call Bob @due(2026-11-21)\n")
        try c.changeWatchedFiles([(home, 2)])
        try Self.waitForRefresh(c, after: refreshes)
        let changed = try c.request(
            "workspace/diagnostic", ["previousResultIds": [["uri": .string(home), "value": resultID]]])
        let report = changed["items"]?.arrayValue?.first
        #expect(report?["kind"]?.stringValue == "full")
        #expect(Self.summary(report?["items"]?.arrayValue ?? []) == ["due-today [0, 11, 0, 27]"])

        // Deleted: its findings are cleared.
        try ws.remove("home.taskpaper")
        try c.changeWatchedFiles([(home, 3)])
        let gone = try c.request(
            "workspace/diagnostic",
            ["previousResultIds": [["uri": .string(home), "value": report?["resultId"] ?? nil]]])
        #expect(gone["items"]?.arrayValue?.map { $0["kind"]?.stringValue } == ["full"])
        #expect(gone["items"]?.arrayValue?.first?["items"]?.arrayValue?.isEmpty == true)
        #expect(try c.shutdownAndExit() == 0)
        #expect(
            Self.publishes(c, home).count == pushedBeforeAsking.count,
            "from its first request on, a client that pulls is not pushed closed files")
    }

    @Test func aPullClientOpeningAFileReadsItsOwnDiagnosticsAndGetsTheFileBackOnClose() throws {
        let ws = try TempWorkspace(["home.taskpaper": Self.home])
        let c = try Self.client(ws, capabilities: Self.pullCapabilities)
        let home = ws.uri("home.taskpaper")
        let first = try c.request("workspace/diagnostic", ["previousResultIds": []])
        let resultID = first["items"]?.arrayValue?.first?["resultId"] ?? nil

        c.open(home, Self.home)
        let whileOpen = try c.request(
            "workspace/diagnostic", ["previousResultIds": [["uri": .string(home), "value": resultID]]])
        #expect(whileOpen["items"]?.arrayValue?.isEmpty == true, "the open document answers for its file")

        let refreshes = Self.refreshes(c)
        c.notify("textDocument/didClose", ["textDocument": ["uri": .string(home)]])
        try Self.waitForRefresh(c, after: refreshes)
        let back = try c.request(
            "workspace/diagnostic", ["previousResultIds": [["uri": .string(home), "value": resultID]]])
        let report = back["items"]?.arrayValue?.first
        #expect(report?["kind"]?.stringValue == "full")
        #expect(report?["items"]?.arrayValue?.compactMap(\.code) == ["overdue", "due-today"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test(
        .enabled(if: DayChangeTests.faketimeLibrary != nil, "libfaketime not found: apt-get install faketime"),
        .timeLimit(.minutes(2)))
    func midnightMakesAClosedFileDueTodayOverdue() throws {
        let ws = try TempWorkspace(["home.taskpaper": "- pay rent @due(2026-11-24)\n"])
        let c = try LSPClient(environment: DayChangeTests.fakeClock(["FAKETIME": "@2026-11-24 23:59:55"]))
        try c.initialize(rootURI: ws.rootURI)
        let home = ws.uri("home.taskpaper")
        #expect(try c.waitForDiagnostics(home).compactMap(\.code) == ["due-today"])
        let after = try c.waitForDiagnostics(home, timeout: 70)
        #expect(after.compactMap(\.code) == ["overdue"])
        #expect(try c.shutdownAndExit() == 0)
    }
}
