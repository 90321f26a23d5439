/// `due-today`: an open task whose `@due` (for a span, its end) is today, when the settings ask for it (the
/// language server's list of what is due across files); no fault, so Information.
struct DueTodayRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard let index = line.dueTodayTagIndex else { return }
        diagnostics.append(LineDiagnostic(.dueToday, line.syntax.tags[index].range, "Due today"))
    }
}
