import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp agenda`: open tasks overdue, due soon or tagged `@today`, across files
/// (`Agenda.select`; see `Sources/TaskPaper/README.md`, "Planning").
enum AgendaCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "agenda", showsDue: true)
        var days = Agenda.defaultDays
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--days":
                guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n >= 0 else {
                    return listing.usageError("--days needs a whole number ≥ 0")
                }
                days = n
                i += 2
            case "--format":
                guard i + 1 < arguments.count, let f = Check.Format(rawValue: arguments[i + 1]) else {
                    return listing.usageError("--format needs 'text' or 'json'")
                }
                listing.format = f
                i += 2
            case "--help", "-h":
                print(usage, terminator: "")
                return 0
            case "--":
                listing.paths.append(contentsOf: arguments[(i + 1)...])
                i = arguments.count
            default:
                if arg.hasPrefix("-") && arg != "-" { return listing.usageError("unknown option '\(arg)'") }
                listing.paths.append(arg)
                i += 1
            }
        }
        guard !listing.paths.isEmpty else { return listing.usageError("no PATH given") }

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
