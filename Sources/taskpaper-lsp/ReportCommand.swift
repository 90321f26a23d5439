import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp report`: what got done in a window of days, with its time (`TimeReport`; see
/// `Sources/TaskPaper/README.md`, Time). Reads files as `agenda` does (`Listing`) and exits as it does.
enum ReportCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "report", showsDue: false)
        let clock = Clock.current()
        var since: CivilDate?, until: CivilDate?, grouping = TimeReport.Grouping.day
        // `markdown` is this command's own: the shared reader knows text and json.
        var arguments = arguments, markdown = false
        if let k = arguments.firstIndex(of: "--format"), k + 1 < arguments.count, arguments[k + 1] == "markdown" {
            arguments.removeSubrange(k...k + 1)
            markdown = true
        }
        if let stop = listing.readPaths(
            arguments, usage: usage,
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
        if markdown {
            print(ReportWriter.markdown(report, window: window, by: grouping), terminator: "")
        } else if listing.format == .json {
            print(ReportWriter.json(report, paths: paths, window: window, by: grouping))
        } else {
            print(ReportWriter.text(report, paths: paths, by: grouping), terminator: "")
        }
        if listing.unreadable { return 2 }
        return report.doneCount > 0 ? 0 : 1
    }

    /// A date as a tag's value reads (`Sources/TaskPaper/README.md`, Dates): `2026-11-20`, `-7d`, `last monday`.
    static func readDate(_ text: String, clock: LintClock) -> DateValue? {
        if case .success(let value) = DateValue.parse(Substring(text), clock: clock) { value } else { nil }
    }
}
