/// A position in a payload's UTF-8 bytes with the few matching steps the date readers need.
/// Every word the readers know is ASCII, so byte offsets are also `String` boundaries.
struct DateCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    /// Where the bytes end for this reader (a range part reads a slice of the payload).
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.position = start
        self.end = end ?? bytes.count
    }

    var isAtEnd: Bool { position >= end }

    /// The byte at `offset` past the position, or 0 past the end.
    @inline(__always)
    func byte(_ offset: Int = 0) -> UInt8 {
        position + offset < end ? bytes[position + offset] : 0
    }

    /// The grammar's white space: `[ \t\n\r]*`.
    mutating func skipWhiteSpace() {
        while position < end, DateCursor.isWhiteSpace(bytes[position]) { position += 1 }
    }

    @inline(__always)
    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// Whether the bytes at the position start with `word` (lowercase ASCII), ignoring case.
    func hasPrefix(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard position + length <= end else { return false }
        let letters = word.utf8Start
        for offset in 0..<length where DateCursor.lowercased(bytes[position + offset]) != letters[offset] {
            return false
        }
        return true
    }

    /// Consumes `word` when it comes next.
    mutating func take(_ word: StaticString) -> Bool {
        guard hasPrefix(word) else { return false }
        position += word.utf8CodeUnitCount
        return true
    }

    mutating func take(byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// `[0-9]+`: the value saturates at `DateCursor.numberLimit` (JavaScript's `parseInt` would
    /// lose precision there; any such number makes an Invalid Date or an overflow anyway).
    mutating func integer() -> (value: Int, digits: Int)? {
        var value = 0, digits = 0
        while position < end, DateCursor.isDigit(bytes[position]) {
            value = min(value * 10 + Int(bytes[position] &- 0x30), DateCursor.numberLimit)
            position += 1
            digits += 1
        }
        return digits > 0 ? (value, digits) : nil
    }

    static let numberLimit = 100_000_000_000_000_000

    /// Exactly `count` digits.
    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= end else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[position + offset]
            guard DateCursor.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- 0x30)
        }
        position += count
        return value
    }
}
