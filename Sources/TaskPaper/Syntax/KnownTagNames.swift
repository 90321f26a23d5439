/// The tag names the format and its features give a meaning to, as bits. The
/// scanner notes which of them a line carries (`LineSyntax.knownTags`), so the
/// rules, tokens and searches that run on every line skip a line in one test,
/// and find a tag by its class instead of comparing its name byte by byte.
/// Names compare exactly, as `Tag.hasName` does (`@Done` is not `@done`).
public struct KnownTagNames: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    @inlinable public static var done: Self { Self(rawValue: 1 << 0) }
    @inlinable public static var cancelled: Self { Self(rawValue: 1 << 1) }
    @inlinable public static var due: Self { Self(rawValue: 1 << 2) }
    @inlinable public static var start: Self { Self(rawValue: 1 << 3) }
    @inlinable public static var `defer`: Self { Self(rawValue: 1 << 4) }
    @inlinable public static var search: Self { Self(rawValue: 1 << 5) }
    @inlinable public static var `repeat`: Self { Self(rawValue: 1 << 6) }
    /// `@id`, `@text` and `@type`: TaskPaper's own item attributes, never recorded as tags.
    @inlinable public static var reserved: Self { Self(rawValue: 1 << 7) }
    /// The time tags (`Sources/TaskPaper/README.md`, Time): `@est`, `@estimate`, `@lasted`, `@started`.
    @inlinable public static var est: Self { Self(rawValue: 1 << 8) }
    @inlinable public static var estimate: Self { Self(rawValue: 1 << 9) }
    @inlinable public static var lasted: Self { Self(rawValue: 1 << 10) }
    @inlinable public static var started: Self { Self(rawValue: 1 << 11) }

    /// Closed items: `@done` or `@cancelled`.
    @inlinable public static var closing: Self { [.done, .cancelled] }
    /// The start-date tags (`StartDates`).
    @inlinable public static var startDates: Self { [.start, .defer] }
    /// The tags whose value is a duration (`TimeSpan`).
    @inlinable public static var durations: Self { [.est, .estimate, .lasted] }

    /// The class of a name given as a string (settings, callers' constants); empty when it is none of them.
    public init(name: String) {
        var copy = name
        self = copy.withUTF8 { KnownTagNames.of(name: $0, from: 0, to: $0.count) }
    }

    /// The class of the name at `from..<to` in `b`; empty when it is none of them.
    @inline(__always)
    static func of(name b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> KnownTagNames {
        let length = to - from
        guard length >= 2, length <= 9 else { return [] }
        // The first eight bytes as one little-endian word: one comparison a candidate.
        var word: UInt64
        if from + 8 <= b.count {
            word = UnsafeRawPointer(b.baseAddress! + from).loadUnaligned(as: UInt64.self)
            if length < 8 { word &= (1 << (8 * UInt64(length))) - 1 }
        } else if to >= 8 {
            // A name near the line's end (where tags usually stand): the word that ends with it.
            word = UnsafeRawPointer(b.baseAddress! + to - 8).loadUnaligned(as: UInt64.self) >> (8 * UInt64(8 - length))
        } else {
            word = 0
            for k in 0..<min(length, 8) { word |= UInt64(b[from + k]) << (8 * UInt64(k)) }
        }
        switch length {
        case 2: return word == Words.id ? .reserved : []
        case 3:
            if word == Words.due { return .due }
            return word == Words.est ? .est : []
        case 4:
            if word == Words.done { return .done }
            return word == Words.text || word == Words.type ? .reserved : []
        case 5:
            if word == Words.start { return .start }
            return word == Words.`defer` ? .defer : []
        case 6:
            if word == Words.search { return .search }
            if word == Words.repeat { return .repeat }
            return word == Words.lasted ? .lasted : []
        case 7: return word == Words.started ? .started : []
        case 8: return word == Words.estimate ? .estimate : []
        case 9: return word == Words.cancelle && b[from + 8] == UInt8(ascii: "d") ? .cancelled : []
        default: return []
        }
    }

    /// The class of a tag's name on a line.
    @inline(__always)
    static func of(_ tag: Tag, in b: UnsafeBufferPointer<UInt8>) -> KnownTagNames {
        of(name: b, from: Int(tag.start) + 1, to: Int(tag.nameEnd))
    }

    /// Names packed as `of(name:)` packs them, spelled out so no lookup runs per tag.
    private enum Words {
        static let id: UInt64 = 0x6469
        static let due: UInt64 = 0x65_7564
        static let est: UInt64 = 0x74_7365
        static let lasted: UInt64 = 0x6465_7473_616c
        static let started: UInt64 = 0x64_6574_7261_7473
        static let estimate: UInt64 = 0x6574_616d_6974_7365
        static let done: UInt64 = 0x656e_6f64
        static let text: UInt64 = 0x7478_6574
        static let type: UInt64 = 0x6570_7974
        static let start: UInt64 = 0x74_7261_7473
        static let `defer`: UInt64 = 0x72_6566_6564
        static let search: UInt64 = 0x6863_7261_6573
        static let `repeat`: UInt64 = 0x7461_6570_6572
        /// The first eight bytes of `cancelled`.
        static let cancelle: UInt64 = 0x656c_6c65_636e_6163
    }
}

extension LineSyntax {
    /// The index of the first tag of a known name (a single class, such as `.due`), if the line has one.
    public func firstTagIndex(_ name: KnownTagNames, in text: String) -> Int? {
        guard knownTags.contains(name) else { return nil }
        return text.withUTF8Bytes { firstTagIndex(name, in: $0) }
    }

    /// The same for a line's own syntax, on its bytes in place.
    public func firstTagIndex(_ name: KnownTagNames, in line: Line) -> Int? {
        guard knownTags.contains(name) else { return nil }
        return line.withUTF8Bytes { firstTagIndex(name, in: $0) }
    }

    private func firstTagIndex(_ name: KnownTagNames, in b: UnsafeBufferPointer<UInt8>) -> Int? {
        tags.indices.first { KnownTagNames.of(tags[$0], in: b) == name }
    }
}
