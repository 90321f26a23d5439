/// The agenda: open tasks that are overdue, due within the next days, or
/// tagged `@today`, across documents (see `Sources/TaskPaper/README.md`, "Planning").
public struct AgendaEntry: Sendable, Hashable {
    /// Index of the document in the list given to `Agenda.select`.
    public var document: Int
    public var line: Int
    /// UTF-8 offset where the task's text starts (after indentation).
    public var offset: Int
    /// The `@due` day (a range's end: the task is due by then), nil for an undated `@today` task.
    public var due: DatePoint?
    public var isOverdue: Bool
    /// The task's text without indentation.
    public var text: String
}

public enum Agenda {
    public static let defaultDays = 7

    /// Undated `@today` tasks first (in document order), then by due date, oldest first.
    public static func select(_ documents: [[Line]], days: Int = defaultDays, clock: LintClock) -> [AgendaEntry] {
        let horizon = clock.today.adding(days: max(0, min(days, 3_650_000)))
        var entries: [AgendaEntry] = []
        for (d, lines) in documents.enumerated() {
            for (i, line) in lines.enumerated() where line.syntax.kind == .task && !line.isClosed {
                let due = Reschedule.readableDue(line, clock: clock)?.value
                // A range is due at its end, which may name no time (`2026-12-14 09:00 thru 2026-12-16`).
                let deadline = due.map {
                    DatePoint(date: $0.deadline, time: $0.end.map(\.time) ?? $0.writtenStart.time)
                }
                let isToday = line.syntax.hasTag(named: "today", in: line)
                guard isToday || (deadline.map { $0.date <= horizon } ?? false) else { continue }
                let start = line.syntax.indentLength
                entries.append(
                    AgendaEntry(
                        document: d, line: i, offset: start, due: deadline,
                        isOverdue: deadline.map { $0.date < clock.today } ?? false,
                        text: String(line.utf8Slice(start..<line.utf8Count))))
            }
        }
        // Stable: entries already run in document order.
        return entries.enumerated().sorted { a, b in
            switch (a.element.due, b.element.due) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?): return x != y ? x < y : a.offset < b.offset
            }
        }.map(\.element)
    }
}
