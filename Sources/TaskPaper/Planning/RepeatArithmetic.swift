/// Where a repeating task's dates move when it is done (see `Sources/TaskPaper/README.md`, "Planning").
/// Nil wherever a date would leave the years TaskPaper writes (0...9999).
extension RepeatRule {
    public static let lastYear = 9999

    /// The next occurrence after `date`: one interval on (months clamp to the
    /// month's end), or the next matching weekday.
    public func step(from date: CivilDate) -> CivilDate? {
        switch interval {
        case .days(let n): return RepeatRule.checked(date.adding(days: n))
        case .weeks(let n): return RepeatRule.checked(date.adding(days: 7 * n))
        case .months(let n): return RepeatRule.checked(date.adding(months: n))
        case .years(let n): return RepeatRule.checked(date.adding(months: 12 * n))
        case .weekdays, .onWeekdays: return firstMatchingDay(after: date)
        }
    }

    /// Where a date tag's day moves: with `from done`, one interval from today;
    /// otherwise by whole intervals from `date` until it lies after today (at
    /// least one). Months count from `date` itself, so Jan 31 stays the 31st
    /// where the month has one.
    public func nextOccurrence(of date: CivilDate, today: CivilDate) -> CivilDate? {
        if fromDone { return step(from: today) }
        switch interval {
        case .days(let n): return RepeatRule.wholeDaySteps(from: date, by: n, past: today)
        case .weeks(let n): return RepeatRule.wholeDaySteps(from: date, by: 7 * n, past: today)
        case .months(let n): return RepeatRule.wholeMonthSteps(from: date, by: n, past: today)
        case .years(let n): return RepeatRule.wholeMonthSteps(from: date, by: 12 * n, past: today)
        case .weekdays, .onWeekdays: return firstMatchingDay(after: max(date, today))
        }
    }

    private func firstMatchingDay(after date: CivilDate) -> CivilDate? {
        for offset in 1...7 {
            let day = date.adding(days: offset)
            let matches: Bool
            switch interval {
            case .weekdays: matches = day.weekday <= 5
            case .onWeekdays(let days): matches = days.contains(day.weekday)
            default: matches = false
            }
            if matches { return RepeatRule.checked(day) }
        }
        return nil
    }

    private static func wholeDaySteps(from date: CivilDate, by days: Int, past today: CivilDate) -> CivilDate? {
        let behind = today.dayNumber - date.dayNumber
        let steps = behind < 0 ? 1 : behind / days + 1
        return checked(CivilDate(dayNumber: date.dayNumber + steps * days))
    }

    private static func wholeMonthSteps(from date: CivilDate, by months: Int, past today: CivilDate) -> CivilDate? {
        let behind = (today.year * 12 + today.month) - (date.year * 12 + date.month)
        var steps = max(1, behind / months)
        while date.adding(months: steps * months) <= today { steps += 1 }
        return checked(date.adding(months: steps * months))
    }

    private static func checked(_ date: CivilDate) -> CivilDate? {
        (0...lastYear).contains(date.year) ? date : nil
    }
}
