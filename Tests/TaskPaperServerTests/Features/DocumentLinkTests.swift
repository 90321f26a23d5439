import Foundation
import Testing
import TaskPaperServer

/// textDocument/documentLink in process: exact ranges (in the client's units) and targets.
@Suite struct DocumentLinkTests {
    static let uri = "file:///home/u/notes/tasks.taskpaper"

    static func links(_ c: TestClient, _ uri: String) throws -> [String] {
        let result = try c.request("textDocument/documentLink", ["textDocument": ["uri": .string(uri)]])
        return (result.arrayValue ?? []).map { "\($0.rangeTuple) \($0["target"]?.stringValue ?? "?")" }
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func linksHaveExactRangesAndTargets(encoding: String) throws {
        let c = TestClient()
        let capabilities: JSON = encoding == "utf-16" ? [:] : ["general": ["positionEncodings": [.string(encoding)]]]
        let result = try c.initialize(capabilities: capabilities)
        #expect(result["capabilities"]?["documentLinkProvider"]?["resolveProvider"] == false)
        let doc = c.open(
            Self.uri,
            marked: """
                Links:
                \t- 👍🏽 Mail 0️⃣bob@example.com1️⃣ and 2️⃣https://example.com/a(b)3️⃣. @file(4️⃣../plans/q1 notes.txt5️⃣)
                \t- Read 6️⃣~/docs/a\\ b.pdf7️⃣ or 8️⃣www.swift.org9️⃣, later
                \t- No links: me@home, example.com, a/b
                """)
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(
            try Self.links(c, Self.uri) == [
                "\(doc.range("0️⃣", "1️⃣")) mailto:bob@example.com",
                "\(doc.range("2️⃣", "3️⃣")) https://example.com/a(b)",
                "\(doc.range("4️⃣", "5️⃣")) file:///home/u/plans/q1%20notes.txt",
                "\(doc.range("6️⃣", "7️⃣")) file://\(home)/docs/a%20b.pdf",
                "\(doc.range("8️⃣", "9️⃣")) http://www.swift.org",
            ])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func anUnsavedDocumentLinksNoRelativePaths() throws {
        let c = TestClient()
        try c.initialize()
        let uri = "untitled:Untitled-1"
        let doc = c.open(uri, marked: "- see ./a.txt, 0️⃣/etc/hosts1️⃣ and 2️⃣mailto:x@y.org3️⃣")
        #expect(
            try Self.links(c, uri) == [
                "\(doc.range("0️⃣", "1️⃣")) file:///etc/hosts",
                "\(doc.range("2️⃣", "3️⃣")) mailto:x@y.org",
            ])
        #expect(try c.shutdownAndExit() == 0)
    }
}
