/// A `matches` pattern, read and run as TaskPaper runs it: JavaScript's
/// `new RegExp(pattern)`, no flags (`JSRegexParser`, `JSRegexProgram`,
/// `JSRegexMatcher`). A pattern JavaScript rejects matches nothing. Refused
/// before running, as they can take exponential time: an open-ended repeat
/// inside another (`(a+)+`, `(\w*\s?)*`), and groups nested over 64 deep.
/// Whatever else runs long stops at the search's time limit.
struct SearchPattern: Sendable {
    /// Nil when JavaScript's `RegExp` throws on the pattern.
    let program: JSRegexProgram?
    let literalFilter: RegexLiteralFilter?

    static let maxNesting = 64

    /// What JavaScript makes of a pattern it cannot build: nothing matches.
    static let matchingNothing = SearchPattern(program: nil)

    private init(program: JSRegexProgram?) {
        self.program = program
        literalFilter = nil
    }

    init(_ pattern: String) throws(SearchPatternError) {
        let node: JSRegexNode, groups: Int
        switch JSRegexParser.parse(pattern, maxGroupNesting: Self.maxNesting) {
        case .rejected:
            self = .matchingNothing
            return
        case .tooDeep: throw Self.tooDeep
        case .parsed(let tree, let count): (node, groups) = (tree, count)
        }
        try Self.checkCost(node, depth: 0, insideOpenRepeat: false)
        program = JSRegexProgram(node, groups: groups)
        literalFilter = RegexLiteralFilter(node)
    }

    /// Whether the pattern matches `subject` (already lowercased for `[i]`); nil when it gave up.
    func matches(_ subject: Substring, deadline: ContinuousClock.Instant) -> Bool? {
        guard let program else { return false }
        if let literalFilter {
            let mayMatch =
                subject.utf8.withContiguousStorageIfAvailable(literalFilter.mayMatch)
                ?? Array(subject.utf8).withUnsafeBufferPointer(literalFilter.mayMatch)
            if !mayMatch { return false }
        }
        let matcher = JSRegexMatcher(program, deadline: deadline)
        let found = matcher.firstMatch(in: Array(subject.utf16))
        return matcher.gaveUp ? nil : found
    }

    private static let tooDeep = SearchPatternError(
        message: "the pattern nests too deeply: at most \(maxNesting) levels")

    private static func checkCost(
        _ node: JSRegexNode, depth: Int, insideOpenRepeat: Bool
    ) throws(SearchPatternError) {
        guard depth <= maxNesting else { throw tooDeep }
        switch node {
        case .empty, .character, .set, .backreference, .inputStart, .inputEnd, .wordBoundary: return
        case .sequence(let items), .alternation(let items):
            for item in items { try checkCost(item, depth: depth + 1, insideOpenRepeat: insideOpenRepeat) }
        case .group(let inner, _):
            try checkCost(inner, depth: depth + 1, insideOpenRepeat: insideOpenRepeat)
        case .look(let inner, _, _):
            // A look-around, once it matched, is never tried again another way: repeats inside it do not
            // multiply with the repeat around it.
            try checkCost(inner, depth: depth + 1, insideOpenRepeat: false)
        case .repeated(let inner, _, let max, _, _):
            let isOpen = max == Int.max
            if isOpen, insideOpenRepeat {
                throw SearchPatternError(
                    message: "the pattern repeats a group that itself repeats without bound (like '(a+)+'),"
                        + " which can take exponential time")
            }
            try checkCost(inner, depth: depth + 1, insideOpenRepeat: insideOpenRepeat || isOpen)
        }
    }
}

/// Why a `matches` pattern was refused.
struct SearchPatternError: Error {
    var message: String
}
