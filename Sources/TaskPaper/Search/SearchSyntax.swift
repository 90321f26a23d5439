/// The parsed form of a search (an item path). Chains of `union`, `and` and
/// the like are stored flat so a long query never builds a deep tree.

/// Paths combined with set operations. `except` groups to the right
/// (`a except b except c` is `a except (b except c)`), as TaskPaper reads it.
indirect enum SearchExpression: Sendable {
    case path(SearchPath)
    case union([SearchExpression])
    case intersect([SearchExpression])
    case except([SearchExpression])
    /// `( ... )[slice]`
    case sliced(SearchExpression, SearchSlice)
}

struct SearchPath: Sendable {
    /// Starts at the document root whatever the context (`/...`).
    var isAbsolute: Bool
    var steps: [SearchStep]
}

enum SearchAxis: String, Sendable, CaseIterable {
    case ancestorOrSelf = "ancestor-or-self", ancestor, child, descendantOrSelf = "descendant-or-self", descendant
    case followingSibling = "following-sibling", following, precedingSibling = "preceding-sibling", preceding
    case parent, `self`
}

struct SearchStep: Sendable {
    var axis: SearchAxis
    /// `project`, `task` or `note` written before the predicate; nil for any kind.
    var kind: LineKind?
    let predicate: SearchPredicate
    var slice: SearchSlice?
    /// Index of this step in the query, for per-evaluation caches.
    var id: Int
    /// The predicate as a truth table over tag names, when it only tests tags' presence.
    let presenceTable: TagPresenceTable?

    init(axis: SearchAxis, kind: LineKind?, predicate: SearchPredicate, slice: SearchSlice?, id: Int) {
        self.axis = axis
        self.kind = kind
        self.predicate = predicate
        self.slice = slice
        self.id = id
        presenceTable = TagPresenceTable(predicate)
    }
}

/// `[start]` picks one item; `[start:end]` a range; negative counts from the end.
struct SearchSlice: Sendable, Hashable {
    var start: Int
    /// nil for `[start]`; `Int.max` for `[start:]`.
    var end: Int?
}

indirect enum SearchPredicate: Sendable {
    case any
    case and([SearchPredicate])
    case or([SearchPredicate])
    case not(SearchPredicate)
    case comparison(SearchComparison)
}

enum SearchRelation: String, Sendable, CaseIterable {
    case beginsWith = "beginswith", contains, endsWith = "endswith", like, matches
    case equal = "=", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
}

/// How both sides are read before comparing: `[i]` (default), `[s]`, `[n]`, `[d]`, plus `[l]` for lists.
struct SearchModifier: Sendable, Hashable {
    enum Conversion: Sendable, Hashable { case caseInsensitive, caseSensitive, number, date }
    var conversion: Conversion = .caseInsensitive
    var isList = false
}

enum SearchOperand: Sendable {
    /// `@name` (trailing `:segments` are read and ignored, as TaskPaper does).
    case attribute(SearchAttribute)
    case literal(String)
    /// `count(path)`: how many items the path finds from the item.
    case count(SearchExpression)
}

/// A class: every item tests it, and passing a reference costs less than copying its fields.
final class SearchComparison: Sendable {
    let left: SearchOperand
    let relation: SearchRelation
    let modifier: SearchModifier
    /// nil (or an empty literal): test that the left side has a value at all.
    let right: SearchOperand?
    /// The compiled pattern when `relation` is `matches` and `right` is a literal.
    let pattern: SearchPattern?
    /// Index of this comparison in the query, for per-evaluation caches.
    let id: Int
    /// The tag's name in UTF-8 when the comparison only asks whether an item has that tag
    /// (`@done`, `@due = ""`): such comparisons can be answered from tag lists (`TagPresenceTable`).
    let presenceTagName: [UInt8]?

    init(
        left: SearchOperand, relation: SearchRelation, modifier: SearchModifier, right: SearchOperand?,
        pattern: SearchPattern?, id: Int
    ) {
        self.left = left
        self.relation = relation
        self.modifier = modifier
        self.right = right
        self.pattern = pattern
        self.id = id
        // Only `[d]` can turn a value that is there into none (text that is no date).
        if case .attribute(.tag(let name)) = left, modifier.conversion != .date, Self.testsPresence(of: right) {
            presenceTagName = Array(name.utf8)
        } else {
            presenceTagName = nil
        }
    }

    var testsPresence: Bool { Self.testsPresence(of: right) }

    private static func testsPresence(of right: SearchOperand?) -> Bool {
        switch right {
        case nil: true
        case .literal(let s): s.isEmpty
        default: false
        }
    }
}

/// What `@name` reads: the item's text, its kind, its id, its indent, a tag
/// (`@due`, `@data-due`), or nothing.
enum SearchAttribute: Sendable, Equatable {
    case text, type, none
    /// TaskPaper's item id: random in the app, so only its presence means anything (here: the line number).
    case id
    /// TaskPaper's `indent` (levels below the parent) on nested items, else the `@indent` tag.
    case indent
    case tag(String)
    /// `@data-name`: the tag's value when it has one; else (TaskPaper reads attribute `data-name`,
    /// empty for a bare tag, as missing) the value of a tag named `data-name`.
    case dataTag(String)

    init(name: String) {
        switch name {
        case "text": self = .text
        case "type", "data-type": self = .type
        case "id": self = .id
        case "data-id": self = .none
        case "indent": self = .indent
        default: self = name.hasPrefix("data-") ? .dataTag(String(name.dropFirst(5))) : .tag(name)
        }
    }
}
