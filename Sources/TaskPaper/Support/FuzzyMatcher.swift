/// Subsequence matching, case-insensitive. Higher scores for matches at word
/// starts and in runs, so `bm` ranks "Buy milk" above "submarine".
public struct FuzzyMatcher: Sendable {
    private let query: [Character]

    public init(_ query: String) { self.query = Array(query.lowercased().filter { !$0.isWhitespace }) }

    /// nil when the query's characters don't all appear in order.
    public func score(_ name: String) -> Int? {
        guard !query.isEmpty else { return 0 }
        var score = 0, q = 0
        var previous: Character? = nil, previousMatched = false
        for c in name.lowercased() {
            guard q < query.count else { break }
            if c == query[q] {
                let wordStart = previous.map { !$0.isLetter && !$0.isNumber } ?? true
                score += 1 + (wordStart ? 8 : 0) + (previousMatched ? 4 : 0)
                q += 1
                previousMatched = true
            } else {
                previousMatched = false
            }
            previous = c
        }
        guard q == query.count else { return nil }
        // Among equal matches, the shorter name fits the query better.
        return score * 1000 - min(name.count, 999)
    }
}
