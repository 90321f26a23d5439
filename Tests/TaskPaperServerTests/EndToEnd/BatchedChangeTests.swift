import Foundation
import TaskPaper
import Testing
import TaskPaperServer

/// One didChange of many changes (a formatting result, a re-indent, a multi-cursor edit) notes its
/// findings once, not change by change: through the real binary, what it publishes equals
/// what the same changes sent one notification each publish, and what a fresh open of the text does.
/// How long such a notification takes is measured by `taskpaper-bench` (`batched edit`), not here.
@Suite struct BatchedChangeTests {
    static let env = ["TASKPAPER_NOW": "2026-11-21T10:00"]

    @Test func aBatchPublishesWhatTheSameChangesOneByOneAndAFreshOpenPublish() throws {
        var rng = SeededRandom(environment: "TASKPAPER_BATCH_SEED")
        let replay = "seed \(rng.seed) (TASKPAPER_BATCH_SEED=\(rng.seed))"
        let batched = try LSPClient(environment: Self.env), oneByOne = try LSPClient(environment: Self.env)
        try batched.initialize()
        try oneByOne.initialize()
        let uri = "file:///batched.taskpaper"
        // A finding on most lines: every task is overdue, some dates do not read.
        var model = ClientText(
            (0..<400).map { i in
                i % 50 == 0
                    ? "Project \(i):" : i % 7 == 0 ? "\t- t\(i) @due(tomorow)" : "\t- t\(i) @due(2020-01-0\(i % 9 + 1))"
            }.joined(separator: "\n"), encoding: "utf-16")
        batched.open(uri, model.text)
        oneByOne.open(uri, model.text)
        var version = 1
        for batch in 1...6 {
            var changes: [JSON] = []
            for _ in 0..<Int.random(in: 50...300, using: &rng) { changes.append(Self.change(&model, using: &rng)) }
            version += 1
            batched.change(uri, version: version, changes)
            for (k, change) in changes.enumerated() { oneByOne.change(uri, version: version * 1000 + k, [change]) }
            oneByOne.change(uri, version: version, [])
            let fresh = "file:///fresh-\(batch).taskpaper"
            batched.open(fresh, model.text)
            let afterBatch = try batched.waitForDiagnostics(uri, version: version)
            let afterEach = try oneByOne.waitForDiagnostics(uri, version: version)
            let afterOpen = try batched.waitForDiagnostics(fresh)
            batched.notify("textDocument/didClose", ["textDocument": ["uri": .string(fresh)]])
            #expect(afterBatch.count > 100, "\(replay), batch \(batch): the document keeps many findings")
            #expect(afterBatch == afterEach, "\(replay), batch \(batch): one notification and one per change differ")
            #expect(afterBatch == afterOpen, "\(replay), batch \(batch): the batch and a fresh open differ")
            if afterBatch != afterEach || afterBatch != afterOpen { break }
        }
        #expect(try batched.shutdownAndExit() == 0)
        #expect(try oneByOne.shutdownAndExit() == 0)
    }

    /// A change of the kinds a formatter or a multi-cursor edit makes, applied to the model: retype a
    /// date (fixing or breaking it), indent, insert or delete a line, join two lines.
    static func change(_ model: inout ClientText, using rng: inout SeededRandom) -> JSON {
        let lines = model.lines
        let line = Int.random(in: 0..<lines.count, using: &rng)
        let length = model.length(lines[line])
        let edit: (start: (Int, Int), end: (Int, Int), text: String)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: edit = ((line, 0), (line, 0), "\t")
        case 1: edit = ((line, 0), (line, length), "\t- fixed \(line) @due(2026-12-0\(line % 9 + 1))")
        case 2:
            edit = ((line, length), (line, length), rng.pick([" @due(2019-05-05)", " @done", " x", " @next @next"]))
        case 3: edit = ((line, 0), (line, 0), rng.pick(["\t- new @due(2020-02-02)\n", "Inbox:\n", "\n"]))
        case 4 where line + 1 < lines.count: edit = ((line, 0), (line + 1, 0), "")
        default: edit = ((line, length), (min(line + 1, lines.count - 1), 0), " ")
        }
        model.replace(edit.start, edit.end, with: edit.text)
        return LSPClient.edit(edit.start.0, edit.start.1, edit.end.0, edit.end.1, edit.text)
    }
}
