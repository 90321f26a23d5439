/// A day in the proleptic Gregorian calendar, with no time zone.
///
/// Plain integer arithmetic on purpose: date tags are resolved for every tag in a
/// document, so this stays free of Foundation and of allocation.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// No validation: use `isValid(year:month:day:)` first when the parts come from text.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        day >= 1 && day <= daysIn(month: month, year: year)
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1...12) of `year`; 0 for a month outside 1...12.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Days since 1970-01-01 (negative before it).
    /// Howard Hinnant's `days_from_civil`: years start in March so the leap day is last.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12  // March = 0 ... February = 11
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `dayNumber` (Hinnant's `civil_from_days`).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    public func adding(days: Int) -> CivilDate {
        days == 0 ? self : CivilDate(dayNumber: dayNumber + days)
    }

    /// Moves by whole months, clamping the day to the target month's length (Jan 31 + 1 month = Feb 28/29).
    public func adding(months: Int) -> CivilDate {
        let total = year * 12 + (month - 1) + months
        let newYear = CivilDate.floorDivide(total, 12)
        let newMonth = total - newYear * 12 + 1
        return CivilDate(
            year: newYear, month: newMonth,
            day: min(day, CivilDate.daysIn(month: newMonth, year: newYear)))
    }

    /// 1 = Monday ... 7 = Sunday (ISO 8601). 1970-01-01 was a Thursday.
    public var weekday: Int {
        CivilDate.floorModulo(dayNumber + 3, 7) + 1
    }

    public var weekdayName: String {
        CivilDate.weekdayNames[weekday - 1]
    }

    /// The English month name, or "" for a month outside 1...12.
    public var monthName: String {
        (1...12).contains(month) ? CivilDate.monthNames[month - 1] : ""
    }

    public static let weekdayNames = [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// ISO 8601, zero-padded: "2025-05-11".
    public var description: String {
        var text = ""
        appendPadded(year, width: 4, to: &text)
        text += "-"
        appendPadded(month, width: 2, to: &text)
        text += "-"
        appendPadded(day, width: 2, to: &text)
        return text
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// A wall-clock time, 24-hour, to the millisecond (TaskPaper's precision).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    public init(hour: Int, minute: Int, second: Int = 0, millisecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    public static let midnight = TimeOfDay(hour: 0, minute: 0)

    /// Milliseconds since midnight.
    public var millisecondsOfDay: Int { ((hour * 60 + minute) * 60 + second) * 1000 + millisecond }

    public init(millisecondsOfDay ms: Int) {
        self.init(hour: ms / 3_600_000, minute: ms / 60_000 % 60, second: ms / 1000 % 60, millisecond: ms % 1000)
    }

    public var isValid: Bool {
        (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
            && (0...999).contains(millisecond)
    }

    /// As TaskPaper writes a time: "09:30", "09:30:05" with seconds, "09:30:05:020" with milliseconds.
    public var description: String {
        var text = ""
        appendPadded(hour, width: 2, to: &text)
        text += ":"
        appendPadded(minute, width: 2, to: &text)
        if second != 0 || millisecond != 0 {
            text += ":"
            appendPadded(second, width: 2, to: &text)
        }
        if millisecond != 0 {
            text += ":"
            appendPadded(millisecond, width: 3, to: &text)
        }
        return text
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.millisecondsOfDay < rhs.millisecondsOfDay
    }
}

// MARK: - Integer helpers
// Namespaced on CivilDate so they cannot clash with helpers elsewhere in the module.

extension CivilDate {
    /// Division rounding toward negative infinity (Swift's `/` truncates toward zero).
    @inline(__always)
    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// The remainder matching `floorDivide`: always in 0..<b for positive b.
    @inline(__always)
    static func floorModulo(_ a: Int, _ b: Int) -> Int {
        a - floorDivide(a, b) * b
    }
}

/// Appends `value` in decimal, left-padded with zeros to `width` digits (sign first).
func appendPadded(_ value: Int, width: Int, to text: inout String) {
    if value < 0 { text += "-" }
    let digits = String(value.magnitude)
    if digits.utf8.count < width {
        text += String(repeating: "0", count: width - digits.utf8.count)
    }
    text += digits
}
