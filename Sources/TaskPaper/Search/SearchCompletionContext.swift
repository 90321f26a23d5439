/// Where a cursor stands inside a saved search's value (`@search(...)`), for
/// completion: after `@` a tag name, after `[` a modifier, elsewhere a word of
/// the language (keywords, relations, axes).
public struct SearchCompletionContext: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A tag name after `@` (an attribute).
        case tagName
        /// A modifier, `[` included (`[d]`).
        case modifier
        /// A keyword, relation or axis.
        case word
    }
    public var kind: Kind
    /// What was typed of the word, up to the cursor (UTF-8 offsets into the line).
    public var partial: Range<Int>
    /// The whole word the cursor stands in.
    public var word: Range<Int>

    /// The context at UTF-8 `offset` of `text`, or nil outside every `@search(...)` value.
    public static func at(_ offset: Int, in text: String) -> SearchCompletionContext? {
        text.withUTF8Bytes { b in
            let cursor = min(offset, b.count)
            guard let valueEnd = valueAround(cursor, in: b) else { return nil }
            var start = cursor
            while start > 0, isWordByte(b[start - 1]) { start -= 1 }
            var end = cursor
            while end < valueEnd, isWordByte(b[end]) { end += 1 }
            if start > 0, b[start - 1] == UInt8(ascii: "@") {
                return SearchCompletionContext(kind: .tagName, partial: start..<cursor, word: start..<end)
            }
            if start > 0, b[start - 1] == UInt8(ascii: "[") {
                if end < valueEnd, b[end] == UInt8(ascii: "]") { end += 1 }
                return SearchCompletionContext(kind: .modifier, partial: start - 1..<cursor, word: start - 1..<end)
            }
            return SearchCompletionContext(kind: .word, partial: start..<cursor, word: start..<end)
        }
    }

    /// The end of the `@search(` value holding `cursor` (its `)`, or the line's end
    /// while it is being typed), or nil when the cursor is in none.
    private static func valueAround(_ cursor: Int, in b: UnsafeBufferPointer<UInt8>) -> Int? {
        let opening = Array("@search(".utf8)
        var i = 0
        while i + opening.count <= cursor {
            guard b[i] == UInt8(ascii: "@"), i == 0 || TextClasses.whiteSpaceEnds(at: i, in: b),
                opening.indices.allSatisfy({ b[i + $0] == opening[$0] })
            else {
                i += 1
                continue
            }
            // The value closes at the first `)` not escaped as `\)` (TaskPaper's tag values).
            var k = i + opening.count
            while k < b.count, !(b[k] == UInt8(ascii: ")") && b[k - 1] != UInt8(ascii: "\\")) { k += 1 }
            if cursor <= k { return k }
            i = k
        }
        return nil
    }

    /// Letters, digits, `-`, `_`, `:` (axes) and every non-ASCII byte.
    private static func isWordByte(_ c: UInt8) -> Bool {
        c >= 0x80 || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
            || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
            || c == UInt8(ascii: ":")
    }
}
