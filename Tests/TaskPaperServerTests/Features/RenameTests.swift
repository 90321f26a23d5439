import Foundation
import Testing
import TaskPaperServer

/// Rename of a tag across the workspace, with prepareRename, in process (Support/TestClient.swift).
@Suite struct RenameTests {
    static let prepareCapabilities: JSON = ["textDocument": ["rename": ["prepareSupport": true]]]

    @Test func prepareRenameReturnsTheNameRange() throws {
        let c = TestClient()
        let caps = try c.initialize(capabilities: Self.prepareCapabilities)
        #expect(caps["capabilities"]?["renameProvider"]?["prepareProvider"] == true)
        let doc = c.open("file:///a.taskpaper", marked: "- C3️⃣all Bob @1️⃣waiting-for2️⃣(Bob)\n")
        let prepared = try c.request("textDocument/prepareRename", doc.at("1️⃣"))
        #expect(prepared.rangeTuple == doc.range("1️⃣", "2️⃣"))
        #expect(prepared.rangeTuple == [0, 12, 0, 23])
        #expect(prepared["placeholder"] == "waiting-for")
        #expect(try c.request("textDocument/prepareRename", doc.at("3️⃣")) == .null)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func renameEditsEveryOccurrenceInOpenDocumentsAndIndexedFiles() throws {
        let ws = try TempWorkspace([
            "a.taskpaper": "Home:\n\t- Buy milk @shop @due(2025-05-11)\n\t- Bread @shop @shopping\n",
            "b.taskpaper": "Errands:\n\t- Stamps @shop(post)\n",
            "archive/2024/c.taskpaper": "Old:\n\t- Nails @shop @done\n",
        ])
        let c = try TestClient.indexing(ws)
        let a = try ws.read("a.taskpaper"), b = try ws.read("b.taskpaper"),
            onDisk = try ws.read("archive/2024/c.taskpaper")
        c.open(ws.uri("a.taskpaper"), a)
        c.open(ws.uri("b.taskpaper"), b)
        let params = LSPClient.at(ws.uri("b.taskpaper"), 1, 12, ["newName": "store"])
        let edit = try c.request("textDocument/rename", params)
        let changes = edit["changes"]?.objectValue ?? [:]
        #expect(changes.count == 3)
        func renamed(_ relative: String, _ text: String) throws -> String {
            let uri = changes.keys.first { ws.relative($0) == relative } ?? "none"
            return try ApplyEdits.apply(edit, uri: uri, to: text)
        }
        #expect(
            try renamed("a.taskpaper", a) == "Home:\n\t- Buy milk @store @due(2025-05-11)\n\t- Bread @store @shopping\n"
        )
        #expect(try renamed("b.taskpaper", b) == "Errands:\n\t- Stamps @store(post)\n")
        #expect(try renamed("archive/2024/c.taskpaper", onDisk) == "Old:\n\t- Nails @store @done\n")
        // The server only proposes the edit: the file on disk is untouched.
        #expect(try ws.read("archive/2024/c.taskpaper") == onDisk)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func renameRefusesABadName() throws {
        let c = TestClient()
        try c.initialize()
        c.open("file:///a.taskpaper", "- Call Bob @due\n")
        for bad in ["two words", "x(y)", "@due", "", "a,b"] {
            let params = LSPClient.at("file:///a.taskpaper", 0, 12, ["newName": .string(bad)])
            let response = try c.requestResponse("textDocument/rename", params)
            #expect(response["error"]?["code"] == -32602, "\(bad)")
            #expect(response["error"]?["message"]?.stringValue?.contains("not a valid tag name") == true)
        }
        // Names of any script, digits, `_`, `-` and `.` are fine.
        let params = LSPClient.at("file:///a.taskpaper", 0, 12, ["newName": "échéance_v1.2-b"])
        let edit = try c.request("textDocument/rename", params)
        #expect(
            try ApplyEdits.apply(edit, uri: "file:///a.taskpaper", to: "- Call Bob @due\n")
                == "- Call Bob @échéance_v1.2-b\n")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func renameOffATagIsRefused() throws {
        let c = TestClient()
        try c.initialize()
        let doc = c.open("file:///a.taskpaper", marked: "- Ca1️⃣ll Bob @due\n")
        let params = doc.at("1️⃣", ["newName": "x"])
        let response = try c.requestResponse("textDocument/rename", params)
        #expect(response["error"] != nil)
        #expect(try c.shutdownAndExit() == 0)
    }
}
