import Foundation
import Testing
import TaskPaperServer

/// Edits across files through the real binary (Support/LSPClient.swift): the test client answers
/// workspace/applyEdit as an editor does (Support/EditorFiles.swift), applying the edit to the texts it
/// holds, or refusing it when a version does not match.
@Suite struct AcrossFilesBinaryTests {
    /// The editor stand-in, answered from the client's reader thread.
    final class Editor: @unchecked Sendable {
        private let lock = NSLock()
        private var files: EditorFiles

        init(_ files: EditorFiles) { self.files = files }

        func answer(_ method: String, _ params: JSON) -> JSON {
            guard method == "workspace/applyEdit", let edit = params["edit"] else { return nil }
            lock.lock()
            defer { lock.unlock() }
            do {
                try files.apply(edit)
                return ["applied": true]
            } catch {
                return ["applied": false, "failureReason": .string("\(error)")]
            }
        }

        func text(_ uri: String) -> String? { lock.lock(); defer { lock.unlock() }; return files.text(uri) }
        func set(_ uri: String, version: Int?, _ text: String) {
            lock.lock()
            files.files[uri] = (version, text)
            lock.unlock()
        }
    }

    /// The command of the `refactor.move` code action titled `title` on a range.
    static func command(
        _ title: String, _ c: LSPClient, _ uri: String, lines start: (Int, Int), _ end: (Int, Int)
    ) throws -> JSON {
        let actions =
            try c.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri)],
                    "range": [
                        "start": ["line": .int(start.0), "character": .int(start.1)],
                        "end": ["line": .int(end.0), "character": .int(end.1)],
                    ],
                    "context": ["diagnostics": [], "only": ["refactor.move"]],
                ]
            ).arrayValue ?? []
        return try #require(actions.first { $0["title"] == .string(title) }?["command"])
    }

    static let capabilities: JSON = [
        "workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create"]]]
    ]

    @Test func refileToAClosedFileAppliesAndAStaleOpenTargetIsRefusedAndSaidSo() throws {
        let home = "Home:\n\t- Water the plants\n\t- Call Bob\n", work = "Work:\n\t- Send the report\n"
        let ws = try TempWorkspace(["home.taskpaper": home, "work.taskpaper": work])
        let homeURI = ws.uri("home.taskpaper"), workURI = ws.uri("work.taskpaper")
        let editor = Editor(EditorFiles(files: [homeURI: (1, home), workURI: (nil, work)]))
        let c = try LSPClient.indexing(ws, capabilities: Self.capabilities)
        c.answerServerRequest = editor.answer
        c.open(homeURI, home)

        let command = try Self.command("Move to Work (work.taskpaper)", c, homeURI, lines: (1, 3), (1, 3))
        #expect(
            try c.request(
                "workspace/executeCommand",
                ["command": command["command"] ?? nil, "arguments": command["arguments"] ?? nil])
                == .null)
        // The server wrote workspace/applyEdit before its answer; the client answered it on arrival.
        #expect(editor.text(homeURI) == "Home:\n\t- Call Bob\n")
        #expect(editor.text(workURI) == "Work:\n\t- Send the report\n\t- Water the plants\n")

        // The editor now holds both open; the user types in work.taskpaper and the change has not
        // reached the server when the next move is made: the edit is for version 1, the editor holds 2.
        c.change(homeURI, version: 2, [LSPClient.edit(0, 0, 3, 0, "Home:\n\t- Call Bob\n")])
        c.open(workURI, "Work:\n\t- Send the report\n\t- Water the plants\n")
        editor.set(workURI, version: 2, "Work:\n\t- Send the report\n\t- Water the plants\n\t- Typed\n")
        let again = try c.request(
            "workspace/executeCommand",
            [
                "command": "taskpaper.moveToProject",
                "arguments": [
                    .string(homeURI), ["line": 1, "character": 3], ["uri": .string(workURI), "path": "Work"],
                ],
            ])
        #expect(again == .null)
        let log = try c.waitForNotification("window/logMessage") {
            $0["message"]?.stringValue?.contains("did not apply the edit") == true
        }
        #expect(log["message"]?.stringValue?.contains("work.taskpaper is at version 2") == true)
        #expect(editor.text(homeURI) == "Home:\n\t- Call Bob\n")
        #expect(c.drainInbox().allSatisfy { $0["error"] == nil })
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func archiveToANewFileAndUnarchiveFromIt() throws {
        let home = "Home:\n\t- Buy milk\n\t- Call Bob @done(2026-11-20)\nWork:\n\t- Slides @done(2026-11-21)\n"
        let ws = try TempWorkspace(["home.taskpaper": home])
        let homeURI = ws.uri("home.taskpaper"), archiveURI = ws.uri("home_archive.taskpaper")
        let editor = Editor(EditorFiles(files: [homeURI: (1, home)]))
        let c = try LSPClient.indexing(ws, capabilities: Self.capabilities, options: ["archive": "file"])
        c.answerServerRequest = editor.answer
        c.open(homeURI, home)

        #expect(
            try c.request(
                "workspace/executeCommand", ["command": "taskpaper.archiveDone", "arguments": [.string(homeURI)]])
                == .null)
        #expect(editor.text(homeURI) == "Home:\n\t- Buy milk\nWork:\n")
        let archived =
            "Archive:\n\t- Call Bob @done(2026-11-20) @project(Home)\n\t- Slides @done(2026-11-21) @project(Work)"
        // A new file's last line gets no line end from the server: the editor that saves it adds its own.
        #expect(editor.text(archiveURI) == archived)

        // The editor has both open now; the project Work was deleted meanwhile.
        c.change(homeURI, version: 2, [LSPClient.edit(0, 0, 5, 0, "Home:\n\t- Buy milk\n")])
        editor.set(homeURI, version: 2, "Home:\n\t- Buy milk\n")
        c.open(archiveURI, archived)
        editor.set(archiveURI, version: 1, archived)
        let reopen = try Self.command("Unarchive and reopen", c, archiveURI, lines: (1, 0), (2, 3))
        #expect(
            try c.request(
                "workspace/executeCommand",
                ["command": reopen["command"] ?? nil, "arguments": reopen["arguments"] ?? nil])
                == .null)
        #expect(editor.text(archiveURI) == "Archive:")
        #expect(editor.text(homeURI) == "Home:\n\t- Buy milk\n\t- Call Bob\nWork:\n\t- Slides\n")
        #expect(try c.shutdownAndExit() == 0)
    }
}
