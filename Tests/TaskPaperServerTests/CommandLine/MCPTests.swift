import Foundation
import TaskPaper
import TaskPaperServer
import Testing

/// `taskpaper-lsp mcp` as an assistant's client sees it: through PyPI's official `mcp` package
/// (`Tests/MCP/mcp_check.py`), and, for the protocol's edge cases, raw lines over pipes.
@Suite struct MCPTests {
    static let driver = NeovimTests.repository.appendingPathComponent("Tests/MCP/mcp_check.py")

    /// The Python with the `mcp` package: `TASKPAPER_MCP_PYTHON` (CI's venv) or `python3` on PATH; nil when
    /// neither has it.
    static let python: String? = {
        let named = ProcessInfo.processInfo.environment["TASKPAPER_MCP_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        let candidate = named ?? "python3"
        let probe = try? CalendarCommandTests.run(candidate, ["-c", "import mcp, jsonschema"], in: nil)
        return probe?.status == 0 || named != nil ? candidate : nil
    }()

    static let pythonReason =
        "Python with PyPI's mcp package not found: set TASKPAPER_MCP_PYTHON (pip install 'mcp==2.3.0')"

    @Test(.enabled(if: python != nil || NeovimTests.inCI, Comment(rawValue: pythonReason)))
    func everyToolThroughTheOfficialSDKAnswersAsTheCommandLineDoes() throws {
        guard let python = MCPTests.python else {
            Issue.record("CI needs \(MCPTests.pythonReason)")
            return
        }
        let folder = try CalendarCommandTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try CalendarCommandTests.run(
            python, [MCPTests.driver.path, LSPClient.binary.path, folder.path], in: folder)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr.suffix(4000))")
        #expect(r.stdout == "ok\n")
    }

    /// The server's answers to `lines`, one JSON object a line, after its input ends.
    static func answers(
        _ lines: [String], roots: [String]? = nil, home: Bool = false
    ) throws -> (
        answers: [[String: Any]], stdout: String
    ) {
        let run = try answers(bytes: Array(lines.map { $0 + "\n" }.joined().utf8), roots: roots, home: home)
        return (run.answers, run.stdout)
    }

    /// The answers to `bytes` on stdin, what stdout held, and how the server exited.
    static func answers(
        bytes: [UInt8], roots: [String]? = nil, home: Bool = false
    ) throws -> (
        answers: [[String: Any]], stdout: String, status: Int32
    ) {
        let folder = try CalendarCommandTests.folder(["tasks/a.taskpaper": "Work:\n\t- Call Bob @today\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let p = Process()
        p.executableURL = LSPClient.binary
        p.arguments = ["mcp"] + (roots ?? [folder.appendingPathComponent("tasks").path])
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        if home {
            // The folder is home and the working folder, and the inbox is named from there.
            p.environment = ProcessInfo.processInfo.environment.merging([
                "HOME": folder.path, "TASKPAPER_INBOX": "tasks/inbox.taskpaper",
            ]) { $1 }
            p.currentDirectoryURL = folder
        }
        try p.run()
        // Written on a thread of its own: the server's answers fill stdout's pipe meanwhile.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let answers = out.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? ["unreadable": String($0)]
        }
        return (answers, out, p.terminationStatus)
    }

    static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#

    static func code(_ answer: [String: Any]) -> Int? { (answer["error"] as? [String: Any])?["code"] as? Int }

    @Test func aRequestBeforeInitializeIsRefusedAndTheServerGoesOn() throws {
        let (answers, _) = try MCPTests.answers([
            #"{"jsonrpc":"2.0","id":"early","method":"tools/list"}"#, MCPTests.initialize,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        ])
        #expect(answers.count == 3)
        #expect(answers[0]["id"] as? String == "early" && MCPTests.code(answers[0]) == -32600)
        #expect((answers[1]["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-06-18")
        #expect(((answers[2]["result"] as? [String: Any])?["tools"] as? [Any])?.count == 6)
    }

    @Test func theStatelessRevisionNeedsNoHandshakeAndAnOtherNamedRevisionIsRefusedWithTheSupportedOnes() throws {
        let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#
        let (answers, out) = try MCPTests.answers([
            #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(meta)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(meta)}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2030-01-01"}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"server/discover"}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#,
        ])
        #expect(answers.count == 5, "\(out)")
        guard answers.count == 5 else { return }
        let discovered = answers[0]["result"] as? [String: Any]
        #expect(discovered?["supportedVersions"] as? [String] == ["2026-07-28"])
        #expect(discovered?["resultType"] as? String == "complete")
        let listed = answers[1]["result"] as? [String: Any]
        #expect((listed?["tools"] as? [Any])?.count == 6 && listed?["ttlMs"] as? Int == 0)
        let refused = answers[2]["error"] as? [String: Any]
        #expect(refused?["code"] as? Int == -32022)
        #expect(
            (refused?["data"] as? [String: Any])?["supported"] as? [String] == [
                "2026-07-28", "2025-11-25", "2025-06-18",
            ])
        #expect(((refused?["data"] as? [String: Any])?["requested"] as? String) == "2030-01-01")
        #expect((answers[3]["result"] as? [String: Any])?["supportedVersions"] as? [String] == ["2026-07-28"])
        // Without a revision named, a request is of the handshake's: initialize comes first.
        #expect(MCPTests.code(answers[4]) == -32600)
    }

    @Test func anUnknownRevisionIsAnsweredWithTheNewest() throws {
        let (answers, _) = try MCPTests.answers([
            MCPTests.initialize.replacingOccurrences(of: "2025-06-18", with: "2099-01-01")
        ])
        #expect((answers[0]["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-11-25")
    }

    @Test func unknownMethodsNotificationsBatchesAndLinesThatAreNoJSONGetTheirErrors() throws {
        let (answers, out) = try MCPTests.answers([
            MCPTests.initialize,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"resources/list"}"#,
            #"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#,
            "this is not JSON",
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":"search"}"#,
            #"{"jsonrpc":"1.0","id":6,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search","arguments":{"query":"@today and"}}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#,
        ])
        // Notifications are never answered: nine answers for nine requests and bad lines.
        #expect(answers.count == 9, "\(out)")
        guard answers.count == 9 else { return }
        #expect(MCPTests.code(answers[1]) == -32601)
        #expect(MCPTests.code(answers[2]) == -32600 && answers[2]["id"] is NSNull)
        #expect(MCPTests.code(answers[3]) == -32700 && answers[3]["id"] is NSNull)
        #expect(MCPTests.code(answers[4]) == -32602)
        #expect(MCPTests.code(answers[5]) == -32602)
        #expect(MCPTests.code(answers[6]) == -32600)
        let failed = answers[7]["result"] as? [String: Any]
        #expect(failed?["isError"] as? Bool == true)
        #expect(
            ((failed?["content"] as? [[String: Any]])?.first?["text"] as? String)?.contains("does not parse") == true)
        #expect(answers[8]["id"] as? Int == 8 && answers[8]["result"] != nil)
    }

    /// The language server's transport fuzz (`FrameFuzzer`), each frame's body a line of its own, with tool
    /// calls whose arguments are of every wrong kind between them: every answer is a message, and the
    /// server is still there at the end.
    @Test func theLanguageServersTransportFuzzAsLinesNeverKillsIt() throws {
        // The seed is in the failure's message: TASKPAPER_MCP_FUZZ_SEED replays it.
        var rng = SeededRandom(environment: "TASKPAPER_MCP_FUZZ_SEED")
        let seed = rng.seed
        var fuzzer = FrameFuzzer(seed: rng.next(), uris: ["file:///probe/a.taskpaper"])
        var input = Array((MCPTests.initialize + "\n").utf8)
        let values: [JSON] = [
            "", "/", "..", "/etc/passwd", "a.taskpaper", "~", "../../x", "@today and", "- x", "-7d", "day", "\u{0}",
            0, -1, 1, 2, .int(Int.max), 1.5, 1e300, true, nil, [], ["a": 1],
        ]
        for k in 0..<1500 {
            if rng.chance(3) {
                // Each tool's own arguments (a foreign one now and then is refused before the tool runs).
                let argumentNames: [String: [String]] = [
                    "search": ["query", "path"], "agenda": ["days", "path"],
                    "report": ["since", "until", "by", "path"],
                    "check": ["path"], "add": ["text", "file", "project"],
                    "complete": ["path", "line", "text", "cancel"],
                    "nope": ["query"],
                ]
                let name = rng.pick(["search", "agenda", "report", "check", "add", "complete", "nope"])
                var arguments: [String: JSON] = [:]
                for key in argumentNames[name]! where rng.chance(2) { arguments[key] = rng.pick(values) }
                if rng.chance(8) { arguments["bogus"] = rng.pick(values) }
                let call: JSON = [
                    "jsonrpc": "2.0", "id": .int(k), "method": "tools/call",
                    "params": [
                        "name": .string(name),
                        "arguments": rng.chance(8) ? rng.pick(values) : .object(arguments),
                    ],
                ]
                input += Array((call.serialized + "\n").utf8)
                continue
            }
            var bytes = fuzzer.next().bytes
            // The body without its LSP header.
            let separator = Array("\r\n\r\n".utf8)
            if let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) {
                bytes.removeSubrange(0..<end + 4)
            }
            input += bytes + [0x0A]
        }
        input += Array(#"{"jsonrpc":"2.0","id":"last","method":"ping"}"#.utf8) + [0x0A]
        let run = try MCPTests.answers(bytes: input)
        #expect(run.status == 0, "seed \(seed)")
        // About 500 tool calls, each answered, besides the errors.
        #expect(run.answers.count > 500, "seed \(seed)")
        #expect(!run.answers.contains { $0["unreadable"] != nil || $0["jsonrpc"] as? String != "2.0" }, "seed \(seed)")
        #expect(run.answers.last?["id"] as? String == "last", "seed \(seed)")
    }

    @Test func aRootWithATildeIsUnderHomeAndARelativeInboxIsFromTheWorkingFolderAsForAdd() throws {
        let (answers, out) = try MCPTests.answers(
            [
                MCPTests.initialize,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"@today"}}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"text":"Buy milk"}}}"#,
            ], roots: ["~/tasks"], home: true)
        #expect(answers.count == 3, "\(out)")
        guard answers.count == 3 else { return }
        let found = (answers[1]["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
        #expect((found?["items"] as? [Any])?.count == 1, "\(out)")
        let added = (answers[2]["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
        #expect((added?["path"] as? String)?.hasSuffix("/tasks/inbox.taskpaper") == true, "\(out)")
    }

    @Test func withoutRootsOrWithAMissingOneItStopsAtOnce() throws {
        let (answers, out) = try MCPTests.answers([MCPTests.initialize], roots: ["/no/such/folder"])
        #expect(answers.isEmpty && out.isEmpty)
        // An option is no root: the command's usage error, and no server.
        let option = try MCPTests.answers(bytes: Array((MCPTests.initialize + "\n").utf8), roots: ["--bogus"])
        #expect(option.answers.isEmpty && option.status == 2)
    }

    static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    }

    static func errorText(_ answer: [String: Any]) -> String? {
        guard let result = answer["result"] as? [String: Any], result["isError"] as? Bool == true else { return nil }
        return (result["content"] as? [[String: Any]])?.first?["text"] as? String
    }

    @Test func aMisspeltArgumentAPipeAndAProjectOverTwoLinesAreRefusedAndNothingIsWritten() throws {
        let text = "Work:\n\t- Call Bob @today\n"
        let folder = try CalendarCommandTests.folder(["a.taskpaper": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Reading a named pipe would block the server until something writes into it.
        #expect(mkfifo(folder.appendingPathComponent("pipe.taskpaper").path, 0o600) == 0)
        let (answers, out) = try MCPTests.answers(
            [
                MCPTests.initialize,
                MCPTests.call(2, "search", #"{"query":"@today","pth":"nowhere"}"#),
                MCPTests.call(3, "check", #"{"path":"pipe.taskpaper"}"#),
                MCPTests.call(4, "add", #"{"text":"x","file":"a.taskpaper","project":"A\nB"}"#),
                MCPTests.call(5, "search", #"{"query":"@today"}"#),
            ], roots: [folder.path])
        #expect(answers.count == 5, "\(out)")
        guard answers.count == 5 else { return }
        #expect(MCPTests.errorText(answers[1]) == "search has no argument 'pth'; it takes path, query")
        #expect(MCPTests.errorText(answers[2])?.contains("neither a file nor a folder") == true, "\(out)")
        #expect(MCPTests.errorText(answers[3])?.contains("on one line") == true, "\(out)")
        #expect(MCPTests.errorText(answers[4]) == nil, "a search of every root passes the pipe by: \(out)")
        #expect(try String(contentsOf: folder.appendingPathComponent("a.taskpaper"), encoding: .utf8) == text)
    }

    @Test func aFileAsTheFirstRootNamesRelativePathsFromItsFolder() throws {
        let folder = try CalendarCommandTests.folder(["a.taskpaper": "Work:\n\t- Call Bob @due(2020-01-01)\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (answers, out) = try MCPTests.answers(
            [MCPTests.initialize, MCPTests.call(2, "check", #"{"path":"a.taskpaper"}"#)],
            roots: [folder.appendingPathComponent("a.taskpaper").path])
        #expect(answers.count == 2 && MCPTests.errorText(answers[1]) == nil, "\(out)")
        let findings = ((answers.last?["result"] as? [String: Any])?["structuredContent"] as? [String: Any])?[
            "findings"]
        #expect((findings as? [Any])?.count == 1, "\(out)")
    }

    @Test func aLineOverTheLimitIsAParseErrorAndTheNextIsAnswered() throws {
        var bytes = Array((MCPTests.initialize + "\n").utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: (64 << 20) + 1000) + [0x0A]
        bytes += Array(#"{"jsonrpc":"2.0","id":"after","method":"ping"}"#.utf8) + [0x0A]
        let run = try MCPTests.answers(bytes: bytes)
        #expect(run.answers.count == 3, "\(run.stdout.prefix(2000))")
        guard run.answers.count == 3 else { return }
        #expect(MCPTests.code(run.answers[1]) == -32700)
        #expect(run.answers[2]["id"] as? String == "after" && run.answers[2]["result"] != nil)
    }
}
