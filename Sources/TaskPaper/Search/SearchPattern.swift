/// A `matches` pattern, read and run as TaskPaper runs it: JavaScript's
/// `new RegExp(pattern)`, no flags (`JSRegexParser`, `JSRegexMatcher`). A
/// pattern JavaScript rejects matches nothing. Refused before running, as
/// they can take exponential time: an open-ended repeat inside another
/// (`(a+)+`, `(\w*\s?)*`), and groups nested over 64 deep. Whatever else runs
/// long stops at the search's time limit.
struct SearchPattern: Sendable {
    /// Nil when JavaScript's `RegExp` throws on the pattern.
    let node: JSRegexNode?
    let groups: Int
    let literalFilter: RegexLiteralFilter?

    static let maxNesting = 64

    /// What JavaScript makes of a pattern it cannot build: nothing matches.
    static let matchingNothing = SearchPattern(node: nil, groups: 0)

    private init(node: JSRegexNode?, groups: Int) {
        self.node = node
        self.groups = groups
        literalFilter = nil
    }

    init(_ pattern: String) throws(SearchPatternError) {
        guard let (node, groups) = JSRegexParser.parse(pattern) else {
            self = .matchingNothing
            return
        }
        try Self.checkCost(node, depth: 0, insideOpenRepeat: false)
        self.node = node
        self.groups = groups
        literalFilter = RegexLiteralFilter(node)
    }

    /// Whether the pattern matches `subject` (already lowercased for `[i]`); nil when it gave up.
    func matches(_ subject: Substring, deadline: ContinuousClock.Instant) -> Bool? {
        guard let node else { return false }
        if let literalFilter {
            let mayMatch =
                subject.utf8.withContiguousStorageIfAvailable(literalFilter.mayMatch)
                ?? Array(subject.utf8).withUnsafeBufferPointer(literalFilter.mayMatch)
            if !mayMatch { return false }
        }
        let matcher = JSRegexMatcher(groups: groups, deadline: deadline)
        let found = matcher.firstMatch(node, in: Array(subject.utf16))
        return matcher.gaveUp ? nil : found
    }

    private static func checkCost(
        _ node: JSRegexNode, depth: Int, insideOpenRepeat: Bool
    ) throws(SearchPatternError) {
        guard depth <= maxNesting else {
            throw SearchPatternError(message: "the pattern nests too deeply: at most \(maxNesting) levels")
        }
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
