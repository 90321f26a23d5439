import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp search QUERY`: the items a search finds, file by file, as the
/// command `taskpaper.search` finds them (each item's line without its indentation).
enum SearchCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "search", showsDue: false)
        var queryText: String?
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
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
                for rest in arguments[(i + 1)...] {
                    if queryText == nil { queryText = rest } else { listing.paths.append(rest) }
                }
                i = arguments.count
            default:
                if arg.hasPrefix("-") && arg != "-" { return listing.usageError("unknown option '\(arg)'") }
                if queryText == nil { queryText = arg } else { listing.paths.append(arg) }
                i += 1
            }
        }
        guard let queryText else { return listing.usageError("no QUERY given") }
        guard !listing.paths.isEmpty else { return listing.usageError("no PATH given") }
        let query: SearchQuery
        do throws(SearchParseError) {
            query = try SearchQuery.parse(queryText)
        } catch {
            StandardError.write(
                "taskpaper-lsp search: the query does not parse: \(error.message)"
                    + " (at UTF-8 offset \(error.utf8Offset))\n")
            return 2
        }

        let clock = Clock.current()
        for document in listing.documents() {
            let outline = Outline(lines: document.lines, indentWidth: .auto)
            do throws(SearchEvaluationError) {
                for line in try query.evaluate(in: outline, clock: clock) {
                    let text = document.lines[line].text
                    listing.add(
                        path: document.path, line: line, lineText: text,
                        utf8Offset: document.lines[line].syntax.indentLength)
                }
            } catch {
                StandardError.write("taskpaper-lsp search: stopped in \(document.path): \(error.description)\n")
                listing.unreadable = true
            }
        }
        return listing.finish()
    }
}
