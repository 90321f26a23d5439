/// The words of the search language, for completion, and the test that tells
/// a plain word (fuzzy symbol matching) from a search.
extension SearchQuery {
    /// Set operations, boolean operators and type shortcuts.
    public static let keywords = ["and", "or", "not", "union", "intersect", "except", "project", "task", "note"]
    public static let relations = SearchRelation.allCases.filter { $0 != .like }.map(\.rawValue)
    public static let modifiers = ["[i]", "[s]", "[n]", "[d]", "[l]"]
    public static let axes = SearchAxis.allCases.map { $0.rawValue + "::" }
    /// Attributes every item has (tags come from the document).
    public static let builtInAttributes = ["text", "type"]

    /// Whether `text` is one plain word (letters, digits, `-`, `_`, `.`) that is
    /// not a keyword: a workspace-symbol query to match fuzzily, not to evaluate.
    public static func isPlainWord(_ text: String) -> Bool {
        guard !text.isEmpty, !keywords.contains(text), !relations.contains(text), text != "like" else { return false }
        return text.unicodeScalars.allSatisfy { c in
            c != ":" && (SearchParser.isNameStart(c) || SearchParser.isNameContinue(c))
        }
    }
}
