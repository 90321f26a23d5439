/// One `@name` or `@name(value)` on a line. Offsets are UTF-8 byte offsets into
/// the line's text; they are stored narrow because a large document holds
/// hundreds of thousands of tags.
public struct Tag: Sendable, Hashable {
    /// Offset of the `@`.
    public let start: Int32
    /// Offset just past the name (where `(` would stand).
    public let nameEnd: Int32
    /// Offsets of the payload, parentheses excluded; -1 when the tag has no value.
    let payloadStart: Int32
    let payloadEnd: Int32

    init(start: Int, nameEnd: Int, payload: Range<Int>?) {
        self.start = Int32(start)
        self.nameEnd = Int32(nameEnd)
        self.payloadStart = Int32(payload?.lowerBound ?? -1)
        self.payloadEnd = Int32(payload?.upperBound ?? -1)
    }

    /// `@` through the closing `)` (or the name's end for a bare tag).
    public var range: Range<Int> { Int(start)..<end }
    /// The name without the `@`.
    public var nameRange: Range<Int> { Int(start) + 1..<Int(nameEnd) }
    /// `@` and the name.
    public var atNameRange: Range<Int> { Int(start)..<Int(nameEnd) }
    /// The text between the parentheses, or nil for a bare tag.
    public var payloadRange: Range<Int>? { payloadStart < 0 ? nil : Int(payloadStart)..<Int(payloadEnd) }
    public var hasValue: Bool { payloadStart >= 0 }
    public var end: Int { payloadStart < 0 ? Int(nameEnd) : Int(payloadEnd) + 1 }

    public func name(in text: String) -> Substring { text.utf8Slice(nameRange) }
    public func payload(in text: String) -> Substring? { payloadRange.map { text.utf8Slice($0) } }
}

extension String {
    /// The substring between two UTF-8 offsets (which must fall on scalar boundaries).
    public func utf8Slice(_ range: Range<Int>) -> Substring {
        let u = utf8
        let lo = u.index(u.startIndex, offsetBy: range.lowerBound)
        let hi = u.index(lo, offsetBy: range.count)
        return self[lo..<hi]
    }
}
