/// `overdue`: a task whose `@due` lies before today and that has no `@done`.
struct OverdueRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard let index = line.overdueTagIndex, let due = line.date(ofTag: index)?.value else { return }
        let days = line.clock.today.dayNumber - due.start.date.dayNumber
        diagnostics.append(LineDiagnostic(.overdue, line.syntax.tags[index].range,
            "Overdue: due \(due.start.date) (\(days == 1 ? "1 day" : "\(days) days") ago)"))
    }
}
