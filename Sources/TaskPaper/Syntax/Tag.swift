/// One `@name` or `@name(value)` on a line. Offsets are UTF-8 byte offsets into
/// the line's text; they are stored narrow because a large document holds
/// hundreds of thousands of tags.
public struct Tag: Sendable, Hashable {
    /// Offset of the `@`.
    public let start: Int32
    /// Offset just past the name (where `(` would stand).
    public let nameEnd: Int32
    /// Offset of the payload's end (its `)`), -1 when the tag has no value. The payload starts right
    /// after the name's `(`: twelve bytes a tag, so a line's four inline tags take 48.
    let payloadEnd: Int32

    @usableFromInline
    init(start: Int, nameEnd: Int, payload: Range<Int>?) {
        self.start = Int32(start)
        self.nameEnd = Int32(nameEnd)
        assert(payload.map { $0.lowerBound == nameEnd + 1 } ?? true, "a value starts after its name's (")
        self.payloadEnd = Int32(payload?.upperBound ?? -1)
    }

    /// `@` through the closing `)` (or the name's end for a bare tag).
    public var range: Range<Int> { Int(start)..<end }
    /// The name without the `@`.
    public var nameRange: Range<Int> { Int(start) + 1..<Int(nameEnd) }
    /// `@` and the name.
    public var atNameRange: Range<Int> { Int(start)..<Int(nameEnd) }
    /// The text between the parentheses, or nil for a bare tag.
    public var payloadRange: Range<Int>? { payloadEnd < 0 ? nil : Int(nameEnd) + 1..<Int(payloadEnd) }
    public var hasValue: Bool { payloadEnd >= 0 }
    /// A lone `@`: highlighted as a tag, as TaskPaper does, but no name to count, complete or rename.
    public var hasEmptyName: Bool { nameEnd == start + 1 }
    /// `@id`, `@text` and `@type`, which TaskPaper never records.
    public func isReserved(in text: String) -> Bool {
        text.withUTF8Bytes { KnownTagNames.of(self, in: $0) == .reserved }
    }
    public var end: Int { payloadEnd < 0 ? Int(nameEnd) : Int(payloadEnd) + 1 }

    public func name(in text: String) -> Substring { text.utf8Slice(nameRange) }
    public func payload(in text: String) -> Substring? { payloadRange.map { text.utf8Slice($0) } }

    /// Whether this tag is named `name`, comparing bytes (this runs for every
    /// tag of every line, where building substrings would dominate).
    public func hasName(_ name: String, in text: String) -> Bool {
        text.withUTF8Bytes { hasName(name, in: $0) }
    }

    /// The same, on the line's bytes.
    func hasName(_ name: String, in t: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(nameEnd - start) - 1
        guard name.utf8.count == length else { return false }
        let from = Int(start) + 1
        return name.withUTF8Bytes { n in
            for k in 0..<length where t[from + k] != n[k] { return false }
            return true
        }
    }

    /// Whether two tags of the same line have the same name.
    public func hasSameName(as other: Tag, in text: String) -> Bool {
        text.withUTF8Bytes { hasSameName(as: other, in: $0) }
    }

    /// The same, on the line's bytes (the scanner asks while it reads the line).
    func hasSameName(as other: Tag, in t: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(nameEnd - start)
        guard Int(other.nameEnd - other.start) == length else { return false }
        let a = Int(start), b = Int(other.start)
        for k in 1..<length where t[a + k] != t[b + k] { return false }
        return true
    }
}

extension Tag {
    // The same questions about a tag of `line`, asked of its bytes in place (no `String` is made).
    public func hasName(_ name: String, in line: Line) -> Bool { line.withUTF8Bytes { hasName(name, in: $0) } }
    public func hasSameName(as other: Tag, in line: Line) -> Bool {
        line.withUTF8Bytes { hasSameName(as: other, in: $0) }
    }
    public func isReserved(in line: Line) -> Bool { line.withUTF8Bytes { KnownTagNames.of(self, in: $0) == .reserved } }
    public func name(in line: Line) -> Substring { line.utf8Slice(nameRange) }
    public func payload(in line: Line) -> Substring? { payloadRange.map { line.utf8Slice($0) } }
}

extension String {
    /// Runs `body` over the UTF-8 bytes without copying (native strings are UTF-8).
    @inlinable
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = utf8.withContiguousStorageIfAvailable(body) { return r }
        var copy = self
        return copy.withUTF8(body)
    }

    /// The substring between two UTF-8 offsets (which must fall on scalar boundaries).
    public func utf8Slice(_ range: Range<Int>) -> Substring {
        let u = utf8
        let lo = u.index(u.startIndex, offsetBy: range.lowerBound)
        let hi = u.index(lo, offsetBy: range.count)
        return self[lo..<hi]
    }
}
