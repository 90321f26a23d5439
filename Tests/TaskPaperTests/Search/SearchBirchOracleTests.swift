import Foundation
import Testing

@testable import TaskPaper

/// Random documents and random searches, answered by TaskPaper 3's own model
/// code (birch-outline, run in node by `Tests/Oracles/birch-search/run.js`)
/// and by `SearchQuery`: the items must be the same, in the same order, and a
/// query birch's parser refuses must be refused at the same offset.
///
/// Runs when `TASKPAPER_BIRCH_OUTLINE` names a birch-outline checkout and
/// `node` (with Debian's coffeescript, node-underscore and node-moment) loads
/// it; otherwise it skips, saying why, in CI too (CI cannot fetch birch-outline:
/// `.ci/run` sets it up only where a copy is found). `TASKPAPER_BIRCH_SEED`
/// replays a run.
@Suite struct SearchBirchOracleTests {
    static let birch = ProcessInfo.processInfo.environment["TASKPAPER_BIRCH_OUTLINE"] ?? ""
    static let clock = SearchBadInputTests.clock
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Oracles/birch-search/run.js")

    /// Why the comparison cannot run here; nil when it can.
    static let unavailable: String? = {
        guard !birch.isEmpty else { return "TASKPAPER_BIRCH_OUTLINE names no birch-outline checkout" }
        guard FileManager.default.fileExists(atPath: birch + "/src/item-path.coffee") else {
            return "TASKPAPER_BIRCH_OUTLINE (\(birch)) is not a birch-outline checkout"
        }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["node", script.path, birch, "--check"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return "/usr/bin/env cannot run node" }
        check.waitUntilExit()
        guard check.terminationStatus == 0 else {
            return "node cannot load birch-outline (it needs node and Debian's coffeescript, node-underscore,"
                + " node-moment): run.js --check exits \(check.terminationStatus)"
        }
        return nil
    }()

    @Test(.enabled(if: unavailable == nil, Comment(rawValue: unavailable ?? "")))
    func randomSearchesAgreeWithBirchOutline() throws {
        let seed = Self.seed()
        var rng = SeededRandom(seed: seed)
        var cases: [(text: String, queries: [String])] = []
        for _ in 0..<60 {
            let text = BirchOracleGenerator.document(&rng)
            cases.append((text, (0..<80).map { _ in BirchOracleGenerator.query(&rng) }))
        }
        let answers = try Self.birchAnswers(cases)
        var compared = 0, refused = 0, thrown = 0, runaway = 0
        var disagreements: [String] = []
        for (c, expected) in zip(cases, answers) {
            let document = TextDocument(text: c.text)
            let outline = Outline(document: document, indentWidth: .auto)
            for (query, birch) in zip(c.queries, expected) {
                // birch's own evaluation fails (a TypeError): TaskPaper shows no list to compare with.
                if case .threw = birch { thrown += 1; continue }
                compared += 1
                let ours: BirchAnswer
                do {
                    let parsed = try SearchQuery.parse(query)
                    ours = .items(try parsed.evaluate(in: outline, clock: Self.clock))
                } catch let error as SearchParseError {
                    // Refused by design (`(a+)+` can take exponential time), where TaskPaper would try it.
                    if error.message.contains("exponential time") {
                        runaway += 1
                        compared -= 1
                        continue
                    }
                    ours = .error(error.utf8Offset)
                }
                if case .error = birch { refused += 1 }
                if ours != birch {
                    disagreements.append(
                        "query \(Self.quoted(query)) on \(Self.quoted(c.text)): birch \(birch), ours \(ours)")
                }
            }
        }
        print(
            "birch-outline oracle (seed \(seed)): \(compared - disagreements.count) of \(compared) searches agree"
                + " (\(refused) of them refused by birch's parser; left out: \(thrown) where birch's evaluation throws,"
                + " \(runaway) with a pattern refused as a possible runaway)")
        for line in disagreements.prefix(40) { print("disagrees: \(line)") }
        #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.count) disagree (printed above, the first 40)")
    }

    /// Focus: the lines left visible by a search, by focusing into each project, and by both, against the
    /// view read off birch's own evaluation and tree (`run.js --focus`).
    @Test(.enabled(if: unavailable == nil, Comment(rawValue: unavailable ?? "")))
    func focusedViewsAgreeWithBirchOutline() throws {
        let seed = Self.seed()
        var rng = SeededRandom(seed: seed)
        var cases: [(text: String, views: [(query: String?, line: Int?)])] = []
        for _ in 0..<40 {
            let text = BirchOracleGenerator.document(&rng)
            let lines = TextDocument(text: text).lines
            let projects = lines.indices.filter { lines[$0].syntax.kind == .project }
            var views: [(query: String?, line: Int?)] = (0..<30).map { _ in (BirchOracleGenerator.query(&rng), nil) }
            for project in projects {
                views.append((nil, project))
                views.append((BirchOracleGenerator.query(&rng), project))
            }
            cases.append((text, views))
        }
        let input = cases.map { c in
            [
                "text": c.text,
                "views": c.views.map { ["query": $0.query ?? NSNull(), "line": $0.line ?? NSNull()] as [String: Any] },
            ] as [String: Any]
        }
        let answers = try Self.runBirch(input, mode: ["--focus"])
        var compared = 0
        var disagreements: [String] = []
        for (c, expected) in zip(cases, answers) {
            let document = TextDocument(text: c.text)
            for (view, birch) in zip(c.views, expected) {
                guard let visible = birch["visible"] as? [Int], let matches = birch["matches"] as? Int else { continue }
                let query: SearchQuery?
                do {
                    query = try view.query.map { try SearchQuery.parse($0) }
                } catch {
                    continue  // refused (birch's parser refuses it too, or a runaway pattern): no view
                }
                let focus = try Focus.view(
                    of: document, indentWidth: .auto, query: query, item: view.line, clock: Self.clock)
                compared += 1
                // An empty document has no items in TaskPaper; its one empty line shows here.
                let items = c.text.isEmpty ? 0 : document.lines.count
                let ours = (0..<items).filter { focus.isVisible($0) }
                if ours != visible || focus.matches != matches {
                    disagreements.append(
                        "view \(view.query.map(Self.quoted) ?? "-") at line \(view.line.map(String.init) ?? "-") on "
                            + "\(Self.quoted(c.text)): birch \(matches) \(visible), ours \(focus.matches) \(ours)")
                }
            }
        }
        print("birch-outline focus oracle (seed \(seed)): \(compared - disagreements.count) of \(compared) views agree")
        for line in disagreements.prefix(20) { print("disagrees: \(line)") }
        #expect(compared > 1000)
        #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.count) disagree (printed above, the first 20)")
    }

    /// `TASKPAPER_BIRCH_SEED`, which replays a run, or a new one.
    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["TASKPAPER_BIRCH_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64.max)
    }

    enum BirchAnswer: Equatable, CustomStringConvertible {
        case items([Int])
        case error(Int)
        case threw(String)

        var description: String {
            switch self {
            case .items(let items): "items \(items)"
            case .error(let offset): "error at \(offset)"
            case .threw(let message): "throws \(message)"
            }
        }
    }

    static func quoted(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _
            where s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) || s.value == 0x2028 || s.value == 0x2029:
                out += "\\u{\(String(s.value, radix: 16))}"
            default: out.unicodeScalars.append(s)
            }
        }
        return "\"\(out)\""
    }

    /// Runs the cases through birch-outline in one node process.
    static func birchAnswers(_ cases: [(text: String, queries: [String])]) throws -> [[BirchAnswer]] {
        let decoded = try runBirch(cases.map { ["text": $0.text, "queries": $0.queries] as [String: Any] }, mode: [])
        return decoded.map { answers in
            answers.map { answer in
                if let items = answer["items"] as? [Int] { return .items(items) }
                if let message = answer["throws"] as? String { return .threw(message) }
                return .error(answer["error"] as? Int ?? -1)
            }
        }
    }

    /// `run.js` over JSON cases, in one node process: per case, one answer object per query or view.
    static func runBirch(_ cases: [[String: Any]], mode: [String]) throws -> [[[String: Any]]] {
        let input = try JSONSerialization.data(withJSONObject: cases)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", script.path, birch] + mode
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Write from another thread: node answers only once it has read everything.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let decoded = try JSONSerialization.jsonObject(with: output) as? [[[String: Any]]]
        else {
            throw OracleFailure(message: "node run.js failed with status \(process.terminationStatus)")
        }
        return decoded
    }

    struct OracleFailure: Error { var message: String }
}
