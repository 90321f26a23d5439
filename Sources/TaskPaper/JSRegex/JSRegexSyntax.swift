/// A `matches` pattern read as JavaScript's `new RegExp(pattern)` reads it
/// (no flags, so no `u`: the web-compatibility grammar of ECMAScript's Annex
/// B, as node and the browsers have it): `{` and `]` alone are characters,
/// `\1` without a group 1 is an octal escape, `\c` without a letter is a
/// backslash. A pattern JavaScript rejects reads as nil.
indirect enum JSRegexNode: Sendable {
    case empty
    case character(UInt16)
    case set(JSCharacterSet)
    case sequence([JSRegexNode])
    case alternation([JSRegexNode])
    /// A group; `capture` is its number (from 1) when it captures. `captures` is the range of group
    /// numbers inside it (itself included), which each repetition clears.
    case group(JSRegexNode, capture: Int?)
    case backreference(Int)
    case inputStart, inputEnd
    case wordBoundary(negated: Bool)
    case look(JSRegexNode, ahead: Bool, negated: Bool)
    case repeated(JSRegexNode, min: Int, max: Int, greedy: Bool, captures: Range<Int>)
}

/// A set of UTF-16 code units as sorted, disjoint, inclusive ranges.
struct JSCharacterSet: Sendable {
    var ranges: [ClosedRange<UInt16>]

    init(_ ranges: [ClosedRange<UInt16>]) {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt16>] = []
        for r in sorted {
            if let last = merged.last, Int(r.lowerBound) <= Int(last.upperBound) + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        self.ranges = merged
    }

    var inverted: JSCharacterSet {
        var out: [ClosedRange<UInt16>] = []
        var next = 0
        for r in ranges {
            if Int(r.lowerBound) > next { out.append(UInt16(next)...r.lowerBound - 1) }
            next = Int(r.upperBound) + 1
        }
        if next <= 0xFFFF { out.append(UInt16(next)...0xFFFF) }
        return JSCharacterSet(out)
    }

    @inline(__always)
    func contains(_ c: UInt16) -> Bool {
        for r in ranges {
            if c < r.lowerBound { return false }
            if c <= r.upperBound { return true }
        }
        return false
    }

    static let digits = JSCharacterSet([0x30...0x39])
    static let word = JSCharacterSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// JavaScript's `\s`: white space and line terminators.
    static let space = JSCharacterSet([
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// `.`: anything but a line terminator.
    static let dot = JSCharacterSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted
}

/// The reader of `JSRegexNode`, over the pattern's UTF-16 code units.
struct JSRegexParser {
    private let p: [UInt16]
    private var i = 0
    private var groupCount = 0
    private let totalGroups: Int
    private let groupNames: [[UInt16]: Int]
    private let hasNamedGroups: Bool

    private var nesting = 0
    private var maxNesting = Int.max
    private var nestedTooDeep = false

    struct SyntaxError: Error {}

    enum Outcome {
        /// The pattern's tree and its number of capturing groups.
        case parsed(JSRegexNode, groups: Int)
        /// JavaScript would throw.
        case rejected
        /// Parentheses nest deeper than asked (the reader recurses on them, so it stops there).
        case tooDeep
    }

    static func parse(_ pattern: String, maxGroupNesting: Int) -> Outcome {
        guard var parser = JSRegexParser(Array(pattern.utf16)) else { return .rejected }
        parser.maxNesting = maxGroupNesting
        guard let node = try? parser.parseDisjunction(), parser.i == parser.p.count else {
            return parser.nestedTooDeep ? .tooDeep : .rejected
        }
        return .parsed(node, groups: parser.totalGroups)
    }

    private init?(_ p: [UInt16]) {
        self.p = p
        // A first pass counts the capturing groups and reads their names: `\2` and `\k<name>` may come first.
        var count = 0, names: [[UInt16]: Int] = [:], named = false
        var k = 0, inClass = false
        while k < p.count {
            let c = p[k]
            if c == 0x5C {  // backslash
                k += 2
                continue
            }
            if inClass {
                if c == 0x5D { inClass = false }
            } else if c == 0x5B {
                inClass = true
            } else if c == 0x28 {
                if k + 1 < p.count, p[k + 1] == 0x3F {
                    if k + 2 < p.count, p[k + 2] == 0x3C, k + 3 < p.count, p[k + 3] != 0x3D, p[k + 3] != 0x21 {
                        count += 1
                        named = true
                        var e = k + 3
                        while e < p.count, p[e] != 0x3E { e += 1 }
                        let name = Array(p[(k + 3)..<min(e, p.count)])
                        if names[name] != nil { return nil }  // a name given twice
                        names[name] = count
                    }
                } else {
                    count += 1
                }
            }
            k += 1
        }
        totalGroups = count
        groupNames = names
        hasNamedGroups = named
    }

    private func peek(_ offset: Int = 0) -> UInt16? { i + offset < p.count ? p[i + offset] : nil }

    private mutating func parseDisjunction() throws(SyntaxError) -> JSRegexNode {
        var alternatives = [try parseAlternative()]
        while peek() == 0x7C {  // |
            i += 1
            alternatives.append(try parseAlternative())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseAlternative() throws(SyntaxError) -> JSRegexNode {
        var terms: [JSRegexNode] = []
        while let c = peek(), c != 0x7C, c != 0x29 { terms.append(try parseTerm()) }
        return terms.count == 1 ? terms[0] : terms.isEmpty ? .empty : .sequence(terms)
    }

    private mutating func parseTerm() throws(SyntaxError) -> JSRegexNode {
        let groupsBefore = groupCount + 1
        let c = p[i]
        let atom: JSRegexNode
        var quantifiable = true
        switch c {
        case 0x5E: i += 1; atom = .inputStart; quantifiable = false  // ^
        case 0x24: i += 1; atom = .inputEnd; quantifiable = false  // $
        case 0x5C where peek(1) == 0x62 || peek(1) == 0x42:  // \b \B
            atom = .wordBoundary(negated: p[i + 1] == 0x42)
            i += 2
            quantifiable = false
        case 0x28: (atom, quantifiable) = try parseGroup()
        case 0x5B: atom = .set(try parseClass())
        case 0x2E: i += 1; atom = .set(.dot)
        case 0x2A, 0x2B, 0x3F: throw SyntaxError()  // nothing to repeat
        case 0x7B:
            if braceQuantifier(at: i) != nil { throw SyntaxError() }
            i += 1
            atom = .character(c)
        case 0x5C: atom = try parseAtomEscape()
        default: i += 1; atom = .character(c)
        }
        guard let (min, max, greedy) = try parseQuantifier() else { return atom }
        guard quantifiable else { throw SyntaxError() }
        return .repeated(atom, min: min, max: max, greedy: greedy, captures: groupsBefore..<groupCount + 1)
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe followed by `?` (lazy).
    private mutating func parseQuantifier() throws(SyntaxError) -> (Int, Int, Bool)? {
        guard let c = peek() else { return nil }
        var bounds: (Int, Int)
        switch c {
        case 0x2A: bounds = (0, Int.max); i += 1
        case 0x2B: bounds = (1, Int.max); i += 1
        case 0x3F: bounds = (0, 1); i += 1
        case 0x7B:
            guard let (b, end) = braceQuantifier(at: i) else { return nil }
            bounds = b
            i = end
            if bounds.0 > bounds.1 { throw SyntaxError() }  // numbers out of order
        default: return nil
        }
        var greedy = true
        if peek() == 0x3F { greedy = false; i += 1 }
        return (bounds.0, bounds.1, greedy)
    }

    /// A `{n}`, `{n,}` or `{n,m}` at `k`: its bounds and where it ends.
    private func braceQuantifier(at start: Int) -> ((Int, Int), Int)? {
        var k = start + 1
        func number() -> Int? {
            let s = k
            var value = 0
            while k < p.count, p[k] >= 0x30, p[k] <= 0x39 {
                value = value > 1 << 40 ? value : value * 10 + Int(p[k] - 0x30)
                k += 1
            }
            return k > s ? value : nil
        }
        guard let min = number() else { return nil }
        var max = min
        if k < p.count, p[k] == 0x2C {
            k += 1
            max = number() ?? Int.max
        }
        guard k < p.count, p[k] == 0x7D else { return nil }
        return ((min, max), k + 1)
    }

    private mutating func parseGroup() throws(SyntaxError) -> (JSRegexNode, Bool) {
        i += 1
        guard nesting < maxNesting else {
            nestedTooDeep = true
            throw SyntaxError()
        }
        nesting += 1
        defer { nesting -= 1 }
        var capture: Int?
        var look: (ahead: Bool, negated: Bool)?
        if peek() == 0x3F {
            switch (peek(1), peek(2)) {
            case (0x3A, _): i += 2
            case (0x3D, _), (0x21, _): look = (true, p[i + 1] == 0x21); i += 2
            case (0x3C, 0x3D), (0x3C, 0x21): look = (false, p[i + 2] == 0x21); i += 3
            case (0x3C, _):
                i += 2
                let start = i
                while let c = peek(), Self.isNameCharacter(c, first: i == start) { i += 1 }
                guard i > start, peek() == 0x3E else { throw SyntaxError() }
                i += 1
                groupCount += 1
                capture = groupCount
            default: throw SyntaxError()
            }
        } else {
            groupCount += 1
            capture = groupCount
        }
        let inner = try parseDisjunction()
        guard peek() == 0x29 else { throw SyntaxError() }
        i += 1
        if let look { return (.look(inner, ahead: look.ahead, negated: look.negated), look.ahead) }
        return (.group(inner, capture: capture), true)
    }

    private static func isNameCharacter(_ c: UInt16, first: Bool) -> Bool {
        switch c {
        case 0x24, 0x5F, 0x41...0x5A, 0x61...0x7A: return true
        case 0x30...0x39: return !first
        case 0x80...: return Unicode.Scalar(c).map { $0.properties.isIDContinue } ?? false
        default: return false
        }
    }

    // MARK: Escapes

    private mutating func parseAtomEscape() throws(SyntaxError) -> JSRegexNode {
        guard let c = peek(1) else { throw SyntaxError() }  // `\` at the end
        if c >= 0x31, c <= 0x39 {
            var k = i + 1, n = 0
            while k < p.count, p[k] >= 0x30, p[k] <= 0x39, n <= totalGroups {
                n = n * 10 + Int(p[k] - 0x30)
                k += 1
            }
            if n <= totalGroups {
                i = k
                return .backreference(n)
            }
        }
        if c == 0x6B, hasNamedGroups {  // \k<name>
            i += 2
            guard peek() == 0x3C else { throw SyntaxError() }
            let start = i + 1
            var e = start
            while e < p.count, p[e] != 0x3E { e += 1 }
            guard e < p.count, let group = groupNames[Array(p[start..<e])] else { throw SyntaxError() }
            i = e + 1
            return .backreference(group)
        }
        i += 1
        return try parseCharacterEscape(inClass: false)
    }

    /// After a `\` (at `i - 1`): a class escape as a set, or one code unit.
    private mutating func parseCharacterEscape(inClass: Bool) throws(SyntaxError) -> JSRegexNode {
        guard let c = peek() else { throw SyntaxError() }
        switch c {
        case 0x64: i += 1; return .set(.digits)
        case 0x44: i += 1; return .set(JSCharacterSet.digits.inverted)
        case 0x73: i += 1; return .set(.space)
        case 0x53: i += 1; return .set(JSCharacterSet.space.inverted)
        case 0x77: i += 1; return .set(.word)
        case 0x57: i += 1; return .set(JSCharacterSet.word.inverted)
        case 0x66: i += 1; return .character(0x0C)
        case 0x6E: i += 1; return .character(0x0A)
        case 0x72: i += 1; return .character(0x0D)
        case 0x74: i += 1; return .character(0x09)
        case 0x76: i += 1; return .character(0x0B)
        case 0x62 where inClass: i += 1; return .character(0x08)
        case 0x63:
            if let l = peek(1), (l | 0x20) >= 0x61, (l | 0x20) <= 0x7A {
                i += 2
                return .character(l % 32)
            }
            if inClass, let l = peek(1), (l >= 0x30 && l <= 0x39) || l == 0x5F {
                i += 2
                return .character(l % 32)
            }
            return .character(0x5C)  // a backslash; the `c` is read next
        case 0x30...0x37:
            // `\0`, and octal escapes (`\12`) where no group has that number.
            var value = 0, k = i
            while k < p.count, k - i < 3, p[k] >= 0x30, p[k] <= 0x37, value * 8 + Int(p[k] - 0x30) <= 0xFF {
                value = value * 8 + Int(p[k] - 0x30)
                k += 1
            }
            i = k
            return .character(UInt16(value))
        case 0x78:
            if let value = hex(at: i + 1, count: 2) { i += 3; return .character(value) }
        case 0x75:
            if let value = hex(at: i + 1, count: 4) { i += 5; return .character(value) }
        case 0x6B where hasNamedGroups: throw SyntaxError()
        default: break
        }
        i += 1
        return .character(c)
    }

    private func hex(at start: Int, count: Int) -> UInt16? {
        guard start + count <= p.count else { return nil }
        var value: UInt16 = 0
        for k in start..<start + count {
            let c = p[k]
            let digit: UInt16
            switch c {
            case 0x30...0x39: digit = c - 0x30
            case 0x41...0x46: digit = c - 0x37
            case 0x61...0x66: digit = c - 0x57
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }

    // MARK: Classes

    private mutating func parseClass() throws(SyntaxError) -> JSCharacterSet {
        i += 1
        var negated = false
        if peek() == 0x5E { negated = true; i += 1 }
        var ranges: [ClosedRange<UInt16>] = []
        func add(_ atom: JSRegexNode) {
            switch atom {
            case .character(let c): ranges.append(c...c)
            case .set(let s): ranges += s.ranges
            default: break
            }
        }
        while true {
            guard let c = peek() else { throw SyntaxError() }  // unterminated
            if c == 0x5D { i += 1; break }
            let first = try parseClassAtom()
            if peek() == 0x2D, let next = peek(1), next != 0x5D {
                i += 1
                let second = try parseClassAtom()
                if case .character(let lo) = first, case .character(let hi) = second {
                    guard lo <= hi else { throw SyntaxError() }  // range out of order
                    ranges.append(lo...hi)
                } else {
                    // `[\w-a]`: a class escape cannot bound a range, so `-` is a character.
                    add(first)
                    ranges.append(0x2D...0x2D)
                    add(second)
                }
            } else {
                add(first)
            }
        }
        let set = JSCharacterSet(ranges)
        return negated ? set.inverted : set
    }

    private mutating func parseClassAtom() throws(SyntaxError) -> JSRegexNode {
        let c = p[i]
        guard c == 0x5C else { i += 1; return .character(c) }
        i += 1
        guard let next = peek() else { throw SyntaxError() }
        if next == 0x38 || next == 0x39 { i += 1; return .character(next) }
        return try parseCharacterEscape(inClass: true)
    }
}
