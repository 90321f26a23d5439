import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaperServer

/// `taskpaper-lsp mcp ROOT...`: a Model Context Protocol server on stdin/stdout. The stdio transport is
/// one JSON-RPC 2.0 message a line; the JSON reader and writer are the language server's.
final class MCPServer {
    /// Newest first: the `initialize` handshake revisions this server speaks.
    static let protocolVersions = ["2025-11-25", "2025-06-18"]
    /// The revision without a handshake: a client finds it with `server/discover`, then names it in every
    /// request's `_meta`, and each request stands alone.
    static let statelessVersion = "2026-07-28"
    static let versionKey = "io.modelcontextprotocol/protocolVersion"

    let tools: MCPTools
    let output: Int32
    var initialized = false

    init(tools: MCPTools, output: Int32) {
        self.tools = tools
        self.output = output
    }

    static func run(_ arguments: [String]) -> Int32 {
        let reader = CommandArguments(command: "mcp", usage: usage)
        let given: [String]
        switch reader.read(arguments) {
        case .success(let words): given = words
        case .failure(let stop): return stop.status
        }
        guard !given.isEmpty else { return reader.usageError("no ROOT given") }
        guard let roots = MCPRoots(given) else { return 2 }
        // As the language server does: stdout is the protocol's alone, a stray print goes to stderr.
        let protocolFD = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let server = MCPServer(tools: MCPTools(roots: roots), output: protocolFD)
        server.serve(input: STDIN_FILENO)
        return 0
    }

    /// The longest message line read, as the language server bounds a frame: a longer one is skipped to
    /// its end and answered with a parse error, so memory stays bounded.
    static let maxLineBytes = 64 << 20

    /// Reads lines until the end of input, answering each message in turn.
    func serve(input: Int32) {
        var pending: [UInt8] = []
        // Where the search for the next newline goes on: a long line arriving in many reads is scanned once.
        var scanned = 0
        // Inside a line over the limit: its bytes are dropped until its newline.
        var skipping = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            pending.append(contentsOf: chunk[..<n])
            var start = 0
            while let end = pending[max(start, scanned)...].firstIndex(of: 0x0A) {
                if skipping {
                    skipping = false
                    sendError(
                        id: .null, code: -32700, "Parse error: a message line over \(Self.maxLineBytes >> 20) MiB")
                } else {
                    handle(line: Array(pending[start..<end]))
                }
                start = end + 1
            }
            pending.removeFirst(start)
            if pending.count > Self.maxLineBytes {
                skipping = true
                pending.removeAll(keepingCapacity: false)
            }
            scanned = pending.count
        }
        if skipping {
            sendError(id: .null, code: -32700, "Parse error: a message line over \(Self.maxLineBytes >> 20) MiB")
        } else if !pending.isEmpty {
            handle(line: pending)
        }
    }

    func handle(line: [UInt8]) {
        var bytes = line
        if bytes.last == 0x0D { bytes.removeLast() }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        let message: JSON
        do throws(JSONParseError) {
            message = try JSONParser.parse(bytes)
        } catch {
            return sendError(id: .null, code: -32700, "Parse error: \(error.description)")
        }
        guard case .object(let fields) = message else {
            if case .array = message {
                return sendError(
                    id: .null, code: -32600, "Invalid Request: batches are not part of this protocol revision")
            }
            return sendError(id: .null, code: -32600, "Invalid Request: a message is a JSON object")
        }
        let id = fields["id"]
        let validID: Bool
        switch id {
        case .string?, .int?: validID = true
        default: validID = false
        }
        guard fields["jsonrpc"]?.stringValue == "2.0" else {
            return sendError(id: validID ? id! : .null, code: -32600, "Invalid Request: \"jsonrpc\" must be \"2.0\"")
        }
        guard let method = fields["method"]?.stringValue else {
            // A response to us: this server sends no requests, so there is nothing to match.
            if fields["result"] != nil || fields["error"] != nil { return }
            return sendError(id: validID ? id! : .null, code: -32600, "Invalid Request: no \"method\"")
        }
        // Notifications need nothing: `initialized` changes nothing here, and requests are answered in turn,
        // so none is running when a cancellation arrives. Unknown ones are ignored, as the protocol asks.
        guard let id else { return }
        guard validID else {
            return sendError(id: .null, code: -32600, "Invalid Request: \"id\" must be a string or an integer")
        }
        request(method, params: fields["params"], id: id)
    }

    func request(_ method: String, params: JSON?, id: JSON) {
        if let params, params.objectValue == nil {
            return sendError(id: id, code: -32602, "Invalid params: \"params\" must be an object")
        }
        // A request naming a revision in its `_meta` is of the stateless revision (the handshake's carry none).
        var stateless = false
        if method != "initialize", let named = params?["_meta"]?[MCPServer.versionKey] {
            guard named.stringValue == MCPServer.statelessVersion else {
                return sendUnsupportedVersion(id: id, requested: named)
            }
            stateless = true
        }
        switch method {
        case "initialize":
            let asked = params?["protocolVersion"]?.stringValue ?? ""
            let version = MCPServer.protocolVersions.contains(asked) ? asked : MCPServer.protocolVersions[0]
            initialized = true
            sendResult(id: id) { w in
                w.key("protocolVersion"); w.string(version)
                self.writeCapabilities(to: &w)
                w.key("serverInfo"); self.writeServerInfo(to: &w)
                w.key("instructions"); w.string(MCPTools.instructions)
            }
        case "server/discover":
            // Answered with or without a revision named: it is how a client learns which to name.
            sendResult(id: id, stateless: true, cacheable: true) { w in
                w.key("supportedVersions"); w.array { w in w.string(MCPServer.statelessVersion) }
                self.writeCapabilities(to: &w)
                w.key("instructions"); w.string(MCPTools.instructions)
                w.key("_meta")
                w.object { w in
                    w.key("io.modelcontextprotocol/serverInfo"); self.writeServerInfo(to: &w)
                }
            }
        case "ping":
            sendResult(id: id, stateless: stateless) { _ in }
        case "tools/list", "tools/call":
            guard initialized || stateless else {
                return sendError(id: id, code: -32600, "Invalid Request: send initialize first")
            }
            if method == "tools/list" {
                return sendResult(id: id, stateless: stateless, cacheable: true) { w in self.tools.writeList(to: &w) }
            }
            guard let name = params?["name"]?.stringValue else {
                return sendError(id: id, code: -32602, "Invalid params: tools/call needs \"name\"")
            }
            guard MCPTools.names.contains(name) else {
                return sendError(
                    id: id, code: -32602,
                    "Unknown tool: \(name) (the tools are \(MCPTools.names.joined(separator: ", ")))")
            }
            let arguments = params?["arguments"] ?? .object([:])
            let result = tools.call(name, arguments)
            sendResult(id: id, stateless: stateless) { w in result.write(to: &w) }
        default:
            sendError(id: id, code: -32601, "Method not found: \(method)")
        }
    }

    func writeCapabilities(to w: inout JSONWriter) {
        w.key("capabilities")
        w.object { w in
            w.key("tools")
            w.object { w in
                w.key("listChanged"); w.bool(false)
            }
        }
    }

    func writeServerInfo(to w: inout JSONWriter) {
        w.object { w in
            w.key("name"); w.string("taskpaper-lsp")
            w.key("version"); w.string(Server.version)
        }
    }

    /// -32022 with the revisions this server speaks, so a client can pick one and retry.
    func sendUnsupportedVersion(id: JSON, requested: JSON) {
        sendError(
            id: id, code: -32022,
            "Unsupported protocol version: this server speaks \(MCPServer.statelessVersion) and, after initialize, "
                + MCPServer.protocolVersions.joined(separator: " and ")
        ) { w in
            w.object { w in
                w.key("supported")
                w.array { w in
                    for version in [MCPServer.statelessVersion] + MCPServer.protocolVersions { w.string(version) }
                }
                w.key("requested"); requested.write(to: &w)
            }
        }
    }

    /// A result object of the fields `fields` writes; the stateless revision's results also say they are
    /// complete, and the cacheable ones (lists, discovery) that they may be kept, for no time.
    func sendResult(
        id: JSON, stateless: Bool = false, cacheable: Bool = false, _ fields: (inout JSONWriter) -> Void
    ) {
        sendResponse(id: id, "result") { w in
            fields(&w)
            if stateless {
                w.key("resultType"); w.string("complete")
                if cacheable {
                    w.key("cacheScope"); w.string("public")
                    w.key("ttlMs"); w.int(0)
                }
            }
        }
    }

    func sendError(id: JSON, code: Int, _ message: String, data: ((inout JSONWriter) -> Void)? = nil) {
        sendResponse(id: id, "error") { w in
            w.key("code"); w.int(code)
            w.key("message"); w.string(message)
            if let data {
                w.key("data"); data(&w)
            }
        }
    }

    /// A JSON-RPC response whose `member` ("result" or "error") is the object `fields` writes.
    private func sendResponse(id: JSON, _ member: StaticString, _ fields: (inout JSONWriter) -> Void) {
        var w = JSONWriter()
        w.object { w in
            w.key("jsonrpc"); w.string("2.0")
            w.key("id"); id.write(to: &w)
            w.key(member)
            w.object(fields)
        }
        send(w.bytes)
    }

    func send(_ bytes: [UInt8]) {
        // The writer escapes every control character, so a message never holds a newline of its own.
        _ = LockedRewrite.writeAll(output, bytes + [0x0A])
    }

    static let usage = """
        Usage: taskpaper-lsp mcp ROOT...
          A Model Context Protocol server on stdin/stdout for an assistant: the tools search,
          agenda, report, check, add and complete, on the *.taskpaper files under the ROOTs
          (folders or files). Nothing outside the ROOTs is read or written.

        """
}
