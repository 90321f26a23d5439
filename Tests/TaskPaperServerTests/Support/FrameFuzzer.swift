import TaskPaper
@testable import TaskPaperServer

/// One piece of fuzzed input.
struct FuzzFrame {
    let kind: String
    let bytes: [UInt8]
    /// It may leave the server inside a header or a body: the driver resyncs after it.
    var breaksFraming = false
}

/// Makes fuzzed frames from a seed: damaged framing, bodies that are no JSON,
/// JSON that is no message, and every method the server has with params that
/// don't fit (positions at -1 and 10^12, documents that aren't open, odd text).
/// Damaged headers never announce more than `maxAnnounced` bytes, so a
/// barrier that long always brings the stream back in sync.
struct FrameFuzzer {
    static let maxAnnounced = 1000
    /// The documents fuzzed messages open, edit and close (and announce as changed on disk).
    let uris: [String]
    /// Every method of RequestTable.swift but `shutdown` (which would end the session), plus unknown ones.
    /// (`exit` and `shutdown` in the wrong role are fixed shapes: a mutation could make them real.)
    static let requestMethods = Server.requestRoutes.keys.filter { $0 != "shutdown" }.sorted() + ["taskpaper/unknown"]
    static let notificationMethods =
        Server.notificationRoutes.keys.sorted() + ["$/cancelRequest", "$/setTrace", "unknown/x"]

    var rng: SeededRandom
    private var nextID = 1000

    init(seed: UInt64, uris: [String]) {
        rng = SeededRandom(seed: seed)
        self.uris = uris
    }

    mutating func next() -> FuzzFrame {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<3: randomBytes()
        case 3..<6: headerNoise()
        case 6..<9: badContentLength()
        case 9..<12: truncatedFrame()
        case 12..<15: wrongLength()
        case 15..<17: headerVariant()
        case 17..<25: notJSON()
        case 25..<32: wrongShape()
        case 32..<33: deepNesting()
        case 33..<60: request()
        case 60..<92: notification()
        default: response()
        }
    }

    // MARK: Framing

    private mutating func randomBytes() -> FuzzFrame {
        FuzzFrame(kind: "random bytes", bytes: rng.bytes(Int.random(in: 1...300, using: &rng)), breaksFraming: true)
    }

    /// Header-like tokens in random order. Never two numbers in a row, so no
    /// length over `maxAnnounced` can be spelled.
    private mutating func headerNoise() -> FuzzFrame {
        let tokens = [
            "Content-Length", "content-length", "CONTENT-LENGTH", "Content-Type", ":", ": ", " ", "\t", "\r\n", "\n",
            "\r", "\r\n\r\n", "\n\n", "application/vscode-jsonrpc; charset=utf-8", "{", "}", "\"", "X-Other: y", "é",
            "Content-",
        ]
        var out: [UInt8] = []
        var lastWasNumber = false
        for _ in 0..<Int.random(in: 1...20, using: &rng) {
            if !lastWasNumber, rng.chance(4) {
                out += Array(
                    rng.pick([
                        "\(Int.random(in: 0...FrameFuzzer.maxAnnounced, using: &rng))", "-5", "1e3", "0x10", "１２",
                    ]).utf8)
                lastWasNumber = true
            } else if rng.chance(6) {
                // Any byte but a digit or sign, which could lengthen a number.
                let b = UInt8.random(in: 0...255, using: &rng)
                out.append((0x2B...0x39).contains(b) ? 0x7E : b)
                lastWasNumber = false
            } else {
                out += Array(rng.pick(tokens).utf8)
                lastWasNumber = false
            }
        }
        return FuzzFrame(kind: "header noise", bytes: out, breaksFraming: true)
    }

    /// A header whose length is no length, or over the limit, and a body after it.
    private mutating func badContentLength() -> FuzzFrame {
        let value = rng.pick([
            "-1", "-0", "abc", "", "1e3", "0x10", " ", "99999999999999999999", "67108865", "\(Int.max)",
            "18446744073709551616", "1.5", "１２", "1 2", "99999999999", "4294967296",
        ])
        let header =
            rng.chance(4)
            ? "Content-Length: 5\r\nContent-Length: \(value)"
            : rng.chance(8) ? "Content-Type: x" : "Content-Length: \(value)"
        return FuzzFrame(
            kind: "bad Content-Length", bytes: Array("\(header)\r\n\r\n".utf8) + validBody(), breaksFraming: true)
    }

    /// A frame cut short, in its header or in its body.
    private mutating func truncatedFrame() -> FuzzFrame {
        var body = validBody()
        if body.count > FrameFuzzer.maxAnnounced { body = Array(body.prefix(FrameFuzzer.maxAnnounced)) }
        let whole = RawServer.frame(body)
        let cut = Int.random(in: 1..<whole.count, using: &rng)
        guard rng.chance(2) else {
            return FuzzFrame(kind: "truncated frame", bytes: Array(whole[..<cut]), breaksFraming: true)
        }
        // The next message right after the cut, as a client that died mid-write and restarted would send it.
        return FuzzFrame(
            kind: "truncated, then a frame", bytes: Array(whole[..<cut]) + RawServer.frame(validBody()),
            breaksFraming: true)
    }

    /// A body a little shorter or longer than its header says.
    private mutating func wrongLength() -> FuzzFrame {
        var body = validBody()
        if body.count > FrameFuzzer.maxAnnounced - 40 { body = Array(body.prefix(FrameFuzzer.maxAnnounced - 40)) }
        var delta = Int.random(in: -20...20, using: &rng)
        if delta == 0 { delta = 1 }
        let announced = max(0, body.count + delta)
        return FuzzFrame(
            kind: "wrong length", bytes: Array("Content-Length: \(announced)\r\n\r\n".utf8) + body, breaksFraming: true)
    }

    /// Well-formed frames the spec allows: any case, Content-Type, lenient `\n\n`.
    private mutating func headerVariant() -> FuzzFrame {
        let body = validBody()
        let header = rng.pick([
            "content-length: \(body.count)\r\n\r\n", "Content-Length:\(body.count)\r\n\r\n",
            "Content-Length: \(body.count)\n\n", "CONTENT-LENGTH: \(body.count) \r\n\r\n",
            "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: \(body.count)\r\n\r\n",
            "Content-Length: \(body.count)\r\nContent-Type: x\r\n\r\n",
        ])
        return FuzzFrame(kind: "header variant", bytes: Array(header.utf8) + body)
    }

    // MARK: Bodies

    private mutating func framed(_ kind: String, _ body: [UInt8]) -> FuzzFrame {
        FuzzFrame(kind: kind, bytes: RawServer.frame(body))
    }

    /// A message of any method with fuzzed params.
    private mutating func validBody() -> [UInt8] {
        rng.chance(2) ? requestValue().bytes : notificationValue().bytes
    }

    private mutating func notJSON() -> FuzzFrame {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            let literals = [
                "", " ", "{", "}", "[", "]", "nul", "tru", "\"\\u12\"", "1e999", "-", "01", "{\"a\":1,}", "[1,]",
                "{'a':1}",
                "\u{FEFF}{}", "NaN", "Infinity", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"} x", "{\"a\":\"\\x\"}",
                "{\"a\":\"\u{1}\"}", "\"unterminated", "{\"a\":\"\\", "[\"\\ud800\"]", "{\"a\" 1}", "1.e5", "--1",
            ]
            return framed("malformed JSON", Array(rng.pick(literals).utf8))
        case 1:
            // Invalid UTF-8 where the grammar has no strings.
            var body = requestValue().bytes
            body.insert(rng.pick([0xFF, 0xC0, 0x80, 0xED]), at: Int.random(in: 0...body.count, using: &rng))
            return framed("invalid UTF-8", body)
        default:
            var body = validBody()
            for _ in 0..<Int.random(in: 1...3, using: &rng) { mutate(&body) }
            return framed("mutated JSON", body)
        }
    }

    private mutating func mutate(_ b: inout [UInt8]) {
        guard !b.isEmpty else { b = rng.bytes(3); return }
        let i = Int.random(in: 0..<b.count, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: b[i] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
        case 1: b.insert(rng.pick(Array("{}[],:\"\\0-e.".utf8) + [0, 0xFF]), at: i)
        case 2: b.removeSubrange(i..<min(b.count, i + Int.random(in: 1...8, using: &rng)))
        case 3: b.removeSubrange(i...)
        default: b.insert(contentsOf: b[i..<min(b.count, i + 16)], at: i)
        }
    }

    /// JSON that is no JSON-RPC message: batches, scalars, wrong versions and ids.
    private mutating func wrongShape() -> FuzzFrame {
        let id = nextRequestID()
        let shapes: [FuzzValue] = [
            .raw(Array("[]".utf8)), .array([requestValue()]),
            .array([.message(id: .json(.int(id)), method: "shutdown", params: nil)]),
            .json(1), .json(-1.5e3), .json(nil), .json(true), .json("x"), .json([:]),
            .object([("jsonrpc", .json("1.0")), ("id", .json(.int(id))), ("method", .json("textDocument/hover"))]),
            .object([("jsonrpc", .json(2.0)), ("id", .json(.int(id))), ("method", .json("workspace/symbol"))]),
            .object([("id", .json(.int(id))), ("method", .json("workspace/symbol")), ("params", .json(["query": ""]))]),
            .message(id: .json(["a": 1]), method: "textDocument/hover", params: nil),
            .message(id: .json([1]), method: "textDocument/hover", params: nil),
            .message(id: .json(true), method: "textDocument/hover", params: nil),
            .message(id: .json(1.5), method: "textDocument/hover", params: nil),
            .message(id: .json(nil), method: "textDocument/hover", params: nil),
            .message(id: .json(1e300), method: "workspace/symbol", params: nil),
            .object([("jsonrpc", .json("2.0")), ("id", .json(.int(id))), ("method", .json(42))]),
            .object([("jsonrpc", .json("2.0")), ("id", .json(.int(id))), ("method", .json(nil))]),
            .object([("jsonrpc", .json("2.0")), ("method", .json(["x": 1]))]),
            .message(id: .json(.int(id)), method: "workspace/symbol", params: .json(42)),
            .message(id: .json(.int(id)), method: "workspace/symbol", params: .json("query")),
            .message(id: nil, method: "textDocument/didOpen", params: .json(true)),
            .object([("jsonrpc", .json("2.0"))]), .object([("jsonrpc", .json("2.0")), ("id", .json(.int(id)))]),
            .object([("jsonrpc", .json("2.0")), ("id", .json(.int(id))), ("error", .json(["code": "x"]))]),
            .object([("jsonrpc", .json("2.0")), ("result", .json(nil))]),
            .message(id: .json(.int(id)), method: "exit", params: nil),
            .message(id: nil, method: "shutdown", params: nil),
        ]
        return framed("wrong shape", rng.pick(shapes).bytes)
    }

    /// 100,000 levels of arrays or objects, or a message right at the depth limit.
    private mutating func deepNesting() -> FuzzFrame {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return framed("deep nesting", Array(repeating: UInt8(ascii: "["), count: 100_000))
        case 1:
            return framed(
                "deep nesting",
                Array(repeating: UInt8(ascii: "["), count: 100_000)
                    + Array(repeating: UInt8(ascii: "]"), count: 100_000))
        case 2: return framed("deep nesting", Array(String(repeating: "{\"a\":", count: 50_000).utf8))
        default:
            let depth = Int.random(in: 505...520, using: &rng)
            let params = FuzzValue.raw(
                Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth))
            let method = rng.pick(FrameFuzzer.requestMethods)
            return framed(
                "deep nesting",
                FuzzValue.message(id: .json(.int(nextRequestID())), method: method, params: params).bytes)
        }
    }

    // MARK: Messages

    private mutating func request() -> FuzzFrame { framed("request", requestValue().bytes) }

    private mutating func notification() -> FuzzFrame { framed("notification", notificationValue().bytes) }

    private mutating func response() -> FuzzFrame {
        let result: (String, FuzzValue) =
            rng.chance(2)
            ? ("result", anyValue(depth: 0))
            : ("error", .object([("code", number()), ("message", anyValue(depth: 2))]))
        return framed("response", FuzzValue.object([("jsonrpc", .json("2.0")), ("id", requestID()), result]).bytes)
    }

    private mutating func nextRequestID() -> Int {
        nextID += 1
        return nextID
    }

    /// Mostly fresh numbers; sometimes strings, repeats and extremes (never a probe's id).
    private mutating func requestID() -> FuzzValue {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: .json(.string(rng.pick(["", "a", "1", "東京", "s-\(nextID)"])))
        case 1: .json(.int(rng.pick([0, -1, Int.max, Int.min, nextID])))
        case 2: .json(.double(rng.pick([1.0, 2.0e3, -0.0])))
        default: .json(.int(nextRequestID()))
        }
    }

    private mutating func requestValue() -> FuzzValue {
        let method = rng.pick(FrameFuzzer.requestMethods)
        return .message(id: requestID(), method: method, params: rng.chance(10) ? nil : params(method))
    }

    private mutating func notificationValue() -> FuzzValue {
        let method = rng.pick(FrameFuzzer.notificationMethods)
        return .message(id: nil, method: method, params: rng.chance(10) ? nil : params(method))
    }

    // MARK: Params

    private mutating func params(_ method: String) -> FuzzValue {
        if rng.chance(8) { return anyValue(depth: 0) }
        var fields: [(String, FuzzValue)] = []
        func add(_ key: String, _ value: FuzzValue) { fields.append((key, value)) }
        if !rng.chance(6) { add("textDocument", textDocument(opening: method == "textDocument/didOpen")) }
        switch method {
        case "textDocument/didChange":
            if !rng.chance(6) { add("contentChanges", contentChanges()) }
        case "textDocument/hover", "textDocument/completion", "textDocument/documentHighlight",
            "textDocument/references",
            "textDocument/prepareRename", "textDocument/rename":
            if !rng.chance(6) { add("position", position()) }
            if rng.chance(2) {
                add("newName", .json(.string(rng.pick(["x", "", "a b", "@x", "ok-name", "東京", "due", "x(y)"]))))
            }
            if rng.chance(3) {
                add(
                    "context",
                    .json(["includeDeclaration": .bool(rng.chance(2)), "triggerKind": 2, "triggerCharacter": "@"]))
            }
        case "textDocument/semanticTokens/range", "textDocument/inlayHint", "textDocument/codeAction":
            if !rng.chance(6) { add("range", range()) }
            if rng.chance(2) {
                add(
                    "context",
                    .object([
                        ("only", rng.chance(2) ? .json(["quickfix", "source"]) : anyValue(depth: 1)),
                        ("triggerKind", number()), ("diagnostics", anyValue(depth: 1)),
                    ]))
            }
        case "textDocument/semanticTokens/full/delta":
            add("previousResultId", rng.chance(4) ? number() : .json(.string("\(Int.random(in: 0...50, using: &rng))")))
        case "workspace/symbol":
            add("query", rng.chance(5) ? number() : .json(.string(rng.pick(["", "a", "task", "東", " ", "xyz", "é"]))))
        case "workspace/executeCommand":
            let commands = Server.TaskCommand.allCases.map(\.rawValue) + ["taskpaper.nothing", ""]
            add("command", rng.chance(6) ? number() : .json(.string(rng.pick(commands))))
            add(
                "arguments",
                .array(
                    [uri(), rng.chance(2) ? range() : position(), anyValue(depth: 1)].prefix(
                        Int.random(in: 0...3, using: &rng)
                    ).map { $0 }))
        case "workspace/didChangeConfiguration":
            add("settings", rng.chance(5) ? anyValue(depth: 0) : .object([("taskpaper", settings())]))
        case "workspace/didChangeWatchedFiles":
            add(
                "changes",
                .array(
                    (0..<Int.random(in: 0...3, using: &rng)).map { _ in .object([("uri", uri()), ("type", number())]) })
            )
        case "$/cancelRequest":
            add("id", requestID())
        case "initialize":
            add("capabilities", anyValue(depth: 0))
        default:
            break
        }
        if rng.chance(5) { add(rng.pick(["extra", "position", "range", "text", "uri", "id"]), anyValue(depth: 1)) }
        return .object(fields)
    }

    private mutating func uri() -> FuzzValue {
        if !rng.chance(4) { return .json(.string(rng.pick(uris))) }
        return rng.pick([
            .json(""), .json("file:///"), .json("file:///fuzz/../etc/passwd.taskpaper"), .json("untitled:Untitled-1"),
            .json("file:///fuzz/%zz.taskpaper"), .json("file://host/x.taskpaper"), .json(42), .json(nil),
            .rawString([0x66, 0xFF, 0x2E]), .json("file:///fuzz/東京 x.taskpaper"),
        ])
    }

    private mutating func textDocument(opening: Bool) -> FuzzValue {
        var fields: [(String, FuzzValue)] = [("uri", uri())]
        if opening || rng.chance(4) {
            fields.append(("version", rng.chance(3) ? number() : .json(.int(Int.random(in: 0...100, using: &rng)))))
            fields.append(("languageId", .json("taskpaper")))
            if !rng.chance(10) { fields.append(("text", text())) }
        }
        return .object(fields)
    }

    /// Numbers that are no line or column: negative, huge, fractional, not numbers.
    private mutating func number() -> FuzzValue {
        if rng.chance(2) { return .json(.int(Int.random(in: 0...40, using: &rng))) }
        return rng.pick([
            .json(-1), .json(-2), .json(1_000_000_000_000), .json(.int(Int.max)), .json(.int(Int.min)),
            .json(9_007_199_254_740_993), .json(1.5), .json(1e300), .json(-0.0), .json(4.0), .json("3"),
            .json(nil), .json(true), .json([1]), .raw(Array("123456789012345678901234567890".utf8)),
            .raw(Array("-1e400".utf8)),
        ])
    }

    private mutating func position() -> FuzzValue {
        if rng.chance(10) { return anyValue(depth: 1) }
        var fields: [(String, FuzzValue)] = []
        if !rng.chance(10) {
            fields.append(("line", rng.chance(2) ? .json(.int(Int.random(in: 0...30, using: &rng))) : number()))
        }
        if !rng.chance(10) {
            fields.append(("character", rng.chance(2) ? .json(.int(Int.random(in: 0...80, using: &rng))) : number()))
        }
        return .object(fields)
    }

    private mutating func range() -> FuzzValue {
        if rng.chance(10) { return anyValue(depth: 1) }
        var fields: [(String, FuzzValue)] = [("start", position())]
        if !rng.chance(8) { fields.append(("end", position())) }
        return .object(fields)
    }

    private mutating func contentChanges() -> FuzzValue {
        if rng.chance(10) { return anyValue(depth: 1) }
        return .array(
            (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: return .object([("text", text())])
                case 1: return anyValue(depth: 2)
                case 2: return .object([("range", range()), ("rangeLength", number()), ("text", shortText())])
                case 3: return .object([("range", range())])
                case 4: return .object([("range", range()), ("text", number())])
                default: return .object([("range", range()), ("text", shortText())])
                }
            })
    }

    private mutating func shortText() -> FuzzValue {
        rng.chance(3)
            ? escapedText(Int.random(in: 0...4, using: &rng))
            : .json(.string(ClientText.randomText(Int.random(in: 0...4, using: &rng), using: &rng)))
    }

    /// A document's text: ordinary, oddly escaped, over the raw-string threshold, or deeply indented.
    private mutating func text() -> FuzzValue {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<55: return .json(.string(ClientText.randomText(Int.random(in: 0...25, using: &rng), using: &rng)))
        case 55..<85: return escapedText(Int.random(in: 0...30, using: &rng))
        case 85..<90:
            // Over 64 KB: the server splits it into lines while still escaped.
            var bytes: [UInt8] = []
            while bytes.count <= 1 << 16 { bytes += escapedPiece().sent }
            return .rawString(bytes)
        case 90..<92: return .rawString(rng.pick(FrameFuzzer.deepOutlines))
        case 92..<94: return .rawString(FrameFuzzer.longLine)
        default: return rng.chance(2) ? .json("") : number()
        }
    }

    /// Outlines hundreds and thousands of levels deep, escaped (made once: they are megabytes).
    static let deepOutlines: [[UInt8]] = [150, 900, 2_600].map { depth in
        var out: [UInt8] = []
        for level in 0..<depth {
            for _ in 0..<level { out += [0x5C, 0x74] }  // \t
            out += Array(["- a", "p:", "n"][level % 3].utf8) + [0x5C, 0x6E]  // \n
        }
        return out
    }

    /// One line of 100 KB with 20,000 tags.
    static let longLine = Array(String(repeating: "x @t ", count: 20_000).utf8)

    private mutating func escapedPiece() -> EscapedPiece {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<3: rng.pick(EscapedPiece.lineEnds)
        case 3..<6: rng.pick(EscapedPiece.oddities)
        default: rng.pick(EscapedPiece.words)
        }
    }

    private mutating func escapedText(_ pieces: Int) -> FuzzValue {
        .rawString((0..<pieces).flatMap { _ in escapedPiece().sent })
    }

    private mutating func settings() -> FuzzValue {
        var fields: [(String, FuzzValue)] = []
        if rng.chance(2) { fields.append(("maxLineLength", number())) }
        if rng.chance(2) { fields.append(("indentWidth", number())) }
        if rng.chance(3) {
            fields.append(("dateTags", rng.chance(2) ? .json(["due", "start", "x"]) : anyValue(depth: 1)))
        }
        if rng.chance(3) {
            fields.append(("doneFormat", .json(.string(rng.pick(["date", "datetime", "bare", "x", ""])))))
        }
        if rng.chance(3) { fields.append(("overdue", rng.chance(2) ? .json(.bool(rng.chance(2))) : number())) }
        return .object(fields)
    }

    /// Any JSON value, a few levels deep.
    private mutating func anyValue(depth: Int) -> FuzzValue {
        let k = Int.random(in: 0..<(depth >= 3 ? 5 : 8), using: &rng)
        switch k {
        case 0: return .json(nil)
        case 1: return .json(.bool(rng.chance(2)))
        case 2: return number()
        case 3:
            return .json(.string(rng.pick(["", "x", "file:///fuzz/0.taskpaper", "東京👍🏽", "\n\r", "@due(2025-02-30)"])))
        case 4: return escapedText(Int.random(in: 0...3, using: &rng))
        case 5, 6:
            let keys = [
                "textDocument", "uri", "position", "line", "character", "range", "start", "end", "text", "x", "id",
                "settings",
            ]
            return .object(
                (0..<Int.random(in: 0...4, using: &rng)).map { _ in (rng.pick(keys), anyValue(depth: depth + 1)) })
        default:
            return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in anyValue(depth: depth + 1) })
        }
    }
}
