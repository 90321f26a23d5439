import Testing
import TaskPaperServer

/// Formatting in process: the edits applied to the text, as an editor applies them.
@Suite struct FormattingTests {
    static let uri = "file:///f.taskpaper"

    @Test func formatsTheWholeDocument() throws {
        let c = TestClient()
        let caps = try c.initialize()
        #expect(caps["capabilities"]?["documentFormattingProvider"] == true)
        #expect(caps["capabilities"]?["documentRangeFormattingProvider"] == true)
        let text = "Home:\n    - Buy milk @due(2026-1-5)\t\n        a note\n- Call 👋 Bob   \n"
        let doc = c.open(Self.uri, marked: text)
        let edits = try c.request(
            "textDocument/formatting",
            ["textDocument": ["uri": .string(doc.uri)], "options": ["tabSize": 4, "insertSpaces": true]])
        let formatted = try ApplyEdits.apply(edits.arrayValue ?? [], to: doc.text)
        #expect(
            formatted
                == "Home:\n\t- Buy milk @due(2026-01-05)\n\t\ta note\n- Call 👋 Bob\n")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aFormattedDocumentGetsNoEdits() throws {
        let c = TestClient()
        _ = try c.initialize()
        let doc = c.open(Self.uri, marked: "Home:\n\t- Buy milk @due(2026-01-05)\n")
        let edits = try c.request(
            "textDocument/formatting", ["textDocument": ["uri": .string(doc.uri)], "options": [:]])
        #expect(edits.arrayValue?.isEmpty == true)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func rangeFormattingTouchesOnlyTheSelectedLines() throws {
        let c = TestClient()
        _ = try c.initialize()
        let doc = c.open(Self.uri, marked: "Home:  \n\t1️⃣- Buy milk   \n\t- Bread 2️⃣  \n\t- Eggs  \n")
        let edits = try c.request(
            "textDocument/rangeFormatting",
            ["textDocument": ["uri": .string(doc.uri)], "range": doc.rangeJSON("1️⃣", "2️⃣"), "options": [:]])
        #expect(
            try ApplyEdits.apply(edits.arrayValue ?? [], to: doc.text)
                == "Home:  \n\t- Buy milk\n\t- Bread\n\t- Eggs  \n")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func neverChangesWhatALineIs() throws {
        let c = TestClient()
        _ = try c.initialize()
        // Trimming would turn `Home: ` into a project and `- ` into a note: those blanks stay.
        let doc = c.open(Self.uri, marked: "Home: \n- \n")
        let edits = try c.request(
            "textDocument/formatting", ["textDocument": ["uri": .string(doc.uri)], "options": [:]])
        #expect(try ApplyEdits.apply(edits.arrayValue ?? [], to: doc.text) == doc.text)
        #expect(try c.shutdownAndExit() == 0)
    }
}
