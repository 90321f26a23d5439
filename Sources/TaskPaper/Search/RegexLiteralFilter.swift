/// A run of plain characters every match of a pattern must contain (`garden`
/// in `^- .*garden`): a line without it cannot match, and checking that is far
/// cheaper than running `Regex` on every line. Found conservatively: nil for
/// any pattern with a top-level alternation, `(?` options or `\Q`.
struct RegexLiteralFilter: Sendable {
    /// ASCII, lowercased when the pattern ignores case.
    let literal: [UInt8]
    let ignoresCase: Bool

    init?(pattern: String, ignoresCase: Bool) {
        let p = Array(pattern.utf8)
        guard !Self.contains(p, Array("(?".utf8)), !Self.contains(p, Array("\\Q".utf8)) else { return nil }
        var best: [UInt8] = [], run: [UInt8] = [], depth = 0, i = 0
        func endRun() {
            if run.count > best.count { best = run }
            run.removeAll()
        }
        while i < p.count {
            let c = p[i]
            switch c {
            case UInt8(ascii: "("): depth += 1; endRun()
            case UInt8(ascii: ")"): depth -= 1; endRun()
            case UInt8(ascii: "|"):
                if depth == 0 { return nil }
                endRun()
            case UInt8(ascii: "\\"): i += 1; endRun()
            case UInt8(ascii: "["):
                endRun()
                i += 1
                if i < p.count, p[i] == UInt8(ascii: "^") { i += 1 }
                if i < p.count, p[i] == UInt8(ascii: "]") { i += 1 }
                while i < p.count, p[i] != UInt8(ascii: "]") { i += p[i] == UInt8(ascii: "\\") ? 2 : 1 }
            default:
                let isPlain = depth == 0 && c < 0x80 && !Self.metacharacters.contains(c)
                guard isPlain else { endRun(); break }
                let next = i + 1 < p.count ? p[i + 1] : 0
                if next == UInt8(ascii: "?") || next == UInt8(ascii: "*") || next == UInt8(ascii: "{") {
                    endRun()  // the character may be absent
                } else {
                    run.append(ignoresCase && c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
                    if next == UInt8(ascii: "+") { endRun() }
                }
            }
            i += 1
        }
        endRun()
        guard !best.isEmpty else { return nil }
        literal = best
        self.ignoresCase = ignoresCase
    }

    private static let metacharacters: Set<UInt8> = Set(".^$*+?(){}[]|\\".utf8)

    /// False when `subject` certainly has no match.
    func mayMatch(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ignoresCase else { return Self.contains(subject, literal) }
        // Three characters fold to ASCII letters (U+0130, U+017F, U+212A): leave those lines to the regex.
        for k in subject.indices where subject[k] == 0xC4 || subject[k] == 0xC5 || subject[k] == 0xE2 {
            let next = k + 1 < subject.count ? subject[k + 1] : 0
            if (subject[k] == 0xC4 && next == 0xB0) || (subject[k] == 0xC5 && next == 0xBF)
                || (subject[k] == 0xE2 && next == 0x84 && k + 2 < subject.count && subject[k + 2] == 0xAA)
            {
                return true
            }
        }
        guard subject.count >= literal.count else { return false }
        var i = 0
        while i <= subject.count - literal.count {
            var k = 0
            while k < literal.count {
                let c = subject[i + k]
                if (c >= 0x41 && c <= 0x5A ? c | 0x20 : c) != literal[k] { break }
                k += 1
            }
            if k == literal.count { return true }
            i += 1
        }
        return false
    }

    private static func contains<C: RandomAccessCollection>(_ a: C, _ b: [UInt8]) -> Bool
    where C.Element == UInt8, C.Index == Int {
        guard a.count >= b.count else { return false }
        var i = a.startIndex
        while i <= a.endIndex - b.count {
            var k = 0
            while k < b.count, a[i + k] == b[k] { k += 1 }
            if k == b.count { return true }
            i += 1
        }
        return false
    }
}
