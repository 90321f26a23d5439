/// Reads a search the way TaskPaper 3's item-path grammar does: a PEG, so
/// each choice tries its alternatives in order and the first that fits wins.
/// Works on UTF-8 bytes, so every offset is a UTF-8 offset into the query.
/// Chains (`a and b and ...`, `/a/b/...`, `not not ...`) are read in loops;
/// only parentheses and `count(` recurse, and those are capped at
/// `maxNesting`, so no query can exhaust the stack.
struct SearchParser {
    static let maxNesting = 64
    static let maxQueryLength = 100_000

    let b: [UInt8]
    var pos = 0
    var nesting = 0
    private var stepCount = 0
    private var comparisonCount = 0
    /// The furthest offset any alternative failed at, and what it wanted there:
    /// where a PEG stops making sense, and so where the error is reported.
    var failOffset = 0
    var expected: [String] = []
    /// Above zero while looking ahead (`!OrPredicates`): failures there explain nothing.
    var silent = 0
    /// TaskPaper's generated parser caches each rule's result by position, so a rule read again where it
    /// was read before reports no failure the second time; one first read while looking ahead (every path
    /// expression starts by trying a predicate, silently) never reports any. These are the rules (keyed
    /// `rule * (length + 1) + offset`) read so far, so that failures land where TaskPaper reports them.
    var rulesRead: Set<Int> = []
    /// Predicates read, by offset: the look-ahead's result serves the step read at the same place.
    var predicatesRead: [Int: (predicate: SearchPredicate?, end: Int)] = [:]

    enum Rule: Int { case or, and, comparison, value, relation, modifier, name, nameEnd, whitespace }

    func ruleKey(_ rule: Rule, at offset: Int) -> Int { rule.rawValue * (b.count + 1) + offset }

    /// Runs `body` as TaskPaper's cached rule `rule` at the current offset: silently if it was read there before.
    mutating func asCachedRule<T>(
        _ rule: Rule, _ body: (inout SearchParser) throws(SearchParseError) -> T
    ) throws(SearchParseError) -> T {
        let isRepeat = !rulesRead.insert(ruleKey(rule, at: pos)).inserted
        if isRepeat { silent += 1 }
        defer { if isRepeat { silent -= 1 } }
        return try body(&self)
    }

    init(_ query: String) { b = Array(query.utf8) }

    struct Parsed { var expression: SearchExpression; var stepCount: Int; var comparisonCount: Int }

    mutating func parse() throws(SearchParseError) -> Parsed {
        guard b.count <= Self.maxQueryLength else {
            throw SearchParseError(
                utf8Offset: Self.maxQueryLength,
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

    mutating func parseUnion() throws(SearchParseError) -> SearchExpression? {
        try parseChain(
            keyword: "union",
            operand: { (p: inout SearchParser) throws(SearchParseError) in
                try p.parseExcept()
            }, combine: SearchExpression.union)
    }

    mutating func parseExcept() throws(SearchParseError) -> SearchExpression? {
        try parseChain(
            keyword: "except",
            operand: { (p: inout SearchParser) throws(SearchParseError) in
                try p.parseIntersect()
            }, combine: SearchExpression.except)
    }

    mutating func parseIntersect() throws(SearchParseError) -> SearchExpression? {
        try parseChain(
            keyword: "intersect",
            operand: { (p: inout SearchParser) throws(SearchParseError) in
                try p.parsePathExpression()
            }, combine: SearchExpression.intersect)
    }

    /// `operand (keyword operand)*`, for set operations and for `and`/`or`; a keyword not followed by
    /// an operand is left unread.
    mutating func parseChain<Part>(
        keyword: String, operand: (inout SearchParser) throws(SearchParseError) -> Part?,
        combine: ([Part]) -> Part
    ) throws(SearchParseError) -> Part? {
        guard let first = try operand(&self) else { return nil }
        var parts = [first]
        while true {
            let save = pos
            skipWhitespace()
            guard consume(keyword) else {
                noteFailure()
                pos = save
                break
            }
            skipWhitespace()
            guard let next = try operand(&self) else { pos = save; break }
            parts.append(next)
        }
        return parts.count == 1 ? first : combine(parts)
    }

    /// `( paths )[slice]`, tried only where the text is not a predicate group; else a path.
    mutating func parsePathExpression() throws(SearchParseError) -> SearchExpression? {
        // `!OrPredicates '(' ...`: TaskPaper's grammar tries a predicate first wherever a path expression starts.
        let save = pos
        silent += 1
        let isPredicate = try parseOr() != nil
        silent -= 1
        pos = save
        if !isPredicate, peek() == UInt8(ascii: "("), let group = try parsePathGroup() { return group }
        return try parseItemPath().map(SearchExpression.path)
    }

    mutating func parsePathGroup() throws(SearchParseError) -> SearchExpression? {
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

    mutating func parseItemPath() throws(SearchParseError) -> SearchPath? {
        let start = pos
        noteFailure()
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

    static let axes: [(text: String, axis: SearchAxis)] = [
        ("ancestor-or-self::", .ancestorOrSelf), ("ancestor::", .ancestor), ("child::", .child),
        ("descendant-or-self::", .descendantOrSelf), ("descendant::", .descendant),
        ("following-sibling::", .followingSibling), ("following::", .following),
        ("preceding-sibling::", .precedingSibling), ("preceding::", .preceding), ("parent::", .parent),
        ("self::", .self), ("//", .descendantOrSelf), ("/", .descendant), ("..", .parent), (".", .child),
    ]

    mutating func parseStep() throws(SearchParseError) -> (step: SearchStep, axisWasDefault: Bool)? {
        let start = pos
        noteFailure()
        let axis = Self.axes.first { consume($0.text) }?.axis
        let kind = parseKind()
        let predicate = try parseOr()
        let slice = try parseSlice()
        guard kind != nil || predicate != nil else {
            pos = start
            return nil
        }
        let step = SearchStep(
            axis: axis ?? .child, kind: kind, predicate: predicate ?? .any, slice: slice,
            id: stepCount)
        stepCount += 1
        return (step, axis == nil)
    }

    /// `project`, `task` or `note` as a whole name, then whitespace.
    mutating func parseKind() -> LineKind? {
        let start = pos
        // TaskPaper's parser notes where a name ends (or fails to start), unless it read that place before.
        let startIsCached =
            rulesRead.contains(ruleKey(.name, at: start)) || rulesRead.contains(ruleKey(.nameEnd, at: start))
        let name = scanName(noting: false)
        if name == nil ? !startIsCached : !rulesRead.contains(ruleKey(.nameEnd, at: pos)) { noteFailure() }
        rulesRead.insert(ruleKey(.name, at: start))
        rulesRead.insert(ruleKey(.nameEnd, at: pos))
        guard let name else { return nil }
        let kind: LineKind? =
            switch name {
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
    mutating func parseSlice() throws(SearchParseError) -> SearchSlice? {
        let start = pos
        noteFailure()
        guard consume("["), let first = scanInteger() else { pos = start; return nil }
        var end: Int?
        if consume(":") {
            end = scanInteger() ?? Int.max
        } else {
            fail("':'")
        }
        guard consume("]") else {
            fail("']' to close '[' at \(start)")
            pos = start
            return nil
        }
        return SearchSlice(start: first, end: end)
    }

    mutating func scanInteger() -> Int? {
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
        // TaskPaper's parser reads digits until one fails to match, and notes that failure: a slice read
        // in full still moves the error there (`a/[0]`: a slice without a step fails at the `]`).
        fail("a digit")
        return negative ? -value : value
    }

    // MARK: Predicates

    mutating func parseOr() throws(SearchParseError) -> SearchPredicate? {
        let start = pos
        if let known = predicatesRead[start] {
            pos = known.end
            return known.predicate
        }
        let predicate = try asCachedRule(.or) { (p: inout SearchParser) throws(SearchParseError) in
            try p.parseChain(
                keyword: "or",
                operand: { (p: inout SearchParser) throws(SearchParseError) in
                    // The grammar's right side of `or` is the whole rule again, cached at its offset.
                    guard p.pos != start else { return try p.parseAnd() }
                    return try p.asCachedRule(.or) { (p: inout SearchParser) throws(SearchParseError) in
                        try p.parseAnd()
                    }
                }, combine: SearchPredicate.or)
        }
        predicatesRead[start] = (predicate, pos)
        return predicate
    }

    mutating func parseAnd() throws(SearchParseError) -> SearchPredicate? {
        let start = pos
        return try parseChain(
            keyword: "and",
            operand: { (p: inout SearchParser) throws(SearchParseError) in
                guard p.pos != start else { return try p.parseNot() }
                return try p.asCachedRule(.and) { (p: inout SearchParser) throws(SearchParseError) in
                    try p.parseNot()
                }
            }, combine: SearchPredicate.and)
    }

    /// Any number of `not ` (each followed by whitespace); an odd count negates.
    mutating func parseNot() throws(SearchParseError) -> SearchPredicate? {
        let start = pos
        var negations = 0
        while true {
            let save = pos
            guard consume("not") else { break }
            // Unless white space was looked for here before (then TaskPaper's parser has it cached).
            let isCached = rulesRead.contains(ruleKey(.whitespace, at: pos))
            guard skipWhitespace() > 0 else {
                if !isCached { fail("whitespace after 'not'") }
                pos = save
                break
            }
            negations += 1
        }
        guard let inner = try parsePredicateExpression() else { pos = start; return nil }
        return negations % 2 == 1 ? .not(inner) : inner
    }

    mutating func parsePredicateExpression() throws(SearchParseError) -> SearchPredicate? {
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
        return try asCachedRule(.comparison) { (p: inout SearchParser) throws(SearchParseError) in
            try p.parseComparison()
        }
    }

    /// `[@attribute] [relation] [modifier] [value]` with TaskPaper's defaults:
    /// `@text`, `contains`, `[i]`; a lone `@attribute` tests that it is there.
    mutating func parseComparison() throws(SearchParseError) -> SearchPredicate? {
        noteFailure()
        if consume("*") { return .any }
        let start = pos
        let left = try asCachedRule(.value) { (p: inout SearchParser) throws(SearchParseError) in try p.parseValue() }
        skipWhitespace()
        let relation = try asCachedRule(.relation) { (p: inout SearchParser) in p.parseRelation() }
        skipWhitespace()
        let modifierStart = pos
        let modifier = try asCachedRule(.modifier) { (p: inout SearchParser) throws(SearchParseError) in
            try p.parseModifier()
        }
        skipWhitespace()
        let rightStart = pos
        let right = try asCachedRule(.value) { (p: inout SearchParser) throws(SearchParseError) in try p.parseValue() }
        guard left != nil || right != nil else { pos = start; return nil }
        var rightIsEmpty = right == nil
        if case .literal("")? = right { rightIsEmpty = true }
        let parts: (left: SearchOperand, relation: SearchRelation, modifier: SearchModifier, right: SearchOperand?)
        if left == nil, relation == nil, case .literal("")? = right {
            // `[s] ""`: TaskPaper's parser fails on it (its action reads the missing left value), wherever it
            // reads it, even while looking ahead, and reports no position.
            throw SearchParseError(
                utf8Offset: 0,
                message: "TaskPaper cannot read a modifier and an empty value alone (at \(start));"
                    + " name the attribute: '@text [s] \"\"'")
        }
        if relation == nil, rightIsEmpty {
            switch left {
            case .attribute?, nil:
                // `@due` tests presence.
                parts = (left ?? .attribute(.text), .contains, SearchModifier(), nil)
            case let value?:
                parts = (.attribute(.text), .contains, modifier ?? SearchModifier(), value)
            }
        } else {
            // An empty left value counts as none (JavaScript's `""` is false), so it reads `@text`.
            var left = left ?? .attribute(.text)
            if case .literal("") = left { left = .attribute(.text) }
            parts = (left, relation ?? .contains, modifier ?? SearchModifier(), right)
        }
        var pattern: SearchPattern?
        if parts.relation == .matches, case .literal(var source)? = parts.right, !source.isEmpty,
            parts.modifier.conversion != .date
        {
            // The pattern is the value as the modifier reads it: `[i]` lowercases it (`\W` becomes `\w`),
            // with `[n]`, `1.0` is the pattern `1`. A `[d]` value waits for the clock (evaluation reads it).
            switch parts.modifier.conversion {
            case .caseInsensitive: source = String(SearchRelations.lowercased(Substring(source)))
            case .number: source = SearchNumbers.jsString(SearchNumbers.parseFloat(Substring(source)))
            case .caseSensitive, .date: break
            }
            do {
                pattern = try SearchPattern(source)
            } catch {
                throw SearchParseError(utf8Offset: right == nil ? modifierStart : rightStart, message: error.message)
            }
        }
        let comparison = SearchComparison(
            left: parts.left, relation: parts.relation, modifier: parts.modifier,
            right: parts.right, pattern: pattern, id: comparisonCount)
        comparisonCount += 1
        return .comparison(comparison)
    }

    static let relations: [SearchRelation] = [
        .beginsWith, .contains, .endsWith, .like, .matches, .equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less,
        .greater,
    ]

    mutating func parseRelation() -> SearchRelation? {
        noteFailure()
        return Self.relations.first { consume($0.rawValue) }
    }

    /// `[i]`, `[s]`, `[n]`, `[d]`, `[l]`, or several: `[nl]`, `[n,l]` (the last of i/s/n/d wins).
    mutating func parseModifier() throws(SearchParseError) -> SearchModifier? {
        let start = pos
        noteFailure()
        guard consume("[") else { return nil }
        var modifier = SearchModifier()
        var letters = 0, separators = 0
        while let c = peek() {
            switch c {
            case UInt8(ascii: "i"): modifier.conversion = .caseInsensitive
            case UInt8(ascii: "s"): modifier.conversion = .caseSensitive
            case UInt8(ascii: "n"): modifier.conversion = .number
            case UInt8(ascii: "d"): modifier.conversion = .date
            case UInt8(ascii: "l"): modifier.isList = true
            case UInt8(ascii: ","), UInt8(ascii: " "):
                pos += 1
                separators += 1
                continue
            default:
                // TaskPaper 3 reads one of `[s]` `[i]` `[n]` `[d]`; longer ones are lists (`[nl]`, `[n,l]`).
                let isTaskPaper3 = letters == 1 && separators == 0
                guard letters > 0, modifier.isList || isTaskPaper3, consume("]") else {
                    failModifier(at: start, letters == 0 ? "a modifier (one of i s n d l)" : nil)
                    return nil
                }
                return modifier
            }
            letters += 1
            pos += 1
        }
        failModifier(at: start, nil)
        return nil
    }

    /// A modifier that does not read: the error goes where TaskPaper's grammar (`'[' [sind] ']'`) stops.
    private mutating func failModifier(at start: Int, _ what: String?) {
        pos = start + 1
        if let c = peek(), Set("sind".utf8).contains(c) { pos += 1 }
        fail(what ?? "']' to close the modifier at \(start)")
        pos = start
    }
}
