import Testing

@testable import TaskPaper

/// Which lines `PlainLine.plain` reads without the analysis (the random check against the analysis is
/// `PlainLineOracleTests`, beside the token facts it also compares).
struct PlainLineTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    @Test func linesWithSomethingToFindAreNotPlain() {
        let settings = LintSettings()
        for text in [
            "- a @due(2025-02-30)", "Home: ", "- x @id", "- a @t @t", "- a @b(c", "@search(@a and)",
            "- a @repeat(every 0 days)", "- a @start(2030-01-01)", "- " + String(repeating: "a", count: 130),
            "- a @due(2020-01-01)", "- a @due(yesterday)", "- a @due(2030-01-01 25:00)", "- a @due(12pm)",
            "- a @due(2020-01-01 10:00-11:00)", "- a @due(2030-01-01 11:00-10:00)",
        ] {
            #expect(
                PlainLine.plain(Line(text: text, ending: .none), settings: settings, clock: Self.clock) == nil,
                "\(text)")
        }
        for (text, dateTags) in [
            ("- Buy milk @flag", 0), ("Home:", 0), ("A note", 0), ("", 0), ("- a @flag @next(x)", 0),
            ("- a @done", 0), ("- a @due(2030-01-01)", 1), ("- a @x @due(2030-01-01 10:00) @done(2020-01-01)", 6),
            ("- a @due(2020-01-01) @done(2026-11-21)", 3), ("Note @due(2020-01-01)", 1), ("- a @due(tomorrow)", 1),
            ("- a @due(2030-01-01 10:00-11:00)", 1), ("- a @due(2030-1-1) @x", 1),
        ] {
            let plain = PlainLine.plain(Line(text: text, ending: .none), settings: settings, clock: Self.clock)
            #expect(plain?.dateTags == UInt32(dateTags), "\(text)")
        }
    }
}
