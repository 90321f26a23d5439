/// `overdue`: a task whose `@due` lies before today and that has no `@done`
/// (for a span, its end: the task is due by then).
struct OverdueRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard let index = line.overdueTagIndex, let due = line.date(ofTag: index)?.value else { return }
        let days = line.clock.today.dayNumber - due.deadline.dayNumber
        diagnostics.append(
            LineDiagnostic(
                .overdue, line.syntax.tags[index].range,
                "Overdue: due \(due.deadline) (\(days == 1 ? "1 day" : "\(days) days") ago)"))
    }
}
