import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp report`: what got done in a window of days, with its time (`TimeReport`; see
/// `Sources/TaskPaper/README.md`, Time). Reads files as `agenda` does (`Listing`) and exits as it does.
enum ReportCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "report", usage: usage)
        let clock = Clock.current()
        var since: CivilDate?, until: CivilDate?, grouping = TimeReport.Grouping.day
        if let stop = listing.readPaths(
            arguments, formats: [.text, .json, .markdown],
            options: [
                "--since": { value in
                    guard let date = readDate(value, clock: clock) else { return "--since needs a date, e.g. -7d" }
                    since = date.start.date
                    return nil
                },
                "--until": { value in
                    guard let date = readDate(value, clock: clock) else { return "--until needs a date" }
                    until = date.deadline
                    return nil
                },
                "--by": { value in
                    guard let g = TimeReport.Grouping(rawValue: value) else { return "--by needs 'day' or 'project'" }
                    grouping = g
                    return nil
                },
            ])
        {
            return stop
        }

        let documents = listing.documents()
        let report = TimeReport.make(documents.map(\.lines), since: since, until: until, by: grouping, clock: clock)
        let paths = documents.map(\.path)
        let window = ReportWindow(since: since, until: until)
        switch listing.format {
        case .markdown: print(ReportWriter.markdown(report, window: window, by: grouping), terminator: "")
        case .json: print(ReportWriter.json(report, paths: paths, window: window, by: grouping))
        case .text: print(ReportWriter.text(report, paths: paths, by: grouping), terminator: "")
        }
        if listing.unreadable { return 2 }
        return report.doneCount > 0 ? 0 : 1
    }

    /// A date as a tag's value reads (`Sources/TaskPaper/README.md`, Dates): `2026-11-20`, `-7d`, `last monday`.
    static func readDate(_ text: String, clock: LintClock) -> DateValue? {
        if case .success(let value) = DateValue.parse(Substring(text), clock: clock) { value } else { nil }
    }

    static let usage = """
        Usage: taskpaper-lsp report [--since DATE|-Nd] [--until DATE] [--by day|project]
                                    [--format text|json|markdown] PATH...
          Tasks done in the window, grouped, with counts and estimate and @lasted sums; the open
          estimate last.
          Exit 0 with done tasks, 1 with none, 2 on a usage error or unreadable path.

        """
}
