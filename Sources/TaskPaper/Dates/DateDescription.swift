/// A date tag's payload in words, as TaskPaper reads it: `Tuesday 12 May 2025, 3 days overdue`.
/// Hover shows `reading` emphasized, then `detail`.
public struct DateDescription: Sendable, Hashable {
    /// The moment or range in words; empty when the payload is no date.
    public var reading: String
    /// The distance from today (`, in 3 days`), or why the payload is no date.
    public var detail: String

    public static func describe(_ line: AnalyzedLine, tagIndex: Int) -> DateDescription {
        guard let date = line.date(ofTag: tagIndex) else {
            return DateDescription(reading: "", detail: "No specific date")
        }
        let overdue = line.overdueTagIndex == tagIndex
        switch date.result {
        case .failure(.malformed):
            return DateDescription(
                reading: "",
                detail:
                    "Not a date: expected YYYY-MM-DD, an optional time, a range, or a relative date like 'tomorrow'")
        case .failure(.invalid):
            return DateDescription(reading: "", detail: "Not a real date: no such day or time")
        case .failure(.inverted):
            return DateDescription(reading: "", detail: "Not a valid range: it ends at or before its start")
        case .success(let value):
            return describe(value, today: line.clock.today, overdue: overdue)
        }
    }

    public static func describe(_ value: DateValue, today: CivilDate, overdue: Bool) -> DateDescription {
        let start = value.start
        switch (value.form, value.end) {
        case (.appointment, let end?) where end.date == start.date:
            return DateDescription(
                reading: "\(day(start.date)), \(start.time ?? .midnight) to \(end.time ?? .midnight)",
                detail: " (\(duration(from: start, to: end))), \(distance(today, start.date, overdue: overdue))")
        case (_, let end?):
            return DateDescription(
                reading: "\(point(start)) thru \(point(end))",
                detail: " (\(spanLength(start, end))), \(spanDistance(today, start.date, end.date, overdue: overdue))")
        default:
            return DateDescription(reading: point(start), detail: ", \(distance(today, start.date, overdue: overdue))")
        }
    }

    /// "Tuesday 12 May 2025"
    static func day(_ d: CivilDate) -> String { "\(d.weekdayName) \(d.day) \(d.monthName) \(d.year)" }

    /// "Tuesday 12 May 2025" or "Tuesday 12 May 2025 at 10:00"
    static func point(_ p: DatePoint) -> String {
        guard let time = p.time else { return day(p.date) }
        return "\(day(p.date)) at \(time)"
    }

    /// "today", "tomorrow", "in 2 days", "3 days ago", or "3 days overdue" for an overdue `@due`.
    static func distance(_ today: CivilDate, _ d: CivilDate, overdue: Bool) -> String {
        let days = d.dayNumber - today.dayNumber
        if overdue { return "\(plural(-days, "day")) overdue" }
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(plural(days, "day"))"
        default: return "\(plural(-days, "day")) ago"
        }
    }

    /// Where today stands against a span: before it, inside it, or after it. An overdue
    /// task's `@due` span counts from its end, as the diagnostic does.
    static func spanDistance(_ today: CivilDate, _ start: CivilDate, _ end: CivilDate, overdue: Bool) -> String {
        if today < start { return "starts \(distance(today, start, overdue: false))" }
        let overdueText = distance(today, end, overdue: true)
        if end < today { return overdue ? overdueText : "ended \(distance(today, end, overdue: false))" }
        let ends = end == today ? "ends today" : "ends \(distance(today, end, overdue: false))"
        return "\(overdue ? overdueText : "under way"), \(ends)"
    }

    /// A span of whole days counts both ends (`12 thru 19` is 8 days); with times, the time between them.
    static func spanLength(_ start: DatePoint, _ end: DatePoint) -> String {
        if start.time == nil, end.time == nil {
            return plural(end.date.dayNumber - start.date.dayNumber + 1, "day")
        }
        return duration(from: start, to: end)
    }

    /// "1 hour", "7 days, 10 hours, 59 minutes" (a missing time counts as 00:00).
    static func duration(from start: DatePoint, to end: DatePoint) -> String {
        func minutes(_ p: DatePoint) -> Int {
            p.date.dayNumber * 1440 + (p.time ?? .midnight).millisecondsOfDay / 60_000
        }
        let total = minutes(end) - minutes(start)
        let parts = [(total / 1440, "day"), (total % 1440 / 60, "hour"), (total % 60, "minute")]
            .filter { $0.0 > 0 }.map { plural($0.0, $0.1) }
        return parts.isEmpty ? "0 minutes" : parts.joined(separator: ", ")
    }

    static func plural(_ n: Int, _ unit: String) -> String { n == 1 ? "1 \(unit)" : "\(n) \(unit)s" }
}
