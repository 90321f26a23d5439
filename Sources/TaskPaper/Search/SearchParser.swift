/// Reads a search the way TaskPaper 3's item-path grammar does: a PEG, so
/// each choice tries its alternatives in order and the first that fits wins.
/// Works on UTF-8 bytes, so every offset is a UTF-8 offset into the query.
/// Chains (`a and b and ...`, `/a/b/...`, `not not ...`) are read in loops;
/// only parentheses and `count(` recurse, and those are capped at
/// `maxNesting`, so no query can exhaust the stack.
struct SearchParser {
    static let maxNesting = 64
    static let maxQueryLength = 100_000

    private let b: [UInt8]
    private var pos = 0
    private var nesting = 0
    private var stepCount = 0
    private var comparisonCount = 0
    /// The furthest offset any alternative failed at, and what it wanted there:
    /// where a PEG stops making sense, and so where the error is reported.
    private var failOffset = 0
    private var expected: [String] = []
    /// Above zero while looking ahead (`!OrPredicates`): failures there explain nothing.
    private var silent = 0

    init(_ query: String) { b = Array(query.utf8) }

    struct Parsed { var expression: SearchExpression; var stepCount: Int; var comparisonCount: Int }

    mutating func parse() throws(SearchParseError) -> Parsed {
        guard b.count <= Self.maxQueryLength else {
            throw SearchParseError(utf8Offset: Self.maxQueryLength,
                                   message: "search is too long: at most \(Self.maxQueryLength) bytes")
        }
        let expression = try parseUnion()
        skipWhitespace()
        if let expression, pos == b.count {
            return Parsed(expression: expression, stepCount: stepCount, comparisonCount: comparisonCount)
        }
        fail(b.isEmpty ? "a search term" : "end of search")
        throw describeFailure()
    }

    // MARK: Set operations

    private mutating func parseUnion() throws(SearchParseError) -> SearchExpression? {
        try parseChain(keyword: "union", operand: { (p: inout SearchParser) throws(SearchParseError) in
            try p.parseExcept()
        }, combine: SearchExpression.union)
    }

    private mutating func parseExcept() throws(SearchParseError) -> SearchExpression? {
        try parseChain(keyword: "except", operand: { (p: inout SearchParser) throws(SearchParseError) in
            try p.parseIntersect()
        }, combine: SearchExpression.except)
    }

    private mutating func parseIntersect() throws(SearchParseError) -> SearchExpression? {
        try parseChain(keyword: "intersect", operand: { (p: inout SearchParser) throws(SearchParseError) in
            try p.parsePathExpression()
        }, combine: SearchExpression.intersect)
    }

    /// `operand (keyword operand)*`; a keyword not followed by an operand is left unread.
    private mutating func parseChain(
        keyword: String, operand: (inout SearchParser) throws(SearchParseError) -> SearchExpression?,
        combine: ([SearchExpression]) -> SearchExpression
    ) throws(SearchParseError) -> SearchExpression? {
        guard let first = try operand(&self) else { return nil }
        var parts = [first]
        while true {
            let save = pos
            skipWhitespace()
            guard consume(keyword) else { pos = save; break }
            skipWhitespace()
            guard let next = try operand(&self) else { pos = save; break }
            parts.append(next)
        }
        return parts.count == 1 ? first : combine(parts)
    }

    /// `( paths )[slice]`, tried only where the text is not a predicate group; else a path.
    private mutating func parsePathExpression() throws(SearchParseError) -> SearchExpression? {
        if peek() == UInt8(ascii: "(") {
            let save = pos
            silent += 1
            let isPredicate = try parseOr() != nil
            silent -= 1
            pos = save
            if !isPredicate, let group = try parsePathGroup() { return group }
        }
        return try parseItemPath().map(SearchExpression.path)
    }

    private mutating func parsePathGroup() throws(SearchParseError) -> SearchExpression? {
        let open = pos
        pos += 1
        try enterNesting(at: open)
        defer { nesting -= 1 }
        skipWhitespace()
        guard let inner = try parseUnion() else { pos = open; return nil }
        skipWhitespace()
        guard consume(")") else {
            fail("')' to close '(' at \(open)")
            pos = open
            return nil
        }
        guard let slice = try parseSlice() else { return inner }
        return .sliced(inner, slice)
    }

    // MARK: Paths and steps

    private mutating func parseItemPath() throws(SearchParseError) -> SearchPath? {
        let start = pos
        let isAbsolute = consume("/")
        guard var first = try parseStep() else { pos = start; return nil }
        // A relative path's first step without an axis searches every descendant.
        if !isAbsolute, first.axisWasDefault { first.step.axis = .descendant }
        var steps = [first.step]
        while true {
            let save = pos
            guard consume("/"), let next = try parseStep() else { pos = save; break }
            steps.append(next.step)
        }
        return SearchPath(isAbsolute: isAbsolute, steps: steps)
    }

    private static let axes: [(text: String, axis: SearchAxis)] = [
        ("ancestor-or-self::", .ancestorOrSelf), ("ancestor::", .ancestor), ("child::", .child),
        ("descendant-or-self::", .descendantOrSelf), ("descendant::", .descendant),
        ("following-sibling::", .followingSibling), ("following::", .following),
        ("preceding-sibling::", .precedingSibling), ("preceding::", .preceding), ("parent::", .parent),
        ("self::", .self), ("//", .descendantOrSelf), ("/", .descendant), ("..", .parent), (".", .child),
    ]

    private mutating func parseStep() throws(SearchParseError) -> (step: SearchStep, axisWasDefault: Bool)? {
        let start = pos
        let axis = Self.axes.first { consume($0.text) }?.axis
        let kind = parseKind()
        let predicate = try parseOr()
        let slice = try parseSlice()
        guard kind != nil || predicate != nil else {
            pos = start
            return nil
        }
        let step = SearchStep(axis: axis ?? .child, kind: kind, predicate: predicate ?? .any, slice: slice,
                              id: stepCount)
        stepCount += 1
        return (step, axis == nil)
    }

    /// `project`, `task` or `note` as a whole name, then whitespace.
    private mutating func parseKind() -> LineKind? {
        let start = pos
        guard let name = scanName() else { return nil }
        let kind: LineKind? = switch name {
        case "project": .project
        case "task": .task
        case "note": .note
        default: nil
        }
        guard let kind else { pos = start; return nil }
        skipWhitespace()
        return kind
    }

    /// `[n]` or `[n:m]`, `[n:]`; numbers past Int's range clamp.
    private mutating func parseSlice() throws(SearchParseError) -> SearchSlice? {
        let start = pos
        guard consume("["), let first = scanInteger() else { pos = start; return nil }
        var end: Int?
        if consume(":") { end = scanInteger() ?? Int.max }
        guard consume("]") else {
            fail("']' to close '[' at \(start)")
            pos = start
            return nil
        }
        return SearchSlice(start: first, end: end)
    }

    private mutating func scanInteger() -> Int? {
        let negative = consume("-")
        var value = 0, digits = 0
        while let c = peek(), c >= 0x30, c <= 0x39 {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(c - 0x30))
            value = o1 || o2 ? Int.max : sum
            digits += 1
            pos += 1
        }
        guard digits > 0 else {
            fail("a number")
            if negative { pos -= 1 }
            return nil
        }
        return negative ? -value : value
    }

    // MARK: Predicates

    private mutating func parseOr() throws(SearchParseError) -> SearchPredicate? {
        try parsePredicateChain(keyword: "or", operand: { (p: inout SearchParser) throws(SearchParseError) in
            try p.parseAnd()
        }, combine: SearchPredicate.or)
    }

    private mutating func parseAnd() throws(SearchParseError) -> SearchPredicate? {
        try parsePredicateChain(keyword: "and", operand: { (p: inout SearchParser) throws(SearchParseError) in
            try p.parseNot()
        }, combine: SearchPredicate.and)
    }

    private mutating func parsePredicateChain(
        keyword: String, operand: (inout SearchParser) throws(SearchParseError) -> SearchPredicate?,
        combine: ([SearchPredicate]) -> SearchPredicate
    ) throws(SearchParseError) -> SearchPredicate? {
        guard let first = try operand(&self) else { return nil }
        var parts = [first]
        while true {
            let save = pos
            skipWhitespace()
            guard consume(keyword) else { pos = save; break }
            skipWhitespace()
            guard let next = try operand(&self) else { pos = save; break }
            parts.append(next)
        }
        return parts.count == 1 ? first : combine(parts)
    }

    /// Any number of `not ` (each followed by whitespace); an odd count negates.
    private mutating func parseNot() throws(SearchParseError) -> SearchPredicate? {
        let start = pos
        var negations = 0
        while true {
            let save = pos
            guard consume("not"), skipWhitespace() > 0 else { pos = save; break }
            negations += 1
        }
        guard let inner = try parsePredicateExpression() else { pos = start; return nil }
        return negations % 2 == 1 ? .not(inner) : inner
    }

    private mutating func parsePredicateExpression() throws(SearchParseError) -> SearchPredicate? {
        if peek() == UInt8(ascii: "(") {
            let open = pos
            pos += 1
            try enterNesting(at: open)
            skipWhitespace()
            if let inner = try parseOr() {
                skipWhitespace()
                if consume(")") { nesting -= 1; return inner }
                fail("')' to close '(' at \(open)")
            }
            nesting -= 1
            pos = open
        }
        return try parseComparison()
    }

    /// `[@attribute] [relation] [modifier] [value]` with TaskPaper's defaults:
    /// `@text`, `contains`, `[i]`; a lone `@attribute` tests that it is there.
    private mutating func parseComparison() throws(SearchParseError) -> SearchPredicate? {
        if consume("*") { return .any }
        let start = pos
        let left = try parseValue()
        skipWhitespace()
        let relation = parseRelation()
        skipWhitespace()
        let modifierStart = pos
        let modifier = try parseModifier()
        skipWhitespace()
        let rightStart = pos
        let right = try parseValue()
        guard left != nil || right != nil else { pos = start; return nil }
        var comparison: SearchComparison
        if relation == nil, right == nil {
            if case .attribute = left! {
                comparison = SearchComparison(left: left!, relation: .contains, modifier: SearchModifier(),
                                              right: nil, id: comparisonCount)
            } else {
                comparison = SearchComparison(left: .attribute(.text), relation: .contains,
                                              modifier: modifier ?? SearchModifier(), right: left, id: comparisonCount)
            }
        } else {
            comparison = SearchComparison(left: left ?? .attribute(.text), relation: relation ?? .contains,
                                          modifier: modifier ?? SearchModifier(), right: right, id: comparisonCount)
        }
        comparisonCount += 1
        if comparison.relation == .matches, case .literal(let pattern)? = comparison.right, !pattern.isEmpty {
            do {
                let ignoresCase = comparison.modifier.conversion == .caseInsensitive
                comparison.pattern = try GuardedRegex(pattern, ignoresCase: ignoresCase)
            } catch {
                throw SearchParseError(utf8Offset: right == nil ? modifierStart : rightStart, message: error.message)
            }
        }
        return .comparison(comparison)
    }

    private static let relations: [SearchRelation] = [
        .beginsWith, .contains, .endsWith, .like, .matches, .equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less,
        .greater,
    ]

    private mutating func parseRelation() -> SearchRelation? {
        Self.relations.first { consume($0.rawValue) }
    }

    /// `[i]`, `[s]`, `[n]`, `[d]`, `[l]`, or several: `[nl]`, `[n,l]` (the last of i/s/n/d wins).
    private mutating func parseModifier() throws(SearchParseError) -> SearchModifier? {
        let start = pos
        guard consume("[") else { return nil }
        var modifier = SearchModifier()
        var letters = 0
        while let c = peek() {
            switch c {
            case UInt8(ascii: "i"): modifier.conversion = .caseInsensitive
            case UInt8(ascii: "s"): modifier.conversion = .caseSensitive
            case UInt8(ascii: "n"): modifier.conversion = .number
            case UInt8(ascii: "d"): modifier.conversion = .date
            case UInt8(ascii: "l"): modifier.isList = true
            case UInt8(ascii: ","), UInt8(ascii: " "): pos += 1; continue
            default:
                guard letters > 0, consume("]") else {
                    fail(letters == 0 ? "a modifier (one of i s n d l)" : "']' to close the modifier at \(start)")
                    pos = start
                    return nil
                }
                return modifier
            }
            letters += 1
            pos += 1
        }
        fail("']' to close the modifier at \(start)")
        pos = start
        return nil
    }

    // MARK: Values

    private mutating func parseValue() throws(SearchParseError) -> SearchOperand? {
        if consume("@") {
            guard let name = scanAttributeName() else {
                fail("an attribute name after '@'")
                pos -= 1
                return nil
            }
            while true {
                let save = pos
                guard consume(":"), scanAttributeName() != nil else { pos = save; break }
            }
            return .attribute(SearchAttribute(name: name))
        }
        let start = pos
        if consume("count"), peek() == UInt8(ascii: "(") {
            let open = pos
            pos += 1
            try enterNesting(at: open)
            defer { nesting -= 1 }
            if let inner = try parseUnion() {
                skipWhitespace()
                if consume(")") { return .count(inner) }
                fail("')' to close 'count(' at \(start)")
            }
        }
        pos = start
        return try parseString().map(SearchOperand.literal)
    }

    /// Quoted and unquoted pieces with the whitespace between them, trimmed.
    /// An unquoted piece is one digit, one symbol, or a name that is not a keyword.
    private mutating func parseString() throws(SearchParseError) -> String? {
        var out: [UInt8] = []
        var pieces = 0
        while true {
            let save = pos
            let wsStart = pos
            skipWhitespace()
            let ws = b[wsStart..<pos]
            if let piece = try scanQuoted() ?? scanUnquoted() {
                out += ws
                out += piece
                pieces += 1
                let trailing = pos
                skipWhitespace()
                out += b[trailing..<pos]
            } else {
                pos = save
                break
            }
        }
        guard pieces > 0 else {
            fail("a search term")
            return nil
        }
        while let last = out.last, Self.isWhitespace(last) { out.removeLast() }
        var first = 0
        while first < out.count, Self.isWhitespace(out[first]) { first += 1 }
        return String(decoding: out[first...], as: UTF8.self)
    }

    private mutating func scanQuoted() throws(SearchParseError) -> [UInt8]? {
        let open = pos
        guard consume("\"") else { return nil }
        var out: [UInt8] = []
        while let c = peek() {
            pos += 1
            switch c {
            case UInt8(ascii: "\""): return out
            case UInt8(ascii: "\\"):
                let escaped: UInt8? = switch peek() {
                case UInt8(ascii: "\""): UInt8(ascii: "\"")
                case UInt8(ascii: "\\"): UInt8(ascii: "\\")
                case UInt8(ascii: "/"): UInt8(ascii: "/")
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "t"): 0x09
                default: nil
                }
                guard let escaped else {
                    fail("an escape after '\\' (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t)")
                    pos = open
                    return nil
                }
                out.append(escaped)
                pos += 1
            case 0..<0x20, 0x7F:
                pos -= 1
                fail("'\"' to close the string at \(open)")
                pos = open
                return nil
            default: out.append(c)
            }
        }
        fail("'\"' to close the string at \(open)")
        pos = open
        return nil
    }

    private static let reservedNames: Set<String> = [
        "union", "except", "intersect", "and", "or", "not", "beginswith", "contains", "endswith", "like", "matches",
    ]

    private mutating func scanUnquoted() -> [UInt8]? {
        guard let c = peek() else { return nil }
        if c >= 0x30, c <= 0x39 { pos += 1; return [c] }
        // `~ ` ! # $ % ^ & * + = { } | \ ; ' , . ? -`; `!` and `=` are reserved (they start relations).
        if Self.symbols.contains(c) { pos += 1; return [c] }
        let start = pos
        guard let name = scanName() else { return nil }
        guard !Self.reservedNames.contains(name) else { pos = start; return nil }
        return Array(b[start..<pos])
    }

    private static let symbols: Set<UInt8> = Set("~`#$%^&*+{}|\\;',.?-".utf8)

    /// An XML-style name (TaskPaper's `Name`): a start character, then name characters.
    private mutating func scanName() -> String? {
        let start = pos
        guard let (first, length) = scalar(), Self.isNameStart(first) else { return nil }
        pos += length
        while let (c, length) = scalar(), Self.isNameStart(c) || Self.isNameContinue(c) { pos += length }
        return String(decoding: b[start..<pos], as: UTF8.self)
    }

    private mutating func scanAttributeName() -> String? {
        let start = pos
        while let (c, length) = scalar(), c != ":", Self.isNameStart(c) || Self.isNameContinue(c) { pos += length }
        return pos > start ? String(decoding: b[start..<pos], as: UTF8.self) : nil
    }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
             0xFDF0...0xFFFD: true
        default: false
        }
    }

    static func isNameContinue(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }

    // MARK: Bytes

    private func peek() -> UInt8? { pos < b.count ? b[pos] : nil }

    /// The scalar at `pos` and its UTF-8 length (the query came from a String, so it is valid UTF-8).
    private func scalar() -> (Unicode.Scalar, Int)? {
        guard pos < b.count else { return nil }
        let lead = b[pos]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard pos + length <= b.count else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(b[pos + k] & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    private mutating func consume(_ literal: String) -> Bool {
        var k = pos
        for c in literal.utf8 {
            guard k < b.count, b[k] == c else { return false }
            k += 1
        }
        pos = k
        return true
    }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    @discardableResult
    private mutating func skipWhitespace() -> Int {
        let start = pos
        while let c = peek(), Self.isWhitespace(c) { pos += 1 }
        return pos - start
    }

    // MARK: Errors

    private mutating func enterNesting(at offset: Int) throws(SearchParseError) {
        nesting += 1
        guard nesting <= Self.maxNesting else {
            throw SearchParseError(utf8Offset: offset,
                                   message: "parentheses nest too deeply: at most \(Self.maxNesting) levels")
        }
    }

    private mutating func fail(_ what: String) {
        guard silent == 0 else { return }
        if pos > failOffset {
            failOffset = pos
            expected = [what]
        } else if pos == failOffset, !expected.contains(what) {
            expected.append(what)
        }
    }

    private func describeFailure() -> SearchParseError {
        var wanted = expected
        // "end of search" says little when something more specific was wanted at the same place.
        if wanted.count > 1 { wanted.removeAll { $0 == "end of search" } }
        // At the end of the query, what most likely went wrong is a group or string left open.
        if failOffset >= b.count, wanted.contains(where: { $0.contains("to close") }) {
            wanted.removeAll { !$0.contains("to close") }
        }
        let list = wanted.count <= 1 ? (wanted.first ?? "a search term")
            : wanted.dropLast().joined(separator: ", ") + " or " + wanted.last!
        let found: String
        if failOffset >= b.count {
            found = b.isEmpty ? "the search is empty" : "the search ends"
        } else {
            // Show a whole word (a keyword where a term was wanted), else one character.
            var end = failOffset + 1
            while end < b.count, b[end] & 0xC0 == 0x80 { end += 1 }
            var word = SearchParser(String(decoding: b[failOffset...], as: UTF8.self))
            if word.scanName() != nil { end = failOffset + word.pos }
            found = "found '\(String(decoding: b[failOffset..<end], as: UTF8.self))'"
        }
        return SearchParseError(utf8Offset: failOffset, message: "expected \(list), but \(found)")
    }
}
