import TaskPaper
import Foundation
import TaskPaperServer

/// One fuzz run against the real binary. Fuzzed frames go out in small groups
/// (a group ends at the first frame that may break the framing); after each
/// group a barrier brings the stream back in sync, the settings are reset,
/// and a probe asks about a document the fuzz never touches: its answer must
/// equal the one given before any fuzzing. Valid edits to a second document
/// ride along, and that document must answer as the same text opened afresh.
final class FuzzSession {
    struct Mismatch: Error, CustomStringConvertible { var description: String }

    static let known = "file:///probe/known.taskpaper"
    static let tracked = "file:///probe/tracked.taskpaper"
    static let knownText =
        "Inbox: @home\n\t- Call Bob @due(2025-02-30) @phone\n\t- Buy 🥛 and café @due(2026-11-20) @errand\r\n"
        + "\t- Filed @done(2026-11-01)\n\tA note 東京 @phone\rProjet é:\r\n\t- nested @due(tomorow)\n\t\t- deeper @start(2026-12-01)\n"
        + "- loose task that is rather long, long enough to pass a small line length limit @x(a\\(b)\n"
    /// Any frame left half-read (at most `maxAnnounced` bytes pending) ends inside this, and the rest is skipped as garbage.
    static let barrier =
        Array("\r\nX\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: FrameFuzzer.maxAnnounced + 32)
        + Array("\r\n".utf8)

    let seed: UInt64
    let encoding: String
    /// A bare client, or one with every capability that makes the server ask it things.
    let richClient: Bool
    let server: RawServer
    /// A workspace folder: fuzzed messages also name its files, which the server indexes and re-reads.
    private let workspace: TempWorkspace
    private var fuzzer: FrameFuzzer
    private var rng: SeededRandom
    private var model: ClientText
    private var trackedVersion = 1
    private var probeCount = 0
    private var freshCount = 0
    private(set) var framesSent = 0
    private(set) var groups = 0
    private(set) var probesPassed = 0
    private(set) var kinds: [String: Int] = [:]
    private var baseline: [String: JSON] = [:]
    private var setupBytes: [UInt8] = []
    private var recentGroups: [[FuzzFrame]] = []
    private let started = Date()
    private var peakRSS: Int?
    private let trace: FileHandle?

    init(seed: UInt64) throws {
        self.seed = seed
        var r = SeededRandom(seed: seed)
        encoding = r.pick(["utf-8", "utf-16", "utf-32"])
        richClient = r.chance(2)
        workspace = try TempWorkspace([
            "a.taskpaper": "Home:\n\t- Disk task @disk @due(2025-02-30)\n",
            "sub/b.taskpaper": "- Other @disk(1)\n", "c.txt": "not indexed\n",
        ])
        let uris =
            (0..<4).map { "file:///fuzz/\($0).taskpaper" }
            + ["a.taskpaper", "sub/b.taskpaper", "sub/new.taskpaper"].map(workspace.uri)
        fuzzer = FrameFuzzer(seed: r.next(), uris: uris)
        rng = SeededRandom(seed: r.next())
        model = ClientText(
            "Tracked:\n\t- one @due(2025-02-30)\r\n\t- two 👍🏽 @next\rnote e\u{301}\nlast", encoding: encoding)
        server = try RawServer(environment: ["TASKPAPER_NOW": "2026-11-21T10:00"])
        // TASKPAPER_FUZZ_TRACE=FILE records every byte sent, to replay with `taskpaper-lsp < FILE`.
        if let path = ProcessInfo.processInfo.environment["TASKPAPER_FUZZ_TRACE"] {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            trace = FileHandle(forWritingAtPath: path)
        } else {
            trace = nil
        }
    }

    /// Sends at least `frames` fuzzed frames; throws a report naming the seed and the offending frames.
    func run(frames: Int) throws {
        do {
            try setUp()
            while framesSent < frames { try runGroup() }
            try checkTrackedDocument()
            try finish()
        } catch {
            throw Mismatch(description: report(error))
        }
    }

    var summary: String {
        let c = server.countsSoFar
        let seconds = Date().timeIntervalSince(started)
        let byKind = kinds.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let codes = c.errorCodes.sorted { $0.key > $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return """
            fuzz summary: seed \(seed), \(encoding), \(richClient ? "rich" : "bare") client, \(framesSent) fuzzed frames in \(groups) groups, \(String(format: "%.1f", seconds)) s
              frames: \(byKind)
              probes answered exactly: \(probesPassed); server: \(c.messages) messages, \(c.responses) responses \
            (errors \(codes)), \(c.notifications) notifications, \(c.serverRequests) requests to the client, \
            \(server.stderrLines) stderr lines, peak RSS \((peakRSS ?? server.memoryKiB("VmHWM") ?? 0) / 1024) MB; no crash, no hang
            """
    }

    // MARK: Steps

    private func setUp() throws {
        var capabilities: JSON = ["general": ["positionEncodings": [.string(encoding)]]]
        if richClient, case .object(var o) = capabilities {
            o["workspace"] = [
                "configuration": true, "applyEdit": true, "workspaceFolders": true,
                "didChangeConfiguration": ["dynamicRegistration": true],
                "didChangeWatchedFiles": ["dynamicRegistration": true],
                "semanticTokens": ["refreshSupport": true], "inlayHint": ["refreshSupport": true],
                "diagnostics": ["refreshSupport": true],
            ]
            o["textDocument"] = [
                "diagnostic": ["dynamicRegistration": false], "hover": ["contentFormat": ["markdown", "plaintext"]],
                "rename": ["prepareSupport": true],
            ]
            o["window"] = ["workDoneProgress": true]
            capabilities = .object(o)
        }
        let initialize = request(
            "initialize",
            [
                "processId": nil, "capabilities": capabilities, "rootUri": .string(workspace.rootURI),
                "workspaceFolders": [["uri": .string(workspace.rootURI), "name": "fuzz"]],
            ])
        var bytes = RawServer.frame(initialize.message)
        bytes += RawServer.frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        bytes += RawServer.frame(FuzzSession.open(FuzzSession.known, FuzzSession.knownText))
        bytes += RawServer.frame(FuzzSession.open(FuzzSession.tracked, model.text))
        setupBytes = bytes
        try send(bytes)
        let answer = try server.response(initialize.id)
        guard answer["result"]?["capabilities"]?["positionEncoding"]?.stringValue == encoding else {
            throw Mismatch(description: "initialize did not pick \(encoding): \(answer.serialized)")
        }
        for probe in FuzzSession.probes {
            let r = request(probe.method, probe.params)
            try send(RawServer.frame(r.message))
            baseline[probe.name] = probe.answer(try server.response(r.id))
        }
        // The baseline itself must be the real answers, not errors or nothing.
        let codes = baseline["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        let expected = ["date-invalid", "overdue", "date-malformed"]
        guard expected.allSatisfy(codes.contains), baseline["unknown method"] == -32601,
            baseline["bad position"] == -32602,
            baseline["not open"] == -32602, baseline["highlight"]?.arrayValue?.count == 2,
            (baseline["tokens"]?.arrayValue?.count ?? 0) > 50, (baseline["symbols"]?.arrayValue?.count ?? 0) == 3
        else {
            throw Mismatch(
                description:
                    "unexpected baseline answers: \(baseline.map { "\($0.key): \($0.value.serialized.prefix(300))" })")
        }
    }

    private func runGroup() throws {
        var fuzz: [FuzzFrame] = []
        let size = Int.random(in: 1...8, using: &rng)
        while fuzz.count < size {
            let frame = fuzzer.next()
            fuzz.append(frame)
            if frame.breaksFraming { break }
        }
        // Valid edits of the tracked document, in order, anywhere the framing is still whole.
        var at = Int.random(in: 0...(fuzz.last!.breaksFraming ? fuzz.count - 1 : fuzz.count), using: &rng)
        for _ in 0..<(rng.chance(3) ? Int.random(in: 1...2, using: &rng) : 0) {
            trackedVersion += 1
            let changes = (0..<Int.random(in: 1...3, using: &rng)).map { _ in model.randomChange(using: &rng) }
            let edit: JSON = [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": .string(FuzzSession.tracked), "version": .int(trackedVersion)],
                    "contentChanges": .array(changes),
                ],
            ]
            fuzz.insert(FuzzFrame(kind: "tracked edit", bytes: RawServer.frame(edit)), at: at)
            at += 1
        }
        groups += 1
        recentGroups = Array((recentGroups + [fuzz]).suffix(2))
        var bytes = fuzz.flatMap(\.bytes)
        if fuzz.last!.breaksFraming { bytes += FuzzSession.barrier }
        // Fuzzed settings would change the answers: back to the defaults first.
        bytes += RawServer.frame([
            "jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": ["settings": ["taskpaper": [:]]],
        ])
        let probe = rng.pick(FuzzSession.probes)
        let r = request(probe.method, probe.params)
        bytes += RawServer.frame(r.message)
        try send(bytes)
        for frame in fuzz where frame.kind != "tracked edit" {
            kinds[frame.kind, default: 0] += 1
            framesSent += 1
        }
        let answer = probe.answer(try server.response(r.id))
        guard answer == baseline[probe.name] else {
            throw Mismatch(
                description:
                    "probe \"\(probe.name)\" answered \(answer.serialized.prefix(2000))\n  before the fuzzing: \(baseline[probe.name]?.serialized.prefix(2000) ?? "nil")"
            )
        }
        probesPassed += 1
        try server.answerServerRequests()
        if groups % 25 == 0 { try checkTrackedDocument() }
    }

    /// The edited document answers exactly as its text opened afresh.
    private func checkTrackedDocument() throws {
        freshCount += 1
        let fresh = "file:///probe/fresh-\(freshCount).taskpaper"
        try send(RawServer.frame(FuzzSession.open(fresh, model.text)))
        for (method, extract) in FuzzSession.documentAnswers {
            let a = request(method, ["textDocument": ["uri": .string(FuzzSession.tracked)]])
            let b = request(method, ["textDocument": ["uri": .string(fresh)]])
            try send(RawServer.frame(a.message) + RawServer.frame(b.message))
            let edited = extract(try server.response(a.id)), opened = extract(try server.response(b.id))
            guard edited == opened, edited != .null else {
                throw Mismatch(
                    description:
                        "after \(trackedVersion - 1) edits the tracked document's \(method) is \(edited.serialized.prefix(1500))\n  but a fresh open of the same text gives \(opened.serialized.prefix(1500))\n  text: \(model.text.debugDescription.prefix(3000))"
                )
            }
            probesPassed += 1
        }
        try send(
            RawServer.frame([
                "jsonrpc": "2.0", "method": "textDocument/didClose",
                "params": ["textDocument": ["uri": .string(fresh)]],
            ]))
    }

    private func finish() throws {
        peakRSS = server.memoryKiB("VmHWM")
        let r = request("shutdown", nil)
        try send(RawServer.frame(r.message) + RawServer.frame(["jsonrpc": "2.0", "method": "exit"]))
        guard try server.response(r.id)["result"] == .null else { throw Mismatch(description: "shutdown failed") }
        let status = server.closeInputAndWait()
        guard status == 0 else {
            throw Mismatch(
                description: "exit status \(status.map(String.init) ?? "none (still running)") after shutdown and exit")
        }
        let allowed: Set = [-32700, -32600, -32601, -32602, -32800, -32803]
        let unexpected = server.countsSoFar.errorCodes.keys.filter { !allowed.contains($0) }
        guard unexpected.isEmpty else { throw Mismatch(description: "unexpected error codes \(unexpected)") }
        let peakMB = (peakRSS ?? 0) / 1024
        guard peakMB < 1024 else { throw Mismatch(description: "peak RSS \(peakMB) MB") }
    }

    // MARK: Helpers

    private func request(_ method: String, _ params: JSON) -> (id: String, message: JSON) {
        probeCount += 1
        let id = "\(RawServer.keptIDPrefix)\(probeCount)"
        var message: [String: JSON] = ["jsonrpc": "2.0", "id": .string(id), "method": .string(method)]
        if params != .null { message["params"] = params }
        return (id, .object(message))
    }

    private func send(_ bytes: [UInt8]) throws {
        trace?.write(Data(bytes))
        try server.write(bytes)
    }

    private static func open(_ uri: String, _ text: String) -> JSON {
        [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": .string(uri), "languageId": "taskpaper", "version": 1, "text": .string(text)]
            ],
        ]
    }

    /// What went wrong, with everything needed to replay it.
    private func report(_ error: Error) -> String {
        let replay = FileManager.default.temporaryDirectory.appendingPathComponent("taskpaper-fuzz-\(seed).lsp")
        try? Data(setupBytes + recentGroups.joined().flatMap(\.bytes)).write(to: replay)
        let frames = (recentGroups.last ?? []).map { frame in
            "  [\(frame.kind)] \(frame.bytes.count) bytes: \(String(decoding: frame.bytes.prefix(400), as: UTF8.self).debugDescription)"
        }
        return """
            fuzz failed: seed \(seed) (rerun with TASKPAPER_FUZZ_SEED=\(seed)), \(encoding), \(richClient ? "rich" : "bare") client, after \(framesSent) frames in \(groups) groups:
            \(error)
            the group of frames being handled:
            \(frames.joined(separator: "\n"))
            replay file (setup and the last two groups): \(replay.path) — `taskpaper-lsp < \(replay.path)`
            """
    }

    // MARK: Probes

    struct Probe: Sendable {
        let name: String
        let method: String
        let params: JSON
        /// The part of the response that must never change.
        let answer: @Sendable (JSON) -> JSON
    }

    private static func docParams(_ uri: String = known, _ extra: [String: JSON] = [:]) -> JSON {
        var p: [String: JSON] = ["textDocument": ["uri": .string(uri)]]
        p.merge(extra) { $1 }
        return .object(p)
    }

    private static func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSON {
        ["start": ["line": .int(l1), "character": .int(c1)], "end": ["line": .int(l2), "character": .int(c2)]]
    }

    static let probes: [Probe] = [
        Probe(name: "diagnostics", method: "textDocument/diagnostic", params: docParams()) {
            $0["result"]?["items"] ?? nil
        },
        Probe(name: "tokens", method: "textDocument/semanticTokens/full", params: docParams()) {
            $0["result"]?["data"] ?? nil
        },
        Probe(
            name: "tokens range", method: "textDocument/semanticTokens/range",
            params: docParams(known, ["range": range(1, 3, 6, 4)])
        ) { $0["result"] ?? nil },
        Probe(name: "symbols", method: "textDocument/documentSymbol", params: docParams()) { $0["result"] ?? nil },
        Probe(name: "folding", method: "textDocument/foldingRange", params: docParams()) { $0["result"] ?? nil },
        Probe(
            name: "highlight", method: "textDocument/documentHighlight",
            params: docParams(known, ["position": ["line": 1, "character": 32]])
        ) { $0["result"] ?? nil },
        Probe(
            name: "code actions", method: "textDocument/codeAction",
            params: docParams(known, ["range": range(1, 0, 3, 0), "context": ["diagnostics": []]])
        ) {
            // The moves to other files' projects follow the documents the fuzz opens: those come as
            // commands; every action on this document's own text carries its edit.
            .array(($0["result"]?.arrayValue ?? []).filter { $0["command"] == nil })
        },
        Probe(
            name: "inlay hints", method: "textDocument/inlayHint",
            params: docParams(known, ["range": range(0, 0, 99, 0)])
        ) { $0["result"] ?? nil },
        Probe(name: "unknown method", method: "probe/unknown", params: [:]) { $0["error"]?["code"] ?? nil },
        Probe(
            name: "bad position", method: "textDocument/hover",
            params: docParams(known, ["position": ["line": -1, "character": 0]])
        ) { $0["error"]?["code"] ?? nil },
        Probe(
            name: "not open", method: "textDocument/documentSymbol",
            params: docParams("file:///probe/never-opened.taskpaper")
        ) { $0["error"]?["code"] ?? nil },
    ]

    static let documentAnswers: [(String, @Sendable (JSON) -> JSON)] = [
        ("textDocument/diagnostic", { $0["result"]?["items"] ?? nil }),
        ("textDocument/semanticTokens/full", { $0["result"]?["data"] ?? nil }),
        ("textDocument/documentSymbol", { $0["result"] ?? nil }),
        ("textDocument/foldingRange", { $0["result"] ?? nil }),
    ]
}
