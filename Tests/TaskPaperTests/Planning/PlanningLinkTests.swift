import Foundation
import Testing
@testable import TaskPaper

private let context = SmartLinks.Context(folder: "/home/u/notes", home: "/home/u")

private func links(_ text: String, extended: Bool = true) -> [[String]] {
    let line = TextDocument(text: text).lines[0]
    return SmartLinks.links(in: line, context: context, extended: extended).map {
        ["\($0.range.lowerBound)", "\($0.range.upperBound)", $0.target]
    }
}

@Suite struct PlanningLinkTests {
    // Line, then UTF-8 start, end and target of each link. The ranges are what
    // birch-outline's smart-links.coffee paints, run under node; its `path:`
    // targets are written here as the file URIs we give them.
    @Test(
        arguments: [
            ("mail jesse@hogbaysoftware.com today", [["5", "29", "mailto:jesse@hogbaysoftware.com"]]),
            ("Jesse@Example.CO.uk.", [["0", "19", "mailto:Jesse@Example.CO.uk"]]),
            ("a.b-c+d%e_f@sub.example.info", [["0", "28", "mailto:a.b-c+d%e_f@sub.example.info"]]),
            ("x@y.toolong", []), ("x@y.com5", []), ("x@y.c", []),
            ("mailto:jesse@example.com", [["0", "24", "mailto:jesse@example.com"]]),
            ("..b@x.com", [["2", "9", "mailto:b@x.com"]]),
            ("a@b.cc.d@e.ff", [["0", "6", "mailto:a@b.cc"], ["6", "13", "mailto:.d@e.ff"]]),
            ("see /Users/jesse/file.txt now", [["4", "25", "file:///Users/jesse/file.txt"]]),
            ("/etc/hosts", [["0", "10", "file:///etc/hosts"]]),
            ("./relative/path and more", [["0", "15", "file:///home/u/notes/relative/path"]]),
            ("path\\ with\\ spaces/x end", []), ("word/not/a/path", []), ("(/not/after/space)", []),
            ("tab\t/after/tab", [["4", "14", "file:///after/tab"]]),
            ("./", []), ("/", []),
            ("see http://example.com/a.", [["4", "24", "http://example.com/a"]]),
            ("https://example.com/a_(b)_c, more", [["0", "27", "https://example.com/a_(b)_c"]]),
            ("(http://example.com/x)", [["1", "21", "http://example.com/x"]]),
            ("www.example.com/path?q=1!", [["0", "24", "http://www.example.com/path?q=1"]]),
            // TaskPaper leaves `WWW2.example.com` as the target; a link needs the scheme.
            ("WWW2.example.com", [["0", "16", "http://WWW2.example.com"]]),
            ("www1234.example.com", []),
            ("ftp://files.example.org/pub", [["0", "27", "ftp://files.example.org/pub"]]),
            ("path:./myfile.txt", [["0", "17", "file:///home/u/notes/myfile.txt"]]),
            ("x-http://a.b", [["0", "12", "x-http://a.b"]]),
            ("http:x", []), ("http://x", [["0", "8", "http://x"]]), ("http:///", [["0", "8", "http:///"]]),
            ("«http://example.com/é»", [["2", "23", "http://example.com/é"]]),
            ("“https://example.com/q”", [["3", "24", "https://example.com/q"]]),
            (
                "email me a@b.com or http://a@b.com/x",
                [["9", "16", "mailto:a@b.com"], ["20", "36", "http://a@b.com/x"]]
            ),
            ("- task http://example.com @due(2026-01-01)", [["7", "25", "http://example.com"]]),
            ("http://example.com/<tag>", [["0", "19", "http://example.com/"]]),
            ("http://a.com/(unclosed", [["0", "13", "http://a.com/"]]),
            ("file:///tmp/a%20b", [["0", "17", "file:///tmp/a%20b"]]),
            ("/a/b@c.com/d", [["0", "12", "file:///a/b@c.com/d"]]),
            ("http://example.com/https://other.com", [["0", "36", "http://example.com/https://other.com"]]),
            ("abc:def", [["0", "7", "abc:def"]]),
            ("see www.example.com.", [["4", "19", "http://www.example.com"]]),
            ("x:/y:/z", []),
            ("see /a\\ b/c d", [["4", "11", "file:///a%20b/c"]]),
            ("\t\t/etc/x y", [["2", "8", "file:///etc/x"]]),
        ] as [(String, [[String]])])
    func linksWhatTaskPaperLinks(text: String, expected: [[String]]) {
        #expect(links(text, extended: false) == expected)
    }

    @Test(
        arguments: [
            ("see ~/notes/today.txt", [["4", "21", "file:///home/u/notes/today.txt"]]),
            ("see ../up/one.txt", [["4", "17", "file:///home/u/up/one.txt"]]),
            ("- a @file(/etc/hosts) b", [["10", "20", "file:///etc/hosts"]]),
            ("- a @file(~/My Docs/x.txt)", [["10", "25", "file:///home/u/My%20Docs/x.txt"]]),
            ("- a @see(./a\\(1\\).txt)", [["9", "21", "file:///home/u/notes/a(1).txt"]]),
            ("- a @x(/)", []),
            ("- a @x(http://a.com/x)", [["7", "21", "http://a.com/x"]]),
        ] as [(String, [[String]])])
    func linksOurExtensions(text: String, expected: [[String]]) {
        #expect(links(text) == expected)
    }

    @Test func pathsBecomeNormalizedAbsoluteFileURIs() {
        #expect(FileURI.uri(forPath: "/a/./b/../c/", folder: nil, home: nil) == "file:///a/c/")
        #expect(FileURI.uri(forPath: "./x", folder: nil, home: nil) == nil)
        #expect(FileURI.uri(forPath: "~/x", folder: "/f", home: nil) == nil)
        #expect(FileURI.uri(forPath: "../../../../x", folder: "/home/u/notes", home: nil) == "file:///x")
        let deep = String(repeating: "../", count: 10_000) + "etc/passwd"
        #expect(FileURI.uri(forPath: deep, folder: "/home/u", home: nil) == "file:///etc/passwd")
        #expect(FileURI.uri(forPath: "/tmp/ä #1?", folder: nil, home: nil) == "file:///tmp/%C3%A4%20%231%3F")
    }

    @Test func megabyteLinesAnswerAtOnce() {
        let units = [
            ("http://", 1_000_000), ("a@a.aa", 1_000_000), ("a-", 250_000), ("a-a-a:!", 250_000),
            ("ab:.", 250_000), ("www.(", 250_000), (" /", 250_000), ("x@y.", 250_000), ("\\ ", 250_000),
        ]
        for (unit, size) in units {
            let text = String(repeating: unit, count: size / unit.utf8.count)
            let clock = ContinuousClock()
            let line = TextDocument(text: text).lines[0]
            let elapsed = clock.measure { _ = SmartLinks.links(in: line, context: context) }
            #expect(elapsed < .seconds(5), "\(unit)")
        }
    }

    /// Random lines of URLs, addresses, paths and near misses, against the
    /// reference below: TaskPaper's three patterns (JavaScript's `\b`, `\w`,
    /// `\s` spelled out for ICU; the web body's `(?:[^…]+|…)+` as one character
    /// per step, which matches the same text without exponential backtracking).
    @Test func agreesWithTaskPaperPatternsOnRandomLines() throws {
        let fragments = [
            "http://", "https://", "www.", "www12.", "WWW.", "mailto:", "path:", "a@b.com", "x.y@ex.org",
            "@", ".", "/", "./", " ", "  ", "\t", "\\ ", "(", ")", "<", ">", "a", "Z9", "_", "-", ":",
            "com", "de", "é", "«", "»", "“", "”", "\u{00A0}", "\u{3000}", ",", "!", "?", "'", "\"", "%",
            "+", "~", "../", "example", "q=1", "#", "[", "]", "{", "}", ";", "`", "0",
        ]
        var rng = SeededRandom(seed: 19)
        var linkedLines = 0
        for _ in 0..<3000 {
            let count = rng.below(16) + 1
            let text = (0..<count).map { _ in fragments[rng.below(fragments.count)] }.joined()
            let line = TextDocument(text: text).lines[0]
            let ours = SmartLinks.links(in: line, context: context, extended: false).map(\.range)
            let body = String(text.utf8.dropFirst(line.syntax.indentLength))!
            let reference = try TaskPaperReference.linkRanges(body).map {
                $0.lowerBound + line.syntax.indentLength..<$0.upperBound + line.syntax.indentLength
            }
            #expect(ours == reference, "\(text.debugDescription)")
            if !ours.isEmpty { linkedLines += 1 }
        }
        // The lines exercise the patterns: most hold a link.
        #expect(linkedLines > 1500)
    }
}

/// birch-outline's smart links as regular expressions, painted later-wins.
enum TaskPaperReference {
    static let word = "[A-Za-z0-9_]"
    static let boundary = "(?:(?<!\(word))(?=\(word))|(?<=\(word))(?!\(word)))"
    /// JavaScript's `\\s`, to go inside a character class.
    static let spaces = "\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF"
    static let space = "[\(spaces)]"
    static let notSpaceParen = "[^\(spaces)()<>]"
    static let email = "\(boundary)[A-Za-z0-9._%+\\-]+@[A-Za-z0-9.\\-]+\\.[A-Za-z]{2,4}\(boundary)"
    static let path = "(?:^|\(space))(\\.?/(?:\\\\\(space)|[^\\u0000 ])+)"
    static let web =
        "\(boundary)(?:([A-Za-z][A-Za-z0-9_\\-]+:(?:/{1,3}|[A-Za-z0-9%.])|[Ww]{3}[0-9]{0,3}[.])"
        + "(?:\(notSpaceParen)|\\(\(notSpaceParen)+\\))+"
        + "(?:\\(\(notSpaceParen)+\\)|[^`!()\\[\\]{};:'\".,<>?«»“”‘’\(spaces)]))"

    /// UTF-8 ranges of the painted runs.
    static func linkRanges(_ text: String) throws -> [Range<Int>] {
        let ns = text as NSString
        let whole = NSRange(location: 0, length: ns.length)
        var paint = [Int](repeating: -1, count: ns.length)
        var next = 0
        func fill(_ r: NSRange) {
            for k in r.location..<r.location + r.length { paint[k] = next }
            next += 1
        }
        for m in try NSRegularExpression(pattern: email).matches(in: text, range: whole)
        where !(m.range.location > 0 && ns.character(at: m.range.location - 1) == 0x3A) {
            fill(m.range)
        }
        for m in try NSRegularExpression(pattern: path).matches(in: text, range: whole) { fill(m.range(at: 1)) }
        for m in try NSRegularExpression(pattern: web).matches(in: text, range: whole) { fill(m.range) }
        var out: [Range<Int>] = []
        var k = 0
        func utf8(_ i: Int) -> Int { ns.substring(to: i).utf8.count }
        while k < paint.count {
            guard paint[k] >= 0 else { k += 1; continue }
            var j = k
            while j < paint.count, paint[j] == paint[k] { j += 1 }
            out.append(utf8(k)..<utf8(j))
            k = j
        }
        return out
    }
}
