/// A side of a comparison after its modifier has read it, as TaskPaper's
/// JavaScript holds it: no value, text, or a number (`[n]`, and `[d]` as a time).
enum SearchValue {
    case absent
    case text(Substring)
    case number(Double)
}

extension SearchEvaluator {
    func test(_ c: SearchComparison, _ item: Int) throws(SearchEvaluationError) -> Bool {
        let left = try read(c.left, of: item, as: c.modifier)
        if c.testsPresence {
            if case .absent = left { return false }
            return true
        }
        var right: SearchValue
        if case .literal = c.right! {
            right = try literal(of: c)
        } else {
            right = try read(c.right!, of: item, as: c.modifier)
            // Both sides fold; a literal was folded once when read, a value from the item is folded here.
            if c.modifier.conversion == .caseInsensitive, case .text(let t) = right {
                right = .text(Substring(t.lowercased()))
            }
        }
        let foldsCase = c.modifier.conversion == .caseInsensitive
        var pattern = c.pattern
        if c.relation == .matches {
            try checkDeadline()
            if pattern == nil, case .absent = left {
                return false
            } else if pattern == nil {
                pattern = try itemPattern(c, right)
            }
        }
        if c.modifier.isList {
            return try SearchRelations.holdsForLists(
                c.relation, left, right, modifier: c.modifier, foldsCase: foldsCase,
                pattern: pattern, clock: clock, deadline: deadline)
        }
        return try SearchRelations.holds(
            c.relation, left, right, foldsCase: foldsCase, pattern: pattern, deadline: deadline)
    }

    /// A pattern read from an item (`@a matches @b`): as in TaskPaper, the first item
    /// with a left value compiles it, and every other item uses that one (no right
    /// value: a pattern that matches nothing).
    private func itemPattern(_ c: SearchComparison, _ right: SearchValue) throws(SearchEvaluationError) -> SearchPattern
    {
        if let known = itemPatterns[c.id] { return known }
        let source: String
        switch right {
        case .absent:
            itemPatterns[c.id] = .matchingNothing
            return .matchingNothing
        case .text(let t): source = String(t)
        // `[d]` values are times in milliseconds in TaskPaper (here seconds).
        case .number(let x): source = SearchNumbers.jsString(c.modifier.conversion == .date ? x * 1000 : x)
        }
        let pattern: SearchPattern
        do throws(SearchPatternError) {
            pattern = try SearchPattern(source)
        } catch {
            // A pattern that could run away, met only now: the search stops as it would at the time limit.
            throw .tooSlow
        }
        itemPatterns[c.id] = pattern
        return pattern
    }

    /// A literal right side, read once per evaluation (with `[i]` it is stored lowercased).
    private func literal(of c: SearchComparison) throws(SearchEvaluationError) -> SearchValue {
        if let cached = literalCache[c.id] { return cached }
        guard case .literal(let text)? = c.right else { return .absent }
        var value = convert(Substring(text), c.modifier)
        if c.modifier.conversion == .caseInsensitive, case .text(let t) = value {
            value = .text(Substring(t.lowercased()))
        }
        literalCache[c.id] = value
        return value
    }

    private func read(
        _ operand: SearchOperand, of item: Int, as modifier: SearchModifier
    )
        throws(SearchEvaluationError) -> SearchValue
    {
        switch operand {
        case .literal(let text):
            return convert(Substring(text), modifier)
        case .attribute(let name):
            return convert(attribute(name, of: item), modifier)
        case .count(let expression):
            // The root counts, as in TaskPaper (`count(parent::*)` is 1 on a top-level item).
            let found = try evaluate(expression, from: item)
            return convert(Substring(String(found.count)), modifier)
        }
    }

    private func attribute(_ attribute: SearchAttribute, of item: Int) -> Substring? {
        switch attribute {
        case .text: return document.text(of: item)
        case .type:
            return switch document.kind(of: item) {
            case .project: "project"
            case .task: "task"
            case .note, .blank: "note"
            case nil: nil
            }
        case .none: return nil
        // The root has an id too (TaskPaper's `Birch`).
        case .id: return item == SearchDocument.root ? "root" : Substring(String(item + 1))
        case .indent:
            guard let indent = document.indent(of: item) else { return document.tagValue(of: item, named: "indent") }
            return Substring(String(indent))
        case .tag(let name): return document.tagValue(of: item, named: name)
        case .dataTag(let name):
            if let value = document.tagValue(of: item, named: name), !value.isEmpty { return value }
            return document.tagValue(of: item, named: "data-" + name)
        }
    }

    /// What a modifier makes of a value. Empty text stays empty text, as in
    /// TaskPaper (it converts only values that are not empty).
    func convert(_ raw: Substring?, _ modifier: SearchModifier) -> SearchValue {
        guard let raw else { return .absent }
        guard !raw.isEmpty else { return .text(raw) }
        switch modifier.conversion {
        case .caseInsensitive, .caseSensitive: return .text(raw)
        case .number: return .number(SearchNumbers.parseFloat(raw))
        case .date: return SearchDocument.dateSeconds(raw, clock: clock).map(SearchValue.number) ?? .absent
        }
    }
}
