/// The character classes TaskPaper 3's link patterns use, read on UTF-8 bytes
/// as JavaScript regular expressions read them: `\w` and `\b` are ASCII only,
/// `\s` is JavaScript's white space (which includes U+00A0, U+2000…U+200A, U+3000…).
struct LinkText {
    let bytes: [UInt8]
    var count: Int { bytes.count }

    subscript(_ i: Int) -> UInt8 { bytes[i] }

    static func isWord(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Whether `\b` holds just before offset `i` (a line's ends count as non-word).
    func isWordBoundary(at i: Int) -> Bool {
        let before = i > 0 && LinkText.isWord(bytes[i - 1])
        let after = i < count && LinkText.isWord(bytes[i])
        return before != after
    }

    /// The length in bytes of the character at `i`.
    func characterLength(at i: Int) -> Int {
        let b = bytes[i]
        let n = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        return min(n, count - i)
    }

    /// The Unicode scalar at `i` (for the few non-ASCII characters the patterns name).
    func scalar(at i: Int) -> UInt32 {
        let n = characterLength(at: i)
        guard n > 1 else { return UInt32(bytes[i]) }
        var value = UInt32(bytes[i]) & (0xFF >> (n + 1))
        for k in 1..<n { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return value
    }

    /// The length of the white space character (`\s`) at `i`, or 0.
    func whiteSpaceLength(at i: Int) -> Int {
        guard i < count else { return 0 }
        let b = bytes[i]
        if b == 0x20 || (b >= 0x09 && b <= 0x0D) { return 1 }
        guard b >= 0xC2 else { return 0 }
        switch scalar(at: i) {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return characterLength(at: i)
        default:
            return 0
        }
    }

    /// Characters a web link may not end with: `` `!()[]{};:'".,<>?«»“”‘’ `` and white space.
    func isWebTrailingPunctuation(at i: Int) -> Bool {
        switch bytes[i] {
        case UInt8(ascii: "`"), UInt8(ascii: "!"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: ":"),
            UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "?"):
            return true
        default:
            switch scalar(at: i) {
            case 0xAB, 0xBB, 0x201C, 0x201D, 0x2018, 0x2019: return true
            default: return whiteSpaceLength(at: i) > 0
            }
        }
    }
}
