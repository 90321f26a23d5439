import Foundation
import TaskPaperServer

/// Figures at the client side of stdio, as an editor sees them: each is
/// stamped when the answer's last byte has arrived.
struct StdioFigures {
    /// Each open on a fresh server with the doc floor measured right after it on that server; `openMs`
    /// and `openFloorMs` are the trial of median ratio.
    var openTrials: [(openMs: Double, floorMs: Double)] = []
    var openMs = 0.0
    var openFloorMs = 0.0
    var editMedianMs = 0.0
    var editP90Ms = 0.0
    var tokensFullMs = 0.0
    var tokensRangeMs = 0.0
    /// An empty request's round trip: the floor of any request.
    var noopMs = 0.0
    /// The same request carrying the whole document: the floor of receiving it at all.
    var docFloorMs = 0.0
    /// The same request carrying as many bytes as an edit's publishDiagnostics: the cost of moving that message.
    var publishMoveMs = 0.0
    var publishBytes = 0
    /// A one-character edit followed by `textDocument/diagnostic`, as a client that pulls sends them.
    var pullEditMedianMs = 0.0
    var rssKB = 0
}

final class StdioClient {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// The body length of the last message read.
    private(set) var lastBodyLength = 0

    init(server: String) throws {
        process.executableURL = URL(fileURLWithPath: server)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func send(_ message: JSON) {
        let body = Array(message.serialized.utf8)
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + Data(body))
    }

    func request(_ method: String, _ params: JSON) -> Int {
        nextID += 1
        send(["jsonrpc": "2.0", "id": .int(nextID), "method": .string(method), "params": params])
        return nextID
    }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Reads messages until `done` says so; returns the time the last byte of that message arrived.
    func wait(until done: (JSON) -> Bool) throws -> UInt64 {
        try wait(until: done, orServerRequest: { _ in false })
    }

    /// Reads messages until the server sends a request named `method` (answered, as every request of
    /// the server is); returns the time its last byte arrived.
    func waitForServerRequest(_ method: String) throws -> UInt64 {
        try wait(until: { _ in false }, orServerRequest: { $0 == method })
    }

    private func wait(until done: (JSON) -> Bool, orServerRequest wanted: (String) -> Bool) throws -> UInt64 {
        while true {
            let (message, stamp) = try readMessage()
            if let id = message["id"], let method = message["method"]?.stringValue {
                // Answer the server's own requests as an editor would (an edit is applied, by saying so).
                let result: JSON =
                    switch method {
                    case "workspace/configuration": [nil]
                    case "workspace/applyEdit": ["applied": true]
                    default: nil
                    }
                send(["jsonrpc": "2.0", "id": id, "result": result])
                if wanted(method) { return stamp }
                continue
            }
            if done(message) { return stamp }
        }
    }

    func waitForResponse(_ id: Int) throws -> UInt64 {
        try wait { $0["id"] == .int(id) }
    }

    private func readMessage() throws -> (JSON, UInt64) {
        let fh = output.fileHandleForReading
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                let length = Int(header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
                while buffer.count < end + 4 + length { try fill(fh) }
                let stamp = Measure.now()
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                lastBodyLength = length
                buffer.removeFirst(end + 4 + length)
                return (try JSONParser.parse(body), stamp)
            }
            try fill(fh)
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4)
        where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    private func fill(_ fh: FileHandle) throws {
        let data = fh.availableData
        if data.isEmpty { throw BenchError.serverClosed }
        buffer.append(contentsOf: data)
    }

    var peakRSSKB: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return Int(line?.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

enum BenchError: Error { case serverClosed }

enum StdioBench {
    static let uri: JSON = "file:///bench.taskpaper"
    static func isDiagnostics(_ message: JSON) -> Bool {
        message["method"] == "textDocument/publishDiagnostics" && message["params"]?["uri"] == uri
    }

    /// A fresh server, initialized, that has just published the diagnostics of `text`: the client and
    /// how long from sending didOpen to that publish's last byte.
    static func openOnFreshServer(_ server: String, _ text: String) throws -> (StdioClient, Double) {
        let c = try StdioClient(server: server)
        let initID = c.request(
            "initialize",
            [
                "processId": nil,
                "capabilities": [
                    "textDocument": ["publishDiagnostics": ["versionSupport": true]]
                ],
            ])
        _ = try c.waitForResponse(initID)
        c.notify("initialized", [:])
        let t0 = Measure.now()
        c.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(text)]])
        return (c, Measure.ms(t0, try c.wait(until: isDiagnostics)))
    }

    static func run(server: String, text: String, edits: Int, openTrials: Int = 5) throws -> StdioFigures {
        var f = StdioFigures()
        let (c, openMs) = try openOnFreshServer(server, text)
        f.publishBytes = c.lastBodyLength

        f.noopMs = noop(c, payload: nil, times: 20)
        f.docFloorMs = noop(c, payload: text, times: 5)
        // The open is one sample per server: more servers, each open against the floor of its own run.
        f.openTrials = [(openMs, f.docFloorMs)]
        for _ in 1..<max(1, openTrials) {
            let (other, otherOpenMs) = try openOnFreshServer(server, text)
            f.openTrials.append((otherOpenMs, noop(other, payload: text, times: 5)))
            other.close()
        }
        let byRatio = f.openTrials.sorted { $0.openMs / $0.floorMs < $1.openMs / $1.floorMs }
        (f.openMs, f.openFloorMs) = byRatio[byRatio.count / 2]
        f.publishMoveMs = noop(c, payload: String(repeating: "x", count: f.publishBytes), times: 9)

        let lineCount = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        var versions = EditSequence(uri: uri)
        func change(_ line: Int, _ from: Int, _ to: Int, _ insert: String) {
            c.notify("textDocument/didChange", versions.next(line: line, from: from, to: to, insert: insert))
        }
        var times: [Double] = []
        for line in spreadLines(count: edits, lines: lineCount) {
            let t = Measure.now()
            change(line, 0, 0, "x")
            times.append(Measure.ms(t, try c.wait(until: isDiagnostics)))
            change(line, 0, 1, "")
            _ = try c.wait(until: isDiagnostics)
        }
        f.editMedianMs = Measure.median(times)
        f.editP90Ms = Measure.p90(times)

        // Each full request follows an edit (undone), so each computes its answer as after typing.
        f.tokensFullMs = Measure.median(
            try (0..<3).map { _ in
                change(0, 0, 0, "x")
                change(0, 0, 1, "")
                _ = try c.wait(until: isDiagnostics)
                let t = Measure.now()
                let id = c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": uri]])
                return Measure.ms(t, try c.waitForResponse(id))
            })
        let mid = lineCount / 2
        f.tokensRangeMs = Measure.median(
            try (0..<20).map { _ in
                let t = Measure.now()
                let id = c.request(
                    "textDocument/semanticTokens/range",
                    [
                        "textDocument": ["uri": uri],
                        "range": [
                            "start": ["line": .int(mid), "character": 0],
                            "end": ["line": .int(mid + 60), "character": 0],
                        ],
                    ])
                return Measure.ms(t, try c.waitForResponse(id))
            })
        f.rssKB = c.peakRSSKB
        c.close()
        f.pullEditMedianMs = try pullEdits(server: server, text: text, lineCount: lineCount, edits: edits)
        return f
    }

    /// Median round trip of a request the server does not know, carrying `payload` if given.
    private static func noop(_ c: StdioClient, payload: String?, times: Int) -> Double {
        Measure.median(
            (0..<times).map { _ in
                let t = Measure.now()
                let id = c.request("taskpaper/noSuchRequest", payload.map { ["text": .string($0)] } ?? [:])
                return Measure.ms(t, (try? c.waitForResponse(id)) ?? t)
            })
    }

    /// Edits as a client that pulls diagnostics makes them: didChange, then
    /// `textDocument/diagnostic` with the last resultId, timed to its answer.
    private static func pullEdits(server: String, text: String, lineCount: Int, edits: Int) throws -> Double {
        let c = try StdioClient(server: server)
        let initID = c.request(
            "initialize",
            [
                "processId": nil,
                "capabilities": [
                    "textDocument": ["diagnostic": ["dynamicRegistration": false]],
                    "workspace": ["diagnostics": ["refreshSupport": true]],
                ],
            ])
        _ = try c.waitForResponse(initID)
        c.notify("initialized", [:])
        let uri: JSON = "file:///bench.taskpaper"
        c.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": uri, "languageId": "taskpaper", "version": 1,
                    "text": .string(text),
                ]
            ])
        var resultID: JSON = nil
        func pull() throws -> UInt64 {
            let id = c.request("textDocument/diagnostic", ["textDocument": ["uri": uri], "previousResultId": resultID])
            var answer: JSON = nil
            let stamp = try c.wait { message in
                guard message["id"] == .int(id) else { return false }
                answer = message
                return true
            }
            resultID = answer["result"]?["resultId"] ?? nil
            return stamp
        }
        _ = try pull()
        var versions = EditSequence(uri: uri)
        func change(_ line: Int, _ from: Int, _ to: Int, _ insert: String) {
            c.notify("textDocument/didChange", versions.next(line: line, from: from, to: to, insert: insert))
        }
        var times: [Double] = []
        for line in spreadLines(count: edits, lines: lineCount) {
            let t = Measure.now()
            change(line, 0, 0, "x")
            times.append(Measure.ms(t, try pull()))
            change(line, 0, 1, "")
            _ = try pull()
        }
        c.close()
        return Measure.median(times)
    }
}

extension StdioClient {
    func close() {
        let shutdownID = request("shutdown", nil)
        _ = try? waitForResponse(shutdownID)
        notify("exit", nil)
        process.waitUntilExit()
    }
}
