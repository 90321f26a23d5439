import TaskPaperServer

/// JSON under construction, with room for what JSONWriter never writes:
/// string contents as raw bytes (escapes of every kind, invalid UTF-8) and
/// bytes that are no JSON at all.
indirect enum FuzzValue {
    case json(JSON)
    /// Bytes placed between quotes as they are.
    case rawString([UInt8])
    /// Bytes placed as they are.
    case raw([UInt8])
    case object([(String, FuzzValue)])
    case array([FuzzValue])

    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    func write(to out: inout [UInt8]) {
        switch self {
        case .json(let j): out += Array(j.serialized.utf8)
        case .rawString(let b): out.append(0x22); out += b; out.append(0x22)
        case .raw(let b): out += b
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out += Array(JSON.string(key).serialized.utf8)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    /// A message envelope; `id` nil makes a notification.
    static func message(id: FuzzValue?, method: String, params: FuzzValue?) -> FuzzValue {
        var fields: [(String, FuzzValue)] = [("jsonrpc", .json("2.0"))]
        if let id { fields.append(("id", id)) }
        fields.append(("method", .json(.string(method))))
        if let params { fields.append(("params", params)) }
        return .object(fields)
    }
}

/// Pieces of a JSON string's content as sent and as they decode, so a test
/// can build escaped text the way no serializer would and still know the text.
struct EscapedPiece {
    let sent: [UInt8]
    /// The bytes it decodes to (before the lossy UTF-8 repair the server applies).
    let decoded: [UInt8]

    init(_ sent: String, _ decoded: String) { self.sent = Array(sent.utf8); self.decoded = Array(decoded.utf8) }
    init(sent: [UInt8], decoded: [UInt8]) { self.sent = sent; self.decoded = decoded }

    static let lineEnds = [
        EscapedPiece("\\n", "\n"), EscapedPiece("\\r\\n", "\r\n"), EscapedPiece("\\r", "\r"),
        EscapedPiece("\\u000a", "\n"), EscapedPiece("\\u000D\\u000A", "\r\n"), EscapedPiece("\\u000d", "\r"),
    ]

    /// Escapes, astral pairs, lone surrogates (which decode to U+FFFD) and invalid UTF-8.
    /// No piece starts with a low surrogate: after one ending in a high one, the two would pair.
    static let oddities: [EscapedPiece] = [
        EscapedPiece("\\t", "\t"), EscapedPiece("\\/", "/"), EscapedPiece("\\\"", "\""), EscapedPiece("\\\\", "\\"),
        EscapedPiece("\\u00e9", "é"), EscapedPiece("\\u0041\\u0301", "A\u{301}"), EscapedPiece("\\ud83d\\ude00", "😀"),
        EscapedPiece("\\uD83D\\uDC4D\\uD83C\\uDFFD", "👍🏽"), EscapedPiece("\\ud800", "\u{FFFD}"),
        EscapedPiece("x\\udc00", "x\u{FFFD}"),
        EscapedPiece("\\ud800\\u0041", "\u{FFFD}A"), EscapedPiece("\\u0000", "\u{0}"),
        EscapedPiece("\\u001f", "\u{1F}"),
        EscapedPiece(sent: [0xFF], decoded: [0xFF]), EscapedPiece(sent: [0xC0, 0xAF], decoded: [0xC0, 0xAF]),
        EscapedPiece(sent: [0xED, 0xA0, 0x80], decoded: [0xED, 0xA0, 0x80]),
        EscapedPiece(sent: [0xF4, 0x90, 0x80, 0x80], decoded: [0xF4, 0x90, 0x80, 0x80]),
        EscapedPiece(sent: [0xE2, 0x82], decoded: [0xE2, 0x82]),
        EscapedPiece(sent: [0x80, 0x61], decoded: [0x80, 0x61]),
    ]

    static let words = [
        EscapedPiece("- task ", "- task "), EscapedPiece("@due(2025-02-30)", "@due(2025-02-30)"),
        EscapedPiece("Home:", "Home:"), EscapedPiece("\\t- a @x", "\t- a @x"), EscapedPiece(" @done", " @done"),
        EscapedPiece("東京", "東京"), EscapedPiece("@due(tomorow)", "@due(tomorow)"), EscapedPiece("(", "("),
    ]
}
