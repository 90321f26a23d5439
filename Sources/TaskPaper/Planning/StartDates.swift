/// Start dates: an open task whose `@start` or `@defer` lies after today is not
/// available yet (see `Sources/TaskPaper/README.md`, "Planning").
public enum StartDates {
    /// The tags that hold a start date.
    public static let tagNames = ["start", "defer"]

    /// The day an open task becomes available, when that is after today: the
    /// later of its readable `@start` and `@defer`. Nil for notes, projects,
    /// closed tasks and tasks available now.
    public static func deferredUntil(_ line: Line, clock: LintClock) -> CivilDate? {
        guard line.syntax.kind == .task, !line.isClosed, !line.syntax.knownTags.isDisjoint(with: .startDates)
        else { return nil }
        var latest: CivilDate?
        for tag in line.syntax.tags where tagNames.contains(where: { tag.hasName($0, in: line) }) {
            guard let payload = tag.payload(in: line),
                case .success(let value) = DateValue.parse(payload, clock: clock)
            else { continue }
            latest = max(latest ?? value.start.date, value.start.date)
        }
        guard let latest, latest > clock.today else { return nil }
        return latest
    }

    /// What hover says about a deferred task: `starts tomorrow`, `starts in 3 days`.
    public static func startsIn(_ start: CivilDate, today: CivilDate) -> String {
        let days = start.dayNumber - today.dayNumber
        switch days {
        case 1: return "starts tomorrow"
        case ...0: return "started \(start)"
        default: return "starts in \(days) days"
        }
    }
}
