/// Word-at-a-time byte searches (SWAR): the loops that touch every byte of a
/// 5 MB document (line ends, `@`, JSON string runs) test eight bytes per step.
public enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is zero.
    @inline(__always) private static func hasZero(_ word: UInt64) -> Bool { zeroBytes(word) != 0 }

    /// The high bit of each zero byte of `word` set (and maybe of bytes above the lowest zero one).
    @inline(__always) private static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// The same for bytes below 0x20: `byte - 0x20` borrows into the high bit of a byte that is not itself >= 0x80.
    @inline(__always) private static func controlBytes(_ word: UInt64) -> UInt64 {
        (word &- ones &* 0x20) & ~word & highs
    }

    @inline(__always) private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasZero(word ^ (ones &* UInt64(byte)))
    }

    @inline(__always) private static func load(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
        UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
    }

    /// The first index at or after `from` holding `a` or `b`, or `b.count`.
    public static func firstIndex(of x: UInt8, or y: UInt8, in buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var i = from
        let n = buf.count
        while i + 8 <= n {
            let w = load(buf, i)
            if hasByte(w, x) || hasByte(w, y) { break }
            i += 8
        }
        while i < n, buf[i] != x, buf[i] != y { i += 1 }
        return i
    }

    /// The first index at or after `from` holding `x`, or `buf.count`.
    public static func firstIndex(of x: UInt8, in buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        firstIndex(of: x, or: x, in: buf, from: from)
    }

    /// Copies `src[from..<end]` into `dst` up to the first `x` or control byte (below 0x20: never plain
    /// in a JSON string), a word at a time (a short run copied by
    /// `memcpy` costs more in the call than in the copy), and returns where it stopped. It may write up
    /// to `dst + (end - from)`, past the stop: a caller writes those bytes again (decoding never
    /// lengthens text). Every byte of the words it reads is ORed into `bits`, so a caller whose other
    /// bytes are ASCII learns for free whether the copied ones were.
    @inline(__always)
    public static func copy(
        _ src: UnsafePointer<UInt8>, from: Int, to end: Int, upTo x: UInt8, into dst: UnsafeMutablePointer<UInt8>,
        bits: inout UInt64
    ) -> Int {
        let pattern = ones &* UInt64(x)
        var k = from
        while k + 8 <= end {
            let w = UnsafeRawPointer(src + k).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(dst + (k - from)).storeBytes(of: w, as: UInt64.self)
            bits |= w
            // The lowest flagged byte is exact (a false flag only ever stands above a true one).
            let found = zeroBytes(w ^ pattern) | controlBytes(w)
            if found != 0 { return k + found.trailingZeroBitCount / 8 }
            k += 8
        }
        guard k < end else { return k }
        if end - 8 >= from {
            // The run's last word, overlapping bytes copied already (to the same place).
            let last = end - 8, w = UnsafeRawPointer(src + last).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(dst + (last - from)).storeBytes(of: w, as: UInt64.self)
            bits |= w
            let seen = UInt64(8 * (k - last))
            let found = (zeroBytes(w ^ pattern) | controlBytes(w)) & ~((1 << seen) &- 1)
            return found == 0 ? end : last + found.trailingZeroBitCount / 8
        }
        while k < end, src[k] != x, src[k] >= 0x20 {
            dst[k - from] = src[k]
            bits |= UInt64(src[k])
            k += 1
        }
        return k
    }

    /// Whether the bytes ORed together in `bits` (`copy`) were all ASCII.
    @inline(__always) public static func isASCII(bits: UInt64) -> Bool { bits & highs == 0 }

    /// The first byte that ends a plain run inside a JSON string: `"`, `\` or a control byte.
    public static func firstJSONStringSpecial(in buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var i = from
        let n = buf.count
        while i + 8 <= n {
            let w = load(buf, i)
            // A byte below 0x20: (byte - 0x20) borrows into its high bit, unless the byte itself is >= 0x80.
            let control = (w &- ones &* 0x20) & ~w & highs != 0
            if control || hasByte(w, 0x22) || hasByte(w, 0x5C) { break }
            i += 8
        }
        while i < n, buf[i] != 0x22, buf[i] != 0x5C, buf[i] >= 0x20 { i += 1 }
        return i
    }

    /// Whether the bytes are well-formed UTF-8, as `String(decoding:)` would take them without repair
    /// (no overlong forms, surrogates or scalars past U+10FFFF). ASCII runs are skipped a word at a time.
    public static func isValidUTF8(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = buf.count
        while i < n {
            if i + 8 <= n, load(buf, i) & highs == 0 {
                i += 8
                continue
            }
            let lead = buf[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int, smallest: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC0...0xDF: (length, smallest, scalar) = (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (length, smallest, scalar) = (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF7: (length, smallest, scalar) = (4, 0x10000, UInt32(lead & 0x07))
            default: return false
            }
            guard i + length <= n else { return false }
            for k in 1..<length {
                let next = buf[i + k]
                guard next & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
            i += length
        }
        return true
    }

    public static func isASCII(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0, acc: UInt64 = 0
        let n = buf.count
        while i + 8 <= n { acc |= load(buf, i); i += 8 }
        while i < n { acc |= UInt64(buf[i]); i += 1 }
        return acc & highs == 0
    }
}
