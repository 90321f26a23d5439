/// A moment in local time, to the millisecond: what TaskPaper's date reader yields.
///
/// TaskPaper does its arithmetic on a JavaScript `Date` through moment.js. We do the same
/// arithmetic on plain integers (no time zone: a day is always 24 hours). Every operation
/// returns nil where JavaScript would produce an Invalid Date (outside ±100,000,000 days
/// of 1970, or an integer overflow on absurd inputs).
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public private(set) var dayNumber: Int
    /// Milliseconds since the day's midnight, 0..<86_400_000.
    public private(set) var millisecondsOfDay: Int

    static let millisecondsPerDay = 86_400_000
    /// JavaScript's `Date` covers ±8.64e15 ms around 1970: ±100,000,000 days.
    static let dayLimit = 100_000_000

    public init(date: CivilDate, time: TimeOfDay = .midnight) {
        dayNumber = date.dayNumber
        millisecondsOfDay = time.millisecondsOfDay
    }

    /// Nil outside JavaScript's date range.
    init?(dayNumber: Int, millisecondsOfDay: Int) {
        guard abs(dayNumber) <= LocalDateTime.dayLimit else { return nil }
        self.dayNumber = dayNumber
        self.millisecondsOfDay = millisecondsOfDay
    }

    public var date: CivilDate { CivilDate(dayNumber: dayNumber) }
    public var time: TimeOfDay { TimeOfDay(millisecondsOfDay: millisecondsOfDay) }
    /// The time, or nil at midnight: TaskPaper writes a moment at midnight as a bare date.
    public var timeIfAny: TimeOfDay? { millisecondsOfDay == 0 ? nil : time }

    /// As TaskPaper's `DateTime.format` writes it: `2025-05-11`, `2025-05-11 09:30`,
    /// `2025-05-11 09:30:05`, `2025-05-11 09:30:05:020`.
    public var description: String {
        guard let time = timeIfAny else { return date.description }
        return "\(date) \(time)"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.dayNumber, lhs.millisecondsOfDay) < (rhs.dayNumber, rhs.millisecondsOfDay)
    }

    // MARK: Arithmetic, as moment.js does it

    /// Moves by an exact amount of time, carrying into days.
    func adding(milliseconds: Int) -> LocalDateTime? {
        let (total, overflow) = millisecondsOfDay.addingReportingOverflow(milliseconds)
        guard !overflow else { return nil }
        let days = CivilDate.floorDivide(total, LocalDateTime.millisecondsPerDay)
        return LocalDateTime(
            dayNumber: dayNumber + days,
            millisecondsOfDay: total - days * LocalDateTime.millisecondsPerDay)
    }

    func adding(days: Int) -> LocalDateTime? {
        guard abs(days) <= 2 * LocalDateTime.dayLimit else { return nil }
        return LocalDateTime(dayNumber: dayNumber + days, millisecondsOfDay: millisecondsOfDay)
    }

    /// Calendar months; the day is clamped to the target month's length (Jan 31 + 1 month = Feb 28/29).
    func adding(months: Int) -> LocalDateTime? {
        guard abs(months) <= 12 * 300_000 else { return nil }
        return LocalDateTime(dayNumber: date.adding(months: months).dayNumber, millisecondsOfDay: millisecondsOfDay)
    }

    /// `amount` of `unit` (`moment.add(amount, unit)`).
    func adding(_ amount: Int, _ unit: DateUnit) -> LocalDateTime? {
        switch unit {
        case .millisecond, .second, .minute, .hour:
            let (milliseconds, overflow) = amount.multipliedReportingOverflow(by: unit.milliseconds)
            return overflow ? nil : adding(milliseconds: milliseconds)
        case .day: return adding(days: amount)
        case .week, .isoWeek:
            let (days, overflow) = amount.multipliedReportingOverflow(by: 7)
            return overflow ? nil : adding(days: days)
        case .month: return adding(months: amount)
        case .quarter:
            let (months, overflow) = amount.multipliedReportingOverflow(by: 3)
            return overflow ? nil : adding(months: months)
        case .year:
            let (months, overflow) = amount.multipliedReportingOverflow(by: 12)
            return overflow ? nil : adding(months: months)
        }
    }

    /// The start of the unit that holds this moment (`moment.startOf(unit)`); weeks start on
    /// Sunday (moment's English locale), ISO weeks on Monday.
    func startOf(_ unit: DateUnit) -> LocalDateTime {
        var result = self
        switch unit {
        case .millisecond: return self
        case .second, .minute, .hour:
            result.millisecondsOfDay -= millisecondsOfDay % unit.milliseconds
            return result
        case .day: break
        case .week: result.dayNumber -= sundayBasedWeekday
        case .isoWeek: result.dayNumber -= date.weekday - 1
        case .month, .quarter, .year:
            let day = date
            let month = unit == .year ? 1 : unit == .quarter ? (day.month - 1) / 3 * 3 + 1 : day.month
            result.dayNumber = CivilDate(year: day.year, month: month, day: 1).dayNumber
        }
        result.millisecondsOfDay = 0
        return result
    }

    /// 0 = Sunday ... 6 = Saturday, as JavaScript counts.
    var sundayBasedWeekday: Int { date.weekday % 7 }
}

/// The units TaskPaper's durations and `this/next/last UNIT` know.
public enum DateUnit: Sendable, CaseIterable {
    case millisecond, second, minute, hour, day, week, isoWeek, month, quarter, year

    /// A step that moves the time of day, not only the day.
    var isShorterThanADay: Bool { self == .millisecond || self == .second || self == .minute || self == .hour }

    var milliseconds: Int {
        switch self {
        case .millisecond: 1
        case .second: 1000
        case .minute: 60_000
        case .hour: 3_600_000
        default: 0
        }
    }
}
