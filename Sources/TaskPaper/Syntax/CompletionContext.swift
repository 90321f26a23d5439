/// Where a cursor stands on a line for completion, by the tag scanner's own
/// rules: typing a tag's name, inside a tag's value, or in plain text.
public struct CompletionContext: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Typing a tag's name after `@`.
        case name
        /// Inside `@name(...)`.
        case value(String)
    }
    public var kind: Kind
    /// Offset of the tag's `@`.
    public var tagStart: Int
    /// What was typed of the word: the name after `@`, or the value after `(`, up to the cursor.
    public var partial: Range<Int>
    /// The whole word the cursor stands in: the name, or the value up to its `)`.
    public var word: Range<Int>

    /// The context at UTF-8 `offset` of `text`, or nil in plain text (also after `a@`).
    public static func at(_ offset: Int, in text: String) -> CompletionContext? {
        text.withUTF8Bytes { b in
            let cursor = min(offset, b.count)
            var i = 0
            while i < cursor {
                guard b[i] == UInt8(ascii: "@"), i == 0 || TextClasses.whiteSpaceEnds(at: i, in: b) else {
                    i += 1
                    continue
                }
                let nameEnd = TagScanner.scanName(b, from: i + 1)
                if cursor <= nameEnd {
                    return CompletionContext(kind: .name, tagStart: i, partial: i + 1..<cursor, word: i + 1..<nameEnd)
                }
                guard nameEnd > i + 1, nameEnd < b.count, b[nameEnd] == UInt8(ascii: "(") else {
                    i = max(nameEnd, i + 1)
                    continue
                }
                var close: Int?
                if case .closed(let k) = TagScanner.scanValue(b, open: nameEnd) { close = k }
                // A value TaskPaper cannot read (yet: being typed) runs to the cursor, unless a tag
                // starts after it: TaskPaper scans on there (`@waiting(Bob @du`).
                if close == nil, let next = nextTagStart(b, from: nameEnd + 1, before: cursor) {
                    i = next
                    continue
                }
                if close.map({ cursor <= $0 }) ?? true {
                    let name = String(decoding: b[i + 1..<nameEnd], as: UTF8.self)
                    return CompletionContext(
                        kind: .value(name), tagStart: i, partial: nameEnd + 1..<cursor,
                        word: nameEnd + 1..<(close ?? cursor))
                }
                i = close! + 1
            }
            return nil
        }
    }

    /// The first `@` after white space in `from..<before`.
    private static func nextTagStart(_ b: UnsafeBufferPointer<UInt8>, from: Int, before end: Int) -> Int? {
        var k = from
        while k < end {
            if b[k] == UInt8(ascii: "@"), TextClasses.whiteSpaceEnds(at: k, in: b) { return k }
            k += 1
        }
        return nil
    }
}
