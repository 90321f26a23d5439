/// TaskPaper's second try when its grammar fails: moment.js's strict ISO 8601.
///
///     extended: (YYYY | ±YYYYYY) - (MM-DD | Www-D | Www | DDD | MM)  [(T| ) hh[:mm[:ss[(.|,)fraction]]]  [zone]]
///     basic:    (YYYY | ±YYYYYY)   (MMDD  | WwwD  | Www | DDD)       [(T| ) hh[mm[ss[(.|,)fraction]]]     [zone]]
///     zone:     ±hh[[:]mm] | [spaces]Z
///
/// `2025-05-11T10:00`, `2016-W51-4` (ISO week 51, Thursday), `2025-123T08:00` (the 123rd day),
/// `20250511T1000`, `1976-11-27T05:00:00.000Z` (UTC, shown in local time). A month alone or a week
/// without its day takes no time. Nothing may come before or after.
enum ISO8601Reader {
    enum Outcome {
        /// `namesOffset`: written with a UTC offset, so the moment is an instant, shown in local time.
        case reading(LocalDateTime, hasTime: Bool, namesOffset: Bool)
        /// The shape fits but a field is out of range (`2025-02-30T10:00`, `2025-W60`).
        case invalid
        case noMatch
    }

    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        utcOffsetSeconds: Int
    ) -> Outcome {
        var cursor = DateCursor(bytes, from: start, to: end)
        guard let date = date(&cursor) else { return .noMatch }
        var milliseconds = 0, hasTime = false, offsetMinutes: Int?
        if cursor.take(byte: UInt8(ascii: "T")) || cursor.take(byte: UInt8(ascii: " ")) {
            guard let time = time(&cursor, extended: date.isExtended) else { return .noMatch }
            hasTime = true
            milliseconds = time
            offsetMinutes = offset(&cursor)
            if offsetMinutes == malformedOffset { return .noMatch }
        }
        guard cursor.isAtEnd else { return .noMatch }
        guard let day = date.day, milliseconds >= 0, date.allowsTime || !hasTime,
            var moment = LocalDateTime(dayNumber: day.dayNumber, millisecondsOfDay: 0)?
                .adding(milliseconds: milliseconds)
        else { return .invalid }
        if let offsetMinutes {
            // The written moment is at UTC+offset; show it in local time.
            guard let local = moment.adding(milliseconds: (utcOffsetSeconds - offsetMinutes * 60) * 1000) else {
                return .invalid
            }
            moment = local
        }
        return .reading(moment, hasTime: hasTime, namesOffset: offsetMinutes != nil)
    }

    private struct DatePart {
        /// Nil when the fields name no day.
        var day: CivilDate?
        var isExtended: Bool
        var allowsTime = true
    }

    /// The date, or nil when the shape does not fit.
    private static func date(_ cursor: inout DateCursor) -> DatePart? {
        let year: Int
        if cursor.byte() == UInt8(ascii: "+") || cursor.byte() == UInt8(ascii: "-") {
            let sign = cursor.byte() == UInt8(ascii: "-") ? -1 : 1
            cursor.position += 1
            guard let digits = cursor.digits(6) else { return nil }
            year = sign * digits
        } else {
            guard let digits = cursor.digits(4) else { return nil }
            year = digits
        }
        let isExtended = cursor.take(byte: UInt8(ascii: "-"))
        if cursor.take(byte: UInt8(ascii: "W")) {
            guard let week = cursor.digits(2) else { return nil }
            let beforeDay = cursor.position
            if !isExtended || cursor.take(byte: UInt8(ascii: "-")), let weekday = cursor.digits(1) {
                return DatePart(day: weekDate(year: year, week: week, weekday: weekday), isExtended: isExtended)
            }
            cursor.position = beforeDay
            return DatePart(
                day: weekDate(year: year, week: week, weekday: 1), isExtended: isExtended,
                allowsTime: false)
        }
        let fieldStart = cursor.position
        var digitCount = 0
        while DateCursor.isDigit(cursor.byte(digitCount)) { digitCount += 1 }
        if isExtended {
            if let month = cursor.digits(2), cursor.take(byte: UInt8(ascii: "-")), let day = cursor.digits(2) {
                return DatePart(day: calendarDate(year, month, day), isExtended: true)
            }
            cursor.position = fieldStart
            switch digitCount {
            case 3: return DatePart(day: ordinalDate(year, cursor.digits(3)!), isExtended: true)
            case 2:
                let month = cursor.digits(2)!
                return DatePart(day: calendarDate(year, month, 1), isExtended: true, allowsTime: false)
            default: return nil
            }
        }
        switch digitCount {
        case 4:
            let month = cursor.digits(2)!, day = cursor.digits(2)!
            return DatePart(day: calendarDate(year, month, day), isExtended: false)
        case 3: return DatePart(day: ordinalDate(year, cursor.digits(3)!), isExtended: false)
        default: return nil  // `YYYYMM` is no ISO 8601 date
        }
    }

    private static func calendarDate(_ year: Int, _ month: Int, _ day: Int) -> CivilDate? {
        CivilDate.isValid(year: year, month: month, day: day) ? CivilDate(year: year, month: month, day: day) : nil
    }

    private static func ordinalDate(_ year: Int, _ ordinal: Int) -> CivilDate? {
        let length = CivilDate.isLeapYear(year) ? 366 : 365
        return (1...length).contains(ordinal) ? CivilDate(year: year, month: 1, day: 1).adding(days: ordinal - 1) : nil
    }

    /// ISO week `week` of week-year `year`, weekday 1 = Monday; nil when out of range.
    private static func weekDate(year: Int, week: Int, weekday: Int) -> CivilDate? {
        guard (1...7).contains(weekday), (1...weeksIn(year)).contains(week) else { return nil }
        let january4 = CivilDate(year: year, month: 1, day: 4)
        let firstMonday = january4.adding(days: 1 - january4.weekday)
        return firstMonday.adding(days: (week - 1) * 7 + weekday - 1)
    }

    /// 53 when the year starts on a Thursday, or on a Wednesday in a leap year; else 52.
    static func weeksIn(_ year: Int) -> Int {
        let january1 = CivilDate(year: year, month: 1, day: 1).weekday
        return january1 == 4 || (january1 == 3 && CivilDate.isLeapYear(year)) ? 53 : 52
    }

    /// `hh[:mm[:ss[(.|,)fraction]]]` (basic: without the colons) in milliseconds; -1 when a field is
    /// out of range (24:00 is allowed, as the end of the day); nil when the shape does not fit.
    private static func time(_ cursor: inout DateCursor, extended: Bool) -> Int? {
        guard let hours = cursor.digits(2) else { return nil }
        var minutes = 0, seconds = 0, milliseconds = 0
        if let written = nextField(&cursor, extended) {
            minutes = written
            if let written = nextField(&cursor, extended) {
                seconds = written
                let afterSeconds = cursor.position
                if cursor.take(byte: UInt8(ascii: ".")) || cursor.take(byte: UInt8(ascii: ",")) {
                    var scale = 100, digits = 0
                    while DateCursor.isDigit(cursor.byte()) {
                        milliseconds += Int(cursor.byte() &- 0x30) * scale
                        scale /= 10
                        digits += 1
                        cursor.position += 1
                    }
                    if digits == 0 { cursor.position = afterSeconds }
                }
            }
        }
        let isEndOfDay = hours == 24 && minutes == 0 && seconds == 0 && milliseconds == 0
        guard hours < 24 || isEndOfDay, minutes < 60, seconds < 60 else { return -1 }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    }

    /// The next two-digit field of a time, after a colon in the extended form; nothing consumed when absent.
    private static func nextField(_ cursor: inout DateCursor, _ extended: Bool) -> Int? {
        let start = cursor.position
        if extended, !cursor.take(byte: UInt8(ascii: ":")) { return nil }
        if let field = cursor.digits(2) { return field }
        cursor.position = start
        return nil
    }

    private static let malformedOffset = Int.min

    /// `±hh[[:]mm]` or `[spaces]Z` in minutes east of UTC; nil when absent, `malformedOffset` when malformed.
    private static func offset(_ cursor: inout DateCursor) -> Int? {
        let start = cursor.position
        cursor.skipWhiteSpace()
        if cursor.take(byte: UInt8(ascii: "Z")) { return 0 }
        cursor.position = start
        let sign: Int
        switch cursor.byte() {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        cursor.position += 1
        guard let hours = cursor.digits(2) else { return malformedOffset }
        let afterHours = cursor.position
        _ = cursor.take(byte: UInt8(ascii: ":"))
        var minutes = 0
        if let written = cursor.digits(2) { minutes = written } else { cursor.position = afterHours }
        return sign * (hours * 60 + minutes)
    }
}
