import Foundation
import Testing
import TaskPaperServer

/// Bounded resources, observed from outside through /proc: a frame
/// over the limit is refused unread, an announced body costs nothing until it
/// arrives, nesting is bounded in what the server reads and in what it writes,
/// and nothing per document or request stays behind.
@Suite struct BoundedResourcesTests {
    static let env = ["TASKPAPER_NOW": "2026-11-21T10:00"]

    @Test func aFrameOverTheLimitIsRefusedWithoutBeingAllocated() throws {
        let s = try Self.started()
        let before = try #require(s.memoryKiB("VmPeak"))
        // 2 GB announced, 1 MB of it sent: refused at the header, the bytes skipped.
        try s.write(
            Array("Content-Length: 2000000000\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1 << 20))
        #expect(try Self.ask(s, "probe/unknown", [:])["error"]?["code"] == -32601)
        let after = try #require(s.memoryKiB("VmPeak"))
        // Not even reserved: a 2 GB buffer would show in the peak virtual size.
        #expect(after - before < 512 << 10, "VmPeak grew by \(after - before) KiB")
        #expect(s.stderrTailText.contains("a 2000000000-byte message is over the 67108864-byte limit"))
        #expect(s.closeInputAndWait() == 1)
    }

    @Test func anAnnouncedBodyCostsNothingUntilItArrives() throws {
        let s = try Self.started()
        let before = try #require(s.memoryKiB("VmRSS"))
        // 60 MB announced (under the limit) and 1 MB sent: the write returns once the
        // server has read all but a pipe's worth, so it is waiting inside the body now.
        var bytes = Array(
            "Content-Length: 62914560\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"t\":\"".utf8)
        bytes += Array(repeating: UInt8(ascii: "a"), count: 1 << 20)
        try s.write(bytes)
        let waiting = try #require(s.memoryKiB("VmRSS"))
        #expect(waiting - before < 20 << 10, "RSS grew by \(waiting - before) KiB for 1 MB received")
        #expect(s.closeInputAndWait() == 1)
        #expect(s.stderrTailText.contains("input ended inside a 62914560-byte message"))
    }

    @Test func nestingIsBoundedAndServiceGoesOn() throws {
        let s = try Self.started()
        for deep in ["[", "{\"a\":"] {
            try s.write(RawServer.frame(Array(String(repeating: deep, count: 100_000).utf8)))
        }
        func nested(_ depth: Int) -> [UInt8] {
            Array("{\"jsonrpc\":\"2.0\",\"id\":\"probe-\(depth)\",\"method\":\"probe/unknown\",\"params\":".utf8)
                + Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
                + [UInt8(ascii: "}")]
        }
        // Within the limit the message is read (and its unknown method refused); past it, it is no JSON.
        try s.write(RawServer.frame(nested(500)) + RawServer.frame(nested(600)))
        #expect(try s.response("probe-500")["error"]?["code"] == -32601)
        #expect(try Self.ask(s, "probe/unknown", [:])["error"]?["code"] == -32601)
        #expect(s.countsSoFar.errorCodes[-32700] == 3)
        #expect(s.closeInputAndWait() == 1)
    }

    /// An outline thousands of levels deep: answered, with symbols nested no
    /// deeper than a client's JSON reader goes and none lost.
    @Test func aDeepOutlineIsAnsweredWithBoundedNesting() throws {
        let s = try Self.started()
        let levels = 3_000
        let text = (0..<levels).map {
            String(repeating: "\t", count: $0) + ($0 % 2 == 0 ? "- task \($0)\n" : "Project \($0):\n")
        }.joined()
        try s.write(
            RawServer.frame([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": [
                        "uri": "file:///deep.taskpaper", "languageId": "taskpaper", "version": 1, "text": .string(text),
                    ]
                ],
            ]))
        let doc: JSON = ["textDocument": ["uri": "file:///deep.taskpaper"]]
        let symbols = try #require(try Self.ask(s, "textDocument/documentSymbol", doc)["result"]?.arrayValue)
        func depth(_ symbols: [JSON]) -> Int {
            1 + (symbols.map { depth($0["children"]?.arrayValue ?? []) }.max() ?? -1)
        }
        func count(_ symbols: [JSON]) -> Int {
            symbols.reduce(symbols.count) { $0 + count($1["children"]?.arrayValue ?? []) }
        }
        #expect(depth(symbols) <= 51)
        #expect(count(symbols) == levels)
        #expect(try Self.ask(s, "textDocument/foldingRange", doc)["result"]?.arrayValue?.count == levels - 1)
        #expect(try Self.ask(s, "workspace/symbol", ["query": "task 2998"])["result"]?.arrayValue?.isEmpty == false)
        #expect(s.closeInputAndWait() == 1)
    }

    /// Open, use and close a 1 MB document again and again, cancelling
    /// requests on the way: resident memory stays flat, so no document, token
    /// cache, tag count or cancellation is kept. TASKPAPER_LEAK_CYCLES sets the count.
    @Test func nothingStaysBehindAfterCloseOrAnswer() throws {
        let cycles = ProcessInfo.processInfo.environment["TASKPAPER_LEAK_CYCLES"].flatMap { Int($0) } ?? 150
        let s = try Self.started()
        let line = String(repeating: "x", count: 1000)
        let text = (0..<1000).map {
            $0 % 10 == 0 ? "\t- task \($0) @due(2025-02-30) @tag(v\($0)) \(line)\n" : line + "\n"
        }.joined()
        var warm = 0
        for cycle in 0..<cycles {
            let uri = JSON.string("file:///leak/\(cycle).taskpaper")
            let doc: JSON = ["textDocument": ["uri": uri]]
            var bytes = RawServer.frame([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(text)]
                ],
            ])
            bytes += RawServer.frame([
                "jsonrpc": "2.0", "id": .string("probe-t\(cycle)"), "method": "textDocument/semanticTokens/full",
                "params": doc,
            ])
            bytes += RawServer.frame([
                "jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": .string("probe-t\(cycle)")],
            ])
            // Cancelling what was never asked must not be remembered either.
            for k in 0..<50 {
                bytes += RawServer.frame([
                    "jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": .string("\(k)-\(cycle)-" + line)],
                ])
            }
            bytes += RawServer.frame([
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": uri, "version": 2], "contentChanges": [LSPClient.edit(0, 0, 0, 0, "- ")],
                ],
            ])
            bytes += RawServer.frame([
                "jsonrpc": "2.0", "id": .string("probe-h\(cycle)"), "method": "textDocument/hover",
                "params": LSPClient.at("file:///leak/\(cycle).taskpaper", 0, 15),
            ])
            bytes += RawServer.frame([
                "jsonrpc": "2.0", "id": .string("probe-d\(cycle)"), "method": "textDocument/diagnostic", "params": doc,
            ])
            bytes += RawServer.frame(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": doc])
            try s.write(bytes)
            let tokens = try s.response("probe-t\(cycle)")
            #expect(tokens["error"]?["code"] == -32800 || tokens["result"]?["data"] != nil)
            #expect(try s.response("probe-h\(cycle)")["result"]?["contents"] != nil)
            // The 100 tasks: an invalid date and a long line each (notes are not measured).
            #expect(try s.response("probe-d\(cycle)")["result"]?["items"]?.arrayValue?.count == 200)
            if cycle == 29 { warm = try #require(s.memoryKiB("VmRSS")) }
        }
        let end = try #require(s.memoryKiB("VmRSS"))
        // Keeping any one document (over 1 MB each) would add more than this many times over.
        #expect(end - warm < 48 << 10, "RSS grew from \(warm >> 10) MB to \(end >> 10) MB over \(cycles - 30) cycles")
        #expect(s.closeInputAndWait() == 1)
    }

    /// Answers computed off the main loop (symbols) are not left behind by
    /// a `shutdown` and `exit` that arrive while they are being computed.
    @Test func everyRequestIsAnsweredBeforeTheServerExits() throws {
        let s = try Self.started()
        let text = (0..<20_000).map { String(repeating: "\t", count: $0 % 30) + "- task \($0) @due(2026-01-01)\n" }
            .joined()
        let doc: JSON = ["textDocument": ["uri": "file:///big.taskpaper"]]
        var bytes = RawServer.frame([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": "file:///big.taskpaper", "languageId": "taskpaper", "version": 1, "text": .string(text),
                ]
            ],
        ])
        bytes += RawServer.frame([
            "jsonrpc": "2.0", "id": "probe-symbols", "method": "textDocument/documentSymbol", "params": doc,
        ])
        bytes += RawServer.frame([
            "jsonrpc": "2.0", "id": "probe-search", "method": "workspace/symbol", "params": ["query": "task 9"],
        ])
        bytes += RawServer.frame(["jsonrpc": "2.0", "id": "probe-shutdown", "method": "shutdown"])
        bytes += RawServer.frame(["jsonrpc": "2.0", "method": "exit"])
        try s.write(bytes)
        #expect(try s.response("probe-symbols")["result"]?.arrayValue?.isEmpty == false)
        #expect(try s.response("probe-search")["result"]?.arrayValue?.count == 1000)
        #expect(try s.response("probe-shutdown")["result"] == .null)
        #expect(s.closeInputAndWait() == 0)
    }

    static func started() throws -> RawServer {
        let s = try RawServer(environment: env)
        _ = try ask(s, "initialize", ["processId": nil, "capabilities": [:]])
        try s.write(RawServer.frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]]))
        return s
    }

    /// A request and its answer, in lock step.
    static func ask(_ s: RawServer, _ method: String, _ params: JSON) throws -> JSON {
        let id = "\(RawServer.keptIDPrefix)\(UUID().uuidString)"
        try s.write(
            RawServer.frame(["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": params]))
        return try s.response(id)
    }
}
