import Foundation
import TaskPaper
import Testing
import TaskPaperServer

/// Off-loop answers read snapshots while edits stream in: the real binary gets every request
/// that runs off the loop (symbols, selection ranges, code lenses, links, references and definition on a
/// saved search, hover, searches, workspace symbols) interleaved with edits that insert, delete and type,
/// none waiting for an answer. Every request is answered without error, the edited document answers as a
/// fresh open of the client's text, and the server's stderr holds no sanitizer report. `.ci/sanitizers`
/// runs this against builds with `-sanitize=thread` and `-sanitize=address`
/// (`TASKPAPER_STRESS_LINES=2000,20000`); a plain `swift test` runs it once on 2,000 lines.
@Suite struct OffLoopStressTests {
    static let env = ["TASKPAPER_NOW": "2026-11-21T10:00"]

    static var lineCounts: [Int] {
        let listed = ProcessInfo.processInfo.environment["TASKPAPER_STRESS_LINES"] ?? ""
        let counts = listed.split(separator: ",").compactMap { Int($0) }
        return counts.isEmpty ? [2_000] : counts
    }

    @Test func offLoopAnswersReadSnapshotsWhileEditsStreamIn() throws {
        for lines in Self.lineCounts { try Self.stress(lines: lines) }
    }

    static func stress(lines lineCount: Int) throws {
        var rng = SeededRandom(environment: "TASKPAPER_STRESS_SEED")
        let replay = "\(lineCount) lines, seed \(rng.seed) (TASKPAPER_STRESS_SEED=\(rng.seed))"
        let c = try LSPClient(environment: env)
        try c.initialize()
        let uri = "file:///stress/edited.taskpaper"
        var model = ClientText(document(lines: lineCount, using: &rng), encoding: "utf-16")
        c.open(uri, model.text)
        var pending: [Int] = []
        func drain() throws {
            for id in pending {
                let response = try c.waitForResponse(id: .int(id), timeout: 120)
                #expect(
                    response["error"] == nil, "\(replay): request \(id) answered \(response.serialized.prefix(300))")
            }
            pending.removeAll()
        }
        var version = 1
        // Enough rounds that edits land while answers over the whole document are being computed, and,
        // every few rounds, right after they were all sent: the lines a reader let go are then no longer
        // shared, and the edit changes them in place.
        for _ in 0..<(lineCount >= 10_000 ? 40 : 50) {
            for _ in 0..<Int.random(in: 2...5, using: &rng) {
                pending.append(c.send(rng.pick(offLoopMethods), requestParams(uri, model, using: &rng)))
            }
            if rng.chance(3) { try drain() }
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                version += 1
                c.change(uri, version: version, [edit(&model, using: &rng)])
            }
        }
        try drain()
        // The server holds the client's text: the edited document answers as that text opened afresh.
        let fresh = "file:///stress/fresh.taskpaper"
        c.open(fresh, model.text)
        for method in ["textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/diagnostic"] {
            // A pull report's resultId is the document's own: its items are what must agree.
            func answer(_ uri: String) throws -> JSON {
                let result = try c.request(method, doc(uri), timeout: 120)
                return method == "textDocument/diagnostic" ? result["items"] ?? nil : result
            }
            let same = try answer(uri) == answer(fresh)
            #expect(same, "\(replay): \(method) differs from a fresh open")
        }
        #expect(try c.shutdownAndExit() == 0, "\(replay)")
        let log = c.stderrText
        #expect(!log.contains("Sanitizer"), "\(replay): \(log.prefix(6000))")
    }

    static let offLoopMethods = [
        "textDocument/documentSymbol", "textDocument/selectionRange", "textDocument/codeLens",
        "textDocument/documentLink", "textDocument/references", "textDocument/definition", "textDocument/hover",
        "workspace/executeCommand", "workspace/symbol",
    ]

    static func doc(_ uri: String) -> JSON { ["textDocument": ["uri": .string(uri)]] }

    /// Params for any of `offLoopMethods`, at a random position (often on a saved search).
    static func requestParams(_ uri: String, _ model: ClientText, using rng: inout SeededRandom) -> JSON {
        let lines = model.lines
        let line = Int.random(in: 0..<lines.count, using: &rng)
        let character = Int.random(in: 0...model.length(lines[line]) + 1, using: &rng)
        let position: JSON = ["line": .int(line), "character": .int(character)]
        return [
            "textDocument": ["uri": .string(uri)], "position": position, "positions": [position],
            "context": ["includeDeclaration": true], "query": .string(rng.pick(queries)),
            "command": "taskpaper.search",
            "arguments": [["query": .string(rng.pick(queries)), "uri": .string(uri)]],
        ]
    }

    static let queries = ["@today and not @done", "project Work//@due <[d] +7d", "//task except //@done", "@next"]

    /// One edit of the kinds a person makes: type a character, insert a line, delete a line.
    static func edit(_ model: inout ClientText, using rng: inout SeededRandom) -> JSON {
        let lines = model.lines
        let line = Int.random(in: 0..<lines.count, using: &rng)
        let end = model.length(lines[line])
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            let column = Int.random(in: 0...end, using: &rng), typed = rng.pick(["x", " ", "@", "(", ")"])
            model.replace((line, column), (line, column), with: typed)
            return LSPClient.edit(line, column, line, column, typed)
        case 1:
            let inserted = rng.pick(itemLines) + "\n"
            model.replace((line, 0), (line, 0), with: inserted)
            return LSPClient.edit(line, 0, line, 0, inserted)
        default:
            guard line + 1 < lines.count else { return edit(&model, using: &rng) }
            model.replace((line, 0), (line + 1, 0), with: "")
            return LSPClient.edit(line, 0, line + 1, 0, "")
        }
    }

    static let itemLines = [
        "Work:", "\t- Call Bob @due(2026-11-20) @next", "\t- Read https://example.com/a ~/notes.txt",
        "\t\tNote with mail@example.com", "Today @search(@today and not @done)", "\t- Pay @today @done(2026-11-20)",
        "", "\t\t- Deep @due(tomorow)", "Inbox:", "\t- Plan @start(+3d) @repeat(weekly)",
    ]

    static func document(lines count: Int, using rng: inout SeededRandom) -> String {
        (0..<count).map { _ in rng.pick(itemLines) }.joined(separator: "\n")
    }
}
