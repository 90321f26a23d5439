import Foundation
import Testing
import TaskPaper
import TaskPaperServer

/// Hover on `@repeat` and on the start date of a task not available yet, in process,
/// against a pinned Saturday 21 November 2026.
@Suite struct PlanningHoverTests {
    static let uri = "file:///planning-hover.taskpaper"

    /// A line, the tag hovered, and the hover's paragraphs in plain text.
    static let cases: [(line: String, tag: String, paragraphs: [String])] = [
        (
            "- Water @repeat(every 2 weeks) @due(2026-11-10)", "@repeat",
            [
                "Repeats every 2 weeks; next due 2026-11-24",
                "2 items carry @repeat, 1 of them with @repeat(every 2 weeks)",
            ]
        ),
        (
            "- Stretch @repeat(soon)", "@repeat",
            ["Not a repeat rule: \(RepeatRule.expectation)", "2 items carry @repeat, 1 of them with @repeat(soon)"]
        ),
        (
            "- Taxes @start(2026-11-24)", "@start",
            ["Tuesday 24 November 2026, in 3 days", "Not available yet: starts in 3 days", "3 items carry @start"]
        ),
        (
            "- Call @defer(tomorrow) @start(2026-11-20)", "@start",
            ["Friday 20 November 2026, yesterday", "Not available yet: starts tomorrow", "3 items carry @start"]
        ),
        ("- Done @start(2026-11-30) @done", "@start", ["Monday 30 November 2026, in 9 days", "3 items carry @start"]),
    ]

    @Test func repeatsAndStartDatesSayWhatComesNext() throws {
        let c = TestClient(now: "2026-11-21")
        try c.initialize()
        c.open(Self.uri, Self.cases.map(\.line).joined(separator: "\n"))
        for (i, e) in Self.cases.enumerated() {
            let character = e.line[..<e.line.range(of: e.tag)!.lowerBound].utf16.count + 1
            let hover = try c.request(
                "textDocument/hover",
                [
                    "textDocument": ["uri": .string(Self.uri)],
                    "position": ["line": .int(i), "character": .int(character)],
                ])
            let paragraphs = hover["contents"]?["value"]?.stringValue?.components(separatedBy: "\n\n") ?? []
            #expect(paragraphs == e.paragraphs, "\(e.line)")
        }
        #expect(try c.shutdownAndExit() == 0)
    }
}
