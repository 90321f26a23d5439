import Foundation
import Testing
import TaskPaperServer

/// "Move to project" across files, in process (Support/TestClient.swift): the menu lists this file's
/// projects, then those of the other open and indexed files; choosing one in another file runs
/// `taskpaper.moveToProject`, whose workspace/applyEdit is applied by an editor stand-in
/// (Support/EditorFiles.swift) that refuses an edit made for another version.
@Suite struct RefileTests {
    static let capabilities: JSON = [
        "workspace": ["applyEdit": true, "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create"]]]
    ]

    final class Session {
        let ws: TempWorkspace
        let client: TestClient
        var editor: EditorFiles

        init(_ files: [String: String], open: [String], capabilities: JSON = RefileTests.capabilities) throws {
            ws = try TempWorkspace(files)
            client = try TestClient.indexing(ws, capabilities: capabilities)
            client.answerServerRequest = { method, _ in method == "workspace/applyEdit" ? ["applied": true] : nil }
            editor = EditorFiles(files: [:])
            for (name, text) in files { editor.files[ws.uri(name)] = (open.contains(name) ? 1 : nil, text) }
            for name in open { client.open(ws.uri(name), files[name]!) }
        }

        func actions(_ name: String, line: Int) throws -> [JSON] {
            try client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(ws.uri(name))],
                    "range": [
                        "start": ["line": .int(line), "character": 0], "end": ["line": .int(line), "character": 0],
                    ],
                    "context": ["diagnostics": [], "only": ["refactor.move"]],
                ]
            ).arrayValue ?? []
        }

        /// Runs the command an action carries; returns the edit it sent.
        func run(_ action: JSON) throws -> JSON {
            let command = try #require(action["command"])
            let before = client.received.count
            let result = try client.request(
                "workspace/executeCommand",
                ["command": try #require(command["command"]), "arguments": try #require(command["arguments"])])
            #expect(result == .null)
            let sent = client.received.dropFirst(before).filter { $0["method"] == "workspace/applyEdit" }
            try #require(sent.count == 1, "no workspace/applyEdit for \(action.serialized)")
            return try #require(sent.first?["params"]?["edit"])
        }
    }

    static let files = [
        "home.taskpaper": "Home:\n\t- Water the plants\n\t\tThe ferns first\n\t- Call Bob\nGarden:\n\t- Rake\n",
        "work.taskpaper": "Work:\n\t- Send the report\n\tErrands:\n\t\t- Post office\nMeetings:\n",
        "someday.taskpaper": "Someday:\n    - Learn the cello\n",
    ]

    @Test func theMenuListsThisFilesProjectsFirstThenEveryOtherFilesByPath() throws {
        let s = try Session(Self.files, open: ["home.taskpaper", "someday.taskpaper"])
        let actions = try s.actions("home.taskpaper", line: 1)
        #expect(
            actions.compactMap { $0["title"]?.stringValue } == [
                "Move to Garden",
                "Move to Someday (someday.taskpaper)",
                "Move to Work (work.taskpaper)", "Move to Work / Errands (work.taskpaper)",
                "Move to Meetings (work.taskpaper)",
            ])
        // This file's move carries its edit; the others run the command when chosen.
        #expect(actions.first?["edit"] != nil && actions.first?["command"] == nil)
        #expect(
            actions.dropFirst().allSatisfy {
                $0["edit"] == nil && $0["command"]?["command"] == "taskpaper.moveToProject"
            })
    }

    @Test func refilingIntoAClosedIndexedFileEditsTheFileAsOnDisk() throws {
        let s = try Session(Self.files, open: ["home.taskpaper"])
        let action = try #require(
            try s.actions("home.taskpaper", line: 1).first { $0["title"] == "Move to Work / Errands (work.taskpaper)" })
        let edit = try s.run(action)
        let versions = (edit["documentChanges"]?.arrayValue ?? []).map { $0["textDocument"]?["version"] }
        #expect(versions == [1, .null])
        try s.editor.apply(edit)
        #expect(s.editor.text(s.ws.uri("home.taskpaper")) == "Home:\n\t- Call Bob\nGarden:\n\t- Rake\n")
        #expect(
            s.editor.text(s.ws.uri("work.taskpaper"))
                == "Work:\n\t- Send the report\n\tErrands:\n\t\t- Post office\n\t\t- Water the plants\n\t\t\tThe ferns first\nMeetings:\n"
        )
    }

    @Test func refilingBetweenOpenDocumentsIndentsTheTargetsWayAndNamesBothVersions() throws {
        let s = try Session(Self.files, open: ["home.taskpaper", "someday.taskpaper"])
        let someday = s.ws.uri("someday.taskpaper")
        s.client.change(someday, version: 2, [LSPClient.edit(2, 0, 2, 0, "    - Sail\n")])
        s.editor.files[someday] = (2, "Someday:\n    - Learn the cello\n    - Sail\n")
        let action = try #require(
            try s.actions("home.taskpaper", line: 5).first { $0["title"] == "Move to Someday (someday.taskpaper)" })
        let edit = try s.run(action)
        let versions = (edit["documentChanges"]?.arrayValue ?? []).map { $0["textDocument"]?["version"] }
        #expect(versions == [1, 2])

        // Typed in the target after the edit was made: the editor refuses it and nothing changes.
        var stale = s.editor
        stale.files[someday] = (3, "Someday:\n    - Learn the cello\n    - Sail\n    - Swim\n")
        #expect(throws: EditorFiles.Refused.self) { try stale.apply(edit) }
        #expect(stale.text(s.ws.uri("home.taskpaper")) == Self.files["home.taskpaper"])

        try s.editor.apply(edit)
        #expect(
            s.editor.text(s.ws.uri("home.taskpaper"))
                == "Home:\n\t- Water the plants\n\t\tThe ferns first\n\t- Call Bob\nGarden:\n")
        #expect(s.editor.text(someday) == "Someday:\n    - Learn the cello\n    - Sail\n    - Rake\n")
    }

    @Test func theCommandTakesATargetByURIAndPathAndRefusesAnUnknownOne() throws {
        let s = try Session(Self.files, open: ["home.taskpaper"])
        let home = JSON.string(s.ws.uri("home.taskpaper"))
        let position: JSON = ["line": 3, "character": 2]
        let edit = try s.run([
            "command": [
                "title": "Move", "command": "taskpaper.moveToProject",
                "arguments": [home, position, ["uri": .string(s.ws.uri("work.taskpaper")), "path": "Meetings"]],
            ]
        ])
        try s.editor.apply(edit)
        #expect(s.editor.text(s.ws.uri("work.taskpaper"))?.hasSuffix("Meetings:\n\t- Call Bob\n") == true)

        // The same file named by URI is an ordinary move.
        let inFile = try s.run([
            "command": [
                "title": "Move", "command": "taskpaper.moveToProject",
                "arguments": [home, ["line": 5, "character": 2], ["uri": home, "path": "Home"]],
            ]
        ])
        #expect(inFile["changes"] != nil)

        for target: JSON in [
            ["uri": .string(s.ws.uri("work.taskpaper")), "path": "Nowhere"],
            ["uri": .string(s.ws.uri("missing.taskpaper")), "path": "Work"],
            ["uri": .string(s.ws.uri("work.taskpaper"))],
        ] {
            let response = try s.client.requestResponse(
                "workspace/executeCommand",
                ["command": "taskpaper.moveToProject", "arguments": [home, position, target]])
            #expect(response["error"]?["code"] == -32602, "\(target.serialized)")
        }
    }

    @Test func aClientWithoutDocumentChangesGetsChangesForBothFiles() throws {
        let s = try Session(Self.files, open: ["home.taskpaper"], capabilities: ["workspace": ["applyEdit": true]])
        let action = try #require(
            try s.actions("home.taskpaper", line: 5).first { $0["title"] == "Move to Meetings (work.taskpaper)" })
        let edit = try s.run(action)
        #expect(edit["documentChanges"] == nil)
        try s.editor.apply(edit)
        #expect(
            s.editor.text(s.ws.uri("home.taskpaper"))
                == "Home:\n\t- Water the plants\n\t\tThe ferns first\n\t- Call Bob\nGarden:\n")
        #expect(s.editor.text(s.ws.uri("work.taskpaper"))?.hasSuffix("Meetings:\n\t- Rake\n") == true)
    }

    /// Emoji and CRLF: columns count in UTF-16 (the editor stand-in applies them so), the target keeps its
    /// CRLF line ends, and a target with no line end at its end gets one before the moved item.
    @Test func emojiTextAndCRLFTargetsKeepTheirCharactersAndLineEnds() throws {
        let files = [
            "home.taskpaper": "🏠 Home:\n\t- Water 🌱 the plants @due(2026-12-01)\n\t\t🪴 ferns first\n",
            "work.taskpaper": "💼 Work:\r\n\t- Send 📨\r\n🧾 Errands:",
        ]
        let s = try Session(files, open: ["home.taskpaper", "work.taskpaper"])
        let titles = try s.actions("home.taskpaper", line: 1).compactMap { $0["title"]?.stringValue }
        #expect(titles == ["Move to 💼 Work (work.taskpaper)", "Move to 🧾 Errands (work.taskpaper)"])
        let action = try #require(
            try s.actions("home.taskpaper", line: 1).first { $0["title"] == "Move to 🧾 Errands (work.taskpaper)" })
        try s.editor.apply(try s.run(action))
        #expect(s.editor.text(s.ws.uri("home.taskpaper")) == "🏠 Home:\n")
        #expect(
            s.editor.text(s.ws.uri("work.taskpaper"))
                == "💼 Work:\r\n\t- Send 📨\r\n🧾 Errands:\r\n\t- Water 🌱 the plants @due(2026-12-01)\r\n\t\t🪴 ferns first"
        )
    }
}
