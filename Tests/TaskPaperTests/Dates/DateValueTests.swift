import Testing
@testable import TaskPaper

/// Saturday 2026-11-21 at 10:00: the fixed clock every relative expectation below is resolved against.
/// TaskPaper's weeks start on Sunday: this week runs from Sunday 15 to Saturday 21 November.
private let today = CivilDate(year: 2026, month: 11, day: 21)
private let now = TimeOfDay(hour: 10, minute: 0)

private func parse(_ payload: String, today: CivilDate = today, now: TimeOfDay = now) -> Result<DateValue, DateError> {
    DateValue.parse(payload[...], clock: LintClock(today: today, now: now))
}

private let clock = LintClock(today: today, now: now)

/// `start` or `start … end` as text, or the error, so each expectation is one readable string.
private func summary(_ result: Result<DateValue, DateError>) -> String {
    switch result {
    case .success(let value):
        guard let end = value.end else { return value.start.description }
        return "\(value.start) … \(end)"
    case .failure(let error):
        return "\(error)"
    }
}

private func date(_ text: String) -> CivilDate {
    let parts = text.split(separator: "-").map { Int($0)! }
    return CivilDate(year: parts[0], month: parts[1], day: parts[2])
}

@Suite struct DateValueTests {
    // MARK: Absolute forms

    @Test(arguments: [
        ("2025-05-11", DateValue.Form.date, "2025-05-11"),
        ("2025-05-11 10:00", .dateTime, "2025-05-11 10:00"),
        ("2025-05-11 9:30", .dateTime, "2025-05-11 09:30"),
        ("2025-05-11 10:00:05", .dateTime, "2025-05-11 10:00:05"),
        ("2025-05-11 9am", .dateTime, "2025-05-11 09:00"),
        ("2025-05-11 9:30pm", .dateTime, "2025-05-11 21:30"),
        ("2025-05-11 13:00-14:00", .appointment, "2025-05-11 13:00 … 2025-05-11 14:00"),
        ("2025-05-11 9am-5pm", .appointment, "2025-05-11 09:00 … 2025-05-11 17:00"),
        ("2025-05-11 23:59-23:59:30", .appointment, "2025-05-11 23:59 … 2025-05-11 23:59:30"),
        ("2025-05-12 13:00 thru 2025-05-19 23:59", .span, "2025-05-12 13:00 … 2025-05-19 23:59"),
        ("2025-05-12 thru 2025-05-19", .span, "2025-05-12 … 2025-05-19"),
        ("2025-05-12 THRU 2025-05-13", .span, "2025-05-12 … 2025-05-13"),
        ("2025-05-12 thru 2025-05-12 00:01", .span, "2025-05-12 … 2025-05-12 00:01"),
        ("2025-5-1", .date, "2025-05-01"),
        ("2025-05-11 \t 10:00 ", .dateTime, "2025-05-11 10:00"),
        ("2024-02-29", .date, "2024-02-29"),
        ("2000-02-29", .date, "2000-02-29"),
        ("2025-05-11 00:00", .date, "2025-05-11"),  // TaskPaper writes midnight as a bare date
        ("2025-05-11\t", .date, "2025-05-11"),
        ("2016", .date, "2016-01-01"),
        ("2016-5", .date, "2016-05-01"),
        ("2025-005-11", .date, "2025-05-11"),
        ("20250-05-11", .date, "20250-05-11"),
        ("2025-05-11 9 am", .dateTime, "2025-05-11 09:00"),
        ("2025-05-11 10:5", .dateTime, "2025-05-11 10:05"),
        ("2025-05-11T10:00", .dateTime, "2025-05-11 10:00"),
        ("2025-05-11 10", .dateTime, "2025-05-11 10:00"),
        ("tomorrow 13:00-14:00", .appointment, "2026-11-22 13:00 … 2026-11-22 14:00"),  // ISO 8601: an hour alone
        ("2025-123T08:00", .dateTime, "2025-05-03 08:00"),
        ("20250511T1000", .dateTime, "2025-05-11 10:00"),  // ISO 8601's basic form
        ("2016W514", .date, "2016-12-22"),
        ("2025123T0830", .dateTime, "2025-05-03 08:30"),
        ("2025-05-11T10:00:30,5", .dateTime, "2025-05-11 10:00:30:500"),
        ("2025-05-11T24:00", .date, "2025-05-12"),
        ("2025-05-11 23:59:59", .dateTime, "2025-05-11 23:59:59"),
    ])
    func absolute(payload: String, form: DateValue.Form, expected: String) throws {
        let value = try parse(payload).get()
        #expect(value.form == form)
        #expect(summary(.success(value)) == expected)
    }

    // MARK: Relative forms (today = Saturday 2026-11-21, now = 10:00)

    @Test(arguments: [
        ("today", "2026-11-21"),
        ("TODAY", "2026-11-21"),
        ("tomorrow", "2026-11-22"),
        ("Tomorrow", "2026-11-22"),
        ("yesterday", "2026-11-20"),
        ("now", "2026-11-21 10:00"),
        ("", "2026-11-21 10:00"),
        ("   ", "2026-11-21 10:00"),
        // weekdays: bare/this = that day of this Sunday-to-Saturday week, next = +7, last = -7
        ("monday", "2026-11-16"),
        ("mon", "2026-11-16"),
        ("saturday", "2026-11-21"),
        ("this saturday", "2026-11-21"),
        ("sun", "2026-11-15"),
        ("friday", "2026-11-20"),
        ("Wednesday", "2026-11-18"),
        ("tue", "2026-11-17"),
        ("thu", "2026-11-19"),
        ("next friday", "2026-11-27"),
        ("next saturday", "2026-11-28"),
        ("next monday", "2026-11-23"),
        ("last saturday", "2026-11-14"),
        ("last friday", "2026-11-13"),
        ("last sunday", "2026-11-08"),
        ("LAST mon", "2026-11-09"),
        // this/next/last UNIT: the start of that unit
        ("this week", "2026-11-15"),
        ("next week", "2026-11-22"),
        ("last week", "2026-11-08"),
        ("this month", "2026-11-01"),
        ("next month", "2026-12-01"),
        ("last month", "2026-10-01"),
        ("this year", "2026-01-01"),
        ("next year", "2027-01-01"),
        ("last year", "2025-01-01"),
        ("next hour", "2026-11-21 11:00"),
        // month names: this year's, passed or not
        ("may", "2026-05-01"),
        ("may 5", "2026-05-05"),
        ("next june 3", "2027-06-03"),
        ("last dec", "2025-12-01"),
        ("dec", "2026-12-01"),
        ("December 25", "2026-12-25"),
        ("this dec 25", "2026-12-25"),
        ("nov 21", "2026-11-21"),
        ("nov 20", "2026-11-20"),
        ("november", "2026-11-01"),
        ("sep", "2026-09-01"),
        ("may 05", "2026-05-05"),
        // durations move now (time included) or the date before them
        ("+3d", "2026-11-24 10:00"),
        ("3d", "2026-11-24 10:00"),
        ("+3 d", "2026-11-24 10:00"),
        ("+3days", "2026-11-24 10:00"),
        ("-1w", "2026-11-14 10:00"),
        ("+1w +2d", "2026-11-30 10:00"),
        ("+3D", "2026-11-24 10:00"),
        ("today +1d", "2026-11-22"),
        ("next monday +2d", "2026-11-25"),
        ("may 5 -1d", "2026-05-04"),
        ("+1m", "2026-11-21 10:01"),  // m is minutes
        ("+1o", "2026-12-21 10:00"),  // o is months
        ("+2o", "2027-01-21 10:00"),
        ("-1y", "2025-11-21 10:00"),
        ("+9000y", "11026-11-21 10:00"),
        ("+0d", "2026-11-21 10:00"),
        ("+2h", "2026-11-21 12:00"),
        ("+90min", "2026-11-21 11:30"),
        ("+30MIN", "2026-11-21 10:30"),
        ("Next Friday 9AM", "2026-11-27 09:00"),
        ("+15h", "2026-11-22 01:00"),
        ("-11h", "2026-11-20 23:00"),
        ("+1h +30min", "2026-11-21 11:30"),
        ("tomorrow +1h", "2026-11-22 01:00"),
        ("now +1d", "2026-11-22 10:00"),
        ("2025-05-11 +1d", "2025-05-12"),
        // with a time: on the date's day
        ("tomorrow 9:30", "2026-11-22 09:30"),
        ("next friday 9am", "2026-11-27 09:00"),
        ("now 8:00", "2026-11-21 08:00"),
        ("may 5 9:30pm", "2026-05-05 21:30"),
        ("tomorrow 9:30 +1d", "2026-11-23 09:30"),
        ("tomorrow\t 9:30  ", "2026-11-22 09:30"),
        ("5pm", "2026-11-21 17:00"),
        ("at 9am", "2026-11-21 09:00"),
    ])
    func relative(payload: String, expected: String) throws {
        let value = try parse(payload).get()
        #expect(value.form == .relative)
        #expect(value.end == nil)
        #expect(value.reading == expected)
        #expect(value.isCanonical)
    }

    @Test(arguments: [
        ("today thru next friday", "2026-11-21 … 2026-11-27"),
        ("2025-05-12 thru +3d", "2025-05-12 … 2026-11-24 10:00"),
        ("tomorrow 9:00 thru tomorrow 17:00", "2026-11-22 09:00 … 2026-11-22 17:00"),
        ("yesterday thru now", "2026-11-20 … 2026-11-21 10:00"),
        ("next week thru next friday", "2026-11-22 … 2026-11-27"),
        ("may 5 thru may 7", "2026-05-05 … 2026-05-07"),
        ("today +1d thru +1w +2d", "2026-11-22 … 2026-11-30 10:00"),
    ])
    func relativeSpan(payload: String, expected: String) throws {
        let value = try parse(payload).get()
        #expect(value.form == .span)
        #expect(summary(.success(value)) == expected)
    }

    /// Relative arithmetic that depends on the day it is resolved against.
    @Test(arguments: [
        ("2026-01-31", "+1o", "2026-02-28 10:00"),
        ("2024-01-31", "+1o", "2024-02-29 10:00"),
        ("2026-03-31", "-1o", "2026-02-28 10:00"),
        ("2024-02-29", "+1y", "2025-02-28 10:00"),
        ("2024-02-29", "+4y", "2028-02-29 10:00"),
        ("2024-02-29", "-1y", "2023-02-28 10:00"),
        ("2026-12-31", "+1d", "2027-01-01 10:00"),
        ("2026-12-15", "next month", "2027-01-01"),
        ("2026-01-15", "last month", "2025-12-01"),
        ("2027-03-01", "next feb 29", "2028-03-01"),  // Feb 29 of 2027 rolls over, then a year on
        ("2025-01-01", "last feb 29", "2024-03-01"),
        ("2028-01-10", "feb 29", "2028-02-29"),
        ("2026-11-23", "next week", "2026-11-29"),  // on a Monday
        ("2026-11-22", "last week", "2026-11-15"),  // on a Sunday
        ("2026-11-23", "monday", "2026-11-23"),
        ("2026-11-22", "monday", "2026-11-23"),
        ("2026-11-23", "last monday", "2026-11-16"),
        ("2026-01-31", "this feb", "2026-02-01"),
    ])
    func relativeOnOtherDays(day: String, payload: String, expected: String) throws {
        let value = try parse(payload, today: date(day)).get()
        #expect(value.reading == expected)
    }

    /// The weekday rules, checked for every weekday word on every day of one week.
    @Test func weekdayRulesHoldAllWeek() throws {
        let names = ["monday", "tue", "Wednesday", "thu", "FRIDAY", "sat", "sunday"]
        for offset in 0..<7 {
            let day = CivilDate(year: 2026, month: 11, day: 16 + offset)
            for (index, name) in names.enumerated() {
                let bare = try parse(name, today: day).get().start.date
                let this = try parse("this \(name)", today: day).get().start.date
                let next = try parse("next \(name)", today: day).get().start.date
                let last = try parse("last \(name)", today: day).get().start.date
                let sunday = day.adding(days: -(day.weekday % 7))
                #expect(bare.weekday == index + 1)
                #expect((0...6).contains(bare.dayNumber - sunday.dayNumber))
                #expect(this == bare)
                #expect(next == bare.adding(days: 7))
                #expect(last == bare.adding(days: -7))
            }
        }
    }

    // MARK: Errors

    @Test(arguments: [
        "tomorow", "2025/05/11", "next", "+3", "2025-05-11 thru",
        "13:00-14:00", "thru", "thru 2025-05-11", " 2025-05-11", "  tomorrow",
        "2025-05-11 thru 2025-05-12 thru 2025-05-13",
        "2025-05-11 13:00-14:00 thru 2025-05-12", "2025-05-11 thru 2025-05-12 13:00-14:00",
        "next fortnight", "week", "this", "last", "monday 5", "+d", "+3x", "sept 3", "tues", "may 5pm",
        "today tomorrow", "now now", "2025-05-11 10:00 11:00", "+1d 14:00", "tomorrow +1h 9:00", "2016 -1d",
        "2025-05-11 13:00 - 14:00", "2025-05-11 10:00-", "2025-05-11 -14:00",
        "2025-05-11,", "(2025-05-11)", "202505T10", "2025-05-11T1000", "20250511T10:00", "mo", "thurs",
        "2025-05-11 10:00 thru", "3 mo", "3 we",
        // malformed anywhere beats invalid elsewhere
        "2025-02-30 thru", "feb 30 foo",
    ])
    func malformed(payload: String) {
        #expect(parse(payload) == .failure(.malformed))
    }

    @Test(arguments: [
        "2025-02-30", "2025-13-01", "2025-02-29", "1900-02-29", "2025-00-10", "2025-05-00", "2025-04-31",
        "2025-13", "2025-123", "2025-02-30 10:00", "2025-02-30 10",
        "2025-05T10:00", "2016-W51T10:00", "20250230T1000", "2025-05-11T24:01", "20250511", "2025-02-30T10:00",
        "2025-W54-1",
        "+99999999999d", "+99999999999999999999999999ms",
        // invalid beats inverted
        "2025-02-30 thru 2025-02-01", "2025-05-12 thru 2025-02-30",
    ])
    func invalid(payload: String) {
        #expect(parse(payload) == .failure(.invalid))
    }

    @Test(arguments: [
        "2025-05-11 14:00-13:00", "2025-05-11 13:00-13:00", "2025-05-11 1pm-1am", "2025-05-11 14:00-13:60",
        "2025-05-12 thru 2025-05-01", "2025-05-12 thru 2025-05-12", "2025-05-12 10:00 thru 2025-05-12",
        "2025-05-12 00:00 thru 2025-05-12", "2025-05-12 thru 2025-05-12 00:00",
        "tomorrow thru today", "now thru today", "today thru yesterday", "+1d thru -1d",
    ])
    func inverted(payload: String) {
        #expect(parse(payload) == .failure(.inverted))
    }

    // MARK: Times

    /// `pm` adds 12 hours to whatever is written; the time is added to the start of the day.
    @Test(arguments: [
        ("12am", "2025-05-11 12:00"), ("12:30am", "2025-05-11 12:30"), ("12pm", "2025-05-12"),
        ("12:59pm", "2025-05-12 00:59"), ("1am", "2025-05-11 01:00"), ("11am", "2025-05-11 11:00"),
        ("11:59pm", "2025-05-11 23:59"), ("1pm", "2025-05-11 13:00"), ("9AM", "2025-05-11 09:00"),
        ("9:30Pm", "2025-05-11 21:30"), ("09am", "2025-05-11 09:00"), ("9:30:15am", "2025-05-11 09:30:15"),
        ("0:00", "2025-05-11"), ("7:05", "2025-05-11 07:05"), ("23:59", "2025-05-11 23:59"),
        ("13pm", "2025-05-12 01:00"), ("0am", "2025-05-11"), ("00pm", "2025-05-11 12:00"),
        ("12:60pm", "2025-05-12 01:00"), ("24:00", "2025-05-12"), ("25:00", "2025-05-12 01:00"),
        ("10:60", "2025-05-11 11:00"), ("10:00:60", "2025-05-11 10:01"), ("123:00", "2025-05-16 03:00"),
        ("9:3pm", "2025-05-11 21:03"), ("9:30:5", "2025-05-11 09:30:05"), ("9 am", "2025-05-11 09:00"),
        ("10:30:15:200 pm", "2025-05-11 22:30:15:200"), ("at 9am", "2025-05-11 09:00"),
    ])
    func times(text: String, expected: String) throws {
        #expect(try parse("2025-05-11 \(text)").get().reading == expected)
    }

    @Test(arguments: ["9a", "9amm", "pm", "9", ":30", "at 9", "10:"])
    func badTimes(text: String) {
        #expect(parse("2025-05-11 \(text)") == .failure(.malformed))
    }

    // MARK: Canonical form and fixes

    @Test(arguments: [
        ("2025-05-01", true), ("2025-5-1", false), ("2025-05-1 10:00", false), ("2025-5-01", false),
        ("2025-5-11 thru 2025-05-12", false), ("2025-05-11 thru 2025-05-12", true),
        ("today", true), ("tomorrow thru 2025-1-02", false), ("2025-05-11 9:30", true),
    ])
    func canonical(payload: String, expected: Bool) throws {
        let value = try parse(payload, today: CivilDate(year: 2024, month: 1, day: 1)).get()
        #expect(value.isCanonical == expected)
    }

    @Test(arguments: [
        ("2025-5-1 thru 2025-5-3", "2025-05-01 thru 2025-05-03"),
        ("2025-05-11", "2025-05-11"),
        (" 2025-5-11  9:30 ", " 2025-05-11  9:30 "),
        ("2025-12-1", "2025-12-01"),
        ("2025-1-12 13:00-14:00", "2025-01-12 13:00-14:00"),
        ("tomorrow thru 2025-1-2", "tomorrow thru 2025-01-02"),
        ("2025-5-1\tthru\t2025-5-3", "2025-05-01\tthru\t2025-05-03"),
        ("2025-2-30", "2025-02-30"),
        ("today", "today"),
        ("25-5-1", "25-5-1"),
        ("2025-5-1x", "2025-5-1x"),
        ("", ""),
    ])
    func zeroPadded(payload: String, expected: String) {
        #expect(DateValue.zeroPadded(payload[...]) == expected)
    }

    @Test func zeroPaddedOnASubstring() {
        let line = "- call @due(2025-5-1) ok"
        let open = line.firstIndex(of: "(")!, close = line.firstIndex(of: ")")!
        let payload = line[line.index(after: open)..<close]
        #expect(DateValue.zeroPadded(payload) == "2025-05-01")
        #expect(summary(DateValue.parse(payload, clock: clock)) == "2025-05-01")
    }

    @Test(arguments: [
        ("2025-05-11 14:00-13:00", "2025-05-11 13:00-14:00"),
        ("2025-05-11 2pm-9am", "2025-05-11 9am-2pm"),
        ("2025-05-12 thru 2025-05-01", "2025-05-01 thru 2025-05-12"),
        ("2025-05-12 10:00  THRU 2025-05-01 ", "2025-05-01  THRU 2025-05-12 10:00 "),
        ("2025-05-12 10:00 thru 2025-05-12", "2025-05-12 thru 2025-05-12 10:00"),
        ("tomorrow thru today", "today thru tomorrow"),
        ("next friday 9am thru monday", "monday thru next friday 9am"),
    ])
    func swappedRange(payload: String, expected: String) {
        #expect(DateValue.swappedRange(payload[...], clock: clock) == expected)
    }

    @Test(arguments: [
        "2025-05-11 13:00-14:00", "2025-05-12 thru 2025-05-13", "2025-05-11",  // not inverted
        "2025-05-12 thru 2025-05-12", "2025-05-11 13:00-13:00",  // swapping changes nothing
        "garbage", "2025-02-30 thru 2025-02-01",  // malformed or invalid
    ])
    func notSwappable(payload: String) {
        #expect(DateValue.swappedRange(payload[...], clock: clock) == nil)
    }

    // MARK: CivilDate and TimeOfDay

    @Test(arguments: [
        ("1970-01-01", 0, 4), ("1969-12-31", -1, 3), ("2000-01-01", 10_957, 6),
        ("2026-11-21", 20_778, 6), ("2000-02-29", 11_016, 2), ("0000-03-01", -719_468, 3),
        ("1600-01-01", -135_140, 6),
    ])
    func knownDays(text: String, dayNumber: Int, weekday: Int) {
        let day = date(text)
        #expect(day.dayNumber == dayNumber)
        #expect(day.weekday == weekday)
        #expect(CivilDate(dayNumber: dayNumber) == day)
    }

    @Test func dayNumberRoundTripsAndWeekdaysCycle() {
        // Every day from 1599 to 2401, walked month by month, must be consecutive in dayNumber.
        var expected = CivilDate(year: 1599, month: 1, day: 1).dayNumber
        var weekday = CivilDate(year: 1599, month: 1, day: 1).weekday
        for year in 1599...2401 {
            for month in 1...12 {
                for dayOfMonth in 1...CivilDate.daysIn(month: month, year: year) {
                    let day = CivilDate(year: year, month: month, day: dayOfMonth)
                    guard day.dayNumber == expected, CivilDate(dayNumber: expected) == day,
                        day.weekday == weekday
                    else {
                        Issue.record("round trip failed at \(day)")
                        return
                    }
                    #expect(day.adding(days: 1) > day)
                    expected += 1
                    weekday = weekday % 7 + 1
                }
            }
        }
        // Far from the epoch, both directions.
        for number in stride(from: -3_000_000, through: 3_000_000, by: 997) {
            #expect(CivilDate(dayNumber: number).dayNumber == number)
        }
    }

    @Test func leapYears() {
        #expect(CivilDate.isValid(year: 2024, month: 2, day: 29))
        #expect(!CivilDate.isValid(year: 1900, month: 2, day: 29))
        #expect(CivilDate.isValid(year: 2000, month: 2, day: 29))
        #expect(!CivilDate.isValid(year: 2025, month: 2, day: 29))
        #expect(CivilDate.daysIn(month: 2, year: 2024) == 29)
        #expect(CivilDate.daysIn(month: 2, year: 2100) == 28)
        #expect(CivilDate.daysIn(month: 4, year: 2025) == 30)
        #expect(CivilDate.daysIn(month: 13, year: 2025) == 0)
        #expect(!CivilDate.isValid(year: 2025, month: 0, day: 1))
    }

    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-28"), ("2024-01-31", 1, "2024-02-29"), ("2024-02-29", 12, "2025-02-28"),
        ("2026-03-31", -1, "2026-02-28"), ("2026-01-15", -1, "2025-12-15"), ("2026-11-21", 14, "2028-01-21"),
        ("2026-11-21", -23, "2024-12-21"), ("2026-11-21", 0, "2026-11-21"),
    ])
    func addingMonths(start: String, months: Int, expected: String) {
        #expect(date(start).adding(months: months).description == expected)
    }

    @Test func names() {
        #expect(today.weekdayName == "Saturday")
        #expect(today.monthName == "November")
        #expect(CivilDate(year: 2026, month: 11, day: 23).weekdayName == "Monday")
        #expect(CivilDate(year: 2026, month: 11, day: 22).weekdayName == "Sunday")
        #expect(CivilDate(year: 2026, month: 5, day: 1).monthName == "May")
    }

    @Test func descriptions() {
        #expect(CivilDate(year: 5, month: 1, day: 2).description == "0005-01-02")
        #expect(CivilDate(year: 2025, month: 12, day: 31).description == "2025-12-31")
        #expect(TimeOfDay(hour: 9, minute: 30).description == "09:30")
        #expect(TimeOfDay(hour: 9, minute: 30, second: 5).description == "09:30:05")
        #expect(DatePoint(date: today, time: now).description == "2026-11-21 10:00")
        #expect(DatePoint(date: today).description == "2026-11-21")
    }

    @Test func pointOrdering() {
        let day = DatePoint(date: today), midnight = DatePoint(date: today, time: .midnight)
        let morning = DatePoint(date: today, time: now), tomorrow = DatePoint(date: today.adding(days: 1))
        #expect(day < midnight && midnight < morning && morning < tomorrow)
        #expect(!midnight.isAfter(day) && morning.isAfter(day) && tomorrow.isAfter(morning))
        #expect([tomorrow, morning, day, midnight].sorted() == [day, midnight, morning, tomorrow])
    }

    /// A document-sized batch, to catch pathological slowness in review; it asserts no timing.
    @Test func manyPayloads() {
        let payloads = [
            "2025-05-11", "2025-05-11 10:00", "2025-05-11 13:00-14:00",
            "2025-05-12 thru 2025-05-19", "tomorrow 9:30", "next friday", "+1w +2d", "tomorow",
        ]
        var successes = 0
        let elapsed = ContinuousClock().measure {
            for index in 0..<50_000 {
                let payload = payloads[index % payloads.count]
                if case .success = DateValue.parse(payload[...], clock: clock) { successes += 1 }
            }
        }
        print("parsed 50,000 date payloads in \(elapsed)")
        #expect(successes == 50_000 / payloads.count * (payloads.count - 1))
    }
}
