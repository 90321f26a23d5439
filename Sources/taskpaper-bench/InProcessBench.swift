import Foundation
import TaskPaper
import TaskPaperServer

/// Figures from inside the process: the server's own work, no transport.
struct InProcessFigures {
    var parseMBps = 0.0
    var openMs = 0.0
    var editMedianMs = 0.0
    var tokensFullMs = 0.0
    var tokensRangeMs = 0.0
    var completionMs = 0.0
    var firstCompletionMs = 0.0
    var symbolsMs = 0.0
}

enum InProcessBench {
    static func run(text: String, edits: Int) throws -> InProcessFigures {
        var f = InProcessFigures()
        let bytes = Double(text.utf8.count)
        let parses = (0..<5).map { _ in Measure.time { _ = TextDocument(text: text) } }
        f.parseMBps = bytes / 1e6 / (Measure.median(parses) / 1000)

        let server = Server.inProcess()
        server.perform("initialize", ["capabilities": [:]])
        server.deliver("initialized", [:])
        let uri: JSON = "file:///bench.taskpaper"
        // The message as it arrives: bytes, read by the server's own JSON reader.
        let open: JSON = ["textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(text)]]
        let message = Array(open.serialized.utf8)
        f.openMs = try Measure.time {
            server.deliver("textDocument/didOpen", try JSONParser.parse(message))
        }
        let lineCount = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        var versions = EditSequence(uri: uri)
        func change(_ line: Int, _ from: Int, _ to: Int, _ insert: String) {
            server.deliver("textDocument/didChange", versions.next(line: line, from: from, to: to, insert: insert))
        }
        var editTimes: [Double] = []
        for line in spreadLines(count: edits, lines: lineCount) {
            editTimes.append(Measure.time { change(line, 0, 0, "x") })
            change(line, 0, 1, "")
        }
        f.editMedianMs = Measure.median(editTimes)

        let doc: JSON = ["uri": uri]
        // Whole-document answers are timed after an edit (undone), each as the first request after typing.
        func afterEdit(_ method: String) -> Double {
            change(0, 0, 0, "x")
            change(0, 0, 1, "")
            return Measure.time { server.perform(method, ["textDocument": doc]) }
        }
        f.tokensFullMs = Measure.median((0..<3).map { _ in afterEdit("textDocument/semanticTokens/full") })
        let mid = lineCount / 2
        f.tokensRangeMs = Measure.median(
            (0..<20).map { _ in
                Measure.time {
                    server.perform(
                        "textDocument/semanticTokens/range",
                        [
                            "textDocument": doc,
                            "range": [
                                "start": ["line": .int(mid), "character": 0],
                                "end": ["line": .int(mid + 60), "character": 0],
                            ],
                        ])
                }
            })
        // The first completion counts every line's tags once; later ones reuse the counts.
        change(0, 0, 0, "@ ")
        f.firstCompletionMs = Measure.time {
            server.perform(
                "textDocument/completion",
                [
                    "textDocument": doc, "position": ["line": 0, "character": 1],
                    "context": ["triggerKind": 2, "triggerCharacter": "@"],
                ])
        }
        change(0, 0, 2, "")
        // Completion right after typing `@` at the end of a line, as an editor asks for it.
        var completionTimes: [Double] = []
        for line in spreadLines(count: 20, lines: lineCount) {
            change(line, 0, 0, "@ ")
            completionTimes.append(
                Measure.time {
                    server.perform(
                        "textDocument/completion",
                        [
                            "textDocument": doc, "position": ["line": .int(line), "character": 1],
                            "context": ["triggerKind": 2, "triggerCharacter": "@"],
                        ])
                })
            change(line, 0, 2, "")
        }
        f.completionMs = Measure.median(completionTimes)
        f.symbolsMs = Measure.median((0..<3).map { _ in afterEdit("textDocument/documentSymbol") })
        return f
    }
}
