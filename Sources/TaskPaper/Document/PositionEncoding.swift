/// The unit a client counts columns in (LSP `positionEncoding`). This is the
/// one converter between client columns and the UTF-8 offsets the model uses.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The UTF-8 offset of a client column in a line. A column past the end
    /// means the end; a column inside a character snaps to its start.
    public func utf8Offset(ofColumn column: Int, in text: String, isASCII: Bool) -> Int {
        let count = text.utf8.count
        if column <= 0 { return 0 }
        if isASCII { return min(column, count) }
        switch self {
        case .utf8:
            guard column < count else { return count }
            // A column inside a multi-byte character snaps back to its start.
            let u = text.utf8
            var off = column, idx = u.index(u.startIndex, offsetBy: column)
            while off > 0, u[idx] & 0xC0 == 0x80 { off -= 1; idx = u.index(before: idx) }
            return off
        case .utf16:
            var units = 0, offset = 0
            for s in text.unicodeScalars {
                let w = s.value > 0xFFFF ? 2 : 1
                if units + w > column { break }
                units += w
                offset += UTF8.width(s)
            }
            return offset
        case .utf32:
            var offset = 0, n = 0
            for s in text.unicodeScalars {
                if n == column { break }
                n += 1
                offset += UTF8.width(s)
            }
            return offset
        }
    }

    /// The client column of a UTF-8 offset in a line (an offset inside a
    /// character counts from its start). Counts lead bytes: a byte scan, no decoding.
    public func column(ofUTF8Offset offset: Int, in text: String, isASCII: Bool) -> Int {
        column(ofUTF8Offset: offset, in: text, isASCII: isASCII, after: (0, 0))
    }

    /// The same, continuing from a known (offset, column) before `offset`: for
    /// callers that convert increasing offsets along a line.
    public func column(
        ofUTF8Offset offset: Int, in text: String, isASCII: Bool, after known: (offset: Int, column: Int)
    ) -> Int {
        text.withUTF8Bytes { column(ofUTF8Offset: offset, in: $0, isASCII: isASCII, after: known) }
    }

    /// The same for a line, read in place.
    public func column(
        ofUTF8Offset offset: Int, in line: Line, isASCII: Bool, after known: (offset: Int, column: Int) = (0, 0)
    ) -> Int {
        if isASCII || self == .utf8 { return min(offset, line.utf8Count) }
        return line.withUTF8Bytes { column(ofUTF8Offset: offset, in: $0, isASCII: false, after: known) }
    }

    private func column(
        ofUTF8Offset offset: Int, in b: UnsafeBufferPointer<UInt8>, isASCII: Bool,
        after known: (offset: Int, column: Int)
    ) -> Int {
        let end = min(offset, b.count)
        if isASCII || self == .utf8 { return end }
        let wide = self == .utf16
        let from = known.offset <= end ? known.offset : 0
        var column = from == 0 ? 0 : known.column
        for i in from..<end {
            let byte = b[i]
            // Continuation bytes add nothing; a 4-byte lead is two UTF-16 units.
            if byte & 0xC0 != 0x80 { column += (wide && byte >= 0xF0) ? 2 : 1 }
        }
        return column
    }

    /// How many client units the UTF-8 bytes `b[range]` take (`range` on character boundaries).
    /// Eight bytes at a time: the writers of large answers count every non-ASCII line.
    public func unitCount(of b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        if self == .utf8 { return range.count }
        let highs: UInt64 = 0x8080_8080_8080_8080
        let wide = self == .utf16
        var i = range.lowerBound, count = range.count
        while i + 8 <= range.upperBound {
            let w = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
            // A continuation byte is 10xxxxxx: its high bit set and the next bit (shifted up) clear.
            count -= (w & ~(w << 1) & highs).nonzeroBitCount
            // A 4-byte lead, 11110xxx, is two UTF-16 units.
            if wide { count += (w & (w << 1) & (w << 2) & (w << 3) & highs).nonzeroBitCount }
            i += 8
        }
        while i < range.upperBound {
            let byte = b[i]
            if byte & 0xC0 == 0x80 { count -= 1 } else if wide && byte >= 0xF0 { count += 1 }
            i += 1
        }
        return count
    }

    /// The length of a line in client units.
    public func length(of text: String, isASCII: Bool) -> Int {
        column(ofUTF8Offset: text.utf8.count, in: text, isASCII: isASCII)
    }

    /// The same for a line, read in place.
    public func length(of line: Line) -> Int {
        column(ofUTF8Offset: line.utf8Count, in: line, isASCII: line.syntax.isASCII)
    }
}
