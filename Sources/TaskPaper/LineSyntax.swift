/// The parse of one line: its kind, indentation and tags. It depends on the
/// line's text alone (no settings, no neighbours), so an edit re-parses exactly
/// the lines it touches and a settings change re-parses nothing.
public struct LineSyntax: Sendable, Hashable {
    public var kind: LineKind
    /// Leading tabs and spaces; depth is `tabs + spaces / indentWidth`.
    public var indentTabs: Int32
    public var indentSpaces: Int32
    /// The tags in line order.
    public var tags: TagList
    /// Offset of the `@` of a tag whose value never closes (or holds a bare
    /// parenthesis); that tag runs to the line end. -1 when there is none.
    public var unbalancedTagStart: Int32
    /// End of the content: the text before the trailing run of tags.
    public var contentEnd: Int32
    public var utf8Count: Int32
    /// Every byte is ASCII, so every position encoding counts the same.
    public var isASCII: Bool

    public var indentLength: Int { Int(indentTabs + indentSpaces) }
    public var contentRange: Range<Int> { indentLength..<Int(contentEnd) }

    public func depth(indentWidth: Int) -> Int {
        Int(indentTabs) + Int(indentSpaces) / max(1, indentWidth)
    }

    /// Indices of tags whose name an earlier tag on the line already has
    /// (TaskPaper reads only the first of each name).
    public func repeatedTagIndices(in text: String) -> [Int] {
        guard tags.count > 1 else { return [] }
        var repeated: [Int] = []
        if tags.count <= 8 {
            // A handful of tags: comparing pairs of names beats hashing them.
            for i in 1..<tags.count where (0..<i).contains(where: { tags[$0].hasSameName(as: tags[i], in: text) }) {
                repeated.append(i)
            }
        } else {
            // A line of many tags: remember the names seen.
            var seen = Set<Substring>()
            for (i, tag) in tags.enumerated() where !seen.insert(tag.name(in: text)).inserted { repeated.append(i) }
        }
        return repeated
    }

    /// The index of the tag a cursor at `offset` stands on: from its `@` to just
    /// past its end (a cursor right after `@flag` is still on it).
    public func tagIndex(at offset: Int) -> Int? {
        tags.indices.first { Int(tags[$0].start) <= offset && offset <= tags[$0].end }
    }

    /// The first tag with this name, if any.
    public func firstTag(named name: String, in text: String) -> Tag? {
        tags.first { $0.hasName(name, in: text) }
    }

    public func hasTag(named name: String, in text: String) -> Bool {
        firstTag(named: name, in: text) != nil
    }
}
