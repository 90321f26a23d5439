/// A `matches` pattern compiled with the standard library's `Regex`, which
/// backtracks. Patterns that can backtrack exponentially are refused before
/// compiling: a quantified group that holds a quantifier or an alternation
/// (`(a+)+`, `(a|aa)*`), a backreference, or a huge repeat count. What is left
/// is polynomial: with k open-ended repeats (`*`, `+`, `{n,}`, `{n,m}`) one
/// match can take about length^(k+1) steps, so each value is tried on at most
/// its first `maxSubjectBytes` bytes, which keeps that under `stepBudget`.
struct GuardedRegex: @unchecked Sendable {
    // `Regex<AnyRegexOutput>` is not declared Sendable, but a compiled regex is never mutated after init.
    let regex: Regex<AnyRegexOutput>
    /// How much of each value the pattern is tried on.
    let maxSubjectBytes: Int
    let literalFilter: RegexLiteralFilter?

    static let maxPatternLength = 1_000
    static let maxRepeatCount = 1_000
    static let stepBudget = 20_000_000.0
    private static let quantifierEnds: Set<UInt8> = Set("*+?}".utf8)

    init(_ pattern: String, ignoresCase: Bool) throws(SearchPatternError) {
        let repeats = try Self.checkCost(pattern)
        maxSubjectBytes = repeats == 0 ? Int.max : Int(Self.stepBudget.root(repeats + 1))
        literalFilter = RegexLiteralFilter(pattern: pattern, ignoresCase: ignoresCase)
        do {
            // Unicode scalars, not grapheme clusters, as JavaScript's `.` (nearly) does.
            regex = try Regex(pattern).matchingSemantics(.unicodeScalar).ignoresCase(ignoresCase)
        } catch {
            throw SearchPatternError(message: "the pattern does not compile: \(error)")
        }
    }

    func matches(_ text: Substring) -> Bool {
        var subject = text
        if text.utf8.count > maxSubjectBytes {
            var end = text.utf8.index(text.utf8.startIndex, offsetBy: maxSubjectBytes)
            while end > text.utf8.startIndex, UTF8.isContinuation(text.utf8[end]) { end = text.utf8.index(before: end) }
            subject = text[..<end]
        }
        if let literalFilter {
            let mayMatch =
                subject.utf8.withContiguousStorageIfAvailable(literalFilter.mayMatch)
                ?? Array(subject.utf8).withUnsafeBufferPointer(literalFilter.mayMatch)
            if !mayMatch { return false }
        }
        return (try? regex.firstMatch(in: subject)) != nil
    }

    /// Refuses the constructs that make a backtracking engine take exponential time;
    /// returns how many open-ended repeats the pattern holds.
    static func checkCost(_ pattern: String) throws(SearchPatternError) -> Int {
        let p = Array(pattern.utf8)
        guard p.count <= maxPatternLength else {
            throw SearchPatternError(message: "the pattern is too long: at most \(maxPatternLength) bytes")
        }
        // Per open group: whether it holds a quantifier or an alternation.
        var groups: [(hasQuantifier: Bool, hasAlternation: Bool)] = []
        var closedGroup: (hasQuantifier: Bool, hasAlternation: Bool)?
        var i = 0, repeats = 0
        func noteQuantifier() throws(SearchPatternError) {
            if let closed = closedGroup, closed.hasQuantifier || closed.hasAlternation {
                throw SearchPatternError(
                    message: closed.hasQuantifier
                        ? "the pattern repeats a group that itself repeats (like '(a+)+'), which can take exponential time"
                        : "the pattern repeats a group with alternatives (like '(a|aa)*'), which can take exponential time"
                )
            }
            if !groups.isEmpty { groups[groups.count - 1].hasQuantifier = true }
        }
        while i < p.count {
            let c = p[i]
            var closedNow: (Bool, Bool)?
            switch c {
            case UInt8(ascii: "\\"):
                if i + 1 < p.count {
                    let next = p[i + 1]
                    if (next >= UInt8(ascii: "1") && next <= UInt8(ascii: "9")) || next == UInt8(ascii: "k") {
                        throw SearchPatternError(message: "backreferences are not supported in patterns")
                    }
                }
                i += 2
                closedGroup = nil
                continue
            case UInt8(ascii: "["):
                // Skip a character class: nothing in it quantifies.
                i += 1
                if i < p.count, p[i] == UInt8(ascii: "^") { i += 1 }
                if i < p.count, p[i] == UInt8(ascii: "]") { i += 1 }
                while i < p.count, p[i] != UInt8(ascii: "]") { i += p[i] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "("):
                groups.append((false, false))
                // `(?:`, `(?=`, `(?<name>`: the `?` marks the group's kind, it quantifies nothing.
                if i + 1 < p.count, p[i + 1] == UInt8(ascii: "?") { i += 1 }
            case UInt8(ascii: ")"):
                if let inner = groups.popLast() {
                    closedNow = inner
                    // What the inner group holds, the outer one holds too.
                    if !groups.isEmpty {
                        groups[groups.count - 1].hasQuantifier = groups[groups.count - 1].hasQuantifier || inner.0
                        groups[groups.count - 1].hasAlternation = groups[groups.count - 1].hasAlternation || inner.1
                    }
                }
            case UInt8(ascii: "|"):
                if !groups.isEmpty { groups[groups.count - 1].hasAlternation = true }
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                // `*?`, `+?`, `??` and `*+` are lazy/possessive forms of the quantifier just read.
                if i > 0, Self.quantifierEnds.contains(p[i - 1]), closedGroup == nil {
                    break
                }
                try noteQuantifier()
                if c != UInt8(ascii: "?") { repeats += 1 }
            case UInt8(ascii: "{"):
                var k = i + 1, value = 0, bounds: [Int] = []
                while k < p.count, p[k] != UInt8(ascii: "}") {
                    if p[k] >= 0x30, p[k] <= 0x39 {
                        value = max(value, 0) * 10 + Int(p[k] - 0x30)
                        if value > maxRepeatCount {
                            throw SearchPatternError(message: "repeat counts above \(maxRepeatCount) are not supported")
                        }
                    } else if p[k] == UInt8(ascii: ",") {
                        bounds.append(value)
                        value = -1
                    } else {
                        break
                    }
                    k += 1
                }
                if k < p.count, p[k] == UInt8(ascii: "}") {
                    try noteQuantifier()
                    // `{n}` repeats a fixed number of times; `{n,}` and `{n,m}` choose how many.
                    if !bounds.isEmpty, value != bounds[0] { repeats += 1 }
                    i = k
                }
            default: break
            }
            closedGroup = closedNow.map { (hasQuantifier: $0.0, hasAlternation: $0.1) }
            i += 1
        }
        return repeats
    }
}

extension Double {
    /// The `n`th root.
    fileprivate func root(_ n: Int) -> Double {
        // Newton's method on x^n = self (no Foundation `pow` in the library).
        guard n > 1 else { return self }
        var x = self.squareRoot()
        for _ in 0..<100 {
            var power = 1.0
            for _ in 0..<(n - 1) { power *= x }
            let next = x - (power * x - self) / (Double(n) * power)
            if abs(next - x) < 0.5 { return next }
            x = next
        }
        return x
    }
}

/// Why a `matches` pattern was refused or failed to compile.
struct SearchPatternError: Error {
    var message: String
}
