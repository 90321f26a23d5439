import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp search QUERY`: the items a search finds, file by file, as the
/// command `taskpaper.search` finds them (each item's line without its indentation).
enum SearchCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "search", usage: usage)
        let queryText: String
        switch listing.readQueryAndPaths(arguments) {
        case .success(let text): queryText = text
        case .failure(let stop): return stop.status
        }
        guard let query = listing.parse(query: queryText) else { return 2 }

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

    static let usage = """
        Usage: taskpaper-lsp search QUERY [--format text|json] PATH...
          The items a TaskPaper search finds: path:line:column: text.
          Exit 0 with matches, 1 with none, 2 on a bad query or unreadable path.

        """
}
