import TaskPaper

/// The benchmark's TaskPaper document, shaped like a person's task list:
/// projects nested up to three levels, most tasks tagged, dates in 2030, and
/// a person's mistake on about one line in two hundred.
struct DocumentGenerator {
    static let words =
        ("call email buy fix review plan write read send book check update draft order clean pay file ask "
        + "meet ship test sort print pack water prune repot garden invoice report budget slides notes kitchen garage "
        + "office client team vendor doctor school bank").split(separator: " ").map(String.init)
    static let tags = ["work", "home", "self", "errand", "waiting", "next", "flagged", "phone"]
    static let contexts = ["été", "Zürich", "東京", "👍🏽 done right", "naïve café"]

    var rng: SeededRandom

    init(seed: UInt64 = 1) { rng = SeededRandom(seed: seed) }

    mutating func document(lines n: Int) -> String {
        var out: [String] = []
        out.reserveCapacity(n)
        var depth = 0
        while out.count < n {
            let r = rng.unit()
            let indent = String(repeating: "\t", count: depth)
            if r < 0.06 {
                depth = rng.int(0...2)
                out.append(String(repeating: "\t", count: depth) + phrase(1, 3).capitalized + ":")
                depth += 1
            } else if r < 0.13 {
                out.append(indent + phrase(6, 14).capitalizedFirst + ".")
            } else if r < 0.15 {
                out.append("")
            } else if r < 0.155 {
                out.append(indent + mistake())
            } else {
                out.append(indent + task())
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private mutating func phrase(_ lo: Int, _ hi: Int) -> String {
        (0..<rng.int(lo...hi)).map { _ in Self.words[rng.int(0...Self.words.count - 1)] }.joined(separator: " ")
    }

    private mutating func date() -> String {
        "2030-" + pad(rng.int(1...12)) + "-" + pad(rng.int(1...28))
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    private mutating func due() -> String {
        let r = rng.unit()
        if r < 0.4 { return "@due(\(date()))" }
        if r < 0.6 { return "@due(\(date()) \(pad(rng.int(0...23))):\(pad([0, 15, 30, 45][rng.int(0...3)])))" }
        if r < 0.75 { let h = rng.int(8...16); return "@due(\(date()) \(pad(h)):00-\(pad(h + 1)):30)" }
        if r < 0.85 { return "@due(\(date()) 09:00 thru 2030-12-31 17:00)" }
        if r < 0.95 { return "@due(\(["tomorrow", "next friday", "+3d", "today 9:30"][rng.int(0...3)]))" }
        return "@due"
    }

    private mutating func mistake() -> String {
        let p = phrase(2, 7)
        switch rng.int(0...5) {
        case 0: return "- \(p) @due(2030-02-30)"
        case 1: return "- \(p) @due(2030-05-11 14:00-13:00)"
        case 2: return "- \(p) @due(tomorow)"
        case 3: return "- \(p) @due(2030-05-12 thru 2030-05-01)"
        case 4: return "- \(p) @done(2030-13-01)"
        default: return "- \(p) " + String(repeating: "x", count: 130)
        }
    }

    private mutating func task() -> String {
        var parts = ["- " + phrase(2, 7)]
        if rng.unit() < 0.15 { parts.append(Self.contexts[rng.int(0...Self.contexts.count - 1)]) }
        var pool = Self.tags
        for _ in 0..<rng.int(0...2) { parts.append("@" + pool.remove(at: rng.int(0...pool.count - 1))) }
        if rng.unit() < 0.5 { parts.append(due()) }
        if rng.unit() < 0.2 { parts.append("@done(\(date()))") }
        if rng.unit() < 0.1 { parts.append("@priority(\(rng.int(1...3)))") }
        return parts.joined(separator: " ")
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    var capitalized: String { split(separator: " ").map { String($0).capitalizedFirst }.joined(separator: " ") }
}
