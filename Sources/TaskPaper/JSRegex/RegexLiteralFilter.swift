/// A run of ASCII characters every match of a pattern must contain (`garden`
/// in `^- .*garden`): a line without it cannot match, and checking that is far
/// cheaper than running the pattern on every line. Read from the pattern's
/// top-level sequence only (nothing under an alternation or a group).
struct RegexLiteralFilter: Sendable {
    let literal: [UInt8]

    init?(_ pattern: JSRegexNode) {
        let items: [JSRegexNode]
        switch pattern {
        case .sequence(let all): items = all
        default: items = [pattern]
        }
        var best: [UInt8] = [], run: [UInt8] = []
        func endRun() {
            if run.count > best.count { best = run }
            run.removeAll()
        }
        for item in items {
            switch item {
            case .character(let c) where c < 0x80: run.append(UInt8(c))
            case .repeated(.character(let c), let min, _, _, _) where c < 0x80 && min >= 1:
                run.append(UInt8(c))
                endRun()
            case .inputStart, .inputEnd, .wordBoundary, .look: continue  // match no character
            default: endRun()
            }
        }
        endRun()
        guard !best.isEmpty else { return nil }
        literal = best
    }

    /// False when `subject` certainly holds no match.
    func mayMatch(_ subject: UnsafeBufferPointer<UInt8>) -> Bool { Self.contains(subject, literal) }

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
