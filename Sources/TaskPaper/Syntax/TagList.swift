/// A line's tags. Nearly every line has four or fewer, so they are stored
/// inline; only a line with more spills to the heap. Parsing a 100,000-line
/// document then allocates nothing per line for its tags.
public struct TagList: RandomAccessCollection, Sendable, Hashable {
    @usableFromInline static let empty = Tag(start: 0, nameEnd: 0, payload: nil)

    // Inlinable across modules: every feature walks tags, often in tight loops. The count is stored last,
    // so a struct holding a tag list packs its next field into the bytes after it (a line is 16 bytes
    // smaller than with the count between the tags and the pointer).
    /// Every tag, once there are more than fit inline.
    @usableFromInline var spilled: [Tag]?
    @usableFromInline var inline: (Tag, Tag, Tag, Tag) = (empty, empty, empty, empty)
    @usableFromInline var inlineCount: UInt8 = 0

    public init() {}

    public init(_ tags: some Sequence<Tag>) {
        for tag in tags { append(tag) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { spilled?.count ?? Int(inlineCount) }

    @inlinable public subscript(i: Int) -> Tag {
        if let spilled { return spilled[i] }
        precondition(i >= 0 && i < Int(inlineCount), "tag index out of range")
        switch i {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        default: return inline.3
        }
    }

    public mutating func append(_ tag: Tag) {
        if spilled != nil { spilled!.append(tag); return }
        switch inlineCount {
        case 0: inline.0 = tag
        case 1: inline.1 = tag
        case 2: inline.2 = tag
        case 3: inline.3 = tag
        default:
            spilled = Array(self) + [tag]
            return
        }
        inlineCount += 1
    }

    public mutating func removeAll(where shouldRemove: (Tag) -> Bool) {
        self = TagList(filter { !shouldRemove($0) })
    }

    public static func == (a: TagList, b: TagList) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for tag in self { hasher.combine(tag) }
    }
}
