/// The relations between two read values, with JavaScript's rules where
/// TaskPaper relies on them: `=` is strict (text never equals a number, two
/// missing values are equal), ordering compares text with text by character
/// and anything else as numbers, and the text relations need text on the left.
/// Text compares on UTF-8 bytes; case folding folds ASCII in place and
/// lowercases other text.
enum SearchRelations {
    static func holds(
        _ relation: SearchRelation, _ left: SearchValue, _ right: SearchValue, foldsCase: Bool,
        pattern: SearchPattern?, deadline: ContinuousClock.Instant
    ) throws(SearchEvaluationError) -> Bool {
        switch relation {
        case .equal: return equal(left, right, foldsCase: foldsCase)
        case .notEqual: return !equal(left, right, foldsCase: foldsCase)
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            if case .absent = left { return false }
            let order: Int
            if case .text(let a) = left, case .text(let b) = right {
                order = withBytes(b) { b in withFolded(a, foldsCase, against: b) { a, f in compare(a, b, f) } }
            } else {
                let x = number(left), y = number(right)
                guard !x.isNaN, !y.isNaN else { return false }
                order = x < y ? -1 : x > y ? 1 : 0
            }
            switch relation {
            case .less: return order < 0
            case .greater: return order > 0
            case .lessOrEqual: return order <= 0
            default: return order >= 0
            }
        case .beginsWith, .contains, .endsWith:
            guard case .text(let a) = left, let b = text(right) else { return false }
            return withBytes(b) { b in
                withFolded(a, foldsCase, against: b) { a, f in
                    switch relation {
                    case .beginsWith: b.count <= a.count && memEqual(a, 0, b, f)
                    case .endsWith: b.count <= a.count && memEqual(a, a.count - b.count, b, f)
                    default: contains(a, b, f)
                    }
                }
            }
        case .like:
            // TaskPaper's grammar accepts `like` but its evaluation never matches it.
            return false
        case .matches:
            // As TaskPaper: `left.toString().match(new RegExp(right))`, both sides lowercased by `[i]`.
            guard let subject = text(left), let pattern else { return false }
            guard let found = pattern.matches(foldsCase ? lowercased(subject) : subject, deadline: deadline) else {
                throw .tooSlow
            }
            return found
        }
    }

    /// `[l]`: both sides are comma-separated lists, each element read by the other modifiers.
    /// `=` means the same elements in any order; `contains` that every right element
    /// is on the left; `beginswith`/`endswith` compare the first/last elements in
    /// order; ordering and `matches` hold when any left element satisfies them.
    static func holdsForLists(
        _ relation: SearchRelation, _ left: SearchValue, _ right: SearchValue,
        modifier: SearchModifier, foldsCase: Bool, pattern: SearchPattern?,
        clock: LintClock, deadline: ContinuousClock.Instant
    ) throws(SearchEvaluationError) -> Bool {
        let l = elements(left, modifier, clock), r = elements(right, modifier, clock)
        // Left element first: only the left side is folded here (the right one already is).
        func same(_ a: SearchValue, _ b: SearchValue) -> Bool { equal(a, b, foldsCase: foldsCase) }
        switch relation {
        case .equal, .notEqual:
            let isEqual: Bool
            if let l, let r {
                isEqual =
                    l.allSatisfy { x in r.contains { same(x, $0) } }
                    && r.allSatisfy { y in l.contains { same($0, y) } }
            } else {
                isEqual = l == nil && r == nil
            }
            return relation == .equal ? isEqual : !isEqual
        case .contains:
            guard let l, let r else { return false }
            return r.allSatisfy { x in l.contains { same($0, x) } }
        case .beginsWith, .endsWith:
            guard let l, let r, r.count <= l.count else { return false }
            let part = relation == .beginsWith ? Array(l.prefix(r.count)) : Array(l.suffix(r.count))
            return zip(part, r).allSatisfy { same($0, $1) }
        case .matches:
            guard let l else { return false }
            for x in l where try holds(.matches, x, right, foldsCase: foldsCase, pattern: pattern, deadline: deadline) {
                return true
            }
            return false
        case .like: return false
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            guard let l, let r else { return false }
            for x in l {
                for y in r where try holds(relation, x, y, foldsCase: foldsCase, pattern: nil, deadline: deadline) {
                    return true
                }
            }
            return false
        }
    }

    private static func elements(
        _ value: SearchValue, _ modifier: SearchModifier,
        _ clock: LintClock
    ) -> [SearchValue]? {
        switch value {
        case .absent: return nil
        case .number: return [value]
        case .text(let t):
            return t.split(separator: ",", omittingEmptySubsequences: false).map { piece in
                var s = piece[...]
                while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
                while let c = s.last, c == " " || c == "\t" { s.removeLast() }
                guard !s.isEmpty else { return .text(s) }
                switch modifier.conversion {
                case .caseInsensitive, .caseSensitive: return .text(s)
                case .number: return .number(SearchNumbers.parseFloat(s))
                case .date: return SearchDocument.dateSeconds(s, clock: clock).map(SearchValue.number) ?? .absent
                }
            }
        }
    }

    static func equal(_ left: SearchValue, _ right: SearchValue, foldsCase: Bool) -> Bool {
        switch (left, right) {
        case (.absent, .absent): return true
        case (.number(let x), .number(let y)): return x == y
        case (.text(let a), .text(let b)):
            return withBytes(b) { b in
                withFolded(a, foldsCase, against: b) { a, f in a.count == b.count && memEqual(a, 0, b, f) }
            }
        default: return false
        }
    }

    /// JavaScript's `toLowerCase`: ASCII text byte by byte, other text by Unicode's full mapping.
    static func lowercased(_ s: Substring) -> Substring {
        guard s.utf8.allSatisfy({ $0 < 0x80 }) else { return Substring(s.lowercased()) }
        guard s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return s }
        return Substring(String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self))
    }

    /// JavaScript's `Number(value)` for ordering mixed values.
    private static func number(_ value: SearchValue) -> Double {
        switch value {
        case .absent: .nan
        case .number(let x): x
        case .text(let t): SearchNumbers.jsNumber(t)
        }
    }

    /// A value as the text JavaScript would make of it, for the text relations.
    private static func text(_ value: SearchValue) -> Substring? {
        switch value {
        case .absent: nil
        case .text(let t): t
        case .number(let x): Substring(SearchNumbers.jsString(x))
        }
    }

    // MARK: Bytes

    private static func withBytes<R>(_ s: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = s.utf8.withContiguousStorageIfAvailable(body) { return r }
        return Array(s.utf8).withUnsafeBufferPointer(body)
    }

    /// The bytes of `s` for a comparison with `other`, already lowercased. When `fold`
    /// is set, ASCII letters are folded as they are read (the flag passed on says so);
    /// that is exact when either side is all ASCII, because only two characters
    /// (U+0130 and U+212A) lowercase to ASCII. Otherwise `s` is lowercased first,
    /// as JavaScript's `toLowerCase` would.
    private static func withFolded<R>(
        _ s: Substring, _ fold: Bool, against other: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R
    ) -> R {
        guard fold else { return withBytes(s) { body($0, false) } }
        let foldsInPlace = withBytes(s) { b in
            var i = 0, ascii = true
            while i < b.count {
                let c = b[i]
                if c >= 0x80 {
                    ascii = false
                    // U+0130 (C4 B0) and U+212A (E2 84 AA) lowercase to ASCII letters.
                    if c == 0xC4, i + 1 < b.count, b[i + 1] == 0xB0 { return false }
                    if c == 0xE2, i + 2 < b.count, b[i + 1] == 0x84, b[i + 2] == 0xAA { return false }
                }
                i += 1
            }
            return ascii || other.allSatisfy { $0 < 0x80 }
        }
        if foldsInPlace { return withBytes(s) { body($0, true) } }
        return withBytes(Substring(s.lowercased())) { body($0, false) }
    }

    @inline(__always)
    private static func lower(_ c: UInt8, _ fold: Bool) -> UInt8 { fold && c >= 0x41 && c <= 0x5A ? c | 0x20 : c }

    private static func memEqual(
        _ a: UnsafeBufferPointer<UInt8>, _ at: Int, _ b: UnsafeBufferPointer<UInt8>,
        _ fold: Bool
    ) -> Bool {
        for k in 0..<b.count where lower(a[at + k], fold) != b[k] { return false }
        return true
    }

    private static func contains(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
        _ fold: Bool
    ) -> Bool {
        guard let first = b.first else { return true }
        guard b.count <= a.count else { return false }
        var i = 0
        while i <= a.count - b.count {
            if lower(a[i], fold) == first, memEqual(a, i, b, fold) { return true }
            i += 1
        }
        return false
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ fold: Bool) -> Int {
        for k in 0..<min(a.count, b.count) {
            let x = lower(a[k], fold)
            if x != b[k] { return x < b[k] ? -1 : 1 }
        }
        return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
    }
}
