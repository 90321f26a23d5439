import Testing
@testable import TaskPaper

/// A literal backtracking matcher for TaskPaper 3's tag expressions, written
/// here (not in the product) straight from the regular expressions:
///
///     TAG      = (^|\s+)@(NAME)(?:\((VALUE)\))?(?=\s|$)   scanned with the `g` flag
///     TRAILING = (TAG)+\s*$                                its leftmost match
///
/// on UTF-16 code units, trying alternatives in JavaScript's order. The
/// scanner must agree with it on every random line.
private struct RegexOracle {
    let u: [UInt16]
    var n: Int { u.count }

    init(_ body: String) { u = Array(body.utf16) }

    struct Match: Equatable { var at: Int; var name: String; var value: String? }

    static func isSpace(_ c: UInt16) -> Bool {
        [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF].contains(c)
            || (0x2000...0x200A).contains(c)
    }

    static func isNameUnit(_ c: UInt16) -> Bool {
        let start: [ClosedRange<UInt16>] = [
            0x41...0x5A, 0x5F...0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6,
            0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF,
            0x3001...0xD7FF,
            0xF900...0xFDCF, 0xFDF0...0xFFFD,
        ]
        let other: [ClosedRange<UInt16>] = [0x2D...0x2E, 0x30...0x39, 0xB7...0xB7, 0x300...0x36F, 0x203F...0x2040]
        return (start + other).contains { $0.contains(c) }
    }

    func text(_ r: Range<Int>) -> String { String(decoding: u[r], as: UTF16.self) }

    /// `(^|\s+)`: `^` first, then `\s+` greedy, giving back one at a time.
    func lead(_ p: Int, _ k: (Int) -> Bool) -> Bool {
        if p == 0, k(p) { return true }
        var e = p
        while e < n, Self.isSpace(u[e]) { e += 1 }
        var end = e
        while end > p { if k(end) { return true }; end -= 1 }
        return false
    }

    /// `(?:START|CHAR)*`, greedy.
    func name(_ p: Int, _ k: (Int) -> Bool) -> Bool {
        var e = p
        while e < n, Self.isNameUnit(u[e]) { e += 1 }
        var end = e
        while end >= p { if k(end) { return true }; end -= 1 }
        return false
    }

    /// `(?:\\\(|\\\)|[^()])*`, greedy, the alternatives in order.
    func value(_ p: Int, _ k: (Int) -> Bool) -> Bool {
        if p + 1 < n, u[p] == 0x5C, u[p + 1] == 0x28 || u[p + 1] == 0x29, value(p + 2, k) { return true }
        if p < n, u[p] != 0x28, u[p] != 0x29, value(p + 1, k) { return true }
        return k(p)
    }

    func lookahead(_ p: Int) -> Bool { p == n || Self.isSpace(u[p]) }

    func tag(_ p: Int, _ k: (Int, Match) -> Bool) -> Bool {
        lead(p) { a in
            guard a < n, u[a] == 0x40 else { return false }
            return name(a + 1) { nameEnd in
                let tagName = text(a + 1..<nameEnd)
                if nameEnd < n, u[nameEnd] == 0x28,
                    value(
                        nameEnd + 1,
                        { v in
                            let match = Match(at: a, name: tagName, value: text(nameEnd + 1..<v))
                            return v < n && u[v] == 0x29 && lookahead(v + 1) && k(v + 1, match)
                        })
                {
                    return true
                }
                return lookahead(nameEnd) && k(nameEnd, Match(at: a, name: tagName, value: nil))
            }
        }
    }

    /// `exec` with the `g` flag until it fails.
    func allTags() -> [Match] {
        var out: [Match] = [], last = 0
        while last <= n {
            var found: (end: Int, match: Match)?
            for p in last...n
            where tag(
                p,
                { end, m in
                    found = (end, m); return true
                })
            { break }
            guard let found else { break }
            out.append(found.match)
            last = found.end
        }
        return out
    }

    /// The leftmost start of `(TAG)+\s*$`.
    func trailingStart() -> Int? {
        func repeated(_ q: Int, _ count: Int) -> Bool {
            if tag(q, { end, _ in repeated(end, count + 1) }) { return true }
            return count > 0 && u[q...].allSatisfy(Self.isSpace)
        }
        return (0...n).first { repeated($0, 0) }
    }
}

@Suite struct TagExpressionOracleTests {
    /// The characters that matter, the likelier ones repeated.
    static let pieces = [
        "@", "@", "@", "(", ")", ")", "\\", "a", "a", "a", "-", "é", "𝒳", " ", " ", " ", "\u{3000}",
        ",", ":", "\u{1680}", "+", "\t", "\\)", "\\(", "@a(", ") ",
    ]

    @Test func scannerAgreesWithALiteralBacktrackingMatcher() {
        var rng = SeededRandom(seed: 12)
        var withTags = 0, withTrailingTags = 0, withEscapedValues = 0
        for _ in 0..<40_000 {
            let count = Int(rng.next() % 13)
            let line = (0..<count).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }.joined()
            let syntax = TagScanner.parse(line)
            // The body: the line without its leading spaces and tabs.
            let bodyStart = line.utf8Slice(0..<syntax.indentLength).utf16.count
            let body = String(line.utf8Slice(syntax.indentLength..<line.utf8.count))
            let oracle = RegexOracle(body)
            let utf16 = { (offset: Int) in line.utf8Slice(0..<offset).utf16.count - bodyStart }

            let expected = oracle.allTags()
            let got = syntax.tags.map {
                RegexOracle.Match(
                    at: utf16(Int($0.start)), name: String($0.name(in: line)),
                    value: $0.payload(in: line).map(String.init))
            }
            #expect(got == expected, "\(line.debugDescription)")

            let trailing = oracle.trailingStart()
            let content = expected.isEmpty ? oracle.n : (trailing ?? oracle.n)
            #expect(
                utf16(Int(syntax.contentEnd)) == content,
                "content of \(line.unicodeScalars.map { String($0.value, radix: 16) })")
            // The automaton alone (the scanner takes a shortcut where the tags found end the line).
            let automaton = line.withUTF8Bytes { TagScanner.trailingTagsStart($0, bodyStart: syntax.indentLength) }
            #expect(automaton.map(utf16) == trailing, "trailing tags of \(line.debugDescription)")

            let c = Array(oracle.u[0..<content])
            let kind: LineKind =
                line.utf16.allSatisfy(RegexOracle.isSpace)
                ? .blank
                : c.count >= 2 && [0x2D, 0x2B, 0x2A].contains(c[0]) && RegexOracle.isSpace(c[1])
                    ? .task
                    : c.last == 0x3A ? .project : .note
            #expect(syntax.kind == kind, "kind of \(line.debugDescription)")
            if !got.isEmpty { withTags += 1 }
            if content < oracle.n { withTrailingTags += 1 }
            if got.contains(where: { $0.value?.contains("\\") == true }) { withEscapedValues += 1 }
        }
        // The lines exercise what they are meant to.
        #expect(withTags > 4_000 && withTrailingTags > 2_000 && withEscapedValues > 200)
    }
}
