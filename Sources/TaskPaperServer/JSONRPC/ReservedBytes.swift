import TaskPaper

/// A cursor over memory a `JSONWriter` reserved (`withReservedBytes`): each piece is stored
/// through a pointer, with no capacity or uniqueness check per piece. The writers of the
/// large answers (document symbols, semantic tokens) put out millions of small pieces.
/// Whoever reserves must bound what it writes: `maxEscapedCount` and `maxDigitCount` help.
public struct ReservedBytes {
    private(set) var cursor: UnsafeMutablePointer<UInt8>
    private let limit: UnsafeMutablePointer<UInt8>

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        cursor = buffer.baseAddress!
        limit = cursor + buffer.count
    }

    /// The most bytes `escaped` writes for `count` bytes (a control byte becomes `\u00XX`).
    public static func maxEscapedCount(_ count: Int) -> Int { count * 6 }

    /// The most bytes `digits` writes (`-9223372036854775808`).
    public static let maxDigitCount = 20

    @inline(__always) public mutating func byte(_ b: UInt8) {
        assert(cursor < limit, "wrote past the reservation")
        cursor.pointee = b
        cursor += 1
    }

    /// A fixed run of JSON (`,"kind":`) or string text that needs no escaping.
    @inline(__always) public mutating func plain(_ s: StaticString) {
        plain(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    @inline(__always) public mutating func plain(_ b: UnsafeBufferPointer<UInt8>) {
        assert(limit - cursor >= b.count, "wrote past the reservation")
        if let base = b.baseAddress { cursor.update(from: base, count: b.count) }
        cursor += b.count
    }

    /// A decimal integer.
    @inline(__always) public mutating func digits(_ value: Int) {
        if value >= 0, value < 10 {
            byte(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        if value < 0 { byte(UInt8(ascii: "-")) }
        digits(magnitude: value.magnitude)
    }

    /// A non-negative decimal (the semantic-token hot path: mostly one or two digits).
    @inline(__always) public mutating func digits(_ value: UInt32) {
        if value < 10 {
            byte(UInt8(truncatingIfNeeded: value) &+ 0x30)
        } else if value < 100 {
            assert(limit - cursor >= 2, "wrote past the reservation")
            cursor[0] = UInt8(truncatingIfNeeded: value / 10) &+ 0x30
            cursor[1] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
            cursor += 2
        } else {
            digits(magnitude: UInt(value))
        }
    }

    /// Counts the digits, then writes them right to left.
    private mutating func digits(magnitude value: UInt) {
        var count = 1, rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        assert(limit - cursor >= count, "wrote past the reservation")
        var v = value, p = cursor + count
        repeat {
            p -= 1
            p.pointee = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
            v /= 10
        } while v > 0
        cursor += count
    }

    /// UTF-8 bytes inside a JSON string: plain runs copied whole; quotes, backslashes and
    /// control bytes escaped as `JSONWriter.appendEscaped` escapes them.
    public mutating func escaped(_ b: UnsafeBufferPointer<UInt8>) {
        var k = 0
        while k < b.count {
            let runEnd = ByteScan.firstJSONStringSpecial(in: b, from: k)
            plain(UnsafeBufferPointer(rebasing: b[k..<runEnd]))
            guard runEnd < b.count else { break }
            let c = b[runEnd]
            byte(0x5C)
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte(c)
            case 0x0A: byte(UInt8(ascii: "n"))
            case 0x0D: byte(UInt8(ascii: "r"))
            case 0x09: byte(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                plain("u00")
                byte(hex.utf8Start[Int(c >> 4)])
                byte(hex.utf8Start[Int(c & 15)])
            }
            k = runEnd + 1
        }
    }
}

extension JSONWriter {
    /// Writes at most `maxCount` bytes through a `ReservedBytes` cursor, as raw bytes after
    /// what is written (the caller writes any separator it needs). One capacity check for all of them.
    public mutating func withReservedBytes(maxCount: Int, _ body: (inout ReservedBytes) -> Void) {
        appendUninitialized(maxCount) { buffer in
            var out = ReservedBytes(buffer)
            body(&out)
            return out.cursor - buffer.baseAddress!
        }
    }
}
