import Foundation
import TaskPaper
import TaskPaperServer

/// A search over the document, as the `taskpaper.search` command (and a saved
/// search's references or code lens) runs it: parse, outline, evaluate, locations.
enum SearchBench {
    static let query = "@home and not @done"

    /// The median time in ms of the command on one open document.
    static func run(text: String) throws -> Double {
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
        return Measure.median(
            (0..<5).map { _ in
                Measure.time { server.perform("workspace/executeCommand", command) }
            })
    }
}
