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

    /// How many bytes are left.
    var room: Int { limit - cursor }

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

    /// Bytes past a writer's bound that `block` and `word` may overwrite (they store whole blocks
    /// and advance by what counts; the next piece overwrites the rest): a reservation adds it once.
    public static let blockSlack = 64

    /// The first `count` bytes of `source`, copied as `blocks` 16-byte blocks (`source` is readable in
    /// whole blocks; a constant `blocks` unrolls into that many stores).
    @inline(__always) mutating func block(_ source: UnsafeRawPointer, count: Int, blocks: Int) {
        assert(count <= 16 * blocks && limit - cursor >= 16 * blocks, "wrote past the reservation")
        for k in 0..<blocks {
            UnsafeMutableRawPointer(cursor + 16 * k).storeBytes(
                of: (source + 16 * k).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        }
        cursor += count
    }

    /// The first `count` bytes of a word, lowest first (digits made by `digitWord`).
    @inline(__always) mutating func word(_ w: UInt64, count: Int) {
        assert(limit - cursor >= 8, "wrote past the reservation")
        UnsafeMutableRawPointer(cursor).storeBytes(of: w.littleEndian, as: UInt64.self)
        cursor += count
    }

    /// A decimal integer: below 10^8 as one word, else digit by digit.
    @inline(__always) mutating func number(_ value: Int) {
        if let (w, count) = ReservedBytes.digitWord(value) { word(w, count: count) } else { digits(value) }
    }

    /// The decimal digits of `value` (0 ..< 10^8) in a word, the first digit lowest, and how many
    /// there are; nil for other values. Two digits per division by 100.
    @inline(__always) static func digitWord(_ value: Int) -> (UInt64, Int)? {
        guard value >= 0, value < 100_000_000 else { return nil }
        let pairs = UnsafeRawPointer(ReservedBytes.digitPairs.utf8Start)
        var v = UInt(bitPattern: value), w: UInt64 = 0, count = 0
        while v >= 10 {
            // The pair's first digit is its lower byte; the digits after it move up.
            w = w << 16 | UInt64(pairs.loadUnaligned(fromByteOffset: Int(v % 100) * 2, as: UInt16.self).littleEndian)
            v /= 100
            count += 2
        }
        if v > 0 || count == 0 {
            w = w << 8 | UInt64(v + 0x30)
            count += 1
        }
        return (w, count)
    }

    /// Bytes that need no escaping in a JSON string (checked with `isPlain`), copied whole:
    /// overlapping words for short runs, 16-byte blocks for long ones.
    @inline(__always) mutating func plainCopy(_ source: UnsafePointer<UInt8>, count n: Int) {
        precondition(limit - cursor >= n, "wrote past the reservation")
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(cursor)
        if n >= 16 {
            var k = 0
            while k + 16 < n {
                to.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self), toByteOffset: k,
                    as: SIMD16<UInt8>.self)
                k += 16
            }
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: n - 16, as: SIMD16<UInt8>.self), toByteOffset: n - 16,
                as: SIMD16<UInt8>.self)
        } else if n >= 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4, as: UInt32.self)
        } else {
            for k in 0..<n { cursor[k] = source[k] }
        }
        cursor += n
    }

    /// How many bytes `digits` writes for `value`.
    @inline(__always) static func digitCount(_ value: Int) -> Int {
        guard value >= 0, value < 100_000_000 else { return slowDigitCount(value) }
        // Comparisons, no division: most numbers here are line numbers and columns.
        var count = 1
        if value >= 10 { count += 1 }
        if value >= 100 { count += 1 }
        if value >= 1000 { count += 1 }
        if value >= 10_000 { count += 1 }
        if value >= 100_000 { count += 1 }
        if value >= 1_000_000 { count += 1 }
        if value >= 10_000_000 { count += 1 }
        return count
    }

    private static func slowDigitCount(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1, v = value.magnitude
        while v >= 10 {
            count += 1
            v /= 10
        }
        return count
    }

    /// How many bytes `escaped` writes for `b`.
    static func escapedCount(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        var count = b.count
        for c in b where c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 {
            count += c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c == 0x0A || c == 0x0D || c == 0x09 ? 1 : 5
        }
        return count
    }

    /// Whether `b[range]` holds no quote, backslash or control byte: copied with `plainCopy`, it
    /// reads as written inside a JSON string. Eight bytes a step, the last step overlapping, with no
    /// branch but the loop's.
    static func isPlain(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let base = UnsafeRawPointer(b.baseAddress!), end = range.upperBound
        guard range.count >= 8 else {
            for c in b[range] where c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { return false }
            return true
        }
        var specials: UInt64 = 0, k = range.lowerBound
        while k + 8 < end {
            specials |= specialBits(base.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            k += 8
        }
        specials |= specialBits(base.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
        return specials == 0
    }

    /// Nonzero when some byte of `word` is a quote, a backslash or a control byte (the lowest such
    /// byte's high bit is exact; borrows may mark bytes above it).
    @inline(__always) private static func specialBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        // A byte below 0x20 (or a zero after the xor) borrows into its high bit, unless it is >= 0x80.
        let control = (word &- ones &* 0x20) & ~word
        return (control | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highs
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
