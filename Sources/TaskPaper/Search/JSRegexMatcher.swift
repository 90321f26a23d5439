/// Runs a `JSRegexNode` as ECMAScript specifies its matching: backtracking,
/// continuation by continuation, over UTF-16 code units, case-sensitively.
/// Repetitions of one character (`.*`, `\w+`, `[a-z]{2,}`) loop instead of
/// recursing. It counts its steps: past the deadline, or nested too deep for
/// the stack, it gives up (`gaveUp`), and the search stops as too slow.
final class JSRegexMatcher {
    private var s: [UInt16] = []
    private var captures: [Int]
    private var steps = 0
    private var depth = 0
    private let deadline: ContinuousClock.Instant
    private(set) var gaveUp = false

    /// Deeper than this, continuations would risk the stack of a secondary thread.
    static let maxDepth = 2_000

    init(groups: Int, deadline: ContinuousClock.Instant) {
        captures = [Int](repeating: -1, count: 2 * (groups + 1))
        self.deadline = deadline
    }

    /// Whether the pattern matches anywhere in `subject` (JavaScript's `subject.match(regex)`).
    func firstMatch(_ node: JSRegexNode, in subject: [UInt16]) -> Bool {
        s = subject
        defer { s = [] }
        for start in 0...subject.count {
            for k in captures.indices { captures[k] = -1 }
            if match(node, start, forward: true, { _ in true }) { return true }
            if gaveUp { return false }
        }
        return false
    }

    private func match(_ node: JSRegexNode, _ i: Int, forward: Bool, _ k: (Int) -> Bool) -> Bool {
        if gaveUp { return false }
        steps &+= 1
        if steps & 0x3FFF == 0, ContinuousClock.now > deadline { gaveUp = true; return false }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { gaveUp = true; return false }
        switch node {
        case .empty: return k(i)
        case .character(let c):
            guard let j = step(i, forward), s[forward ? i : j] == c else { return false }
            return k(j)
        case .set(let set):
            guard let j = step(i, forward), set.contains(s[forward ? i : j]) else { return false }
            return k(j)
        case .sequence(let items):
            return sequence(items, forward ? 0 : items.count - 1, i, forward, k)
        case .alternation(let alternatives):
            for alternative in alternatives where match(alternative, i, forward: forward, k) { return true }
            return false
        case .group(let inner, let capture):
            guard let n = capture else { return match(inner, i, forward: forward, k) }
            return match(inner, i, forward: forward) { j in
                let saved = (captures[2 * n], captures[2 * n + 1])
                (captures[2 * n], captures[2 * n + 1]) = forward ? (i, j) : (j, i)
                if k(j) { return true }
                (captures[2 * n], captures[2 * n + 1]) = saved
                return false
            }
        case .backreference(let n):
            let start = captures[2 * n], end = captures[2 * n + 1]
            guard start >= 0, end >= 0 else { return k(i) }
            let length = end - start
            let from = forward ? i : i - length
            guard from >= 0, from + length <= s.count else { return false }
            for d in 0..<length where s[from + d] != s[start + d] { return false }
            return k(forward ? i + length : i - length)
        case .inputStart: return i == 0 && k(i)
        case .inputEnd: return i == s.count && k(i)
        case .wordBoundary(let negated):
            let before = i > 0 && JSCharacterSet.word.contains(s[i - 1])
            let after = i < s.count && JSCharacterSet.word.contains(s[i])
            return (before != after) != negated && k(i)
        case .look(let inner, let ahead, let negated):
            let saved = captures
            let found = match(inner, i, forward: ahead) { _ in true }
            if gaveUp { return false }
            if found == negated {
                captures = saved
                return false
            }
            if k(i) { return true }
            captures = saved
            return false
        case .repeated(let inner, let min, let max, let greedy, let groups):
            if case .set(let set) = inner { return repeatSet(set, min, max, greedy, i, forward, k) }
            if case .character(let c) = inner {
                return repeatSet(JSCharacterSet([c...c]), min, max, greedy, i, forward, k)
            }
            return repeatNode(inner, min, max, greedy, groups, i, forward, k)
        }
    }

    @inline(__always)
    private func step(_ i: Int, _ forward: Bool) -> Int? {
        forward ? (i < s.count ? i + 1 : nil) : (i > 0 ? i - 1 : nil)
    }

    private func sequence(_ items: [JSRegexNode], _ at: Int, _ i: Int, _ forward: Bool, _ k: (Int) -> Bool) -> Bool {
        guard at >= 0, at < items.count else { return k(i) }
        return match(items[at], i, forward: forward) { j in sequence(items, forward ? at + 1 : at - 1, j, forward, k) }
    }

    /// One character repeated: count how far it reaches, then try the rest from each length.
    private func repeatSet(
        _ set: JSCharacterSet, _ min: Int, _ max: Int, _ greedy: Bool, _ i: Int, _ forward: Bool,
        _ k: (Int) -> Bool
    ) -> Bool {
        var n = 0
        let limit = forward ? s.count - i : i
        while n < max, n < limit, set.contains(s[forward ? i + n : i - 1 - n]) { n += 1 }
        guard n >= min else { return false }
        steps &+= n
        if greedy {
            for count in stride(from: n, through: min, by: -1) where k(forward ? i + count : i - count) { return true }
        } else {
            for count in min...n where k(forward ? i + count : i - count) { return true }
        }
        return false
    }

    /// ECMAScript's RepeatMatcher: each repetition clears the groups inside, and one that
    /// matches nothing once the minimum is reached fails (so `(a*)*` ends).
    private func repeatNode(
        _ inner: JSRegexNode, _ min: Int, _ max: Int, _ greedy: Bool, _ groups: Range<Int>, _ i: Int,
        _ forward: Bool, _ k: (Int) -> Bool
    ) -> Bool {
        if max == 0 { return k(i) }
        func once() -> Bool {
            var saved: [Int] = []
            for g in groups where g < captures.count / 2 {
                saved.append(captures[2 * g])
                saved.append(captures[2 * g + 1])
                captures[2 * g] = -1
                captures[2 * g + 1] = -1
            }
            let found = match(inner, i, forward: forward) { j in
                if min == 0, j == i { return false }
                return repeatNode(
                    inner, min == 0 ? 0 : min - 1, max == Int.max ? max : max - 1, greedy, groups, j, forward, k)
            }
            if !found {
                var s = 0
                for g in groups where g < captures.count / 2 {
                    captures[2 * g] = saved[s]
                    captures[2 * g + 1] = saved[s + 1]
                    s += 2
                }
            }
            return found
        }
        if min > 0 { return once() }
        if greedy { return once() || (!gaveUp && k(i)) }
        return k(i) || (!gaveUp && once())
    }
}
