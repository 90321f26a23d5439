/// `@repeat` as an iCalendar RRULE (see `Sources/TaskPaper/README.md`, "Calendar").
extension RepeatRule {
    /// The RRULE whose occurrences from `first` are the days this rule gives when the task is done on
    /// each due day: nil where no RRULE says the same. `from done` counts from a day no calendar
    /// knows; a monthly rule from a 29th, 30th or 31st, and a yearly one from February 29, clamp to a
    /// shorter month's end and then stay on that day, which no RRULE repeats.
    public func calendarRule(from first: CivilDate) -> String? {
        guard !fromDone else { return nil }
        switch interval {
        case .days(let n): return RepeatRule.rule("DAILY", n)
        case .weeks(let n): return RepeatRule.rule("WEEKLY", n)
        case .months(let n):
            guard first.day <= 28 else { return nil }
            return RepeatRule.rule("MONTHLY", n)
        case .years(let n):
            guard !(first.month == 2 && first.day == 29) else { return nil }
            return RepeatRule.rule("YEARLY", n)
        case .weekdays: return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        case .onWeekdays(let days):
            let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            return "FREQ=WEEKLY;BYDAY=" + days.map { names[$0 - 1] }.joined(separator: ",")
        }
    }

    private static func rule(_ frequency: String, _ interval: Int) -> String {
        interval == 1 ? "FREQ=\(frequency)" : "FREQ=\(frequency);INTERVAL=\(interval)"
    }

    /// A day a weekday rule lands on; any day for the others. An RRULE's first occurrence is its DTSTART,
    /// which clients want to be one of the rule's days.
    public func isOneOfItsDays(_ date: CivilDate) -> Bool {
        switch interval {
        case .weekdays: return date.weekday <= 5
        case .onWeekdays(let days): return days.contains(date.weekday)
        case .days, .weeks, .months, .years: return true
        }
    }
}
