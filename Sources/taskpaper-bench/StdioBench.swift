import Foundation
import TaskPaperServer

/// Figures at the client side of stdio, as an editor sees them: each is
/// stamped when the answer's last byte has arrived.
struct StdioFigures {
    var openMs = 0.0
    var editMedianMs = 0.0
    var editP90Ms = 0.0
    var tokensFullMs = 0.0
    var noopMs = 0.0
    var rssKB = 0
}

final class StdioClient {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1

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
        while true {
            let (message, stamp) = try readMessage()
            if let id = message["id"], let method = message["method"]?.stringValue {
                // Answer the server's own requests as an editor would.
                send(["jsonrpc": "2.0", "id": id, "result": method == "workspace/configuration" ? [nil] : nil])
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
                buffer.removeFirst(end + 4 + length)
                return (try JSONParser.parse(body), stamp)
            }
            try fill(fh)
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
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
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return Int(line?.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

enum BenchError: Error { case serverClosed }

enum StdioBench {
    static func run(server: String, text: String, edits: Int) throws -> StdioFigures {
        var f = StdioFigures()
        let c = try StdioClient(server: server)
        let initID = c.request("initialize", ["processId": nil, "capabilities": [
            "textDocument": ["publishDiagnostics": ["versionSupport": true]]]])
        _ = try c.waitForResponse(initID)
        c.notify("initialized", [:])
        let uri: JSON = "file:///bench.taskpaper"
        let isDiagnostics: (JSON) -> Bool = { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == uri }
        let t0 = Measure.now()
        c.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(text)]])
        f.openMs = Measure.ms(t0, try c.wait(until: isDiagnostics))

        f.noopMs = Measure.median(try (0..<20).map { _ in
            let t = Measure.now()
            let id = c.request("taskpaper/noSuchRequest", [:])
            return Measure.ms(t, try c.waitForResponse(id))
        })

        let lineCount = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        var version = 1
        func change(_ line: Int, _ from: Int, _ to: Int, _ insert: String) {
            version += 1
            c.notify("textDocument/didChange", didChangeParams(uri: uri, version: version, line: line, from: from, to: to, insert: insert))
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

        let t1 = Measure.now()
        let tokensID = c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": uri]])
        f.tokensFullMs = Measure.ms(t1, try c.waitForResponse(tokensID))
        f.rssKB = c.peakRSSKB
        let shutdownID = c.request("shutdown", nil)
        _ = try c.waitForResponse(shutdownID)
        c.notify("exit", nil)
        c.process.waitUntilExit()
        return f
    }
}
