import Testing

@testable import TaskPaper

/// A search's fast paths (a predicate that only tests tags' presence read as a
/// truth table in one pass over the lines; the outline built only when a step
/// needs the tree) give the same items as the general path, on random documents.
@Suite struct SearchFastPathTests {
    static let clock = SearchBadInputTests.clock
    static let names = ["a", "b", "done", "é", "ab", "a.b", "A"]

    /// A presence-only predicate as text, with the answer it gives for a set of tag names.
    indirect enum Presence {
        case tag(String), empty(String), not(Presence), and(Presence, Presence), or(Presence, Presence)

        var text: String {
            switch self {
            case .tag(let n): "@\(n)"
            case .empty(let n): "@\(n) = \"\""
            case .not(let p): "not \(p.text)"
            case .and(let a, let b): "(\(a.text) and \(b.text))"
            case .or(let a, let b): "(\(a.text) or \(b.text))"
            }
        }

        func holds(_ tags: Set<String>) -> Bool {
            switch self {
            case .tag(let n), .empty(let n): tags.contains(n)
            case .not(let p): !p.holds(tags)
            case .and(let a, let b): a.holds(tags) && b.holds(tags)
            case .or(let a, let b): a.holds(tags) || b.holds(tags)
            }
        }

        static func random(_ rng: inout SeededRandom, depth: Int = 0) -> Presence {
            let leaf = depth >= 3 || rng.chance(3)
            if leaf { return rng.chance(5) ? .empty(rng.pick(names)) : .tag(rng.pick(names)) }
            switch rng.int(0...2) {
            case 0: return .not(random(&rng, depth: depth + 1))
            case 1: return .and(random(&rng, depth: depth + 1), random(&rng, depth: depth + 1))
            default: return .or(random(&rng, depth: depth + 1), random(&rng, depth: depth + 1))
            }
        }
    }

    static func randomDocument(_ rng: inout SeededRandom) -> String {
        (0..<rng.int(0...40)).map { _ in
            let indent = String(repeating: rng.pick(["\t", "  ", " "]), count: rng.int(0...3))
            var words = [rng.pick(["- task", "Project:", "a note", "", "* é", "x - y"])]
            for _ in 0..<rng.int(0...4) {
                let name = rng.pick(names + ["", "due", "ab(", "a\u{3000}"])
                words.append(rng.pick(["@\(name)", "@\(name)(v)", "@\(name)(x\\)", "@\(name)(", "x@\(name)"]))
            }
            if rng.chance(4) { words.append("Tail:") }
            return indent + words.joined(separator: " ")
        }.joined(separator: rng.pick(["\n", "\r\n"]))
    }

    /// Every item for which a presence predicate holds, read straight from the tag lists. Every line is
    /// an item (a blank line is an empty note), except in an empty document.
    static func reference(_ p: Presence, kind: LineKind?, in doc: TextDocument) -> [Int] {
        guard doc.lines.count > 1 || doc.lines[0].utf8Count > 0 else { return [] }
        return doc.lines.indices.filter { i in
            let line = doc.lines[i]
            let lineKind = line.syntax.kind == .blank ? .note : line.syntax.kind
            guard kind == nil || lineKind == kind else { return false }
            return p.holds(Set(line.syntax.tags.map { String($0.name(in: line.text)) }))
        }
    }

    @Test func presencePredicatesFindWhatTheTagListsSay() throws {
        var rng = SeededRandom(seed: 13)
        for _ in 0..<400 {
            let doc = TextDocument(text: Self.randomDocument(&rng))
            for _ in 0..<8 {
                let p = Presence.random(&rng)
                let kind: LineKind? = rng.chance(3) ? rng.pick([.task, .project, .note]) : nil
                let prefix = kind.map { "//\($0) " } ?? ""
                let query = try SearchQuery.parse(prefix + p.text)
                let found = try query.evaluate(in: doc, indentWidth: .auto, clock: Self.clock)
                #expect(found == Self.reference(p, kind: kind, in: doc), "\(prefix + p.text)")
            }
        }
    }

    /// Paths whose steps take the fast paths from many contexts, or need the tree after a fast step.
    static let shapes = [
        "P", "//P", "/*/P", "/P", "project *//P", "//P/..Q", "//P/following::Q", "//P/preceding::Q", "(//P)[0:3]",
        "//P[1]", "//task P", "//P/descendant-or-self::Q", "//note P except //Q", "//P union //Q", "//*[0]//P",
        "//P/ancestor::Q", "//Q/following-sibling::P", "//P/child::Q", "//count(P) > 0", "//P/preceding::Q[-1]",
        "//*/following::P[0]", "//P intersect //*/Q",
    ]

    @Test func fastPathsAgreeWithTheGeneralPath() throws {
        var rng = SeededRandom(seed: 31)
        for _ in 0..<300 {
            let doc = TextDocument(text: Self.randomDocument(&rng))
            let outline = Outline(document: doc, indentWidth: .auto)
            for shape in Self.shapes {
                let p = Presence.random(&rng).text, q = Presence.random(&rng).text
                let fast = shape.replacing("P", with: p).replacing("Q", with: q)
                // `@type != zzz` holds for every item and is no presence test: the predicate takes the general path.
                let general = shape.replacing("P", with: "(@type != zzz and \(p))")
                    .replacing("Q", with: "(@type != zzz and \(q))")
                do {
                    let expected = try SearchQuery.parse(general).evaluate(in: outline, clock: Self.clock)
                    let found = try SearchQuery.parse(fast).evaluate(in: doc, indentWidth: .auto, clock: Self.clock)
                    #expect(found == expected, "\(fast)")
                } catch {
                    Issue.record("\(fast): \(error)")
                }
            }
        }
    }

    @Test func onlyPresenceTestsMakeATable() throws {
        func table(_ query: String) throws -> TagPresenceTable? {
            guard case .path(let path) = try SearchQuery.parse(query).expression else { return nil }
            return path.steps[0].presenceTable
        }
        #expect(try table("@home and not @done")?.names == [Array("home".utf8), Array("done".utf8)])
        #expect(try table("@due = \"\"") != nil)
        #expect(try table("@due = x") == nil)
        #expect(try table("@due = [d] \"\"") == nil)  // a value that is no date is missing
        #expect(try table("@text") == nil)
        #expect(try table("home") == nil)
        #expect(try table("@a or @b or @c or @d or @e or @f") != nil)
        #expect(try table("@a or @b or @c or @d or @e or @f or @g") == nil)
    }
}
