import Testing
@testable import TaskPaper

/// Every date literal of birch-outline's `test/date-time-parser-spec.coffee` and
/// `test/date-time-spec.coffee` (TaskPaper 3's own tests), with the moment TaskPaper computes.
/// Those tests compare against moment.js run at the current time; here now is pinned to
/// Tuesday 2026-11-24 10:20:30.500, and each expectation is that computation done by hand
/// (weeks start on Sunday, as in moment's English locale).
@Suite struct DateTaskPaperSpecTests {
    static let clock = LintClock(
        today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20),
        second: 30, millisecond: 500)

    /// (payload, what TaskPaper reads, written as its `DateTime.format` writes it).
    static let rows: [(String, String)] = [
        // date-time-parser-spec: full examples
        ("1976-11-27 at 2pm +2s -1sec +2s", "1976-11-27 14:00:03"),
        ("1976-11-27 2pm +2s -1sec +2s", "1976-11-27 14:00:03"),
        // absolute dates
        ("1976-11-27", "1976-11-27"), ("1976-11", "1976-11-01"), ("2012", "2012-01-01"),
        // relative dates
        ("today", "2026-11-24"), ("yesterday", "2026-11-23"), ("tomorrow", "2026-11-25"),
        ("last year", "2025-01-01"), ("last quarter", "2026-07-01"), ("last month", "2026-10-01"),
        ("last week", "2026-11-15"), ("last day", "2026-11-23"),
        ("this year", "2026-01-01"), ("this quarter", "2026-10-01"), ("this month", "2026-11-01"),
        ("this week", "2026-11-22"), ("this day", "2026-11-24"),
        ("next year", "2027-01-01"), ("next quarter", "2027-01-01"), ("next month", "2026-12-01"),
        ("next Month", "2026-12-01"), ("next week", "2026-11-29"), ("next isoweek", "2026-11-30"),
        ("next day", "2026-11-25"),
        ("jul 7", "2026-07-07"), ("july 7", "2026-07-07"), ("JuLy 7", "2026-07-07"),
        ("next JuLy 7", "2027-07-07"), ("last JuLy 7", "2025-07-07"),
        ("monday", "2026-11-23"), ("mon", "2026-11-23"), ("next mon", "2026-11-30"), ("last mon", "2026-11-16"),
        // times (on today)
        ("2:15:32", "2026-11-24 02:15:32"), ("2:15:32am", "2026-11-24 02:15:32"),
        ("2:15:32 PM", "2026-11-24 14:15:32"), ("2:15", "2026-11-24 02:15"),
        ("2 Am", "2026-11-24 02:00"), ("2pm", "2026-11-24 14:00"), ("2 am", "2026-11-24 02:00"),
        // `2` is no time; as a whole payload it is the year 2
        ("2", "0002-01-01"),
        // durations (from now)
        ("3 milliseconds", "2026-11-24 10:20:30:503"), ("3 millisecond", "2026-11-24 10:20:30:503"),
        ("3 ms", "2026-11-24 10:20:30:503"),
        ("3 seconds", "2026-11-24 10:20:33:500"), ("3 second", "2026-11-24 10:20:33:500"),
        ("3 sec", "2026-11-24 10:20:33:500"), ("3 s", "2026-11-24 10:20:33:500"),
        ("10 minuTes", "2026-11-24 10:30:30:500"), ("10 minuTe", "2026-11-24 10:30:30:500"),
        ("10 min", "2026-11-24 10:30:30:500"), ("10 m", "2026-11-24 10:30:30:500"),
        ("3 m", "2026-11-24 10:23:30:500"),
        ("2 hours", "2026-11-24 12:20:30:500"), ("2 hour", "2026-11-24 12:20:30:500"),
        ("2h", "2026-11-24 12:20:30:500"), ("3 h", "2026-11-24 13:20:30:500"),
        ("2 days", "2026-11-26 10:20:30:500"), ("2 day", "2026-11-26 10:20:30:500"),
        ("2d", "2026-11-26 10:20:30:500"),
        ("4 weeks", "2026-12-22 10:20:30:500"), ("4 week", "2026-12-22 10:20:30:500"),
        ("4 w", "2026-12-22 10:20:30:500"),
        ("1 w", "2026-12-01 10:20:30:500"), ("2 w", "2026-12-08 10:20:30:500"),
        ("4 months", "2027-03-24 10:20:30:500"), ("4 month", "2027-03-24 10:20:30:500"),
        ("4 o", "2027-03-24 10:20:30:500"),
        ("3 quarters", "2027-08-24 10:20:30:500"), ("3 quarter", "2027-08-24 10:20:30:500"),
        ("3 q", "2027-08-24 10:20:30:500"),
        ("3 years", "2029-11-24 10:20:30:500"), ("3 year", "2029-11-24 10:20:30:500"),
        ("3 y", "2029-11-24 10:20:30:500"),
        ("- 3 years", "2023-11-24 10:20:30:500"), ("+3years", "2029-11-24 10:20:30:500"),
        ("2012 seconds", "2026-11-24 10:54:02:500"), ("2012s", "2026-11-24 10:54:02:500"),
        // date-time-spec
        ("this feb", "2026-02-01"), ("this feb +5h", "2026-02-01 05:00"), ("this feb +5h +10m", "2026-02-01 05:10"),
        ("this feb +5h +10m 20ms", "2026-02-01 05:10:00:020"), ("2016-02-01", "2016-02-01"),
        ("this may", "2026-05-01"), ("2016-05-01", "2016-05-01"), ("this may at 9am", "2026-05-01 09:00"),
        ("this may 1 9pm", "2026-05-01 21:00"), ("this may at 9pm -10m", "2026-05-01 20:50"),
        ("2016-W51-4", "2016-12-22"), ("now", "2026-11-24 10:20:30:500"),
    ]

    @Test func everyLiteralReadsAsTaskPaperComputesIt() throws {
        for (payload, expected) in Self.rows {
            let value = try #require(try? DateValue.parse(payload[...], clock: Self.clock).get(), "\(payload)")
            #expect(value.reading == expected, "\(payload)")
            #expect(value.end == nil, "\(payload)")
        }
    }

    /// `DateTime.parse('1976-11-27')` is local midnight (05:00 UTC on the test's machine, New York).
    @Test func isoWithAnOffsetIsShownInLocalTime() throws {
        var newYork = Self.clock
        newYork.utcOffsetSeconds = -5 * 3600
        #expect(try DateValue.parse("1976-11-27T05:00:00.000Z", clock: newYork).get().reading == "1976-11-27")
        #expect(try DateValue.parse("1976-11-27T05:00:00.000Z", clock: Self.clock).get().reading == "1976-11-27 05:00")
        let plusOne = try DateValue.parse("1976-11-27T05:00:00.000+01:00", clock: Self.clock).get()
        #expect(plusOne.reading == "1976-11-27 04:00")
    }

    /// `DateTime.format(DateTime.parse('now'))` reads back as the same moment.
    @Test func nowRoundTrips() throws {
        let now = try DateValue.parse("now", clock: Self.clock).get().reading
        #expect(try DateValue.parse(now[...], clock: Self.clock).get().reading == now)
    }
}
