/// A cursor over memory a `JSONWriter` reserved (`withReservedBytes`): each piece is stored
/// through a pointer, with no capacity or uniqueness check per piece. The writers of the
/// large answers (document symbols, semantic tokens) put out millions of small pieces.
/// Whoever reserves must bound what it writes (`maxEscapedCount`, `maxDigitCount`); a run of
/// text checks its room once, a byte or a number only in debug builds.
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
        precondition(limit - cursor >= b.count, "wrote past the reservation")
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
        } else {
            digits(magnitude: UInt(value))
        }
    }

    /// "00" to "99": two digits per division by 100.
    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// Counts the digits by comparing, then writes them right to left, two at a time.
    private mutating func digits(magnitude value: UInt) {
        var count = 2, power: UInt = 100
        if value < 10 {
            count = 1
        } else {
            while count < 20, value >= power {
                count += 1
                power &*= 10
            }
        }
        assert(limit - cursor >= count, "wrote past the reservation")
        let pairs = ReservedBytes.digitPairs.utf8Start
        var v = value, p = cursor + count
        while v >= 10 {
            let pair = Int(v % 100)
            v /= 100
            p -= 2
            p[0] = pairs[2 * pair]
            p[1] = pairs[2 * pair + 1]
        }
        if p > cursor { cursor[0] = UInt8(truncatingIfNeeded: v) &+ 0x30 }
        cursor += count
    }

    /// UTF-8 bytes inside a JSON string, escaped as `JSONWriter.appendEscaped` escapes them:
    /// quotes, backslashes and control bytes. Plain bytes are copied eight at a time while checked.
    public mutating func escaped(_ b: UnsafeBufferPointer<UInt8>) {
        guard let base = b.baseAddress else { return }
        let n = b.count
        // Once a call, in release builds too: a bound gone wrong must stop here, not corrupt the heap.
        precondition(limit - cursor >= ReservedBytes.maxEscapedCount(n), "escaped text past the reservation")
        var k = 0
        while k < n {
            while k + 8 <= n {
                let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
                guard ReservedBytes.isPlain(word) else { break }
                UnsafeMutableRawPointer(cursor).storeBytes(of: word, as: UInt64.self)
                cursor += 8
                k += 8
            }
            guard k < n else { break }
            let c = b[k]
            k += 1
            guard c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 else {
                byte(c)
                continue
            }
            escape(c)
        }
    }

    /// Whether no byte of `word` is a quote, a backslash or a control byte (`ByteScan.firstJSONStringSpecial`).
    @inline(__always) private static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ w: UInt64) -> Bool { (w &- ones) & ~w & highs != 0 }
        // A byte below 0x20: (byte - 0x20) borrows into its high bit, unless the byte itself is >= 0x80.
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return !control && !hasZero(word ^ (ones &* 0x22)) && !hasZero(word ^ (ones &* 0x5C))
    }

    private mutating func escape(_ c: UInt8) {
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
