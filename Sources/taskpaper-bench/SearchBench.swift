import Foundation
import TaskPaper
import TaskPaperServer

/// A search over the document, as the `taskpaper.search` command (and a saved
/// search's references or code lens) runs it: parse, outline, evaluate, locations.
enum SearchBench {
    static let query = "@home and not @done"

    /// The median time in ms of the command on one open document, each run the first
    /// request after an edit (as a user meets it: nothing of the last run's answer applies).
    static func run(text: String, runs: Int = 5) throws -> Double {
        let server = Server.inProcess()
        server.perform("initialize", ["capabilities": [:]])
        server.deliver("initialized", [:])
        let uri: JSON = "file:///search-bench.taskpaper"
        server.deliver(
            "textDocument/didOpen",
            [
                "textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(text)]
            ])
        let command: JSON = ["command": "taskpaper.search", "arguments": [["query": .string(query), "uri": uri]]]
        let lineCount = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        var versions = EditSequence(uri: uri)
        return Measure.median(
            spreadLines(count: runs, lines: lineCount).map { line in
                // ` x` at the line's end (a column past it is clamped): the outline keeps its shape.
                server.deliver("textDocument/didChange", versions.next(line: line, from: 9999, to: 9999, insert: " x"))
                return Measure.time { server.perform("workspace/executeCommand", command) }
            })
    }
}
