import Glibc  // memchr
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
    /// A long string left escaped as it arrived (a document's text): decoded
    /// on demand, or split into lines without ever being decoded whole.
    case rawString(JSONRawString)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let o) = self { return o[key] } else { return nil }
    }

    public var stringValue: String? {
        switch self {
        case .string(let s): s
        case .rawString(let r): r.decoded
        default: nil
        }
    }
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

    /// Strings longer than this stay escaped (`JSON.rawString`).
    public static let rawStringThreshold = 1 << 16

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        try parse(bytes, lineEnds: nil)
    }

    /// The same, given the body's line ends found as it arrived (a didOpen's text keeps its own).
    static func parse(_ bytes: [UInt8], lineEnds: ScannedLineEnds?) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBufferPointer { buf throws(JSONParseError) -> JSON in
            var p = JSONParser(b: buf, source: bytes, lineEnds: lineEnds)
            p.skipSpace()
            let v = try p.value(depth: 0, place: .top)
            p.skipSpace()
            guard p.i == buf.count else { throw p.error("trailing characters after the JSON value") }
            return v
        }
    }

    private let b: UnsafeBufferPointer<UInt8>
    private let source: [UInt8]
    private var i = 0
    /// Offsets of the `\n` / `\r` escapes in the string read last.
    private var lineEndEscapes: [Int32] = []
    /// Whether that string spelled a line end as `\u000A` or `\u000D`.
    private var unicodeLineEnd = false

    private let lineEnds: ScannedLineEnds?

    private init(b: UnsafeBufferPointer<UInt8>, source: [UInt8], lineEnds: ScannedLineEnds?) {
        self.b = b
        self.source = source
        self.lineEnds = lineEnds
    }

    private func error(_ message: String) -> JSONParseError {
        JSONParseError(description: "\(message) at byte \(i)", offset: i)
    }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// Where a value stands, as far as it matters: on the way to `params.textDocument.text`.
    private enum Place {
        case top, params, textDocument, documentText, elsewhere

        /// The place of the member `key` of an object standing here.
        func member(_ key: String) -> Place {
            switch (self, key) {
            case (.top, "params"): .params
            case (.params, "textDocument"): .textDocument
            case (.textDocument, "text"): .documentText
            default: .elsewhere
            }
        }
    }

    private mutating func value(depth: Int, place: Place = .elsewhere) throws(JSONParseError) -> JSON {
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        guard i < b.count else { throw error("unexpected end of input") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object(depth: depth, place: place)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return try place == .documentText ? documentText() : stringValue()
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

    private mutating func object(depth: Int, place: Place) throws(JSONParseError) -> JSON {
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
            result[key] = try value(depth: depth + 1, place: place.member(key))
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

    /// A string value: long ones (a document's text) stay escaped, sharing the
    /// message's bytes, so the text is never decoded whole.
    private mutating func stringValue() throws(JSONParseError) -> JSON {
        lineEndEscapes.removeAll(keepingCapacity: true)
        let range = try stringRange()
        if range.count > JSONParser.rawStringThreshold {
            return .rawString(
                JSONRawString(
                    bytes: source, range: range,
                    lineEndEscapes: unicodeLineEnd ? nil : lineEndEscapes, isChecked: true, scannedLines: nil,
                    preparedMemory: nil))
        }
        return .string(try JSONParser.unescape(b, range))
    }

    /// A didOpen's text (`params.textDocument.text`), when long: only its end is found here. Its escapes
    /// and control characters are checked as its lines are decoded, in parallel (`OpenDocument`), so
    /// the reader does not scan megabytes the open reads again (`JSONRawString.isChecked`).
    private mutating func documentText() throws(JSONParseError) -> JSON {
        let start = i + 1
        guard let end = JSONParser.closingQuote(b, contentFrom: start) else {
            i = b.count
            throw error("unterminated string")
        }
        guard end - start > JSONParser.rawStringThreshold else { return try stringValue() }
        i = end + 1
        return .rawString(
            JSONRawString(
                bytes: source, range: start..<end, lineEndEscapes: nil, isChecked: false,
                scannedLines: lineEnds?.lines(of: start..<end), preparedMemory: lineEnds?.memory))
    }

    /// The `"` that ends string content starting at `start`: the first one after an even run of
    /// backslashes (nil when there is none). Text rarely holds quotes: `memchr` finds the candidates.
    static func closingQuote(_ b: UnsafeBufferPointer<UInt8>, contentFrom start: Int) -> Int? {
        guard let base = b.baseAddress else { return nil }
        var k = start
        while k < b.count {
            guard let found = memchr(base + k, Int32(UInt8(ascii: "\"")), b.count - k) else { return nil }
            let quote = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - 1 - backslashes >= start, b[quote - 1 - backslashes] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return quote }
            k = quote + 1
        }
        return nil
    }

    private mutating func string() throws(JSONParseError) -> String {
        try JSONParser.unescape(b, try stringRange())
    }

    /// The escaped content of the string starting at `i` (its opening quote),
    /// checked: no raw control characters, only valid escapes. Moves past the
    /// closing quote. On the way it notes where `\n` and `\r` escapes stand,
    /// so a document's text can be split into lines without another pass.
    private mutating func stringRange() throws(JSONParseError) -> Range<Int> {
        let start = i + 1
        var k = start
        unicodeLineEnd = false
        while true {
            k = ByteScan.firstJSONStringSpecial(in: b, from: k)
            guard k < b.count else { i = k; throw error("unterminated string") }
            switch b[k] {
            case UInt8(ascii: "\""):
                i = k + 1
                return start..<k
            case UInt8(ascii: "\\"):
                guard k + 1 < b.count else { i = k; throw error("unterminated escape") }
                switch b[k + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "r"):
                    lineEndEscapes.append(Int32(k))
                    k += 2
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "t"):
                    k += 2
                case UInt8(ascii: "u"):
                    guard let (scalar, length) = JSONParser.unicodeEscape(b, at: k) else {
                        i = k; throw error("invalid \\u escape")
                    }
                    if scalar == "\n" || scalar == "\r" { unicodeLineEnd = true }
                    k += length
                default:
                    i = k
                    throw error("invalid escape")
                }
            default:
                i = k
                throw error("control character in string")
            }
        }
    }

    /// Decodes escaped string content (no quotes). Plain runs are copied as
    /// they are; the result is written straight into the string's storage.
    static func unescape(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(JSONParseError) -> String {
        let bounded = UnsafeBufferPointer(rebasing: b[..<range.upperBound])
        if ByteScan.firstJSONStringSpecial(in: bounded, from: range.lowerBound) == range.upperBound {
            return String(decoding: bounded[range], as: UTF8.self)
        }
        var failure: JSONParseError?
        let decoded = String(unsafeUninitializedCapacity: range.count) { out -> Int in
            do throws(JSONParseError) { return try unescape(b, range, into: out.baseAddress!) } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return decoded
    }

    /// The same into `dst`, which has room for `range.count` bytes (decoding never lengthens text);
    /// returns how many it wrote. The bytes are UTF-8 where the message's were.
    static func unescape(
        _ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into dst: UnsafeMutablePointer<UInt8>
    ) throws(JSONParseError) -> Int {
        // No nested functions here: captured mutable state would be boxed and
        // access-checked on every call (this runs for each line of a document).
        let bounded = UnsafeBufferPointer(rebasing: b[..<range.upperBound])
        let src = b.baseAddress!
        var k = ByteScan.firstJSONStringSpecial(in: bounded, from: range.lowerBound)
        var n = k - range.lowerBound
        dst.update(from: src + range.lowerBound, count: n)
        while k < range.upperBound {
            let c = bounded[k]
            if c < 0x20 { throw JSONParseError(description: "control character in string at byte \(k)", offset: k) }
            if c != UInt8(ascii: "\\") {
                let runEnd = ByteScan.firstJSONStringSpecial(in: bounded, from: k)
                (dst + n).update(from: src + k, count: runEnd - k)
                n += runEnd - k
                k = runEnd
                continue
            }
            let (written, read) = try unescapeOne(bounded, at: k, into: dst + n)
            n += written
            k += read
        }
        return n
    }

    /// Decodes one escaped line of a document (`DecodedLines`), checking it as it goes (a didOpen's text
    /// reaches here unchecked): backslashes and control characters stop a plain run. Returns the bytes
    /// written and whether they are all ASCII.
    static func unescapeLine(
        _ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into dst: UnsafeMutablePointer<UInt8>
    ) throws(JSONParseError) -> (count: Int, isASCII: Bool) {
        let bounded = UnsafeBufferPointer(rebasing: b[..<range.upperBound])
        var k = range.lowerBound, n = 0, bits: UInt64 = 0
        while k < range.upperBound {
            // Escapes one after another (indentation arrives as a run of `\t`), then a plain run.
            while k < range.upperBound, bounded[k] == UInt8(ascii: "\\") {
                if k + 1 < range.upperBound, bounded[k + 1] == UInt8(ascii: "t") {
                    dst[n] = 0x09
                    n += 1
                    k += 2
                    continue
                }
                let (written, read) = try unescapeOne(bounded, at: k, into: dst + n)
                // Only a `\u` escape writes a byte past ASCII.
                if read > 2 { for j in n..<n + written { bits |= UInt64(dst[j]) } }
                n += written
                k += read
            }
            let stop = ByteScan.copy(
                bounded.baseAddress!, from: k, to: range.upperBound, upTo: UInt8(ascii: "\\"), into: dst + n,
                bits: &bits)
            n += stop - k
            k = stop
            if k < range.upperBound, bounded[k] != UInt8(ascii: "\\") {
                throw JSONParseError(description: "control character in string at byte \(k)", offset: k)
            }
        }
        return (n, ByteScan.isASCII(bits: bits))
    }

    /// The escape whose backslash is at `k` (the last byte of `b` ends the string): returns the bytes it
    /// wrote to `dst` and the bytes it read.
    @inline(__always)
    private static func unescapeOne(
        _ b: UnsafeBufferPointer<UInt8>, at k: Int, into dst: UnsafeMutablePointer<UInt8>
    ) throws(JSONParseError) -> (written: Int, read: Int) {
        let byte: UInt8
        switch k + 1 < b.count ? b[k + 1] : 0 {
        case UInt8(ascii: "\""): byte = 0x22
        case UInt8(ascii: "\\"): byte = 0x5C
        case UInt8(ascii: "/"): byte = 0x2F
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "u"):
            guard let (scalar, length) = unicodeEscape(b, at: k) else {
                throw JSONParseError(description: "invalid \\u escape at byte \(k)", offset: k)
            }
            var written = 0
            for unit in UTF8.encode(scalar)! {
                dst[written] = unit
                written += 1
            }
            return (written, length)
        default:
            throw JSONParseError(description: "invalid escape at byte \(k)", offset: k)
        }
        dst.pointee = byte
        return (1, 2)
    }

    /// A `\uXXXX` escape at `at` (its backslash), joining a surrogate pair;
    /// a lone surrogate becomes U+FFFD. Returns the scalar and the bytes read.
    static func unicodeEscape(_ b: UnsafeBufferPointer<UInt8>, at: Int) -> (Unicode.Scalar, Int)? {
        guard let first = hex4(b, at + 2) else { return nil }
        if (0xD800..<0xDC00).contains(first), at + 12 <= b.count, b[at + 6] == UInt8(ascii: "\\"),
            b[at + 7] == UInt8(ascii: "u"),
            let second = hex4(b, at + 8), (0xDC00..<0xE000).contains(second)
        {
            return (Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!, 12)
        }
        return (Unicode.Scalar(first) ?? "\u{FFFD}", 6)
    }

    private static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
        guard at + 4 <= b.count else { return nil }
        var v: UInt32 = 0
        for k in at..<at + 4 {
            let c = b[k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }
}

/// A string still escaped as it arrived: a view into the message's bytes.
public struct JSONRawString: Sendable, Equatable {
    public let bytes: [UInt8]
    public let range: Range<Int>
    /// Where its `\n` and `\r` escapes stand, in order; nil when a line end
    /// was spelled as a `\u` escape (then it can only be decoded whole), or when not checked.
    let lineEndEscapes: [Int32]?
    /// Whether the parser checked it (escapes, no control characters). A didOpen's text is checked
    /// as it is decoded instead: whoever decodes it finds out (`decoded`, `DecodedLines.line`).
    let isChecked: Bool
    /// Its lines, when they were found as the message arrived (`LineEndScanner`).
    let scannedLines: [LineSpan]?
    /// Memory faulted in for them meanwhile, as large as the message.
    let preparedMemory: LineBytes?

    /// The decoded string, or nil when its escapes are malformed.
    public var decoded: String? { try? decode() }

    /// The decoded string; throws what is malformed.
    public func decode() throws(JSONParseError) -> String {
        try bytes.withUnsafeBufferPointer { b throws(JSONParseError) in try JSONParser.unescape(b, range) }
    }

    public static func == (a: Self, b: Self) -> Bool { a.decoded == b.decoded }
}

extension JSON: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
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
