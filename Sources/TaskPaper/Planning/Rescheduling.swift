/// Rescheduling actions on tasks (see `Sources/TaskPaper/README.md`, "Planning").
/// Dates are written `YYYY-MM-DD`, with the old value's time when it had one.
public enum Reschedule: Sendable, Hashable, CaseIterable {
    case dueToday, dueTomorrow, dueNextWeek, postponeOneDay, postponeOneWeek, pinDate

    /// The action's title, as editors show it.
    public var title: String {
        switch self {
        case .dueToday: "Due today"
        case .dueTomorrow: "Due tomorrow"
        case .dueNextWeek: "Due next week"
        case .postponeOneDay: "Postpone 1 day"
        case .postponeOneWeek: "Postpone 1 week"
        case .pinDate: "Pin date"
        }
    }

    /// The title of the whole-document source action.
    public static let moveOverdueTitle = "Move overdue to today"

    /// The date tags whose relative values Pin date writes out.
    public static let pinnedTagNames = ["due", "start", "defer"]

    /// The actions that would change this line.
    public static func available(on line: Line, clock: LintClock) -> [Reschedule] {
        allCases.filter { !edits($0, on: line, clock: clock).edits.isEmpty }
    }

    /// The action on every line of `range` it applies to, as one edit.
    public static func replacements(
        _ action: Reschedule, _ lines: [Line], in range: ClosedRange<Int>,
        clock: LintClock
    ) -> [TextReplacement] {
        guard !lines.isEmpty else { return [] }
        return range.clamped(to: 0...lines.count - 1).flatMap {
            edits(action, on: lines[$0], clock: clock).replacements(line: $0)
        }
    }

    /// Every open task whose `@due` lies before today gets `@due` today (time kept), in one edit.
    public static func moveOverdueToToday(_ lines: [Line], clock: LintClock) -> [TextReplacement] {
        lines.indices.flatMap { i -> [TextReplacement] in
            let line = lines[i]
            guard line.syntax.kind == .task, !line.isClosed, let due = readableDue(line, clock: clock),
                due.value.deadline < clock.today
            else { return [] }
            var edits = LineEdits()
            edits.replace(due.range, with: DatePoint(date: clock.today, time: due.value.start.time).description)
            return edits.replacements(line: i)
        }
    }

    static func edits(_ action: Reschedule, on line: Line, clock: LintClock) -> LineEdits {
        var edits = LineEdits()
        if action == .pinDate {
            pin(line, clock: clock, into: &edits)
            return edits
        }
        guard line.syntax.kind == .task, !line.isClosed, line.syntax.unbalancedTagStart < 0 else { return edits }
        let due = readableDue(line, clock: clock)
        let today = clock.today
        let day: CivilDate
        switch action {
        case .dueToday: day = today
        case .dueTomorrow: day = today.adding(days: 1)
        case .dueNextWeek: day = today.adding(days: 8 - today.weekday)
        case .postponeOneDay, .postponeOneWeek:
            guard let due else { return edits }
            day = due.value.start.date.adding(days: action == .postponeOneDay ? 1 : 7)
        case .pinDate: return edits
        }
        guard day.year <= RepeatRule.lastYear else { return edits }
        let written = DatePoint(date: day, time: due?.value.writtenStart.time).description
        if line.syntax.firstTag(named: "due", in: line)?.payload(in: line) != Substring(written) {
            edits.setTag("due", to: written, in: line)
        }
        return edits
    }

    /// Each relative `@due`/`@start`/`@defer` written as the date it reads as today.
    static func pin(_ line: Line, clock: LintClock, into edits: inout LineEdits) {
        for tag in line.syntax.tags where pinnedTagNames.contains(where: { tag.hasName($0, in: line) }) {
            guard let range = tag.payloadRange,
                case .success(let value) = DateValue.parse(line.utf8Slice(range), clock: clock),
                value.form == .relative
            else { continue }
            edits.replace(range, with: value.writtenStart.description)
        }
    }

    /// The first `@due`'s value when it reads as a date, and its payload's range.
    static func readableDue(_ line: Line, clock: LintClock) -> (value: DateValue, range: Range<Int>)? {
        guard let tag = line.syntax.firstTag(named: "due", in: line), let range = tag.payloadRange,
            case .success(let value) = DateValue.parse(line.utf8Slice(range), clock: clock)
        else { return nil }
        return (value, range)
    }
}
