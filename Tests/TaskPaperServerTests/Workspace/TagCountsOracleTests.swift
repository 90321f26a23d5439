import TaskPaper
import Testing

@testable import TaskPaperServer

/// The first tag count of an open document (`TagNameTally`, by bytes, in chunks on all
/// cores) against two straightforward counts on seeded random documents: the per-line
/// `TagCounts.count` that edits use, and a naive one (a set of names per line). Then
/// the counts an open document keeps current through random edits, against a fresh count.
@Suite struct TagCountsOracleTests {
    /// Names of every length the table treats apart (up to 8 bytes, 9-16, past 16 with a
    /// shared 16-byte prefix), non-ASCII ones, and `été` in two spellings that are equal
    /// as Strings but not as bytes.
    static let names = [
        "due", "done", "a", "été", "e\u{301}te\u{301}", "東京", "👍🏽", "abcdefgh", "abcdefghi",
        "abcdefghijklmnop", "abcdefghijklmnopq", "averyveryverylongname-1", "averyveryverylongname-2", "x-y_z.9",
    ]

    static func randomLine(_ rng: inout SeededRandom) -> String {
        var parts: [String] = []
        switch rng.int(0...4) {
        case 0: parts.append(String(repeating: "\t", count: rng.int(0...3)) + "- task")
        case 1: parts.append("Project:")
        case 2: parts.append("a note")
        default: break  // a tag at the very start: short lines read names byte by byte
        }
        // Mostly a few tags; sometimes many (past 8, where repeats are found by String).
        let tagCount = rng.chance(8) ? rng.int(9...14) : rng.int(0...4)
        for _ in 0..<tagCount {
            if rng.chance(12) { parts.append("@"); continue }  // a lone `@` counts as no tag
            var tag = "@" + rng.pick(names)
            if rng.chance(3) { tag += "(\(rng.pick(["2026-01-01", "x", "", "a b"])))" }
            parts.append(tag)
        }
        if rng.chance(4) { parts.append("words after") }
        return parts.joined(separator: " ")
    }

    static func randomText(_ rng: inout SeededRandom, lines: Int) -> String {
        (0..<lines).map { _ in randomLine(&rng) }.joined(separator: rng.chance(3) ? "\r\n" : "\n")
    }

    /// Each line's tags, counted one line at a time as edits count them.
    static func perLineCounts(_ lines: [Line]) -> [String: Int] {
        var counts = TagCounts(valuesCounted: [])
        for line in lines { counts.count(line.text, line.syntax, sign: 1) }
        return counts.names
    }

    /// The definition: each name once per line (first spelling by bytes), lone `@` left out.
    static func naiveCounts(_ lines: [Line]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in lines {
            var seen: [[UInt8]] = []
            for tag in line.syntax.tags where !tag.hasEmptyName {
                let name = Array(tag.name(in: line.text).utf8)
                if !seen.contains(name) { seen.append(name) }
            }
            for name in seen { counts[String(decoding: name, as: UTF8.self), default: 0] += 1 }
        }
        return counts
    }

    @Test func theFirstCountAgreesWithCountingLineByLine() {
        var rng = SeededRandom(environment: "TASKPAPER_ORACLE_SEED")
        let replay = "seed \(rng.seed) (TASKPAPER_ORACLE_SEED=\(rng.seed))"
        // Sizes below and above the chunk (4096 lines), so chunks are merged.
        for size in [0, 1, 7, 300, 9_000] {
            let text = Self.randomText(&rng, lines: size)
            let lines = TextDocument(text: text).lines
            let fast = TagCounts(namesOf: lines)
            #expect(fast.names == Self.perLineCounts(lines), "\(replay), \(size) lines")
            #expect(fast.valuesCounted == [], "\(replay): values are counted on demand")
            // Lines of many tags repeat canonically equal spellings; the naive count reads bytes.
            let fewTags = lines.filter { $0.syntax.tags.count <= 8 }
            #expect(TagCounts(namesOf: fewTags).names == Self.naiveCounts(fewTags), "\(replay), \(size) lines")
        }
    }

    @Test func aManyNamedDocumentGrowsTheTable() {
        // More distinct names than the table starts with, in one chunk and across chunks.
        let lines = (0..<9_000).map { i in "- t @n\(i % 700) @n\(i % 700) @m\(i % 3)(v) @" }
        let document = TextDocument(text: lines.joined(separator: "\n")).lines
        let counts = TagCounts(namesOf: document).names
        #expect(counts == Self.perLineCounts(document))
        #expect(counts.count == 703)
        #expect(counts["n0"] == 13 && counts["m0"] == 3_000)
    }

    @Test func countsKeptCurrentThroughEditsMatchAFreshCount() {
        var rng = SeededRandom(environment: "TASKPAPER_ORACLE_SEED")
        let replay = "seed \(rng.seed) (TASKPAPER_ORACLE_SEED=\(rng.seed))"
        let context = AnalysisContext(
            settings: Settings(),
            clock: LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0)),
            encoding: .utf8)
        let doc = OpenDocument(
            uri: "file:///counts.taskpaper", version: 1, text: Self.randomText(&rng, lines: 1_500), context: context,
            generations: Counter())
        #expect(doc.tagCounts().names == Self.perLineCounts(doc.text.lines), "\(replay)")
        for edit in 1...100 {
            let lines = doc.text.lines
            let from = rng.int(0...lines.count - 1), to = min(lines.count - 1, from + rng.int(0...3))
            let replacement = (0..<rng.int(0...3)).map { _ in Self.randomLine(&rng) }.joined(separator: "\n")
            let range = ClientRange(
                start: ClientPosition(line: from, character: 0),
                end: ClientPosition(line: to, character: lines[to].text.utf8.count))
            doc.apply(range: range, text: replacement)
            #expect(doc.tagCounts().names == Self.perLineCounts(doc.text.lines), "\(replay), edit \(edit)")
            #expect(
                doc.tagCounts().names == TagCounts(namesOf: doc.text.lines).names, "\(replay), edit \(edit)")
        }
    }
}
