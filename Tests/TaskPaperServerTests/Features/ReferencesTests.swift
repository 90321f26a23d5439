import Foundation
import Testing
import TaskPaperServer

/// Document highlight and references for a tag, in process (Support/TestClient.swift).
@Suite struct ReferencesTests {
    /// Two documents that will be open, one file only on disk (in a nested folder), one skipped folder.
    static func workspace() throws -> TempWorkspace {
        try TempWorkspace([
            "a.taskpaper": "Home:\n\t- Buy milk @shop @due(2025-05-11)\n\t- Bread @shop\n",
            "b.taskpaper": "Errands:\n\t- Stamps @shop(post)\n",
            "notes/deep/c.taskpaper": "Later:\n\t- Paint @shopping\n\t- Nails @shop\n",
            "node_modules/x.taskpaper": "- ignored @shop\n",
        ])
    }

    static func locations(_ result: JSON, in ws: TempWorkspace) -> [String] {
        (result.arrayValue ?? []).map { "\(ws.relative($0["uri"]?.stringValue ?? "")) \($0.rangeTuple)" }.sorted()
    }

    @Test func referencesFindTheTagInOpenDocumentsAndIndexedFiles() throws {
        let ws = try Self.workspace()
        let c = try TestClient.indexing(ws)
        c.open(ws.uri("a.taskpaper"), try ws.read("a.taskpaper"))
        c.open(ws.uri("b.taskpaper"), try ws.read("b.taskpaper"))
        let params = LSPClient.at(ws.uri("a.taskpaper"), 1, 13, ["context": ["includeDeclaration": true]])
        let refs = try c.request("textDocument/references", params)
        // `@shopping` is another tag; node_modules is not indexed.
        #expect(
            Self.locations(refs, in: ws) == [
                "a.taskpaper [1, 12, 1, 17]",
                "a.taskpaper [2, 9, 2, 14]",
                "b.taskpaper [1, 10, 1, 15]",
                "notes/deep/c.taskpaper [2, 9, 2, 14]",
            ])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func openDocumentsOverrideTheirFilesOnDisk() throws {
        let ws = try Self.workspace()
        let c = try TestClient.indexing(ws)
        // The editor holds a version of c.taskpaper that no longer uses @shop.
        c.open(ws.uri("notes/deep/c.taskpaper"), "Later:\n\t- Nails @hardware\n\t- Glue @shop\n")
        c.open(ws.uri("a.taskpaper"), try ws.read("a.taskpaper"))
        let params = LSPClient.at(ws.uri("a.taskpaper"), 2, 10, ["context": ["includeDeclaration": true]])
        let refs = Self.locations(try c.request("textDocument/references", params), in: ws)
        #expect(refs.filter { $0.hasPrefix("notes/") } == ["notes/deep/c.taskpaper [2, 8, 2, 13]"])
        #expect(refs.count == 4)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func highlightStaysInTheDocument() throws {
        let c = TestClient()
        let caps = try c.initialize()
        #expect(caps["capabilities"]?["documentHighlightProvider"] == true)
        #expect(caps["capabilities"]?["referencesProvider"] == true)
        let a = c.open(
            "file:///a.taskpaper",
            marked: """
                - one 1️⃣@due2️⃣(20253️⃣-05-11) 4️⃣@x5️⃣
                - two 6️⃣@x7️⃣ 8️⃣@due9️⃣
                - three a@0️⃣due @due.x

                """)
        c.open("file:///b.taskpaper", "- elsewhere @due\n")
        // The cursor in the payload still means the tag.
        let highlights = try c.request("textDocument/documentHighlight", a.at("3️⃣")).arrayValue ?? []
        #expect(highlights.map(\.rangeTuple) == [a.range("1️⃣", "2️⃣"), a.range("8️⃣", "9️⃣")])
        // Just past the tag's end counts too; plain text does not.
        let atEnd = try c.request("textDocument/documentHighlight", a.at("7️⃣")).arrayValue ?? []
        #expect(atEnd.map(\.rangeTuple) == [a.range("4️⃣", "5️⃣"), a.range("6️⃣", "7️⃣")])
        #expect(try c.request("textDocument/documentHighlight", LSPClient.at("file:///a.taskpaper", 0, 3)) == .null)
        #expect(try c.request("textDocument/documentHighlight", a.at("0️⃣")) == .null)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func rangesCountInUTF16ByDefault() throws {
        let c = TestClient()
        try c.initialize()
        let u = c.open("file:///u.taskpaper", marked: "- 👍🏽 thé 1️⃣@été2️⃣\n- 3️⃣@é5️⃣té4️⃣(2)\n")
        let highlights = try c.request("textDocument/documentHighlight", u.at("5️⃣")).arrayValue ?? []
        // 👍🏽 is four UTF-16 units: the markers count them as the client does.
        #expect(highlights.map(\.rangeTuple) == [u.range("1️⃣", "2️⃣"), u.range("3️⃣", "4️⃣")])
        #expect(highlights.map(\.rangeTuple) == [[0, 11, 0, 15], [1, 2, 1, 6]])
        #expect(try c.shutdownAndExit() == 0)
    }
}
