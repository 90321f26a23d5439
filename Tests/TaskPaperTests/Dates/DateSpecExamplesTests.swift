import Testing
@testable import TaskPaper

/// The date examples of the format contract (Sources/TaskPaper/README.md, "Dates"), one test each,
/// against Tuesday 2026-11-24 10:20.
@Suite struct DateSpecExamplesTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20))

    static func reading(_ payload: String) -> String? {
        try? DateValue.parse(payload[...], clock: clock).get().reading
    }

    static func error(_ payload: String) -> DateError? {
        if case .failure(let error) = DateValue.parse(payload[...], clock: clock) { return error }
        return nil
    }

    static func diagnostics(_ line: String) -> [LineDiagnostic] {
        let parsed = TextDocument(text: line).lines[0]
        return AnalyzedLine(text: parsed.text, syntax: parsed.syntax, settings: LintSettings(), clock: clock)
            .diagnostics()
    }

    // MARK: The grammar

    @Test func yearAloneIsJanuaryFirst() { #expect(Self.reading("2016") == "2016-01-01") }
    @Test func yearAndMonthIsTheFirst() { #expect(Self.reading("2016-5") == "2016-05-01") }
    @Test func nowTodayTomorrowYesterday() {
        #expect(Self.reading("now") == "2026-11-24 10:20")
        #expect(Self.reading("today") == "2026-11-24")
        #expect(Self.reading("tomorrow") == "2026-11-25")
        #expect(Self.reading("yesterday") == "2026-11-23")
    }
    @Test func monthNamesTakeSepButNotSept() {
        #expect(Self.reading("sep 3") == "2026-09-03")
        #expect(Self.reading("september 3") == "2026-09-03")
        #expect(Self.error("sept 3") == .malformed)
    }
    @Test func weekdaysTakeMonButNotTuesOrThurs() {
        #expect(Self.reading("mon") == "2026-11-23")
        #expect(Self.reading("monday") == "2026-11-23")
        #expect(Self.error("tues") == .malformed)
        #expect(Self.error("thurs") == .malformed)
    }
    @Test func thisNextLastAnyUnit() {
        #expect(Self.reading("next quarter") == "2027-01-01")
        #expect(Self.reading("last week") == "2026-11-15")
    }
    @Test func timesWithAmPm() {
        #expect(Self.reading("at 9am") == "2026-11-24 09:00")
        #expect(Self.reading("5pm") == "2026-11-24 17:00")
        #expect(Self.reading("2 am") == "2026-11-24 02:00")
        #expect(Self.reading("tomorrow at 5pm") == "2026-11-25 17:00")
    }
    @Test func timesAreAddedToTheStartOfTheDay() {
        #expect(Self.reading("2025-05-11 25:00") == "2025-05-12 01:00")
        #expect(Self.reading("2025-05-11 12pm") == "2025-05-12")
    }
    @Test func durations() {
        #expect(Self.reading("+1w +2d") == "2026-12-03 10:20")
        #expect(Self.reading("3 weeks") == "2026-12-15 10:20")
        #expect(Self.reading("-1w 2d") == "2026-11-19 10:20")
    }
    @Test func mIsMinutesAndOIsMonths() {
        #expect(Self.reading("+1m") == "2026-11-24 10:21")
        #expect(Self.reading("+1o") == "2026-12-24 10:20")
    }
    @Test func theEmptyPayloadIsNow() { #expect(Self.reading("") == "2026-11-24 10:20") }
    @Test func noLeadingWhiteSpaceBeforeADateButTrailingIsFine() {
        #expect(Self.error(" 2025-05-11") == .malformed)
        #expect(Self.reading("2025-05-11 ") == "2025-05-11")
    }
    @Test func caseDoesNotMatter() { #expect(Self.reading("NEXT Friday AT 9AM") == "2026-12-04 09:00") }

    // MARK: ISO 8601, when the grammar fails

    @Test func isoCalendarDateWithTime() { #expect(Self.reading("2025-05-11T10:00") == "2025-05-11 10:00") }
    @Test func isoWeekDate() { #expect(Self.reading("2016-W51-4") == "2016-12-22") }
    @Test func isoWithFractionAndZone() {
        #expect(Self.reading("1976-11-27T05:00:00.000Z") == "1976-11-27 05:00")  // the clock's zone is UTC
    }
    /// The grammar reads `2025-123` first, as month 123 (an Invalid Date), so TaskPaper never gets
    /// to ISO's ordinal date; with a time the grammar fails and ISO reads the 123rd day.
    @Test func isoOrdinalDate() {
        #expect(Self.error("2025-123") == .invalid)
        #expect(Self.reading("2025-123T00:00") == "2025-05-03")
    }

    // MARK: Our extensions

    @Test func appointment() {
        #expect(Self.reading("2025-05-11 13:00-14:00") == "2025-05-11 13:00 thru 2025-05-11 14:00")
    }
    @Test func span() {
        #expect(Self.reading("2025-05-12 13:00 thru 2025-05-19 23:59") == "2025-05-12 13:00 thru 2025-05-19 23:59")
        #expect(Self.reading("today thru next friday") == "2026-11-24 thru 2026-12-04")
    }
    @Test func rangesMustEndAfterTheyStart() {
        #expect(Self.error("2025-05-11 14:00-13:00") == .inverted)
        #expect(Self.error("tomorrow thru today") == .inverted)
    }

    // MARK: Diagnostics

    @Test func malformedIsAnErrorOnThePayload() {
        for payload in ["tomorow", "sept 3", " 2025-05-11"] {
            let found = Self.diagnostics("- a @due(\(payload))")
            #expect(found.map(\.code) == [.dateMalformed], "\(payload)")
            #expect(found.first?.range == 9..<(9 + payload.utf8.count))
            #expect(found.first?.severity == .error)
        }
    }
    @Test func invalidIsAnError() {
        for payload in ["2025-02-30", "2025-13-01"] {
            #expect(Self.diagnostics("- a @due(\(payload))").map(\.code) == [.dateInvalid], "\(payload)")
        }
    }
    @Test func invertedIsAnError() {
        #expect(Self.diagnostics("- a @due(2027-05-11 14:00-13:00)").map(\.code) == [.rangeInverted])
    }
    @Test func overflowIsAWarningSayingWhatTaskPaperReads() {
        let cases = [
            ("2025-05-11 25:00", "TaskPaper reads '25:00' as 2025-05-12 01:00"),
            ("2025-05-11 13:00pm", "TaskPaper reads '13:00pm' as 2025-05-12 01:00"),
            ("2025-05-11 12pm", "TaskPaper reads '12pm' as 2025-05-12"),
            ("2025-05-11 12am", "TaskPaper reads '12am' as 2025-05-11 12:00"),
            ("jul 32", "TaskPaper reads 'jul 32' as 2026-08-01"),
            ("2", "TaskPaper reads '2' as 0002-01-01"),
            ("13-12-05 20:53", "TaskPaper reads '13-12-05' as 0013-12-05 20:53"),
        ]
        for (payload, message) in cases {
            let found = Self.diagnostics("- a @done(\(payload))")
            #expect(found.map(\.code) == [.dateOverflow], "\(payload)")
            #expect(found.first?.severity == .warning)
            #expect(found.first?.message.hasPrefix(message) == true, "\(found.first?.message ?? "")")
        }
    }
    @Test func overdueUsesTaskPapersReadingAndARangesEnd() {
        #expect(Self.diagnostics("- a @due(last week)").map(\.code) == [.overdue])
        #expect(Self.diagnostics("- a @due(2026-11-23 13:00-14:00)").map(\.code) == [.overdue])
        #expect(Self.diagnostics("- a @due(2026-11-20 thru 2026-11-27)").isEmpty)
        #expect(Self.diagnostics("- a @due(monday)").map(\.code) == [.overdue])  // this week's Monday: yesterday
        #expect(Self.diagnostics("- a @due(-1h)").isEmpty)  // still today
        #expect(Self.diagnostics("- a @due(last week) @done").isEmpty)
    }

    /// The payloads of TaskPaper's own tests and grammar that were once called malformed: all read.
    @Test func theIssuesPayloadsReadWithoutAnError() {
        let payloads = [
            "tomorrow at 5pm", "5pm", "this may at 9am", "next quarter", "+2 days", "3 weeks", "-1w 2d",
            "2016", "2016-5", "2016-W51-4", "2025-05-11T10:00", "1976-11-27T05:00:00.000Z",
            "this feb +5h +10m 20ms", "10:30:15:200 pm", "", "+1m", "13-12-05 20:53",
        ]
        #expect(payloads.count == 17)
        for payload in payloads {
            #expect(Self.reading(payload) != nil, "\(payload)")
            #expect(Self.diagnostics("- a @done(\(payload))").allSatisfy { $0.severity != .error }, "\(payload)")
        }
        #expect(Self.reading("10:30:15:200 pm") == "2026-11-24 22:30:15:200")
    }
}
