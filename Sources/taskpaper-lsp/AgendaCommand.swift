import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp agenda`: open tasks overdue, due soon or tagged `@today`, across files
/// (`Agenda.select`; see `Sources/TaskPaper/README.md`, "Planning").
enum AgendaCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "agenda", showsDue: true)
        var days = Agenda.defaultDays
        if let stop = listing.readPaths(
            arguments, usage: usage,
            options: [
                "--days": { value in
                    guard let n = Int(value), n >= 0 else { return "--days needs a whole number ≥ 0" }
                    days = n
                    return nil
                }
            ])
        {
            return stop
        }

        let documents = listing.documents()
        for entry in Agenda.select(documents.map(\.lines), days: days, clock: Clock.current()) {
            let document = documents[entry.document]
            listing.add(
                path: document.path, line: entry.line, lineText: document.lines[entry.line].text,
                utf8Offset: entry.offset, due: entry.due)
        }
        return listing.finish()
    }
}
