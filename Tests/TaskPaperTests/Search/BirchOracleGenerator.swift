@testable import TaskPaper

/// Random TaskPaper documents and searches for `SearchBirchOracleTests`:
/// documents with blank lines, over-indented items, tags and line separators
/// inside lines; searches over the whole language, `matches` patterns
/// (JavaScript syntax, broken ones too) and, now and then, a malformed query.
enum BirchOracleGenerator {
    static let words = [
        "alpha", "Beta", "GAMMA", "delta", "inbox", "x2024", "1999", "2024", "10", "3.5", "é", "Ünïcode", "ß",
        "to-do", "a.b", "(", ")", "\"", "?", "*", "-", "x", "İ", "k", "e-mail", "a@b.c", "",
    ]
    static let tagNames = ["done", "due", "priority", "a", "b", "today", "tags", "Done", "é", "indent", "type"]
    static let separators = ["\u{2029}", "\u{0085}", "\u{0C}", "\u{2028}", "\u{0B}"]

    static func document(_ rng: inout SeededRandom) -> String {
        var lines: [String] = []
        var depth = 0
        for _ in 0..<rng.int(0...24) {
            if rng.chance(5) {
                lines.append(rng.chance(3) ? String(repeating: "\t", count: rng.int(1...3)) : "")
                continue
            }
            // Mostly one level deeper or back out; sometimes over-indented.
            depth = max(0, min(5, depth + rng.pick([-2, -1, -1, 0, 0, 1, 1, 2, 3])))
            lines.append(String(repeating: "\t", count: depth) + line(&rng))
        }
        if rng.chance(3) { lines.append("") }
        return lines.joined(separator: rng.chance(6) ? "\r\n" : "\n")
    }

    static func line(_ rng: inout SeededRandom) -> String {
        // No leading space: TaskPaper turns leading spaces into tabs, a difference left out by design.
        var text = (0..<rng.int(1...3)).map { _ in rng.pick(words) }.filter { !$0.isEmpty }.joined(separator: " ")
        if rng.chance(6) { text += rng.pick(separators) + rng.pick(words) }
        for _ in 0..<rng.int(0...2) {
            let name = rng.pick(tagNames)
            let value = rng.pick(["", "(1)", "(2)", "(10)", "(2024-01-05)", "(x, y)", "(Home)", "(a\\(b\\))", "()"])
            text += " @\(name)\(value)"
        }
        switch rng.int(0...5) {
        case 0, 1: return "- " + text
        case 2: return text + ":"
        case 3: return rng.pick(["* ", "+ ", "-"]) + text
        default: return text
        }
    }

    // MARK: Queries

    static func query(_ rng: inout SeededRandom) -> String {
        let q = pathExpression(&rng, depth: 0)
        guard rng.chance(8) else { return q }
        // Malformed: cut short, or a stray character.
        var scalars = Array(q.unicodeScalars)
        if rng.chance(2), !scalars.isEmpty {
            scalars = Array(scalars.prefix(rng.int(0...scalars.count - 1)))
        } else {
            let stray = rng.pick(["(", ")", "[", "]", "\"", "@", "/", "..", "=", "[x]", ",", "!", "count("])
            scalars.insert(contentsOf: stray.unicodeScalars, at: rng.int(0...scalars.count))
        }
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars)
        return s
    }

    static func pathExpression(_ rng: inout SeededRandom, depth: Int) -> String {
        var q = path(&rng, depth: depth)
        if depth < 2, rng.chance(4) {
            q += " " + rng.pick(["union", "intersect", "except"]) + " " + path(&rng, depth: depth)
        }
        if depth < 2, rng.chance(6) {
            q = "(\(q))" + (rng.chance(2) ? slice(&rng) : "")
            if rng.chance(4) { q += " " + rng.pick(["union", "except"]) + " " + path(&rng, depth: depth) }
        }
        return q
    }

    static func path(_ rng: inout SeededRandom, depth: Int) -> String {
        var q = rng.pick(["", "", "/", "//"])
        for k in 0..<rng.int(1...3) {
            if k > 0 { q += rng.pick(["/", "/", "//", "///"]) }
            // After `//` TaskPaper reads an axis name as text, so `//child::@a = 1` does not parse: rarely.
            let plainAxis = q.hasSuffix("//") && !rng.chance(8)
            q += step(&rng, depth: depth, axis: plainAxis ? "" : rng.pick(axes))
        }
        return q
    }

    static let axes = [
        "", "", "", "", "ancestor-or-self::", "ancestor::", "child::", "descendant-or-self::", "descendant::",
        "following-sibling::", "following::", "preceding-sibling::", "preceding::", "parent::", "self::", "..",
    ]

    static func step(_ rng: inout SeededRandom, depth: Int, axis: String) -> String {
        var s = axis
        if rng.chance(4) { s += rng.pick(["project ", "task ", "note "]) }
        if !s.hasSuffix(" ") || rng.chance(2) { s += predicate(&rng, depth: depth) }
        if rng.chance(6) { s += slice(&rng) }
        return s
    }

    static func slice(_ rng: inout SeededRandom) -> String {
        rng.pick(["[0]", "[-1]", "[1]", "[1:3]", "[2:]", "[0:-1]", "[0:1000000000]", "[-2:]", "[5]", "[3:1]"])
    }

    static func predicate(_ rng: inout SeededRandom, depth: Int) -> String {
        if depth < 2, rng.chance(5) {
            let a = predicate(&rng, depth: depth + 1), b = predicate(&rng, depth: depth + 1)
            switch rng.int(0...3) {
            case 0: return "\(a) and \(b)"
            case 1: return "\(a) or \(b)"
            case 2: return "not \(a)"
            default: return "(\(a) or \(b))"
            }
        }
        return comparison(&rng, depth: depth)
    }

    static let attributes = [
        "@text", "@type", "@done", "@due", "@priority", "@a", "@b", "@indent", "@today", "@tags", "@data-done",
        "@Done", "@é", "@missing",
    ]
    static let relations = ["=", "!=", "<", ">", "<=", ">=", "contains", "beginswith", "endswith", "matches", "like"]

    static func comparison(_ rng: inout SeededRandom, depth: Int) -> String {
        switch rng.int(0...9) {
        case 0: return "*"
        case 1: return rng.pick(["@id", "not @id", "@id = \"\"", "@indent", "@indent = 2", "@indent > [n] 1"])
        case 2:
            if depth < 2 {
                return "count(\(pathExpression(&rng, depth: depth + 1))) \(rng.pick(["=", ">", "<", ">="])) "
                    + "\(rng.int(0...3))"
            }
            return rng.pick(words.filter { !$0.isEmpty && $0.first!.isLetter })
        case 3: return rng.pick(attributes)
        case 4: return "@text matches \(quoted(pattern(&rng)))"
        case 5: return rng.pick(["note", "task", "project", "\"\"", "@text = \"\""])
        default: break
        }
        var parts: [String] = []
        if rng.chance(3) == false { parts.append(rng.pick(attributes)) }
        let relation = rng.pick(relations)
        if rng.chance(5) == false || parts.isEmpty { parts.append(relation) }
        // `[l]` is left out: lists came in TaskPaper releases after birch-outline's parser.
        if rng.chance(3) { parts.append(rng.pick(["[i]", "[s]", "[n]"])) }
        if relation == "matches" {
            parts.append(quoted(pattern(&rng)))
        } else {
            let value = rng.pick(words + ["1", "2", "3", "\"x\\ny\"", "\"\"", "home, x", "Home"])
            // Unquoted, `a@b.c` does not parse (`@` starts an attribute): quoted but rarely.
            let plain =
                !value.isEmpty && value.first!.isLetter && !value.contains(" ")
                && (!value.contains("@") || rng.chance(8))
            parts.append(plain ? value : quoted(value))
        }
        return parts.joined(separator: " ")
    }

    static func quoted(_ s: String) -> String {
        if s.hasPrefix("\"") && s.count > 1 { return s }
        return "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    // MARK: Patterns

    static let atoms = [
        "a", "B", "x", "é", "İ", "\\w", "\\W", "\\d", "\\D", "\\s", "\\S", "\\b", "\\B", ".", "[0-9]", "[A-Z]",
        "[^a-z]", "[\\w-]", "[]", "[^]", "\\.", "\\(", "\\)", "\\n", "\\u00e9", "\\x41", "\\cJ", "@", " ", "-", ":",
        "\\/", "\\1", "\\k", "\\p{L}", "\\0", "{", "}", "]", "\\t", "$", "^",
    ]

    /// A pattern; inside an open-ended repeat (`bounded`), only bounded repeats: `(a+)+` is refused by design.
    static func pattern(_ rng: inout SeededRandom, depth: Int = 0, bounded: Bool = false) -> String {
        var p = ""
        let quantifiers = ["*", "+", "?", "{2}", "{1,3}", "{4}", "*?", "+?", "{,2}", "{2,1}", "{2,}"]
        for _ in 0..<rng.int(1...4) {
            var atom: String
            var quantifier = rng.chance(3) ? rng.pick(quantifiers) : ""
            if bounded, ["*", "+", "*?", "+?", "{2,}"].contains(quantifier) { quantifier = "?" }
            if depth < 2, rng.chance(6) {
                let open = ["*", "+", "*?", "+?", "{2,}"].contains(quantifier) || bounded
                let inner = pattern(&rng, depth: depth + 1, bounded: open)
                atom =
                    rng.pick(["(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>"]) + inner
                    + (rng.chance(3) ? "|" + pattern(&rng, depth: depth + 1, bounded: open) : "") + ")"
            } else {
                atom = rng.pick(atoms)
            }
            p += atom + quantifier
        }
        if rng.chance(6) { p = "^" + p }
        if rng.chance(5) { p += "$" }
        if depth == 0, rng.chance(12) { p += rng.pick(["(", ")", "[", "\\", "*", "+?+"]) }
        return p
    }
}
