import TaskPaper
import TaskPaperServer

/// The client's copy of a document, independent of the server's code: random
/// edits are applied here and sent to the server, in any position encoding,
/// with the protocol's edge cases (a column inside a character snaps to its
/// start, past a line end means the line end, past the last line the end).
struct ClientText {
    private(set) var scalars: [Unicode.Scalar]
    let encoding: String

    init(_ text: String, encoding: String) {
        scalars = Array(text.unicodeScalars)
        self.encoding = encoding
    }

    var text: String { String(String.UnicodeScalarView(scalars)) }

    /// Each line's scalars, without its end (`\n`, `\r\n` or `\r`).
    var lines: [Range<Int>] { ApplyEdits.lineSpans(scalars) }

    func width(_ s: Unicode.Scalar) -> Int {
        switch encoding {
        case "utf-8": UTF8.width(s)
        case "utf-32": 1
        default: UTF16.width(s)
        }
    }

    func length(_ line: Range<Int>) -> Int { scalars[line].reduce(0) { $0 + width($1) } }

    /// The scalar offset a client position names.
    func offset(line: Int, character: Int, in lines: [Range<Int>]) -> Int {
        guard line < lines.count else { return scalars.count }
        var i = lines[line].lowerBound, units = 0
        while i < lines[line].upperBound, units + width(scalars[i]) <= character {
            units += width(scalars[i])
            i += 1
        }
        return i
    }

    /// The client position of the first tag's name (just after its `@`), if any.
    var firstTagNamePosition: (line: Int, character: Int)? {
        for (n, line) in lines.enumerated() {
            for i in line
            where scalars[i] == "@" && (i == line.lowerBound || scalars[i - 1] == " " || scalars[i - 1] == "\t")
                && i + 1 < line.upperBound && scalars[i + 1].properties.isAlphabetic
            {
                return (n, length(line.lowerBound..<i + 1))
            }
        }
        return nil
    }

    mutating func replace(_ start: (line: Int, character: Int), _ end: (line: Int, character: Int), with text: String) {
        let lines = self.lines
        let a = offset(line: start.line, character: start.character, in: lines)
        let b = offset(line: end.line, character: end.character, in: lines)
        scalars.replaceSubrange(min(a, b)..<max(a, b), with: text.unicodeScalars)
    }

    mutating func replaceAll(with text: String) { scalars = Array(text.unicodeScalars) }

    // MARK: Random edits

    /// Snippets of every kind a document holds: items, tags, dates, every line
    /// end, astral and combining characters, joiners, separators that are no line ends.
    static let pieces = [
        "- task ", "@due(2025-02-30)", "@due(2027-01-01)", "@next", "\n", "\r\n", "\r", "\r", "\n\r",
        "👍🏽", "e\u{301}", "\u{301}", "a\u{308}\u{323}", "🇫🇷", "👩\u{200D}💻", "東京", "\t", "\t\t", ":", " ",
        "@x(", ")", "(", "Home:", "Projet é:", "@done", " @done(2026-01-01)", "tomorow", "2025-13-01",
        "@tag(東京 👍🏽)", "\u{FEFF}", "\u{2028}", "\u{85}", "\\(", "@due(2026-11-22 13:00-12:00)", "x",
    ]

    static func randomText(_ count: Int, using rng: inout SeededRandom) -> String {
        (0..<count).map { _ in rng.pick(pieces) }.joined()
    }

    /// A random change (applied here) as a `contentChanges` entry: mostly a
    /// range edit, possibly across lines or past their ends; now and then the whole text.
    mutating func randomChange(using rng: inout SeededRandom, largeTextOneIn: Int = 200) -> JSON {
        if rng.chance(30) {
            let text =
                rng.chance(largeTextOneIn)
                ? String(repeating: ClientText.randomText(40, using: &rng) + "\n", count: 400)
                : ClientText.randomText(Int.random(in: 0...12, using: &rng), using: &rng)
            replaceAll(with: text)
            return ["text": .string(text)]
        }
        let lines = self.lines
        func position(from line: Int) -> (line: Int, character: Int) {
            let l = rng.chance(25) ? lines.count + Int.random(in: 0...2, using: &rng) : line
            let length = l < lines.count ? self.length(lines[l]) : 0
            return (l, Int.random(in: 0...length + 2, using: &rng))
        }
        let a = position(from: Int.random(in: 0..<lines.count, using: &rng))
        var b = rng.chance(3) ? a : position(from: min(lines.count - 1, a.line + Int.random(in: 0...2, using: &rng)))
        if (b.line, b.character) < (a.line, a.character) { b = a }
        let insert = ClientText.randomText(Int.random(in: 0...3, using: &rng), using: &rng)
        replace(a, b, with: insert)
        return LSPClient.edit(a.line, a.character, b.line, b.character, insert)
    }
}
