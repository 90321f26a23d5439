import Testing
@testable import TaskPaper

/// Hover's words for a date tag, as TaskPaper reads the payload.
@Suite struct DateDescriptionTests {
    static func describe(_ line: String, today: CivilDate, tag: Int = 0) -> String {
        let parsed = TextDocument(text: line).lines[0]
        let analyzed = AnalyzedLine(
            text: parsed.text, syntax: parsed.syntax, settings: LintSettings(),
            clock: LintClock(today: today, now: TimeOfDay(hour: 9, minute: 0)))
        let description = DateDescription.describe(analyzed, tagIndex: tag)
        return description.reading + description.detail
    }

    static let monday23 = CivilDate(year: 2026, month: 11, day: 23)
    static let saturday21 = CivilDate(year: 2026, month: 11, day: 21)

    @Test func nextQuarterIsTheFirstOfJanuary() {
        #expect(Self.describe("- a @due(next quarter)", today: Self.monday23) == "Friday 1 January 2027, in 39 days")
    }

    @Test(arguments: [
        ("- a @due(2026-11-24)", "Tuesday 24 November 2026, in 3 days"),
        ("- a @due(2026-11-18)", "Wednesday 18 November 2026, 3 days overdue"),
        ("- a @done(2026-11-18)", "Wednesday 18 November 2026, 3 days ago"),
        ("- a @due(next friday)", "Friday 27 November 2026, in 6 days"),
        ("- a @due(monday)", "Monday 16 November 2026, 5 days overdue"),
        ("- a @due(tomorrow 9:30)", "Sunday 22 November 2026 at 09:30, tomorrow"),
        ("- a @due(2026-11-21 25:00)", "Sunday 22 November 2026 at 01:00, tomorrow"),
        ("- a @start(now)", "Saturday 21 November 2026 at 09:00, today"),
        ("- a @start(+90 min)", "Saturday 21 November 2026 at 10:30, today"),
        ("- a @due(2026-11-23 13:00-14:30)", "Monday 23 November 2026, 13:00 to 14:30 (1 hour, 30 minutes), in 2 days"),
        (
            "- a @start(2026-11-12 thru 2026-11-19)",
            "Thursday 12 November 2026 thru Thursday 19 November 2026 (8 days), ended 2 days ago"
        ),
        (
            "- a @due(2026-11-20 thru 2026-11-27)",
            "Friday 20 November 2026 thru Friday 27 November 2026 (8 days), under way, ends in 6 days"
        ),
        ("- a @due(2026-02-30)", "Not a real date: no such day or time"),
        (
            "- a @due(soonish)",
            "Not a date: expected YYYY-MM-DD, an optional time, a range, or a relative date like 'tomorrow'"
        ),
        ("- a @due", "No specific date"),
    ])
    func describes(line: String, expected: String) {
        #expect(Self.describe(line, today: Self.saturday21) == expected)
    }
}
