import Foundation
import TaskPaperServer

/// Starts the real `taskpaper-lsp` binary and speaks LSP to it over pipes,
/// as an editor does. End-to-end tests drive the server only through this.
final class LSPClient: @unchecked Sendable {
    struct Timeout: Error, CustomStringConvertible { var description: String }

    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let condition = NSCondition()
    private var inbox: [JSON] = []
    private var closed = false
    /// Stderr is read as it comes: a server blocked on a full stderr pipe would hang the test.
    private var errorLog = Data()
    private var errorsClosed = false
    private var nextID = 1
    /// Answers the server's own requests (workspace/configuration, registerCapability…).
    var answerServerRequest: (_ method: String, _ params: JSON) -> JSON = { _, _ in nil }
    /// Every message received so far, in order (for assertions on what was sent).
    var received: [JSON] {
        condition.lock()
        defer { condition.unlock() }
        return receivedLog
    }
    private var receivedLog: [JSON] = []

    static var binary: URL {
        // TASKPAPER_LSP=PATH tests another build (e.g. a release binary for the long fuzz).
        if let path = ProcessInfo.processInfo.environment["TASKPAPER_LSP"] { return URL(fileURLWithPath: path) }
        // The test bundle sits in the build folder beside the executable.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("taskpaper-lsp")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/taskpaper-lsp")
    }

    init(arguments: [String] = [], environment: [String: String] = [:], directory: URL? = nil) throws {
        process.executableURL = LSPClient.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reader = output.fileHandleForReading
        Thread { [weak self] in
            var buffer = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let message = LSPClient.takeFrame(&buffer) { self?.deliver(message) }
            }
            self?.deliver(nil)
        }.start()
        let errorReader = errors.fileHandleForReading
        Thread { [weak self] in
            while true {
                let chunk = errorReader.availableData
                guard let self else { return }
                self.condition.lock()
                if chunk.isEmpty { self.errorsClosed = true } else { self.errorLog.append(chunk) }
                self.condition.broadcast()
                self.condition.unlock()
                if chunk.isEmpty { return }
            }
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Stderr, all of it once the process has ended (waits a while for that).
    var stderrText: String {
        let deadline = Date().addingTimeInterval(20)
        condition.lock()
        defer { condition.unlock() }
        while !errorsClosed && condition.wait(until: deadline) {}
        return String(decoding: errorLog, as: UTF8.self)
    }

    static func takeFrame(_ buffer: inout Data) -> JSON?? {
        guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        guard
            let lengthLine = header.split(separator: "\r\n").first(where: {
                $0.lowercased().hasPrefix("content-length:")
            }),
            let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        else {
            fatalError("server sent a bad header: \(header)")
        }
        guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { return nil }
        let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
        buffer = Data(buffer[(headerEnd.upperBound + length)...])
        return .some(try? JSONParser.parse(Array(body)))
    }

    private func deliver(_ message: JSON??) {
        condition.lock()
        switch message {
        case .none: closed = true
        case .some(.none): fatalError("server sent a body that is not JSON")
        case .some(.some(let json)):
            receivedLog.append(json)
            if let method = json["method"]?.stringValue, let id = json["id"] {
                // A request from the server: answer it right away.
                let result = answerServerRequest(method, json["params"] ?? nil)
                condition.unlock()
                sendRaw(["jsonrpc": "2.0", "id": id, "result": result])
                condition.lock()
            } else {
                inbox.append(json)
            }
        }
        condition.broadcast()
        condition.unlock()
    }

    // MARK: Sending

    func sendRaw(_ json: JSON) { sendBytes(Array(json.serialized.utf8)) }

    func sendBytes(_ body: [UInt8], header: String? = nil) {
        // LSPCLIENT_TRACE=FILE records every frame sent, to replay against a debug server.
        if let trace = ProcessInfo.processInfo.environment["LSPCLIENT_TRACE"],
            let h = FileHandle(forWritingAtPath: trace)
        {
            h.seekToEndOfFile(); h.write(Data((header ?? "Content-Length: \(body.count)\r\n\r\n").utf8) + Data(body));
            h.closeFile()
        }
        var data = Data((header ?? "Content-Length: \(body.count)\r\n\r\n").utf8)
        data.append(contentsOf: body)
        input.fileHandleForWriting.write(data)
    }

    func sendFrameless(_ bytes: String) { input.fileHandleForWriting.write(Data(bytes.utf8)) }

    func notify(_ method: String, _ params: JSON = nil) {
        var m: JSON = ["jsonrpc": "2.0", "method": .string(method)]
        if case .object(var o) = m, params != .null { o["params"] = params; m = .object(o) }
        sendRaw(m)
    }

    /// Sends a request without waiting; returns its id.
    @discardableResult
    func send(_ method: String, _ params: JSON = nil) -> Int {
        condition.lock()
        let id = nextID
        nextID += 1
        condition.unlock()
        var o: [String: JSON] = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if params != .null { o["params"] = params }
        sendRaw(.object(o))
        return id
    }

    /// Sends a request and waits for its response (the whole response object).
    func requestResponse(_ method: String, _ params: JSON = nil, timeout: TimeInterval = 20) throws -> JSON {
        let id = send(method, params)
        return try waitForResponse(id: .int(id), timeout: timeout)
    }

    /// Sends a request and returns its `result`, failing on an error response.
    func request(_ method: String, _ params: JSON = nil, timeout: TimeInterval = 20) throws -> JSON {
        let response = try requestResponse(method, params, timeout: timeout)
        if let error = response["error"] { throw Timeout(description: "\(method) failed: \(error.serialized)") }
        return response["result"] ?? nil
    }

    // MARK: Waiting

    func waitForResponse(id: JSON, timeout: TimeInterval = 20) throws -> JSON {
        try waitFor("response \(id.serialized)", timeout: timeout) { $0["id"] == id && $0["method"] == nil }
    }

    /// Waits for a notification of `method` whose params satisfy `matching`, removing it from the inbox.
    func waitForNotification(
        _ method: String, timeout: TimeInterval = 20,
        matching: (JSON) -> Bool = { _ in true }
    ) throws -> JSON {
        try waitFor(method, timeout: timeout) { $0["method"]?.stringValue == method && matching($0["params"] ?? nil) }[
            "params"] ?? nil
    }

    /// The diagnostics published for `uri` (optionally at `version`).
    func waitForDiagnostics(_ uri: String, version: Int? = nil, timeout: TimeInterval = 20) throws -> [JSON] {
        let params = try waitForNotification("textDocument/publishDiagnostics", timeout: timeout) {
            $0["uri"]?.stringValue == uri && (version == nil || $0["version"]?.intValue == version)
        }
        return params["diagnostics"]?.arrayValue ?? []
    }

    func waitFor(_ what: String, timeout: TimeInterval, _ predicate: (JSON) -> Bool) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let i = inbox.firstIndex(where: predicate) { return inbox.remove(at: i) }
            if closed {
                condition.unlock()
                let log = stderrText.prefix(3000)
                let status = waitForExit(timeout: 5)
                condition.lock()
                throw Timeout(
                    description:
                        "server closed its output (exit status \(status), \(process.terminationReason == .uncaughtSignal ? "signal" : "exit")) while waiting for \(what); its stderr begins:\n\(log)"
                )
            }
            if !condition.wait(until: deadline) { throw Timeout(description: "timed out waiting for \(what)") }
        }
    }

    /// Messages that arrived and were not consumed by a wait.
    func drainInbox() -> [JSON] {
        condition.lock()
        defer { condition.unlock() }
        let all = inbox
        inbox.removeAll()
        return all
    }

    // MARK: Conveniences

    @discardableResult
    func initialize(capabilities: JSON = [:], options: JSON = nil, rootURI: String? = nil) throws -> JSON {
        var params: [String: JSON] = ["processId": nil, "capabilities": capabilities]
        if options != .null { params["initializationOptions"] = options }
        if let rootURI {
            params["rootUri"] = .string(rootURI)
            params["workspaceFolders"] = [["uri": .string(rootURI), "name": "root"]]
        }
        let result = try request("initialize", .object(params))
        notify("initialized", [:])
        return result
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "taskpaper",
                    "version": .int(version), "text": .string(text),
                ]
            ])
    }

    func change(_ uri: String, version: Int, _ changes: [JSON]) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": .array(changes),
            ])
    }

    static func edit(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int, _ text: String) -> JSON {
        [
            "range": [
                "start": ["line": .int(l1), "character": .int(c1)], "end": ["line": .int(l2), "character": .int(c2)],
            ],
            "text": .string(text),
        ]
    }

    /// shutdown + exit; returns the exit status.
    func shutdownAndExit() throws -> Int32 {
        _ = try request("shutdown")
        notify("exit")
        return waitForExit()
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    func waitForExit(timeout: TimeInterval = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate(); return -1 }
        return process.terminationStatus
    }
}

extension JSON {
    /// `range` of a diagnostic/edit as (startLine, startChar, endLine, endChar).
    var rangeTuple: [Int] {
        let r = self["range"] ?? self
        return [
            r["start"]?["line"]?.intValue ?? -1, r["start"]?["character"]?.intValue ?? -1,
            r["end"]?["line"]?.intValue ?? -1, r["end"]?["character"]?.intValue ?? -1,
        ]
    }
    var code: String? { self["code"]?.stringValue }
}
