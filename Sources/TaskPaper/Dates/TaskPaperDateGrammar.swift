/// TaskPaper 3's date grammar (birch-outline `date-time-parser.pegjs`), read as a PEG does:
/// ordered choices, greedy optional parts that never give back what they matched, and the
/// whole payload consumed.
///
///     Expression := Date? _ Time? _ (Duration _)*
///
/// A missing date means now; a time is added to the start of the date's day; durations are
/// added in order. Works on bytes and allocates nothing.
struct TaskPaperDateGrammar {
    private var cursor: DateCursor
    private let now: LocalDateTime
    /// Set by the relative dates that name a time (`now`, `next hour`), for `Reading.namesTime`.
    private var namesTime = false

    /// What the grammar made of a payload that it matched in full.
    struct Reading {
        /// Nil when the grammar matches but the moment is an Invalid Date (`2025-02-30`).
        var moment: LocalDateTime?
        /// A `YYYY[-M[-D]]` date and no durations: the payload names a fixed day.
        var isAbsolute = false
        /// The absolute date's month and day are written with two digits each.
        var isPadded = true
        var hasTime = false
        /// A time, `now`, or a step smaller than a day (`+3h`, `next hour`) is written: a relative reading
        /// without one names a day (`+3d`, `tomorrow`), however much of now's time it carries.
        var namesTime = false
        /// The first part TaskPaper reads differently than it is written.
        var overflow: DateOverflow?
        /// ISO 8601 with a UTC offset (`2026-12-04T10:00Z`): an instant, read into local time.
        var namesUTCOffset = false
    }

    /// Reads `bytes[start..<end]` with `now` as the current moment; nil when the grammar does not match.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil,
        now: LocalDateTime
    ) -> Reading? {
        var grammar = TaskPaperDateGrammar(cursor: DateCursor(bytes, from: start, to: end), now: now)
        return grammar.expression()
    }

    /// Reads just a time (`13:00`, `9am`) filling `bytes[start..<end]`, for appointments.
    static func readTime(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    )
        -> (milliseconds: Int?, overflow: DateOverflow?)?
    {
        // A time alone does not look at now.
        var grammar = TaskPaperDateGrammar(
            cursor: DateCursor(bytes, from: start, to: end),
            now: LocalDateTime(dayNumber: 0, millisecondsOfDay: 0)!)
        guard let time = grammar.time(), grammar.cursor.isAtEnd else { return nil }
        return (time.milliseconds, time.overflow)
    }

    private init(cursor: DateCursor, now: LocalDateTime) {
        self.cursor = cursor
        self.now = now
    }

    // MARK: Expression

    private mutating func expression() -> Reading? {
        var reading = Reading()
        var moment: LocalDateTime? = now
        if let date = date() {
            moment = date.moment
            reading.isAbsolute = date.isAbsolute
            reading.isPadded = date.isPadded
            reading.overflow = date.overflow
        }
        cursor.skipWhiteSpace()
        if let time = time() {
            reading.hasTime = true
            reading.namesTime = true
            reading.overflow = reading.overflow ?? time.overflow
            if let milliseconds = time.milliseconds {
                moment = moment?.startOf(.day).adding(milliseconds: milliseconds)
            } else {
                moment = nil
            }
        }
        cursor.skipWhiteSpace()
        while let duration = duration() {
            reading.isAbsolute = false
            if duration.unit.isShorterThanADay { reading.namesTime = true }
            moment = moment?.adding(duration.amount, duration.unit)
            cursor.skipWhiteSpace()
        }
        guard cursor.isAtEnd else { return nil }
        if namesTime { reading.namesTime = true }
        reading.moment = moment
        return reading
    }

    // MARK: Date

    private struct DatePart {
        var moment: LocalDateTime?
        var isAbsolute = false
        var isPadded = true
        var overflow: DateOverflow?
    }

    /// Date := AbsoluteDate / RelativeDate
    private mutating func date() -> DatePart? {
        if let absolute = absoluteDate() { return absolute }
        return relativeDate().map { DatePart(moment: $0.moment, overflow: $0.overflow) }
    }

    /// AbsoluteDate := Year _ !DurationUnit _ !Period _ !':' ('-' Month)? ('-' Day)?
    /// (`2016` is 2016-01-01; the white space after the year is consumed even when nothing follows).
    private mutating func absoluteDate() -> DatePart? {
        let start = cursor.position
        guard let year = cursor.integer() else { return nil }
        let yearEnd = cursor.position
        cursor.skipWhiteSpace()
        guard peekDurationUnit() == nil else { cursor.position = start; return nil }
        cursor.skipWhiteSpace()
        guard peekPeriod() == nil else { cursor.position = start; return nil }
        cursor.skipWhiteSpace()
        guard cursor.byte() != UInt8(ascii: ":") else { cursor.position = start; return nil }
        var writtenEnd = yearEnd
        let month = dashNumber(end: &writtenEnd)
        let day = dashNumber(end: &writtenEnd)
        var part = DatePart(isAbsolute: true)
        part.isPadded = (month?.digits ?? 2) == 2 && (day?.digits ?? 2) == 2
        part.moment = TaskPaperDateGrammar.calendarDate(
            year: year.value, month: month?.value ?? 1,
            day: day?.value ?? 1)
        if year.digits < 4, part.moment != nil {
            part.overflow = DateOverflow(reason: .shortYear, written: start..<writtenEnd)
        }
        return part
    }

    /// `('-' [0-9]+)?`: nothing consumed when no digit follows the dash.
    private mutating func dashNumber(end: inout Int) -> (value: Int, digits: Int)? {
        let start = cursor.position
        guard cursor.take(byte: UInt8(ascii: "-")), let number = cursor.integer() else {
            cursor.position = start
            return nil
        }
        end = cursor.position
        return number
    }

    /// `moment([year, month - 1, day])`: an Invalid Date when the month or day does not exist.
    static func calendarDate(year: Int, month: Int, day: Int) -> LocalDateTime? {
        guard year <= 300_000, CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        return LocalDateTime(dayNumber: CivilDate(year: year, month: month, day: day).dayNumber, millisecondsOfDay: 0)
    }

    private struct RelativePart {
        var moment: LocalDateTime?
        var overflow: DateOverflow?
    }

    /// RelativeDate := 'now' / 'yesterday' / 'today' / 'tomorrow' / RelativeMonth / RelativeDayOfWeek
    ///               / RelativeDuration
    private mutating func relativeDate() -> RelativePart? {
        if cursor.take("now") {
            namesTime = true
            return RelativePart(moment: now)
        }
        if cursor.take("yesterday") { return RelativePart(moment: now.startOf(.day).adding(days: -1)) }
        if cursor.take("today") { return RelativePart(moment: now.startOf(.day)) }
        if cursor.take("tomorrow") { return RelativePart(moment: now.startOf(.day).adding(days: 1)) }
        if let month = relativeMonth() { return month }
        if let weekday = relativeDayOfWeek() { return RelativePart(moment: weekday) }
        return relativeDuration().map { RelativePart(moment: $0) }
    }

    private enum Specifier { case this, next, last }

    /// 'this' / 'next' / 'last'
    private mutating func specifier() -> Specifier? {
        if cursor.take("this") { return .this }
        if cursor.take("next") { return .next }
        if cursor.take("last") { return .last }
        return nil
    }

    /// RelativeMonth := Specifier? _ MonthName _ Day?
    /// The day of this year's month (`jul 32` rolls over into August); next/last add or take a year.
    private mutating func relativeMonth() -> RelativePart? {
        let start = cursor.position
        let specifier = self.specifier()
        cursor.skipWhiteSpace()
        let nameStart = cursor.position
        guard let month = monthName() else { cursor.position = start; return nil }
        var writtenEnd = cursor.position
        cursor.skipWhiteSpace()
        let dayNumber: Int
        if let day = cursor.integer() {
            dayNumber = day.value
            writtenEnd = cursor.position
        } else {
            dayNumber = 1
        }
        let today = now.date
        let first = CivilDate(year: today.year, month: month, day: 1)
        var part = RelativePart()
        if dayNumber < 1 || dayNumber > CivilDate.daysIn(month: month, year: today.year) {
            part.overflow = DateOverflow(reason: .dayPastMonthEnd, written: nameStart..<writtenEnd)
        }
        let moment = LocalDateTime(dayNumber: first.dayNumber, millisecondsOfDay: 0)?.adding(days: dayNumber - 1)
        switch specifier {
        case .this, nil: part.moment = moment
        case .next: part.moment = moment?.adding(months: 12)
        case .last: part.moment = moment?.adding(months: -12)
        }
        return part
    }

    /// RelativeDayOfWeek := Specifier? _ DayOfWeek
    /// The day of the current week, weeks starting on Sunday (`monday` on a Saturday is five
    /// days ago); next/last add or take a week.
    private mutating func relativeDayOfWeek() -> LocalDateTime? {
        let start = cursor.position
        let specifier = self.specifier()
        cursor.skipWhiteSpace()
        guard let weekday = dayOfWeek() else { cursor.position = start; return nil }
        let today = now.startOf(.day)
        let moment = today.adding(days: weekday - today.sundayBasedWeekday)
        switch specifier {
        case .this, nil: return moment
        case .next: return moment?.adding(days: 7)
        case .last: return moment?.adding(days: -7)
        }
    }

    /// RelativeDuration := Specifier _ DurationUnit: the start of this, the next or the last unit.
    private mutating func relativeDuration() -> LocalDateTime? {
        let start = cursor.position
        guard let specifier = specifier() else { return nil }
        cursor.skipWhiteSpace()
        guard let unit = durationUnit() else { cursor.position = start; return nil }
        if unit.isShorterThanADay { namesTime = true }
        let moment = now.startOf(unit)
        switch specifier {
        case .this: return moment
        case .next: return moment.adding(1, unit)
        case .last: return moment.adding(-1, unit)
        }
    }

    /// 1 = January ... 12 = December; full names before abbreviations, `sep` but not `sept`.
    private mutating func monthName() -> Int? {
        for (index, names) in TaskPaperDateGrammar.monthNames.enumerated() {
            if cursor.take(names.full) || cursor.take(names.short) { return index + 1 }
        }
        return nil
    }

    private static let monthNames: [(full: StaticString, short: StaticString)] = [
        ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may", "may"),
        ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep"), ("october", "oct"),
        ("november", "nov"), ("december", "dec"),
    ]

    /// 0 = Sunday ... 6 = Saturday; `mon` but not the start of `month`; not `tues`, `thurs`.
    private mutating func dayOfWeek() -> Int? {
        for (index, names) in TaskPaperDateGrammar.weekdayNames.enumerated() {
            if cursor.take(names.full) { return index }
            if index == 1, cursor.hasPrefix("mont") { continue }
            if cursor.take(names.short) { return index }
        }
        return nil
    }

    private static let weekdayNames: [(full: StaticString, short: StaticString)] = [
        ("sunday", "sun"), ("monday", "mon"), ("tuesday", "tue"), ("wednesday", "wed"),
        ("thursday", "thu"), ("friday", "fri"), ("saturday", "sat"),
    ]

    // MARK: Time

    private struct TimePart {
        /// Nil when the hours overflow an integer (an Invalid Date).
        var milliseconds: Int?
        var overflow: DateOverflow?
    }

    /// Time := _ 'at'? _ Integer _ Period
    ///       / Integer ':' Integer (':' Integer)? (':' Integer)? _ Period?
    /// `pm` adds 12 hours to whatever is written (`12pm` is midnight at the day's end).
    private mutating func time() -> TimePart? {
        let start = cursor.position
        cursor.skipWhiteSpace()
        _ = cursor.take("at")
        cursor.skipWhiteSpace()
        let hoursStart = cursor.position
        if let hours = cursor.integer() {
            cursor.skipWhiteSpace()
            if let isPM = period() {
                return timePart(
                    hours: hours.value, minutes: 0, seconds: 0, milliseconds: 0, isPM: isPM,
                    written: hoursStart..<cursor.position)
            }
        }
        cursor.position = start
        guard let hours = cursor.integer() else { return nil }
        guard let minutes = colonNumber() else { cursor.position = start; return nil }
        let seconds = colonNumber(), milliseconds = seconds == nil ? nil : colonNumber()
        var writtenEnd = cursor.position
        cursor.skipWhiteSpace()
        let isPM = period()
        if isPM != nil { writtenEnd = cursor.position }
        return timePart(
            hours: hours.value, minutes: minutes, seconds: seconds ?? 0, milliseconds: milliseconds ?? 0,
            isPM: isPM, written: start..<writtenEnd)
    }

    /// `(':' Integer)?`: nothing consumed when no digit follows the colon.
    private mutating func colonNumber() -> Int? {
        let start = cursor.position
        guard cursor.take(byte: UInt8(ascii: ":")), let number = cursor.integer() else {
            cursor.position = start
            return nil
        }
        return number.value
    }

    private func timePart(
        hours: Int, minutes: Int, seconds: Int, milliseconds: Int, isPM: Bool?,
        written: Range<Int>
    ) -> TimePart {
        let hours24 = isPM == true ? hours + 12 : hours
        var part = TimePart()
        if isPM != nil, hours >= 12 {
            part.overflow = DateOverflow(reason: hours == 12 ? .twelveOClock : .timePastDay, written: written)
        } else if hours24 >= 24 || minutes >= 60 || seconds >= 60 || milliseconds >= 1000 {
            part.overflow = DateOverflow(reason: .timePastDay, written: written)
        }
        // Checked arithmetic: absurd hours (`99999999999999999pm`) make an Invalid Date, not a crash.
        let (hourPart, o1) = hours24.multipliedReportingOverflow(by: 3_600_000)
        let (minutePart, o2) = minutes.multipliedReportingOverflow(by: 60_000)
        let (secondPart, o3) = seconds.multipliedReportingOverflow(by: 1000)
        let (sum1, o4) = hourPart.addingReportingOverflow(minutePart)
        let (sum2, o5) = sum1.addingReportingOverflow(secondPart)
        let (total, o6) = sum2.addingReportingOverflow(milliseconds)
        guard !(o1 || o2 || o3 || o4 || o5 || o6) else { return TimePart(milliseconds: nil, overflow: nil) }
        part.milliseconds = total
        return part
    }

    /// Period := 'pm' / 'am' (true for pm).
    private mutating func period() -> Bool? {
        if cursor.take("pm") { return true }
        if cursor.take("am") { return false }
        return nil
    }

    private func peekPeriod() -> Bool? {
        cursor.hasPrefix("pm") ? true : cursor.hasPrefix("am") ? false : nil
    }

    // MARK: Duration

    /// Duration := ('-' / '+')? _ Integer _ DurationUnit
    private mutating func duration() -> (amount: Int, unit: DateUnit)? {
        let start = cursor.position
        var sign = 1
        if cursor.take(byte: UInt8(ascii: "-")) { sign = -1 } else { _ = cursor.take(byte: UInt8(ascii: "+")) }
        cursor.skipWhiteSpace()
        guard let amount = cursor.integer() else { cursor.position = start; return nil }
        cursor.skipWhiteSpace()
        guard let unit = durationUnit() else { cursor.position = start; return nil }
        return (sign * amount.value, unit)
    }

    private mutating func durationUnit() -> DateUnit? {
        guard let (unit, length) = peekDurationUnit() else { return nil }
        cursor.position += length
        return unit
    }

    /// The unit spelled at the cursor and its length, longest spelling first, with the grammar's
    /// exclusions: `s` not before `a`/`u`, `m` not before `o`/`a`, `d` not before `e`, `w` not
    /// before `e`, `isow` not before `e`, `o` not before `c` (so `sat`, `mon`, `dec`, `wed`, `oct`
    /// are no units). `m` is minutes; months are `o`.
    private func peekDurationUnit() -> (DateUnit, Int)? {
        // Every spelling starts with a letter; most calls look at a digit, a dash or a space.
        guard DateCursor.lowercased(cursor.byte()) &- UInt8(ascii: "a") < 26 else { return nil }
        for (unit, spellings, bare, excluded) in TaskPaperDateGrammar.unitSpellings {
            for spelling in spellings where cursor.hasPrefix(spelling) {
                return (unit, spelling.utf8CodeUnitCount)
            }
            if let bare, cursor.hasPrefix(bare), !excluded.contains(where: { cursor.hasPrefix($0) }) {
                return (unit, bare.utf8CodeUnitCount)
            }
        }
        return nil
    }

    private static let unitSpellings: [(DateUnit, [StaticString], StaticString?, [StaticString])] = [
        (.millisecond, ["milliseconds", "millisecond", "ms"], nil, []),
        (.second, ["seconds", "second", "sec"], "s", ["sa", "su"]),
        (.minute, ["minutes", "minute", "mins", "min"], "m", ["mo", "ma"]),
        (.hour, ["hours", "hour", "h"], nil, []),
        (.day, ["days", "day"], "d", ["de"]),
        (.week, ["weeks", "week"], "w", ["we"]),
        (.isoWeek, ["isoweeks", "isoweek"], "isow", ["isowe"]),
        (.month, ["months", "month"], "o", ["oc"]),
        (.quarter, ["quarters", "quarter", "q"], nil, []),
        (.year, ["years", "year", "y"], nil, []),
    ]
}
