/// A saved search: an item's `@search(QUERY)` tag, as TaskPaper 3 keeps them
/// (`Sources/TaskPaper/Search/README.md`).
public struct SavedSearch: Sendable, Equatable {
    /// The tag's index in the line's `syntax.tags`.
    public var tagIndex: Int
    /// The query as TaskPaper reads it: the value with `\(` and `\)` unescaped.
    public var query: String

    /// Every `@search(...)` with a value on the line, in line order.
    public static func all(in line: Line) -> [SavedSearch] { all(text: line.text, syntax: line.syntax) }

    public static func all(text: String, syntax: LineSyntax) -> [SavedSearch] {
        var found: [SavedSearch] = []
        for (i, tag) in syntax.tags.enumerated() where tag.hasValue && tag.hasName("search", in: text) {
            guard let payload = tag.payloadRange else { continue }
            found.append(SavedSearch(tagIndex: i, query: query(written: text.utf8Slice(payload))))
        }
        return found
    }

    /// The saved search a cursor at UTF-8 `offset` means: the `@search` tag under
    /// it, or the line's first one when the cursor stands on no other tag.
    public static func at(_ offset: Int, in line: Line) -> SavedSearch? {
        let searches = all(in: line)
        guard let tag = line.syntax.tagIndex(at: offset) else { return searches.first }
        return searches.first { $0.tagIndex == tag }
    }

    /// TaskPaper reads a tag value with `\(` and `\)` unescaped.
    static func query(written: Substring) -> String {
        String(written.replacing("\\(", with: "(").replacing("\\)", with: ")"))
    }
}
