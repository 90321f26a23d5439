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
            "- a @due(2020-01-01 10:00-11:00)", "- a @due(2030-01-01 11:00-10:00)", "- a @est(soon)",
            "- a @lasted(-5h)",
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

    /// A line of more than 8 tags is never plain (past 8 the scanner cannot rule out a repeated name), so a
    /// date tag past the 32nd, which the facts keep no bits for, is always read by the analysis.
    @Test func manyTagsAreReadAsTheAnalysisReadsThem() {
        var settings = LintSettings()
        settings.maxLineLength = 0  // the long lines below are about their tags
        let tags = (0..<31).map { " @t\($0)" }.joined()
        let at31 = PlainLine.plain(
            Line(text: "- a" + tags + " @due(2030-01-01)", ending: .none), settings: settings, clock: Self.clock)
        let fewer = PlainLine.plain(
            Line(text: "- a @t1 @t2 @due(2030-01-01)", ending: .none), settings: settings, clock: Self.clock)
        #expect(fewer?.dateTags == 1 << 2)
        #expect(at31 == nil)
        let at32 = "- a" + tags + " @t31 @due(2030-01-01)"
        #expect(PlainLine.plain(Line(text: at32, ending: .none), settings: settings, clock: Self.clock) == nil)
        let analyzed = AnalyzedLine(line: Line(text: at32, ending: .none), settings: settings, clock: Self.clock)
        #expect(analyzed.dates.map(\.tagIndex) == [32])
        #expect(analyzed.diagnostics().isEmpty)
    }

    /// The day a plain line's date is due is the day the whole reader gives, for every form it reads
    /// (payloads of the date tests, upper-cased too, on clocks in and out of UTC, around a year's end).
    @Test func theDueDayIsTheReadersDeadline() {
        let payloads =
            (DateRandomizedTests.dates + DateRandomizedTests.times + DateRandomizedTests.durations).map(\.text)
            + [
                "2025-05-11 13:00-14:00", "2025-05-11 14:00-13:00", "2025-05-12 13:00 thru 2025-05-19 23:59",
                "today thru next friday", "2025-05-11T10:00", "1976-11-27T05:00:00.000Z", "2016-W51-4", "2025-123",
                "2025-02-30", "2025-13-01", "25:00", "12pm", "12am", "jul 32", "2", "", " 2025-05-11", "tomorow",
                "2025-05-11 25:00", "2030-12-31 23:59", "next week", "+1w +2d", "monday 5pm", "2030-01-01 00:00-00:00",
                "2030-01-01 10:00-10:01", "2030-01-01 10:01-10:00", "2030-01-01 23:59-24:00", "2030-02-30 10:00-11:00",
                "2030-01-01 09:60-10:00", "2030-01-01 24:00-24:30", "2030-01-01 9:00-10:00", "2030-01-01 10:00-11:00 ",
                "2030-01-01 09:00 thru 2030-01-01 09:00", "2030-01-01 thru 2029-12-31", "2030-01-01 THRU 2030-01-02",
                "2030-13-01 thru 2030-12-01", "2030-01-01 10:00 thru 2030-01-01 10:01", "2030-01-01\tthru 2030-01-02",
                "2030-01-01 10:00 thru 2030-01-01 25:00", "2030-01-01 00:00 thru 2030-01-01",
                "2030-01-01 thru 2030-01-01",
            ]
        let clocks = [
            Self.clock,
            LintClock(
                today: CivilDate(year: 2026, month: 12, day: 31), now: TimeOfDay(hour: 23, minute: 30),
                utcOffsetSeconds: -5 * 3600),
            LintClock(
                today: CivilDate(year: 2024, month: 2, day: 29), now: TimeOfDay(hour: 0, minute: 5),
                utcOffsetSeconds: 9 * 3600 + 1800),
        ]
        for clock in clocks {
            for payload in payloads + payloads.map { $0.uppercased() } {
                let expected: CivilDate?
                if case .success(let value) = DateValue.parse(payload[...], clock: clock), value.overflow == nil {
                    expected = value.deadline
                } else {
                    expected = nil
                }
                let got = Array(payload.utf8).withUnsafeBufferPointer {
                    DateReader.deadlineIfReadAsWritten($0, clock: clock)
                }
                #expect(got == expected, "'\(payload)' on \(clock.today)")
            }
        }
    }
}
