/// A parsed TaskPaper 3 search (an item path), such as `@today and not @done`,
/// `project Inbox//@due <[d] +7d` or `(//task except //@done)[0:3]`. What the
/// language holds and how it reads is in `Sources/TaskPaper/Search/README.md`.
public struct SearchQuery: Sendable {
    /// The query as written.
    public let text: String
    let expression: SearchExpression
    let stepCount: Int
    let comparisonCount: Int

    /// Parses a query; the error carries the UTF-8 offset into `text` where it stops making sense.
    public static func parse(_ text: String) throws(SearchParseError) -> SearchQuery {
        var parser = SearchParser(text)
        let parsed = try parser.parse()
        return SearchQuery(
            text: text, expression: parsed.expression, stepCount: parsed.stepCount,
            comparisonCount: parsed.comparisonCount)
    }

    /// The items the query finds, as line indices in document order. `clock`
    /// resolves relative dates (`[d] today`); a search still running after
    /// `timeLimit` stops with `SearchEvaluationError.tooSlow`.
    public func evaluate(
        in outline: Outline, clock: LintClock,
        timeLimit: Duration = .seconds(2)
    ) throws(SearchEvaluationError) -> [Int] {
        try items(in: SearchDocument(outline: outline), clock: clock, timeLimit: timeLimit)
    }

    /// The same over a document's lines: the outline is built only if a step
    /// needs the tree (`project Inbox//@due` does; `@today and not @done` does not).
    public func evaluate(
        in document: TextDocument, indentWidth: IndentWidth, clock: LintClock,
        timeLimit: Duration = .seconds(2)
    ) throws(SearchEvaluationError) -> [Int] {
        let lines = SearchDocument(lines: document.lines, spacesPerLevel: document.spacesPerLevel(indentWidth))
        return try items(in: lines, clock: clock, timeLimit: timeLimit)
    }

    private func items(
        in document: SearchDocument, clock: LintClock, timeLimit: Duration
    ) throws(SearchEvaluationError) -> [Int] {
        let found = try evaluate(in: document, clock: clock, from: SearchDocument.root, timeLimit: timeLimit)
        // The root is no line: an axis such as `ancestor::` can reach it, but it is never a result.
        return found.first == SearchDocument.root ? Array(found.dropFirst()) : found
    }

    /// The items found from a context item (`SearchDocument.root` is -1, and is kept in the results).
    func evaluate(
        in outline: Outline, clock: LintClock, from context: Int,
        timeLimit: Duration = .seconds(2)
    ) throws(SearchEvaluationError) -> [Int] {
        try evaluate(in: SearchDocument(outline: outline), clock: clock, from: context, timeLimit: timeLimit)
    }

    func evaluate(
        in document: SearchDocument, clock: LintClock, from context: Int, timeLimit: Duration
    ) throws(SearchEvaluationError) -> [Int] {
        let evaluator = SearchEvaluator(
            document: document, clock: clock,
            stepCount: stepCount, comparisonCount: comparisonCount, timeLimit: timeLimit)
        return try evaluator.evaluate(expression, from: context)
    }
}

/// Why a query does not parse, and where.
public struct SearchParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// UTF-8 offset into the query.
    public var utf8Offset: Int
    /// What went wrong, for a person: `expected ')' to close '(' at 12, but the search ends`.
    public var message: String

    public init(utf8Offset: Int, message: String) {
        self.utf8Offset = utf8Offset
        self.message = message
    }

    public var description: String { "\(message) (at \(utf8Offset))" }
}

/// A search that parsed but could not finish.
public enum SearchEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// It ran past its time limit (a costly pattern, or steps that revisit the document many times).
    case tooSlow

    public var description: String {
        switch self {
        case .tooSlow: "the search takes too long on this document"
        }
    }
}
