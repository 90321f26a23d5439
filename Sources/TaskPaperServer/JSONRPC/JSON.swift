import TaskPaper

/// A JSON value as it arrives from the client. Decoding is ours (not
/// Foundation's) so that a 5 MB `didOpen` is read in one pass with one copy of
/// its text, nesting depth is bounded, and every error is ours to report.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let o) = self { return o[key] } else { return nil }
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: [String: JSON]? { if case .object(let o) = self { o } else { nil } }
    public var isNull: Bool { self == .null }
    /// An integer, also from a double with no fraction (some clients send `1.0`).
    public var intValue: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d.rounded() == d && abs(d) < 9e15: Int(d)
        default: nil
        }
    }
}

public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public var offset: Int
}

/// A recursive-descent parser over UTF-8 bytes, strict per RFC 8259.
public struct JSONParser {
    public static let maxDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBufferPointer { buf throws(JSONParseError) -> JSON in
            var p = JSONParser(b: buf)
            p.skipSpace()
            let v = try p.value(depth: 0)
            p.skipSpace()
            guard p.i == buf.count else { throw p.error("trailing characters after the JSON value") }
            return v
        }
    }

    private let b: UnsafeBufferPointer<UInt8>
    private var i = 0

    private init(b: UnsafeBufferPointer<UInt8>) { self.b = b }

    private func error(_ message: String) -> JSONParseError { JSONParseError(description: "\(message) at byte \(i)", offset: i) }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSON {
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        guard i < b.count else { throw error("unexpected end of input") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { throw error("unexpected end of input") }
        for k in 0..<n where b[i + k] != word.utf8Start[k] { throw error("invalid literal") }
        i += n
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSON {
        i += 1
        var result: [String: JSON] = [:]
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(result) }
        while true {
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipSpace()
            result[key] = try value(depth: depth + 1)
            skipSpace()
            guard i < b.count else { throw error("unexpected end of input") }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { i += 1; return .object(result) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSON {
        i += 1
        var result: [JSON] = []
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(result) }
        while true {
            skipSpace()
            result.append(try value(depth: depth + 1))
            skipSpace()
            guard i < b.count else { throw error("unexpected end of input") }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "]") { i += 1; return .array(result) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func number() throws(JSONParseError) -> JSON {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < b.count, isDigit(b[i]) else { throw error("invalid number") }
        if b[i] == UInt8(ascii: "0") { i += 1 } else { while i < b.count, isDigit(b[i]) { i += 1 } }
        var isInteger = true
        if i < b.count, b[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < b.count, isDigit(b[i]) else { throw error("invalid number") }
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count, isDigit(b[i]) else { throw error("invalid number") }
            while i < b.count, isDigit(b[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        if isInteger, let v = Int(text) { return .int(v) }
        guard let d = Double(text) else { throw error("invalid number") }
        return .double(d)
    }

    @inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// Reads a string. The fast path copies runs of plain bytes at once, since
    /// a document's text is one long string with an escape per line end.
    private mutating func string() throws(JSONParseError) -> String {
        i += 1
        let start = i
        i = ByteScan.firstJSONStringSpecial(in: b, from: i)
        guard i < b.count else { throw error("unterminated string") }
        if b[i] == UInt8(ascii: "\"") {
            let run = UnsafeBufferPointer(rebasing: b[start..<i])
            i += 1
            return try validated(run)
        }
        // Decode straight into the string's storage: one pass, one buffer, whatever the size.
        var failure: JSONParseError?
        let capacity = escapedStringLength(from: i) + (i - start)
        let decoded = String(unsafeUninitializedCapacity: capacity) { out -> Int in
            var n = 0
            func copy(_ from: Int, _ to: Int) {
                out.baseAddress!.advanced(by: n).update(from: b.baseAddress!.advanced(by: from), count: to - from)
                n += to - from
            }
            copy(start, i)
            while true {
                guard i < b.count else { failure = error("unterminated string"); return 0 }
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; return n }
                if c < 0x20 { failure = error("control character in string"); return 0 }
                if c != UInt8(ascii: "\\") {
                    let runStart = i
                    i = ByteScan.firstJSONStringSpecial(in: b, from: i)
                    copy(runStart, i)
                    continue
                }
                i += 1
                guard i < b.count else { failure = error("unterminated escape"); return 0 }
                let e = b[i]
                i += 1
                let byte: UInt8
                switch e {
                case UInt8(ascii: "\""): byte = 0x22
                case UInt8(ascii: "\\"): byte = 0x5C
                case UInt8(ascii: "/"): byte = 0x2F
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "f"): byte = 0x0C
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "t"): byte = 0x09
                case UInt8(ascii: "u"):
                    do {
                        let scalar = try unicodeEscape()
                        UTF8.encode(scalar) { out[n] = $0; n += 1 }
                    } catch let e {
                        failure = (e as? JSONParseError) ?? error("invalid \\u escape")
                        return 0
                    }
                    continue
                default: failure = error("invalid escape"); return 0
                }
                out[n] = byte
                n += 1
            }
        }
        if let failure { throw failure }
        return decoded
    }

    /// An upper bound of the decoded length from `from` to the closing quote
    /// (escapes only shrink), so a 5 MB document's text is decoded into one buffer.
    private func escapedStringLength(from: Int) -> Int {
        var k = from
        while true {
            k = ByteScan.firstIndex(of: UInt8(ascii: "\""), or: UInt8(ascii: "\\"), in: b, from: k)
            guard k < b.count else { return k - from }
            if b[k] == UInt8(ascii: "\"") { return k - from }
            k += 2
        }
    }

    private func validated(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> String {
        guard let s = String(validating: bytes, as: UTF8.self) else { throw error("invalid UTF-8 in string") }
        return s
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= b.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// A `\uXXXX` escape, joining surrogate pairs; a lone surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first), i + 6 <= b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") {
            let save = i
            i += 2
            let second = try hex4()
            if (0xDC00..<0xE000).contains(second) {
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            i = save
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

}

extension JSON: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(Dictionary(elements) { $1 }) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(floatLiteral value: Double) { self = .double(value) }

    /// The value as compact JSON text.
    public var serialized: String {
        var w = JSONWriter()
        write(to: &w)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
