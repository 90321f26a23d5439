/// How far away a future `@due` is, for the hint after it: `today`,
/// `tomorrow`, `in 3 days`, `in 2 weeks`, `in 3 months`, `in 2 years`.
public enum DueDistance {
    /// The words for the item's first `@due` when it lies today or later and
    /// the item is not done: the tag's index and the label. A span or an
    /// appointment counts from its start.
    public static func hint(for line: AnalyzedLine) -> (tagIndex: Int, label: String)? {
        guard !line.isDone, let due = line.syntax.tags.firstIndex(where: { $0.hasName("due", in: line.line) }),
            let value = line.date(ofTag: due)?.value,
            let label = words(from: line.clock.today, to: value.start.date)
        else { return nil }
        return (due, label)
    }

    /// The distance in words from today to a day not before it; nil for a past day.
    /// Up to 13 days in days (as hover says it), then whole weeks, months, years.
    public static func words(from today: CivilDate, to day: CivilDate) -> String? {
        let days = day.dayNumber - today.dayNumber
        switch days {
        case ..<0: return nil
        case 0..<14: return DateDescription.distance(today, day, overdue: false)
        case 14..<60: return "in \(DateDescription.plural(days / 7, "week"))"
        case 60..<730: return "in \(DateDescription.plural(days / 30, "month"))"
        default: return "in \(DateDescription.plural(days / 365, "year"))"
        }
    }
}
