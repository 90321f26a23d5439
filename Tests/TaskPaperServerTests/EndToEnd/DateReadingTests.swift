import Foundation
import Testing
import TaskPaperServer

/// Dates as TaskPaper 3 reads them, through the real binary: no Error on what TaskPaper reads,
/// a Warning with a quick fix where it reads something else than written, hover in its words.
@Suite struct DateReadingTests {
    static let uri = "file:///dates.taskpaper"

    @Test func taskPaperDatesGetNoErrorAndOverflowGetsAWarningWithAFix() throws {
        let c = try LSPClient(environment: ["TASKPAPER_NOW": "2026-11-23T09:30"])
        try c.initialize()
        let lines = [
            "- a @due(next quarter) @start(tomorrow at 5pm) @defer(+2 days)",
            "- b @due(2016-W51-4) @done(13-12-05 20:53)",
            "- c @due(2026-12-01 25:00)",
            "- d @due(tomorow)",
        ]
        c.open(Self.uri, lines.joined(separator: "\n"))
        let diagnostics = try c.waitForDiagnostics(Self.uri, version: 1)
        // Line b is done: its 2016 date is not overdue; its year 13 is read as written.
        #expect(diagnostics.map(\.code) == ["date-overflow", "date-overflow", "date-malformed"])
        #expect(diagnostics.map { $0["severity"]?.intValue } == [2, 2, 1])
        let message = diagnostics[1]["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("TaskPaper reads '25:00' as 2026-12-02 01:00"), "\(message)")

        let actions =
            try c.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(Self.uri)],
                    "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 0]],
                    "context": ["diagnostics": [], "only": ["quickfix"]],
                ]
            ).arrayValue ?? []
        let fix = try #require(actions.first { $0["diagnostics"]?.arrayValue?.map(\.code) == ["date-overflow"] })
        let edit = try #require(fix["edit"]?["changes"]?[Self.uri]?.arrayValue?.first)
        #expect(edit["newText"] == "2026-12-02 01:00")

        let hover = try c.request(
            "textDocument/hover",
            [
                "textDocument": ["uri": .string(Self.uri)],
                "position": ["line": 0, "character": 5],
            ])
        let text = hover["contents"]?["value"]?.stringValue ?? ""
        #expect(text.hasPrefix("Friday 1 January 2027, in 39 days"), "\(text)")
        #expect(try c.shutdownAndExit() == 0)
    }
}
