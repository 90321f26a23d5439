/// Counting as a person sees text: one per grapheme cluster (`👍🏽` is one,
/// `e` + combining accent is one, a tab is one). Used by the line-length rule,
/// the gauge, and `check`'s columns.
public enum Characters {
    /// The number of characters in the first `utf8Offset` bytes of `text`.
    public static func count(_ text: String, upTo utf8Offset: Int? = nil, isASCII: Bool) -> Int {
        let end = utf8Offset ?? text.utf8.count
        if isASCII { return end }
        let u = text.utf8
        let idx = u.index(u.startIndex, offsetBy: min(end, u.count))
        return text[..<idx].count
    }

    /// The UTF-8 offset where character number `n` (0-based) starts, or the end.
    public static func utf8Offset(ofCharacter n: Int, in text: String, isASCII: Bool) -> Int {
        if isASCII { return min(n, text.utf8.count) }
        guard let idx = text.index(text.startIndex, offsetBy: n, limitedBy: text.endIndex) else {
            return text.utf8.count
        }
        return text.utf8.distance(from: text.utf8.startIndex, to: idx)
    }
}
