/// The character classes of TaskPaper 3's tag expression, read from UTF-8
/// bytes (see `Sources/TaskPaper/README.md`, "Tags"): JavaScript's white space
/// and the tag-name classes, which are UTF-16 code units.
enum TextClasses {
    /// The byte length of the white-space character starting at `i`, or 0.
    @inline(__always)
    static func whiteSpaceLength(at i: Int, in b: UnsafeBufferPointer<UInt8>) -> Int {
        let c = b[i]
        if c < 0x80 { return isASCIIWhiteSpace(c) ? 1 : 0 }
        return nonASCIIWhiteSpaceLength(at: i, in: b)
    }

    /// Whether the character ending just before `i` is white space.
    @inline(__always)
    static func whiteSpaceEnds(at i: Int, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        let c = b[i - 1]
        if c < 0x80 { return isASCIIWhiteSpace(c) }
        if i >= 2, b[i - 2] == 0xC2, c == 0xA0 { return true }
        return i >= 3 && nonASCIIWhiteSpaceLength(at: i - 3, in: b) == 3
    }

    /// Where TaskPaper's lookahead `(?=\s|$)` holds: at the end or before white space.
    @inline(__always)
    static func isBoundary(_ i: Int, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        i == b.count || whiteSpaceLength(at: i, in: b) > 0
    }

    /// Space, tab, `\n`, `\v`, `\f`, `\r`.
    @inline(__always)
    static func isASCIIWhiteSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF.
    static func nonASCIIWhiteSpaceLength(at i: Int, in b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = b.count
        switch b[i] {
        case 0xC2:
            return i + 1 < n && b[i + 1] == 0xA0 ? 2 : 0
        case 0xE1:
            return i + 2 < n && b[i + 1] == 0x9A && b[i + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard i + 2 < n else { return 0 }
            let b1 = b[i + 1], b2 = b[i + 2]
            if b1 == 0x80 { return b2 >= 0x80 && b2 <= 0x8A || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF ? 3 : 0 }
            return b1 == 0x81 && b2 == 0x9F ? 3 : 0
        case 0xE3:
            return i + 2 < n && b[i + 1] == 0x80 && b[i + 2] == 0x80 ? 3 : 0
        case 0xEF:
            return i + 2 < n && b[i + 1] == 0xBB && b[i + 2] == 0xBF ? 3 : 0
        default:
            return 0
        }
    }

    /// The byte length of the tag-name character starting at `i`, or 0. A
    /// character outside the Basic Multilingual Plane is two UTF-16 units,
    /// surrogates, which no name class holds.
    @inline(__always)
    static func nameCharacterLength(at i: Int, in b: UnsafeBufferPointer<UInt8>) -> Int {
        let c = b[i]
        if c < 0x80 { return isASCIINameByte(c) ? 1 : 0 }
        let n = b.count
        if c >= 0xC2, c < 0xE0, i + 1 < n, b[i + 1] & 0xC0 == 0x80 {
            return isNameUnit(UInt32(c & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F)) ? 2 : 0
        }
        if c >= 0xE0, c < 0xF0, i + 2 < n, b[i + 1] & 0xC0 == 0x80, b[i + 2] & 0xC0 == 0x80 {
            let unit = UInt32(c & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
            return isNameUnit(unit) ? 3 : 0
        }
        return 0
    }

    /// `A-Z a-z 0-9 _ - .`, for a byte below 0x80: one bit test in a 128-bit map (a name's every byte
    /// is tested).
    @inline(__always)
    static func isASCIINameByte(_ c: UInt8) -> Bool {
        // Bits 0x2D `-`, 0x2E `.`, 0x30-0x39; then 0x41-0x5A, 0x5F `_`, 0x61-0x7A counted from 0x40.
        let low: UInt64 = 1 << 0x2D | 1 << 0x2E | 0x3FF << 0x30
        let high: UInt64 = 0x3FF_FFFF << 0x01 | 1 << 0x1F | 0x3FF_FFFF << 0x21
        return (c < 0x40 ? low >> c : high >> (c & 0x3F)) & 1 != 0
    }

    /// TaskPaper's name start and name classes together (a name may start with either).
    static func isNameUnit(_ unit: UInt32) -> Bool {
        switch unit {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2D, 0x2E, 0xB7,
            0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x203F...0x2040,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD:
            true
        default:
            false
        }
    }

    /// U+1680 and U+FEFF are both name characters and white space: a name
    /// that fails may end at one of them instead (the expression backtracks).
    @inline(__always)
    static func isWhiteSpaceNameCharacter(at i: Int, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        (b[i] == 0xE1 || b[i] == 0xEF) && nonASCIIWhiteSpaceLength(at: i, in: b) == 3
    }
}
