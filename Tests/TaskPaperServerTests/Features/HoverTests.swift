import Foundation
import Testing
import TaskPaperServer

/// Hover in process (Support/TestClient.swift), against a pinned Saturday 21 November 2026.
@Suite struct HoverTests {
    static let uri = "file:///hover.taskpaper"

    /// A line, the tag hovered, and the first paragraph of the hover in plain text.
    static let dateCases: [(line: String, tag: String, text: String)] = [
        ("- Water @due(2026-11-24) @home", "@due", "Tuesday 24 November 2026, in 3 days"),
        ("- Rent @due(2026-11-18)", "@due", "Wednesday 18 November 2026, 3 days overdue"),
        ("- Fixed @done(2026-11-18) @due(2026-11-20)", "@due", "Friday 20 November 2026, yesterday"),
        ("- Fixed @done(2026-11-18) @due(2026-11-20)", "@done", "Wednesday 18 November 2026, 3 days ago"),
        ("- Call @due(2026-11-22 10:00)", "@due", "Sunday 22 November 2026 at 10:00, tomorrow"),
        (
            "- Meet @due(2026-11-23 13:00-14:30)", "@due",
            "Monday 23 November 2026, 13:00 to 14:30 (1 hour, 30 minutes), in 2 days"
        ),
        (
            "- Trip @start(2026-11-12 thru 2026-11-19)", "@start",
            "Thursday 12 November 2026 thru Thursday 19 November 2026 (8 days), ended 2 days ago"
        ),
        (
            "- Sprint @start(2026-11-20 13:00 thru 2026-11-27 23:59)", "@start",
            "Friday 20 November 2026 at 13:00 thru Friday 27 November 2026 at 23:59 (7 days, 10 hours, 59 minutes), under way, ends in 6 days"
        ),
        // A task due over a span is due by its end: still open, not overdue.
        (
            "- Open window @due(2026-11-20 thru 2026-11-27)", "@due",
            "Friday 20 November 2026 thru Friday 27 November 2026 (8 days), under way, ends in 6 days"
        ),
        (
            "- Late sprint @due(2026-11-10 thru 2026-11-19)", "@due",
            "Tuesday 10 November 2026 thru Thursday 19 November 2026 (10 days), 2 days overdue"
        ),
        // TaskPaper's weeks start on Sunday: this week's Friday was yesterday, next Friday is in 6 days.
        ("- Party @due(next friday)", "@due", "Friday 27 November 2026, in 6 days"),
        ("- Now @defer(today)", "@defer", "Saturday 21 November 2026, today"),
        ("- Soon @due(tomorrow 9:30)", "@due", "Sunday 22 November 2026 at 09:30, tomorrow"),
        ("- Someday @due", "@due", "No specific date"),
        ("- Bad @due(2026-02-30)", "@due", "Not a real date: no such day or time"),
        (
            "- Worse @due(soonish)", "@due",
            "Not a date: expected YYYY-MM-DD, an optional time, a range, or a relative date like 'tomorrow'"
        ),
    ]

    @Test func dateTagsDescribeTheDateInWordsAndItsDistanceFromToday() throws {
        let c = TestClient(now: "2026-11-21")
        try c.initialize()
        c.open(Self.uri, Self.dateCases.map(\.line).joined(separator: "\n"))
        for (i, e) in Self.dateCases.enumerated() {
            let hover = try hoverOn(c, line: i, e.line, tag: e.tag)
            #expect(hover["contents"]?["kind"] == "plaintext")
            let paragraphs = hover["contents"]?["value"]?.stringValue?.components(separatedBy: "\n\n") ?? []
            #expect(paragraphs.first == e.text, "\(e.line)")
        }
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func anyTagSaysHowManyItemsCarryItAndTheRangeIsTheWholeTag() throws {
        let c = TestClient()
        try c.initialize()
        let lines = [
            "- 東京 👍🏽 visit @home @priority(2)", "- b @home", "- c @priority(1) @priority(2)", "Notes about home",
        ]
        c.open(Self.uri, lines.joined(separator: "\n"))
        c.open("file:///other.taskpaper", "- x @home @priority(2)\n")

        let home = try hoverOn(c, line: 0, lines[0], tag: "@home")
        #expect(home["contents"]?["value"] == "3 items carry @home")
        let start = prefixUnits(lines[0], "@home")
        #expect(home.rangeTuple == [0, start, 0, start + 5])

        // On the value too; the range covers `@priority(2)` with its parentheses.
        let p = prefixUnits(lines[0], "@priority")
        let priority = try hover(c, line: 0, character: p + 10)
        #expect(priority["contents"]?["value"] == "3 items carry @priority, 2 of them with @priority(2)")
        #expect(priority.rangeTuple == [0, p, 0, p + 12])

        let one = try hoverOn(c, line: 1, lines[1], tag: "@home")
        #expect(one["contents"]?["value"]?.stringValue?.hasPrefix("3 items") == true)
        #expect(try hover(c, line: 3, character: 8) == .null)
        #expect(try hover(c, line: 0, character: 3) == .null)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func markdownWhenTheClientAcceptsIt() throws {
        let c = TestClient(now: "2026-11-21")
        let result = try c.initialize(capabilities: [
            "textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]]]
        ])
        #expect(result["capabilities"]?["hoverProvider"] == true)
        let line = "- Water @due(2026-11-24) @home"
        c.open(Self.uri, line)
        let hover = try hoverOn(c, line: 0, line, tag: "@due")
        #expect(hover["contents"]?["kind"] == "markdown")
        #expect(hover["contents"]?["value"] == "**Tuesday 24 November 2026**, in 3 days\n\n1 item carries `@due`")
        #expect(try c.shutdownAndExit() == 0)
    }
}

/// UTF-16 length of `line` before the first `needle`.
private func prefixUnits(_ line: String, _ needle: String) -> Int {
    line[..<line.range(of: needle)!.lowerBound].utf16.count
}

/// Hover one character into the first `tag` of the line.
private func hoverOn(_ c: TestClient, line: Int, _ text: String, tag: String) throws -> JSON {
    try hover(c, line: line, character: prefixUnits(text, tag) + 1)
}

private func hover(_ c: TestClient, line: Int, character: Int) throws -> JSON {
    try c.request(
        "textDocument/hover",
        [
            "textDocument": ["uri": .string(HoverTests.uri)],
            "position": ["line": .int(line), "character": .int(character)],
        ])
}
