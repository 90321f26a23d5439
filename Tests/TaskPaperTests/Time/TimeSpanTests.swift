import Testing
import TaskPaper

/// Durations in `@est`, `@lasted` and `@1h30m` (the tables in `Sources/TaskPaper/README.md`, Time; Todo+'s
/// own readings are checked through the binary by `TodoPlusDurationTests`).
@Suite struct TimeSpanTests {
    @Test(arguments: [
        ("2h", 2 * 3600), ("30m", 30 * 60), ("1h30m", 5400), ("2h 30m", 9000), ("1.5h", 5400), ("90 min", 5400),
        ("3 hours", 3 * 3600), ("1 day and 20 minutes", 86_400 + 1200), ("1:30", 5400), ("1:30:15", 5415),
        ("0:05", 300), ("1d", 86_400), ("1w", 7 * 86_400), ("1y", 365 * 86_400), ("2 weeks", 14 * 86_400),
        ("45s", 45), ("1 hour, 5 minutes", 3900), ("1H30M", 5400), ("1hr 20mins", 4800), (" 2h ", 7200),
        (".5h", 1800), ("1.25 hours", 4500), ("1d2h3m4s", 93_784), ("0m", 0), ("10 secs", 10), ("2 days", 172_800),
        ("1.123456789h", 4044), ("an hour", 3600), ("A day", 86_400), ("one hour", 3600), ("ten minutes", 600),
        ("half an hour", 1800), ("a half day", 43_200), ("half year", 365 * 43_200), ("an  hour ", 3600),
        ("500ms", 1), ("499 ms", 0), ("1s500ms", 2), ("2 milliseconds", 0), ("86400000ms", 86_400),
        ("0.4s 0.4s", 1), ("0.5s 0.5s", 1), ("0.2s 0.2s", 0), ("1.5s 1.5s", 3), ("0.0002h 0.0002h", 1),
        ("1.0000001y", 31_536_003), ("0.0000001y", 3), ("1.1234567y", 35_429_330), ("0.99999999w", 604_800),
    ])
    func readsTheseForms(text: String, seconds: Int) {
        #expect(TimeSpan.read(text) == .success(TimeSpan(seconds: seconds)), "\(text)")
    }

    @Test(arguments: [
        "", "soon", "2", "h", "2 parsecs", "1h30", "h2", "1:3", "1:60", "1:30:60", ":30", "1::30", "2h and", "and 2h",
        "1,5h", "2h!", "1 month", "2hh", "1h30m later", "1:30 2h", "½h", "2 h0urs",
        "an hour and 30 minutes", "a h", "one min", "half a minute", "half a week", "eleven hours", "half", "an",
        "a half", "half an", "one hour two", "two",
    ])
    func leavesWhatIsNoDuration(text: String) {
        #expect(TimeSpan.read(text) == .failure(.malformed), "\(text)")
    }

    @Test func negativeAndHugeValuesAreRefusedNotWrapped() {
        #expect(TimeSpan.read("-5h") == .failure(.negative))
        #expect(TimeSpan.read("2h -30m") == .failure(.negative))
        #expect(TimeSpan.read(" - 5h") == .failure(.negative))
        let digits = String(repeating: "9", count: 10_000)
        #expect(TimeSpan.read(digits + "h") == .failure(.tooLong))
        #expect(TimeSpan.read(digits + ":00") == .failure(.tooLong))
        #expect(TimeSpan.read("1." + digits + "h") == .success(TimeSpan(seconds: 7200)))
        #expect(TimeSpan.read("1001y") == .failure(.tooLong))
        #expect(TimeSpan.read("1000y") == .success(TimeSpan.longest))
        #expect(TimeSpan.read(String(repeating: "999y ", count: 3)) == .failure(.tooLong))
    }

    @Test func aTagNamedLikeADurationIsAnEstimate() {
        #expect(TimeSpan.fromTagName("1h30m") == TimeSpan(seconds: 5400))
        #expect(TimeSpan.fromTagName("2d") == TimeSpan(seconds: 172_800))
        #expect(TimeSpan.fromTagName("h1") == nil)
        #expect(TimeSpan.fromTagName("2026") == nil)
        #expect(TimeSpan.fromTagName("3d-printer") == nil)
    }

    @Test(arguments: [
        (0, "0m"), (40, "40s"), (60, "1m"), (5400, "1h30m"), (7200, "2h"), (30 * 3600 + 59, "30h"), (86_400, "24h"),
    ])
    func writesHoursAndMinutes(seconds: Int, text: String) {
        #expect(TimeSpan(seconds: seconds).description == text)
        if seconds >= 60 { #expect(TimeSpan.parse(Substring(text))?.seconds == seconds / 60 * 60) }
    }
}

/// The time tags of an item, as sums, hints and reports read them.
@Suite struct ItemTimeTests {
    static func time(_ text: String) -> ItemTime { ItemTime(of: TextDocument(text: text).lines[0]) }

    @Test func addsEstimatesAndLastedOfEveryForm() {
        let t = Self.time("- Write @est(1h) @estimate(30m) @1h30m @lasted(2h) @lasted(0:15) @flag @2026")
        #expect(t.estimate == TimeSpan(seconds: 3 * 3600))
        #expect(t.lasted == TimeSpan(seconds: 2 * 3600 + 900))
        #expect(t.started == nil)
        #expect(Self.time("- Plain task @due(2026-11-30) @x(1h)").isEmpty)
    }

    @Test func valuesThatAreNoDurationCountNothing() {
        let t = Self.time("- a @est(soon) @lasted(-5h) @est(" + String(repeating: "9", count: 10_000) + "h) @est(2h)")
        #expect(t.estimate == TimeSpan(seconds: 7200))
        #expect(t.lasted == nil)
    }

    @Test(arguments: [
        ("2026-11-21 10:42", "2026-11-21 10:42"), ("26-11-21 10:42", "2026-11-21 10:42"),
        ("17-11-03 10:42", "2017-11-03 10:42"), ("69-01-01 00:01", "1969-01-01 00:01"),
        ("2026-11-21 9:05", "2026-11-21 09:05"), ("2026-11-21 10:42:07", "2026-11-21 10:42:07"),
        (" 2026-11-21  10:42 ", "2026-11-21 10:42"),
    ])
    func readsStartedAsWeAndTodoPlusWriteIt(text: String, moment: String) {
        #expect(StartedTime.read(Substring(text))?.description == moment)
    }

    @Test(arguments: [
        "", "now", "2026-11-21", "2026-11-21 25:00", "2026-02-30 10:00", "2026-11-21T10:42", "126-11-21 10:00",
        "2026-11-21 10:60", "2026-1-21 10:00", "2026-11-21 10:42 pm",
    ])
    func leavesStartedValuesItCannotPlace(text: String) {
        #expect(StartedTime.read(Substring(text)) == nil)
    }
}
