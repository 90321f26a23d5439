import Testing
import TaskPaperServer

/// Formatting a messy document through the real binary, as an editor does on save:
/// the edits applied to the whole text, then the result formatted again.
@Suite struct FormattingBinaryTests {
    static let uri = "file:///messy.taskpaper"

    static let messy =
        "Inbox:\r\n"
        + "    - Call 👋 Bob @due(2026-1-5)   \r\n"
        + "        call before noon\t\r\n"
        + "    Errands: @today  \r\n"
        + "        - Bank @start(2026-2-3 thru 2026-2-10)\r\n"
        + "\t\r\n"
        + "Notes: \n"  // a note: without its space it would be a project, so the space stays
        + "- last line, no line end  "

    static let formatted =
        "Inbox:\r\n"
        + "\t- Call 👋 Bob @due(2026-01-05)\r\n"
        + "\t\tcall before noon\r\n"
        + "\tErrands: @today\r\n"
        + "\t\t- Bank @start(2026-02-03 thru 2026-02-10)\r\n"
        + "\r\n"
        + "Notes: \n"
        + "- last line, no line end"

    static func format(_ c: LSPClient) throws -> [JSON] {
        let edits = try c.request(
            "textDocument/formatting",
            ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 4, "insertSpaces": true]])
        return edits.arrayValue ?? []
    }

    @Test func formatsAMessyDocumentAndThenHasNothingLeftToDo() throws {
        let c = try LSPClient(environment: ["TASKPAPER_NOW": "2026-11-21T09:30"])
        try c.initialize()
        c.open(Self.uri, Self.messy)
        let result = try ApplyEdits.apply(try Self.format(c), to: Self.messy)
        #expect(result == Self.formatted)
        // What the editor holds after applying them is already formatted.
        c.change(Self.uri, version: 2, [["text": .string(result)]])
        #expect(try Self.format(c).isEmpty)
        #expect(try c.shutdownAndExit() == 0)
    }
}
