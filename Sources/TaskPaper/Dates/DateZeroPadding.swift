extension DateValue {
    /// The payload with every `YYYY-M-D` word zero-padded
    /// (`2025-5-1 thru 2025-5-3` -> `2025-05-01 thru 2025-05-03`); other text unchanged.
    public static func zeroPadded(_ payload: Substring) -> String {
        withBytes(payload) { bytes in paddedBytes(bytes) ?? String(payload) }
    }

    /// The padded text, or nil when every date is already padded (so the caller can reuse the payload).
    private static func paddedBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []  // stays unallocated until a date needs padding
        var copied = 0  // bytes before this offset are already in `out`
        var position = 0
        while position < bytes.count {
            while position < bytes.count, DateCursor.isWhiteSpace(bytes[position]) { position += 1 }
            let wordStart = position
            while position < bytes.count, !DateCursor.isWhiteSpace(bytes[position]) { position += 1 }
            guard let (month, day) = unpaddedDate(bytes, wordStart..<position) else { continue }
            out += bytes[copied..<month.lowerBound]  // up to and including "YYYY-"
            if month.count == 1 { out.append(UInt8(ascii: "0")) }
            out += bytes[month.lowerBound..<day.lowerBound]  // "M-"
            if day.count == 1 { out.append(UInt8(ascii: "0")) }
            out += bytes[day]
            copied = position
        }
        guard copied > 0 else { return nil }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The month and day digits of a `YYYY-M-D` word whose month or day has one digit.
    private static func unpaddedDate(
        _ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>
    )
        -> (month: Range<Int>, day: Range<Int>)?
    {
        var cursor = DateCursor(bytes, from: word.lowerBound, to: word.upperBound)
        guard cursor.digits(4) != nil, cursor.take(byte: UInt8(ascii: "-")) else { return nil }
        let monthStart = cursor.position
        guard let month = cursor.integer(), month.digits <= 2, cursor.take(byte: UInt8(ascii: "-")) else { return nil }
        let dayStart = cursor.position
        guard let day = cursor.integer(), day.digits <= 2, cursor.isAtEnd, month.digits == 1 || day.digits == 1 else {
            return nil
        }
        return (monthStart..<monthStart + month.digits, dayStart..<dayStart + day.digits)
    }
}
