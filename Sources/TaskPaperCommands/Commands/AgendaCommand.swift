import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp agenda`: open tasks overdue, due soon or tagged `@today`, across files
/// (`Agenda.select`; see `Sources/TaskPaper/README.md`, "Planning").
enum AgendaCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "agenda", usage: usage, showsDue: true)
        var days = Agenda.defaultDays
        if let stop = listing.readPaths(
            arguments,
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

    static let usage = """
        Usage: taskpaper-lsp agenda [--days N] [--format text|json] PATH...
          Open tasks overdue, due within N days (default 7) or tagged @today, soonest first:
          path:line:column: DATE text.
          Exit 0 with tasks, 1 with none, 2 on a usage error or unreadable path.

        """
}
