import Foundation
import TaskPaperServer

/// Focus at the client side of stdio: `taskpaper.focus` with a search, each the first request after a
/// one-line edit (as an editor re-focuses while you type): the edit is applied to the kept lines, not
/// read again, and the view is made from them.
enum FocusBench {
    static let query = "@home and not @done"
    static let uri: JSON = "file:///focus-bench.taskpaper"

    /// The median time in ms from sending the command to its answer's last byte.
    static func run(server: String, text: String, runs: Int = 9) throws -> Double {
        let c = try StdioClient(server: server)
        _ = try c.waitForResponse(c.request("initialize", ["processId": nil, "capabilities": [:]]))
        c.notify("initialized", [:])
        c.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(text)]])
        _ = try c.wait { $0["method"] == "textDocument/publishDiagnostics" }
        let lineCount = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        var versions = EditSequence(uri: uri)
        let command: JSON = ["command": "taskpaper.focus", "arguments": [["uri": uri, "query": .string(query)]]]
        let times = try spreadLines(count: runs, lines: lineCount).map { line in
            c.notify("textDocument/didChange", versions.next(line: line, from: 9999, to: 9999, insert: " x"))
            let start = Measure.now()
            let id = c.request("workspace/executeCommand", command)
            return Measure.ms(start, try c.waitForResponse(id))
        }
        c.close()
        return Measure.median(times)
    }
}
