/// The parse of one line: its kind, indentation and tags. It depends on the
/// line's text alone (no settings, no neighbours), so an edit re-parses exactly
/// the lines it touches and a settings change re-parses nothing; the depth is
/// derived from `indent` and the document's spaces per level.
public struct LineSyntax: Sendable, Hashable {
    // Stored widest first, so the struct packs without holes: it is copied for every line analysed.
    /// The tags TaskPaper reads, in line order (repeated names and reserved names included).
    public var tags: TagList
    /// The leading spaces and tabs.
    public var indent: LeadingWhiteSpace
    /// Offset of the `@` of the first `@name(` whose `(` TaskPaper reads as no
    /// value (see `TagScanner.unreadValues` for all of them); -1 when there is none.
    public var unbalancedTagStart: Int32
    /// End of the content: the body without TaskPaper's trailing-tags match.
    public var contentEnd: Int32
    public var utf8Count: Int32
    public var kind: LineKind
    /// A task's `-`, `+` or `*` and the white-space character after it, in bytes; 0 on other lines.
    public var taskMarkerLength: Int8
    /// Every byte is ASCII, so every position encoding counts the same.
    public var isASCII: Bool
    /// The known names among the tags (noted while scanning, so a rule or feature skips every other line).
    public var knownTags: KnownTagNames = []

    /// Some tag may repeat an earlier tag's name: false means none does (set while scanning, so the
    /// duplicate check and tag counts skip the line without comparing names).
    public var mayRepeatTagName = false

    /// Some tag is `@id`, `@text` or `@type`.
    public var hasReservedTag: Bool { knownTags.contains(.reserved) }

    /// Where the body starts (the indentation's length in bytes).
    public var indentLength: Int { Int(indent.end) }
    public var contentRange: Range<Int> { indentLength..<Int(contentEnd) }
    /// A task's marker and its white space (`- `); empty on other lines.
    public var taskMarkerRange: Range<Int> { indentLength..<indentLength + Int(taskMarkerLength) }

    public func depth(spacesPerLevel: Int) -> Int { indent.depth(spacesPerLevel: spacesPerLevel) }

    /// Drops the tags `shouldRemove` picks, the known names read again from the line so the bits stay
    /// true (fewer tags cannot make a name repeat, so `mayRepeatTagName` may stay as it is).
    public mutating func removeTags(in text: String, where shouldRemove: (Tag) -> Bool) {
        tags.removeAll(where: shouldRemove)
        knownTags = text.withUTF8Bytes { b in tags.reduce(into: []) { $0.formUnion(KnownTagNames.of($1, in: b)) } }
    }

    /// Indices of tags whose name an earlier tag on the line already has
    /// (TaskPaper reads only the first of each name). A lone `@` is never one.
    public func repeatedTagIndices(in text: String) -> [Int] {
        guard mayRepeatTagName, tags.count > 1 else { return [] }
        var repeated: [Int] = []
        if tags.count <= 8 {
            // A handful of tags: comparing pairs of names beats hashing them.
            for i in 1..<tags.count
            where !tags[i].hasEmptyName
                && (0..<i).contains(where: { tags[$0].hasSameName(as: tags[i], in: text) })
            {
                repeated.append(i)
            }
        } else {
            // A line of many tags: remember the names seen.
            var seen = Set<Substring>()
            for (i, tag) in tags.enumerated() where !tag.hasEmptyName && !seen.insert(tag.name(in: text)).inserted {
                repeated.append(i)
            }
        }
        return repeated
    }

    /// Indices of `@id`, `@text` and `@type` tags (an empty list costs nothing: this runs on every line).
    public func reservedTagIndices(in text: String) -> [Int] {
        guard hasReservedTag else { return [] }
        var found: [Int] = []
        for i in tags.indices where tags[i].isReserved(in: text) { found.append(i) }
        return found
    }

    /// The index of the tag a cursor at `offset` stands on: from its `@` to just
    /// past its end (a cursor right after `@flag` is still on it).
    public func tagIndex(at offset: Int) -> Int? {
        tags.indices.first { Int(tags[$0].start) <= offset && offset <= tags[$0].end }
    }

    /// The first tag with this name, if any.
    public func firstTag(named name: String, in text: String) -> Tag? {
        text.withUTF8Bytes { firstTag(named: name, in: $0) }
    }

    public func hasTag(named name: String, in text: String) -> Bool {
        firstTag(named: name, in: text) != nil
    }

    // The same for a line's own syntax, on its bytes in place; a `String` is made only for a finding.
    public func firstTag(named name: String, in line: Line) -> Tag? {
        line.withUTF8Bytes { firstTag(named: name, in: $0) }
    }

    private func firstTag(named name: String, in b: UnsafeBufferPointer<UInt8>) -> Tag? {
        tags.first { $0.hasName(name, in: b) }
    }
    public func hasTag(named name: String, in line: Line) -> Bool { firstTag(named: name, in: line) != nil }
    public func repeatedTagIndices(in line: Line) -> [Int] {
        guard mayRepeatTagName, tags.count > 1 else { return [] }
        return repeatedTagIndices(in: line.text)
    }
    public func reservedTagIndices(in line: Line) -> [Int] {
        guard hasReservedTag else { return [] }
        return line.withUTF8Bytes { b in tags.indices.filter { KnownTagNames.of(tags[$0], in: b) == .reserved } }
    }
    public mutating func removeTags(in line: Line, where shouldRemove: (Tag) -> Bool) {
        tags.removeAll(where: shouldRemove)
        knownTags = line.withUTF8Bytes { b in tags.reduce(into: []) { $0.formUnion(KnownTagNames.of($1, in: b)) } }
    }
}
