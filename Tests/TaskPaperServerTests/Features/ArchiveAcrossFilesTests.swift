import Foundation
import Testing
import TaskPaperServer

/// Archive to `NAME_archive.taskpaper` (setting `archive: "file"`) and Unarchive, in process: every edit
/// is applied by an editor stand-in (Support/EditorFiles.swift) to the texts it holds, open or on disk.
@Suite struct ArchiveAcrossFilesTests {
    static let creating: JSON = [
        "workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create"]]]
    ]
    static let home =
        "Home:\n\t- Buy milk\n\t- Call Bob @done(2026-11-20)\n\t\tabout the roof\nWork:\n\t- Slides @done\n"

    final class Session {
        let ws: TempWorkspace
        let client: TestClient
        var editor = EditorFiles(files: [:])

        init(_ files: [String: String], open: [String], capabilities: JSON, archive: String = "file") throws {
            ws = try TempWorkspace(files)
            client = TestClient(now: "2026-11-21T09:30")
            client.answerServerRequest = { method, _ in method == "workspace/applyEdit" ? ["applied": true] : nil }
            try client.initialize(capabilities: capabilities, options: ["archive": .string(archive)])
            for (name, text) in files { editor.files[ws.uri(name)] = (open.contains(name) ? 1 : nil, text) }
            for name in open { client.open(ws.uri(name), files[name]!) }
        }

        func uri(_ name: String) -> String { ws.uri(name) }

        func actions(_ name: String, lines: ClosedRange<Int>, only: String) throws -> [JSON] {
            try client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri(name))],
                    "range": [
                        "start": ["line": .int(lines.lowerBound), "character": 0],
                        "end": ["line": .int(lines.upperBound), "character": 1],
                    ],
                    "context": ["diagnostics": [], "only": [.string(only)]],
                ]
            ).arrayValue ?? []
        }

        /// Runs a command; returns the edit it sent with workspace/applyEdit, or the error it answered.
        func run(_ command: String, _ arguments: [JSON]) throws -> Result<JSON, ResponseErrorJSON> {
            let before = client.received.count
            let response = try client.requestResponse(
                "workspace/executeCommand", ["command": .string(command), "arguments": .array(arguments)])
            if let error = response["error"] { return .failure(ResponseErrorJSON(json: error)) }
            let sent = client.received.dropFirst(before).filter { $0["method"] == "workspace/applyEdit" }
            try #require(sent.count == 1, "\(command) sent \(sent.count) workspace/applyEdit")
            return .success(try #require(sent.first?["params"]?["edit"]))
        }

        func apply(_ result: Result<JSON, ResponseErrorJSON>) throws {
            try editor.apply(try result.get())
        }
    }

    struct ResponseErrorJSON: Error { let json: JSON }

    @Test func archiveToANewFileCreatesItBesideTheDocument() throws {
        let s = try Session(["home.taskpaper": Self.home], open: ["home.taskpaper"], capabilities: Self.creating)
        let actions = try s.actions("home.taskpaper", lines: 0...0, only: "source.archiveDone")
        let archive = try #require(actions.first)
        #expect(archive["title"] == "Archive done items" && archive["edit"] == nil)
        let command = try #require(archive["command"])
        let result = try s.run(
            try #require(command["command"]?.stringValue), try #require(command["arguments"]?.arrayValue))
        let changes = try result.get()["documentChanges"]?.arrayValue ?? []
        // The file is created before its edit: the source's edit, then create, then the archive's edit.
        #expect(
            changes.map { $0["kind"]?.stringValue ?? $0["textDocument"]?["uri"]?.stringValue ?? "" } == [
                s.uri("home.taskpaper"), "create", s.uri("home_archive.taskpaper"),
            ])
        try s.apply(result)
        #expect(s.editor.text(s.uri("home.taskpaper")) == "Home:\n\t- Buy milk\nWork:\n")
        #expect(
            s.editor.text(s.uri("home_archive.taskpaper"))
                == "Archive:\n\t- Call Bob @done(2026-11-20) @project(Home)\n\t\tabout the roof\n\t- Slides @done @project(Work)"
        )
    }

    /// Neovim 0.11 names the resource operations it performs without saying `documentChanges: true`;
    /// resource operations exist only in `documentChanges`, so it gets them, and its new file is created.
    @Test func aClientNamingResourceOperationsGetsDocumentChanges() throws {
        let neovim: JSON = [
            "workspace": ["applyEdit": true, "workspaceEdit": ["resourceOperations": ["rename", "create", "delete"]]]
        ]
        let s = try Session(["home.taskpaper": Self.home], open: ["home.taskpaper"], capabilities: neovim)
        let result = try s.run("taskpaper.archiveDone", [.string(s.uri("home.taskpaper"))])
        #expect(try result.get()["documentChanges"]?.arrayValue?.contains { $0["kind"] == "create" } == true)
        try s.apply(result)
        #expect(s.editor.text(s.uri("home_archive.taskpaper"))?.hasPrefix("Archive:\n\t- Call Bob") == true)
    }

    /// What is archived now goes above what was archived before (in document order among itself).
    @Test func archiveToAnExistingFileOpenOrNotPutsTheNewestFirst() throws {
        let earlier = "Archive:\n\t- Old @done(2026-01-01) @project(Home)\n"
        for open in [["home.taskpaper"], ["home.taskpaper", "home_archive.taskpaper"]] {
            // Without resourceOperations: an existing file needs none.
            let s = try Session(
                ["home.taskpaper": Self.home, "home_archive.taskpaper": earlier], open: open,
                capabilities: ["workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": true]]])
            let result = try s.run("taskpaper.archiveDone", [.string(s.uri("home.taskpaper"))])
            let versions = (try result.get()["documentChanges"]?.arrayValue ?? []).map {
                $0["textDocument"]?["version"]
            }
            #expect(versions == [1, open.count == 2 ? 1 : .null])
            try s.apply(result)
            #expect(
                s.editor.text(s.uri("home_archive.taskpaper"))
                    == "Archive:\n\t- Call Bob @done(2026-11-20) @project(Home)\n\t\tabout the roof\n\t- Slides @done @project(Work)\n\t- Old @done(2026-01-01) @project(Home)\n"
            )
        }
    }

    @Test func aClientThatCannotCreateFilesIsToldHowToCreateIt() throws {
        let s = try Session(
            ["home.taskpaper": Self.home], open: ["home.taskpaper"],
            capabilities: ["workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": true]]])
        let result = try s.run("taskpaper.archiveDone", [.string(s.uri("home.taskpaper"))])
        guard case .failure(let error) = result else {
            Issue.record("expected an error, got \(result)")
            return
        }
        #expect(error.json["code"] == -32803)
        #expect(error.json["message"]?.stringValue?.contains("create it (an empty file)") == true)
        #expect(error.json["message"]?.stringValue?.contains("home_archive.taskpaper") == true)
        #expect(s.editor.text(s.uri("home.taskpaper")) == Self.home)
    }

    @Test func theProjectSettingAndAnArchiveFileItselfArchiveToTheirArchiveProject() throws {
        let s = try Session(
            ["home.taskpaper": Self.home, "home_archive.taskpaper": "Archive:\n- x @done\n"],
            open: ["home.taskpaper", "home_archive.taskpaper"], capabilities: Self.creating, archive: "project")
        let inline = try s.actions("home.taskpaper", lines: 0...0, only: "source.archiveDone")
        #expect(inline.first?["edit"]?["changes"] != nil)
        let result = try s.run("taskpaper.archiveDone", [.string(s.uri("home.taskpaper"))])
        #expect(try result.get()["changes"]?[s.uri("home.taskpaper")] != nil)
    }

    @Test func unarchiveInTheDocumentGoesBackUnderItsProjectAndReopenDropsDone() throws {
        let text = "Home:\n\t- Buy milk\nArchive:\n\t- Call Bob @done(2026-11-20) @project(Home)\n\t\tabout the roof\n"
        let s = try Session(["home.taskpaper": text], open: ["home.taskpaper"], capabilities: Self.creating)
        let actions = try s.actions("home.taskpaper", lines: 4...4, only: "refactor.move")
        let titles = actions.compactMap { $0["title"]?.stringValue }
        #expect(titles.contains("Unarchive") && titles.contains("Unarchive and reopen"))
        #expect(
            try s.actions("home.taskpaper", lines: 1...1, only: "refactor.move").allSatisfy {
                $0["title"] != "Unarchive"
            })
        for (title, expected) in [
            ("Unarchive", "Home:\n\t- Buy milk\n\t- Call Bob @done(2026-11-20)\n\t\tabout the roof\nArchive:\n"),
            ("Unarchive and reopen", "Home:\n\t- Buy milk\n\t- Call Bob\n\t\tabout the roof\nArchive:\n"),
        ] {
            let edit = try #require(actions.first { $0["title"] == .string(title) }?["edit"])
            var editor = s.editor
            try editor.apply(edit)
            #expect(editor.text(s.uri("home.taskpaper")) == expected, "\(title)")
        }
    }

    @Test func unarchiveFromAnArchiveFileRecreatesTheProjectsTheDocumentLost() throws {
        let archive =
            "Archive:\n\t- Post office @done(2026-11-20) @project(Work / Errands)\n\t- Sweep @done @project(Home)\n"
        // Work was renamed to Office since: Work and Errands are recreated; Home is still there.
        let home = "Home:\n\t- Buy milk\nOffice:\n\t- Slides\n"
        let s = try Session(
            ["home.taskpaper": home, "home_archive.taskpaper": archive], open: ["home_archive.taskpaper"],
            capabilities: Self.creating)
        let actions = try s.actions("home_archive.taskpaper", lines: 1...2, only: "refactor.move")
        let reopen = try #require(actions.first { $0["title"] == "Unarchive and reopen" })
        #expect(reopen["edit"] == nil)
        let command = try #require(reopen["command"])
        let result = try s.run(
            try #require(command["command"]?.stringValue), try #require(command["arguments"]?.arrayValue))
        try s.apply(result)
        #expect(s.editor.text(s.uri("home_archive.taskpaper")) == "Archive:\n")
        #expect(
            s.editor.text(s.uri("home.taskpaper"))
                == "Home:\n\t- Buy milk\n\t- Sweep\nOffice:\n\t- Slides\nWork:\n\tErrands:\n\t\t- Post office\n")
    }

    /// An archive file is a TaskPaper file like any other: `report` and `search` over a folder read it,
    /// and the workspace index lists its items.
    @Test func archiveFilesCountInReportSearchAndTheIndex() throws {
        let archive = "Archive:\n\t- Old report @done(2026-11-19) @project(Work / Reports) @lasted(2h)\n"
        let ws = try TempWorkspace(["home.taskpaper": Self.home, "home_archive.taskpaper": archive])
        let report = try AgendaSearchCommandTests.run(
            ["report", "--since", "2026-11-01", "--by", "project", "."], in: ws.root)
        #expect(report.stdout.contains("./home_archive.taskpaper:2: Old report"), "\(report.stdout)")
        let search = try AgendaSearchCommandTests.run(["search", "@project contains Reports", "."], in: ws.root)
        #expect(search.status == 0 && search.stdout.contains("./home_archive.taskpaper:2:"), "\(search.stdout)")
        let c = try TestClient.indexing(ws)
        let symbols = try c.request("workspace/symbol", ["query": "Old report"]).arrayValue ?? []
        #expect(symbols.compactMap { $0["location"]?["uri"]?.stringValue } == [ws.uri("home_archive.taskpaper")])
    }
}
