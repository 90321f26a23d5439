import Foundation
import TaskPaper
import TaskPaperServer

/// Speaks LSP to a server in this process: every message is serialized, read by
/// the server's own JSON reader and handled through its inbox, lifecycle checks,
/// request table and off-loop queue, as the binary does; only the pipes are
/// missing. Feature tests use this; transport, lifecycle, robustness and editor
/// tests keep the real binary (`LSPClient`).
final class TestClient {
    let server: Server
    /// Answers the server's own requests (workspace/configuration, registerCapability…).
    var answerServerRequest: (_ method: String, _ params: JSON) -> JSON = { _, _ in nil }
    /// Every message received so far, in order (for assertions on what was sent).
    private(set) var received: [JSON] = []
    /// Notifications and server requests not consumed by a wait yet.
    private var inbox: [JSON] = []
    private var nextID = 1
    /// The encoding `initialize` settled on: markers count their columns in it.
    private(set) var encoding = "utf-16"

    /// `now` pins the day as `TASKPAPER_NOW` does for the binary.
    init(now: String? = nil) {
        server = Server.inProcess(keepingMessages: true, now: now)
    }

    // MARK: Sending

    func notify(_ method: String, _ params: JSON = nil) {
        var o: [String: JSON] = ["jsonrpc": "2.0", "method": .string(method)]
        if params != .null { o["params"] = params }
        _ = submit(.object(o))
    }

    /// Sends a request and returns the whole response object.
    func requestResponse(_ method: String, _ params: JSON = nil) throws -> JSON {
        let id = nextID
        nextID += 1
        var o: [String: JSON] = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if params != .null { o["params"] = params }
        guard let response = submit(.object(o)) else {
            throw LSPClient.Timeout(description: "no response to \(method)")
        }
        return response
    }

    /// Sends a request and returns its `result`, failing on an error response.
    func request(_ method: String, _ params: JSON = nil) throws -> JSON {
        let response = try requestResponse(method, params)
        if let error = response["error"] {
            throw LSPClient.Timeout(description: "\(method) failed: \(error.serialized)")
        }
        return response["result"] ?? nil
    }

    /// Hands one message to the server, then collects what it sent (answering its requests).
    private func submit(_ message: JSON) -> JSON? {
        let answer = server.submit(body: Array(message.serialized.utf8))
        collect()
        return answer.map { try! JSONParser.parse($0) }
    }

    private func collect() {
        var pending = server.takeMessages()
        while !pending.isEmpty {
            for body in pending {
                let json = try! JSONParser.parse(body)
                received.append(json)
                inbox.append(json)
                if let method = json["method"]?.stringValue, let id = json["id"] {
                    let result = answerServerRequest(method, json["params"] ?? nil)
                    _ = server.submit(
                        body: Array(JSON.object(["jsonrpc": "2.0", "id": id, "result": result]).serialized.utf8))
                }
            }
            pending = server.takeMessages()
        }
    }

    // MARK: Waiting (for work the server finishes off the loop: the workspace index)

    func waitFor(_ what: String, timeout: TimeInterval = 20, _ predicate: (JSON) -> Bool) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let i = inbox.firstIndex(where: predicate) { return inbox.remove(at: i) }
            if Date() > deadline { throw LSPClient.Timeout(description: "timed out waiting for \(what)") }
            server.runQueuedWork()
            collect()
            if !inbox.contains(where: predicate) { usleep(2_000) }
        }
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
    func waitForDiagnostics(_ uri: String, version: Int? = nil) throws -> [JSON] {
        let params = try waitForNotification("textDocument/publishDiagnostics") {
            $0["uri"]?.stringValue == uri && (version == nil || $0["version"]?.intValue == version)
        }
        return params["diagnostics"]?.arrayValue ?? []
    }

    /// Messages that arrived and were not consumed by a wait.
    func drainInbox() -> [JSON] {
        defer { inbox.removeAll() }
        return inbox
    }

    // MARK: Conveniences (as LSPClient's)

    @discardableResult
    func initialize(capabilities: JSON = [:], options: JSON = nil, rootURI: String? = nil) throws -> JSON {
        var params: [String: JSON] = ["processId": nil, "capabilities": capabilities]
        if options != .null { params["initializationOptions"] = options }
        if let rootURI {
            params["rootUri"] = .string(rootURI)
            params["workspaceFolders"] = [["uri": .string(rootURI), "name": "root"]]
        }
        let result = try request("initialize", .object(params))
        encoding = result["capabilities"]?["positionEncoding"]?.stringValue ?? "utf-16"
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

    /// Opens text with position markers (`1️⃣`, `2️⃣`…) and returns where they stood.
    @discardableResult
    func open(_ uri: String, marked: String, version: Int = 1) -> MarkedDocument {
        let doc = MarkedDocument(uri: uri, marked: marked, encoding: encoding)
        open(uri, doc.text, version: version)
        return doc
    }

    func change(_ uri: String, version: Int, _ changes: [JSON]) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": .array(changes),
            ])
    }

    /// shutdown + exit; returns the exit status the binary would end with.
    func shutdownAndExit() throws -> Int32 {
        _ = try request("shutdown")
        notify("exit")
        return server.hasExited ? server.exitStatus : -1
    }

    /// Waits for the log line that ends a workspace scan.
    func waitForIndex() throws {
        _ = try waitForNotification("window/logMessage") { $0["message"]?.stringValue?.hasPrefix("Indexed ") == true }
    }

    static func indexing(_ workspace: TempWorkspace, capabilities: JSON = [:], options: JSON = nil) throws -> TestClient
    {
        let c = TestClient()
        try c.initialize(capabilities: capabilities, options: options, rootURI: workspace.rootURI)
        try c.waitForIndex()
        return c
    }

    /// Sends a watched-file change and waits until the server has re-read the files.
    func changeWatchedFiles(_ changes: [(uri: String, type: Int)]) throws {
        notify(
            "workspace/didChangeWatchedFiles",
            ["changes": .array(changes.map { ["uri": .string($0.uri), "type": .int($0.type)] })])
        _ = try waitForNotification("window/logMessage") {
            $0["message"]?.stringValue?.hasPrefix("Workspace index: re-read") == true
        }
    }
}

/// Text with position markers, as sourcekit-lsp's tests write them: `0️⃣` … `9️⃣`
/// stand where a position is meant and are removed from the text sent.
struct MarkedDocument {
    let uri: String
    let text: String
    /// Each marker's line and the line's text before it.
    private var markers: [String: (line: Int, prefix: Substring)] = [:]
    private let encoding: String

    static let markerNames = (0...9).map { "\($0)\u{FE0F}\u{20E3}" }

    init(uri: String, marked: String, encoding: String) {
        self.uri = uri
        self.encoding = encoding
        var text = ""
        var line = 0, lineStart = text.startIndex
        var rest = Substring(marked)
        outer: while let c = rest.first {
            for name in MarkedDocument.markerNames where rest.hasPrefix(name) {
                precondition(markers[name] == nil, "marker \(name) used twice")
                markers[name] = (line, text[lineStart...])
                rest = rest.dropFirst(name.count)
                continue outer
            }
            text.append(c)
            rest = rest.dropFirst()
            if c == "\n" || c == "\r\n" || c == "\r" {
                line += 1
                lineStart = text.endIndex
            }
        }
        self.text = text
    }

    /// The marker's position in the client's encoding, as JSON.
    func position(_ name: String) -> JSON {
        guard let m = markers[name] else { fatalError("no marker \(name) in the text") }
        let character =
            switch encoding {
            case "utf-8": m.prefix.utf8.count
            case "utf-32": m.prefix.unicodeScalars.count
            default: m.prefix.utf16.count
            }
        return ["line": .int(m.line), "character": .int(character)]
    }

    /// `textDocument` + `position` at a marker, with any other params.
    func at(_ name: String, _ extra: [String: JSON] = [:]) -> JSON {
        var params: [String: JSON] = ["textDocument": ["uri": .string(uri)], "position": position(name)]
        params.merge(extra) { $1 }
        return .object(params)
    }

    /// A range between two markers, as `rangeTuple` reads ranges: [line, character, line, character].
    func range(_ from: String, _ to: String) -> [Int] {
        let a = position(from), b = position(to)
        return [a["line"]!.intValue!, a["character"]!.intValue!, b["line"]!.intValue!, b["character"]!.intValue!]
    }

    /// The same range as LSP JSON.
    func rangeJSON(_ from: String, _ to: String) -> JSON { ["start": position(from), "end": position(to)] }
}
