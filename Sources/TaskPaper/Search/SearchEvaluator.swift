/// Runs a parsed search over a document: paths step by step along their axes,
/// set operations as merges of sorted item lists, slices. Item lists are line
/// indices in document order (the root, -1, first).
final class SearchEvaluator {
    let document: SearchDocument
    let clock: LintClock
    let deadline: ContinuousClock.Instant
    private var visits = 0
    /// Per step: each item's predicate result (0 unknown, 1 no, 2 yes), kept
    /// when a step runs from several contexts that reach the same items.
    private var predicateCache: [[UInt8]?]
    /// Per comparison: its literal right side, read once per evaluation.
    var literalCache: [SearchValue?]
    /// Per comparison: the pattern of a `matches` whose right side is read from an item.
    var itemPatterns: [Int: SearchPattern] = [:]
    /// Absolute paths' results, by their first step's id.
    private var absolutePathResults: [Int: [Int]] = [:]

    init(document: SearchDocument, clock: LintClock, stepCount: Int, comparisonCount: Int, timeLimit: Duration) {
        self.document = document
        self.clock = clock
        deadline = ContinuousClock.now.advanced(by: timeLimit)
        predicateCache = Array(repeating: nil, count: stepCount)
        literalCache = Array(repeating: nil, count: comparisonCount)
    }

    /// Counts work and stops a search that runs too long (checked every few thousand visits).
    @inline(__always)
    func tick() throws(SearchEvaluationError) {
        visits &+= 1
        if visits & 0xFFF == 0 { try checkDeadline() }
    }

    /// `tick` for `count` visits at once.
    func tick(count: Int) throws(SearchEvaluationError) {
        let before = visits
        visits &+= count
        if before >> 12 != visits >> 12 { try checkDeadline() }
    }

    func checkDeadline() throws(SearchEvaluationError) {
        if ContinuousClock.now > deadline { throw .tooSlow }
    }

    func evaluate(_ expression: SearchExpression, from context: Int) throws(SearchEvaluationError) -> [Int] {
        switch expression {
        case .path(let path):
            return try evaluate(path, from: context)
        case .union(let parts):
            var result = try evaluate(parts[0], from: context)
            for part in parts.dropFirst() { result = Self.union(result, try evaluate(part, from: context)) }
            return result
        case .intersect(let parts):
            var result = try evaluate(parts[0], from: context)
            for part in parts.dropFirst() { result = Self.intersect(result, try evaluate(part, from: context)) }
            return result
        case .except(let parts):
            // `a except b except c` is `a except (b except c)`.
            var result = try evaluate(parts[parts.count - 1], from: context)
            for part in parts.dropLast().reversed() { result = Self.except(try evaluate(part, from: context), result) }
            return result
        case .sliced(let inner, let slice):
            var result = try evaluate(inner, from: context)
            Self.apply(slice, to: &result, from: 0)
            return result
        }
    }

    private func evaluate(_ path: SearchPath, from context: Int) throws(SearchEvaluationError) -> [Int] {
        // An absolute path finds the same items from every context (`//count(/@done) > 3` asks once).
        if path.isAbsolute, let known = absolutePathResults[path.steps[0].id] { return known }
        var contexts = [path.isAbsolute ? SearchDocument.root : context]
        for step in path.steps {
            contexts = try evaluate(step, from: contexts)
            if contexts.isEmpty { break }
        }
        if path.isAbsolute { absolutePathResults[path.steps[0].id] = contexts }
        return contexts
    }

    // MARK: Steps

    private func evaluate(_ step: SearchStep, from contexts: [Int]) throws(SearchEvaluationError) -> [Int] {
        if contexts.count == 1 {
            var out: [Int] = []
            try collect(step, from: contexts[0], into: &out)
            if let slice = step.slice { Self.apply(slice, to: &out, from: 0) }
            return out
        }
        // A few contexts (inside `count(` from every item, say) must not cost a pass over the whole document.
        let isWide = contexts.count * 32 >= document.lineCount
        if isWide, predicateCache[step.id] == nil {
            predicateCache[step.id] = [UInt8](repeating: 0, count: document.lineCount + 1)
        }
        var found: [Int] = []
        if step.slice == nil, step.axis == .ancestor || step.axis == .ancestorOrSelf {
            // Contexts share ancestors: climb from each only to the first item already climbed through.
            var climbed = Set<Int>()
            for context in contexts {
                var each: Int? = step.axis == .ancestor ? document.parent(of: context) : context
                while let e = each, climbed.insert(e).inserted {
                    if try passes(step, e) { found.append(e) }
                    each = document.parent(of: e)
                }
            }
        } else {
            var out: [Int] = []
            for context in try contextsToVisit(step, contexts) {
                out.removeAll(keepingCapacity: true)
                try collect(step, from: context, into: &out)
                if let slice = step.slice { Self.apply(slice, to: &out, from: 0) }
                found += out
            }
        }
        // The union of what every context found, in document order.
        if isWide {
            var marks = [Bool](repeating: false, count: document.lineCount + 1)
            for item in found { marks[item + 1] = true }
            found.removeAll(keepingCapacity: true)
            for (k, isFound) in marks.enumerated() where isFound { found.append(k - 1) }
        } else {
            found.sort()
            var unique = 0
            for k in found.indices where k == 0 || found[k] != found[k - 1] {
                found[unique] = found[k]
                unique += 1
            }
            found.removeLast(found.count - unique)
        }
        return found
    }

    /// Without a slice, a context whose results another context's include adds
    /// nothing: skipping those keeps every axis linear in the document.
    private func contextsToVisit(_ step: SearchStep, _ contexts: [Int]) throws(SearchEvaluationError) -> [Int] {
        guard step.slice == nil else { return contexts }
        switch step.axis {
        case .descendant, .descendantOrSelf:
            var kept: [Int] = [], coveredEnd = Int.min
            for context in contexts where context >= coveredEnd {
                kept.append(context)
                coveredEnd = document.subtreeEnd(of: context)
            }
            return kept
        case .following: return [contexts[0]]
        case .preceding: return [contexts[contexts.count - 1]]
        case .followingSibling, .precedingSibling:
            var seenParent = Set<Int>(), kept: [Int] = []
            let ordered = step.axis == .followingSibling ? contexts : contexts.reversed()
            for context in ordered {
                guard let parent = document.parent(of: context) else { continue }
                if seenParent.insert(parent).inserted { kept.append(context) }
            }
            return kept
        case .ancestor, .ancestorOrSelf, .child, .parent, .self:
            return contexts
        }
    }

    /// The items along `step.axis` from `item` that pass the step's test, in document order.
    private func collect(_ step: SearchStep, from item: Int, into out: inout [Int]) throws(SearchEvaluationError) {
        let d = document
        switch step.axis {
        case .ancestorOrSelf, .ancestor:
            let from = out.count
            var each: Int? = step.axis == .ancestor ? d.parent(of: item) : item
            while let e = each {
                if try passes(step, e) { out.append(e) }
                each = d.parent(of: e)
            }
            out[from...].reverse()
        case .child:
            var each = d.firstChild(of: item)
            while let e = each {
                if try passes(step, e) { out.append(e) }
                each = d.nextSibling(of: e)
            }
        case .descendantOrSelf, .descendant:
            if step.axis == .descendantOrSelf, try passes(step, item) { out.append(item) }
            try collect(step, in: item + 1..<d.subtreeEnd(of: item), into: &out)
        case .followingSibling:
            var each = d.nextSibling(of: item)
            while let e = each {
                if try passes(step, e) { out.append(e) }
                each = d.nextSibling(of: e)
            }
        case .following:
            try collect(step, in: item + 1..<d.lineCount, into: &out)
        case .parent:
            if let p = d.parent(of: item), try passes(step, p) { out.append(p) }
        case .precedingSibling:
            let from = out.count
            var each = d.previousSibling(of: item)
            while let e = each {
                if try passes(step, e) { out.append(e) }
                each = d.previousSibling(of: e)
            }
            out[from...].reverse()
        case .preceding:
            try collect(step, in: 0..<max(0, item), into: &out)
        case .self:
            if try passes(step, item) { out.append(item) }
        }
    }

    /// The items among `lines` that pass the step's test, in document order.
    private func collect(
        _ step: SearchStep, in lines: Range<Int>, into out: inout [Int]
    ) throws(SearchEvaluationError) {
        if let table = step.presenceTable {
            // Tags' presence only: one pass with nothing called per line.
            try tick(count: lines.count)
            document.appendItems(in: lines, kind: step.kind, passing: table, to: &out)
            return
        }
        for line in lines where document.isItem(line) {
            if try passes(step, line) { out.append(line) }
        }
    }

    private func passes(_ step: SearchStep, _ item: Int) throws(SearchEvaluationError) -> Bool {
        try tick()
        if let kind = step.kind, document.kind(of: item) != kind { return false }
        if case .any = step.predicate { return true }
        if let table = step.presenceTable { return document.holds(table, for: item) }
        if predicateCache[step.id] != nil {
            let known = predicateCache[step.id]![item + 1]
            if known != 0 { return known == 2 }
            let result = try test(step.predicate, item)
            predicateCache[step.id]![item + 1] = result ? 2 : 1
            return result
        }
        return try test(step.predicate, item)
    }

    func test(_ predicate: SearchPredicate, _ item: Int) throws(SearchEvaluationError) -> Bool {
        switch predicate {
        case .any: return true
        case .and(let parts):
            for part in parts where !(try test(part, item)) { return false }
            return true
        case .or(let parts):
            for part in parts where try test(part, item) { return true }
            return false
        case .not(let inner): return !(try test(inner, item))
        case .comparison(let comparison): return try test(comparison, item)
        }
    }

    // MARK: Sets and slices

    static func union(_ a: [Int], _ b: [Int]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                out.append(a[i]); i += 1; j += 1
            } else if a[i] < b[j] {
                out.append(a[i]); i += 1
            } else {
                out.append(b[j]); j += 1
            }
        }
        out += a[i...]
        out += b[j...]
        return out
    }

    static func intersect(_ a: [Int], _ b: [Int]) -> [Int] {
        var out: [Int] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { out.append(a[i]); i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return out
    }

    static func except(_ a: [Int], _ b: [Int]) -> [Int] {
        var out: [Int] = []
        var j = 0
        for item in a {
            while j < b.count, b[j] < item { j += 1 }
            if j < b.count, b[j] == item { continue }
            out.append(item)
        }
        return out
    }

    /// TaskPaper's slice of `results[from...]`: `[n]` keeps one item (clamped
    /// into range), `[n:m]` a range; negative bounds count from the end.
    static func apply(_ slice: SearchSlice, to results: inout [Int], from: Int) {
        let length = results.count - from
        guard length > 0 else { return }
        var start = slice.start
        var end = slice.end
        if let e = end, e > length { end = length }
        guard start != 0 || end != length else { return }
        if start < 0 { start = max(0, start + length) }
        if start > length - 1 { start = length - 1 }
        let kept: [Int]
        if var e = end {
            if e < 0 { e += length }
            if e < start { e = start }
            kept = Array(results[(from + start)..<(from + e)])
        } else {
            kept = [results[from + start]]
        }
        results.replaceSubrange(from..., with: kept)
    }
}
