import Testing
@testable import TaskPaper

/// birch-outline's item-path tests (TaskPaper 3's own expectations), ported as
/// data over the same fixture written as TaskPaper text. A row names the items
/// it expects by their first word (or their whole text); `root` is the document
/// root, which only a context-item row can see.
@Suite struct SearchFixtureTests {
    /// birch-outline's `load-outline-fixture`: tags as TaskPaper writes them.
    static let fixture = """
        one
        \ttwo
        \t\tthree @t
        \t\tfour @t
        \tfive
        \t\tsix @t(23)
        """
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    struct Row: CustomTestStringConvertible, Sendable {
        var query: String
        var expected: [String]
        /// The item the path starts from (by first word); nil for the root.
        var context: String? = nil
        var document: String = SearchFixtureTests.fixture
        var testDescription: String { context.map { "\(query) from \($0)" } ?? query }
    }

    static func row(_ query: String, _ expected: [String], from context: String? = nil) -> Row {
        Row(query: query, expected: expected, context: context)
    }

    /// The fixture with one item's text replaced (birch's `bodyString = ...`).
    static func fixture(replacing name: String, with text: String) -> String {
        fixture.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indent = line.prefix { $0 == "\t" }
            return line.dropFirst(indent.count).split(separator: " ").first.map(String.init) == name
                ? indent + text : String(line)
        }.joined(separator: "\n")
    }

    static let structure: [Row] = [
        row("/one", ["one"]),
        // Unions, intersections, exceptions, grouping
        row("//one union //e", ["one", "three", "five"]),
        row("/* union //two", ["one", "two"]),
        row("//three intersect //@t", ["three"]),
        row("//* except //@t", ["one", "two", "five"]),
        row("(//three except //two)", ["three"]),
        row("(//cantfindme except //two)", []),
        row("(//one union //two union //three except //two)", ["one", "two", "three"]),
        row("((//one union //two union //three) except //two)", ["one", "three"]),
        row("(//@t)[0]", ["three"]),
        row("(//@t union //e)[0]", ["one"]),
        // Locations
        row("one", ["one"]),
        row("one", [], from: "four"),
        row("/one", ["one"], from: "four"),
        row("//one", ["one"], from: "four"),
        // Axes
        row("ancestor-or-self::*", ["root", "one", "two", "three"], from: "three"),
        row("ancestor::*", ["root", "one", "two"], from: "three"),
        row("//one or two/ancestor::*", ["root", "one"], from: "three"),
        row("/descendant::one or two/descendant::*", ["two", "three", "four", "five", "six"], from: "three"),
        row("*", ["three", "four"], from: "two"),
        row("child::*", ["three", "four"], from: "two"),
        row("descendant-or-self::*", ["two", "three", "four"], from: "two"),
        row("/one//*", ["two", "three", "four", "five", "six"]),
        row("/one/descendant::*", ["two", "three", "four", "five", "six"]),
        row("/one///*", ["one", "two", "three", "four", "five", "six"]),
        row("/one/descendant-or-self::*", ["one", "two", "three", "four", "five", "six"]),
        row("/one/two/following-sibling::*", ["five"]),
        row("/one/two/following::*", ["three", "four", "five", "six"]),
        row("..*", ["one"], from: "two"),
        row("parent::*", ["one"], from: "two"),
        row("/one/five/preceding-sibling::*", ["two"]),
        row("/one/five/preceding::*", ["one", "two", "three", "four"]),
        row("/one/five/self::*", ["five"]),
    ]

    static let predicates: [Row] = [
        row("//count(*) = 0", ["three", "four", "six"]),
        row("//@text = \"one\"[0]", ["one"]),
        row("//@text = \"one\"", ["one"]),
        row("//@text = \"oNe\"", ["one"]),
        row("//@text one", ["one"]),
        row("//one", ["one"]),
        row("//= one", ["one"]),
        row("//@t 23", ["six"]),
        row("//@t", ["three", "four", "six"]),
        Row(
            query: "//@t and (@t = @m)", expected: ["three", "six"],
            document: "one @m(2)\n\ttwo\n\t\tthree @t @m\n\t\tfour @t\n\tfive\n\t\tsix @t(23) @m(23)"),
        Row(
            query: "//@m = count(.*)", expected: ["one"],
            document: "one @m(2)\n\ttwo\n\t\tthree @t @m\n\t\tfour @t\n\tfive\n\t\tsix @t(23) @m(23)"),
        // Boolean
        row("//w and o", ["two"]),
        row("//w or i", ["two", "five", "six"]),
        row("//not e", ["two", "four", "six"]),
        row("/one/two", ["two"]),
        row("/one/not two", ["five"]),
        row("/one/not not two", ["two"]),
        row("/one/not not not two", ["five"]),
        row("//(@text e and not @t) or @t = 23", ["one", "five", "six"]),
        row("//e and @t or not @t", ["one", "two", "three", "five"]),
        row("//(e and @t) or not @t", ["one", "two", "three", "five"]),
        row("//e and (@t or not v)", ["one", "three"]),
        row("(a and b) and c", []),
        // Nesting
        row("//(not @t)", ["one", "two", "five"]),
        row("//((not @t))", ["one", "two", "five"]),
        row("//(((not @t)) or @t = 23)", ["one", "two", "five", "six"]),
        row("//not (@t or e)", ["two"]),
        // Attributes
        row("//@t = 23", ["six"]),
        row("//\"\"", ["one", "two", "three", "four", "five", "six"]),
        // Relations
        row("//= one", ["one"]),
        row("//@t != 23", ["one", "two", "three", "four", "five"]),
        row("//@t < 23", ["three", "four"]),
        row("//@t <= 23", ["three", "four", "six"]),
        row("//@t > 09", ["six"]),
        row("//@t >= 09", ["six"]),
        row("//beginswith o", ["one"]),
        row("//contains ne", ["one"]),
        row("//endswith ne", ["one"]),
        row("//matches \".*i.*\"", ["five", "six"]),
    ]

    static let options: [Row] = {
        let insensitive = fixture(replacing: "one", with: "Being all INSENSITIVE")
        let upper = fixture(replacing: "one", with: "INSENSITIVE")
        let number = fixture(replacing: "one", with: "1.0")
        let date = fixture(replacing: "one", with: "2012-11-01")
        let due = fixture(replacing: "one", with: "one @due(tomorrow 2pm)")
        return [
            Row(query: "@text contains insensitive", expected: ["Being"], document: insensitive),
            Row(query: "@text contains [s] insensitive", expected: [], document: insensitive),
            Row(query: "@text contains [s] INSENSITIVE", expected: ["Being"], document: insensitive),
            Row(query: "@text insensitive", expected: ["INSENSITIVE"], document: upper),
            Row(query: "@text [s] insensitive", expected: [], document: upper),
            Row(query: "@text [s] INSENSITIVE", expected: ["INSENSITIVE"], document: upper),
            Row(query: "insensitive", expected: ["INSENSITIVE"], document: upper),
            Row(query: "[s] insensitive", expected: [], document: upper),
            Row(query: "[s] INSENSITIVE", expected: ["INSENSITIVE"], document: upper),
            Row(query: "= insensitive", expected: ["INSENSITIVE"], document: upper),
            Row(query: "= [s] insensitive", expected: [], document: upper),
            Row(query: "= [s] INSENSITIVE", expected: ["INSENSITIVE"], document: upper),
            Row(query: "@text = 1.0", expected: ["1.0"], document: number),
            Row(query: "@text = 1", expected: [], document: number),
            Row(query: "@text = [n] 1", expected: ["1.0"], document: number),
            row("@text beginswith[n] 1.0", []),
            row("@text endswith[n] 1.0", []),
            row("@text contains[n] 1.0", []),
            row("@text matches[n] 1.0", []),
            Row(query: "@text = 2012-11-01", expected: ["2012-11-01"], document: date),
            Row(query: "@text = 2012-11-1", expected: [], document: date),
            Row(query: "@text = [d] 2012-11-1", expected: ["2012-11-01"], document: date),
            Row(query: "@due = [d] tomorrow 2pm", expected: ["one"], document: due),
            Row(query: "@due = [d] today 2pm", expected: [], document: due),
            Row(query: "@due = [d] tomorrow 2pm +1s -1s", expected: ["one"], document: due),
            Row(query: "@due = [d] today 2pm +1d +1s -1s", expected: ["one"], document: due),
            Row(query: "@due = [d] tomorrow 2pm + 1s", expected: [], document: due),
        ]
    }()

    static let values: [Row] = {
        let languages = [
            "find a ü", "find in arabic بِسْمِ ٱللّٰهِ ٱلرَّحْمـَبنِ ٱلرَّحِيمِ",
            "find this string in russian По оживлённым берегам", "find in français",
            "find in german dürfen Anführungszeichen",
            "accept accents aàáâãäāăąȧXǎȁȃeèéêẽëēĕęėXěȅȇiìíîĩïīĭįiXǐȉȋoòóôõöŏǫȯőǒȍȏuùúûũüūŭųXűǔȕȗyỳýŷỹÿȳXXẏXXXX",
            "find in ancient greek τὰ πάντʼ ἂν ἐξήκοι σαφῆ", "find in sanskrit पशुपतिरपि तान्यहानि कृच्छ्राद्",
            "find in chinese 其為人也孝弟 而好犯上者 鮮矣", "find in tamil ஸ்றீனிவாஸ ராமானுஜன் ஐயங்கார்",
        ]
        let withLanguages = fixture + "\n" + languages.joined(separator: "\n")
        let orDocument = fixture(replacing: "two", with: "two is here")
        let orQuoted = fixture(replacing: "one", with: "one is here")
        return [
            Row(
                query: "find this string", expected: ["find this string"],
                document: fixture(replacing: "one", with: "find this string")),
            Row(query: "notandor", expected: ["notandor"], document: fixture(replacing: "one", with: "notandor")),
            Row(
                query: "//one is here or two is here", expected: ["one is here", "two is here"],
                document: fixture(replacing: "one", with: "one is here").replacing("\ttwo\n", with: "\ttwo is here\n")),
            row("\"one\"", ["one"]),
            Row(
                query: "//\"one is here or two is here\"", expected: ["one is here or two is here @t"],
                document: orQuoted.replacing("\ttwo\n", with: "\ttwo is here\n")
                    .replacing("three @t", with: "one is here or two is here @t")),
            Row(query: "0", expected: ["0one"], document: fixture(replacing: "one", with: "0one")),
            Row(query: "0one", expected: ["0one"], document: fixture(replacing: "one", with: "0one")),
            Row(query: "//@t1 = v1", expected: ["one"], document: fixture(replacing: "one", with: "one @t1(v1)")),
            Row(query: "//\"ü\"", expected: ["find a ü"], document: fixture + "\nfind a ü"),
        ] + languages.map { Row(query: "//" + $0, expected: [$0], document: withLanguages) }
            + [
                Row(
                    query: "/one/\"not(\"/four", expected: ["four"],
                    document: fixture(replacing: "two", with: "not( needs quotes in nodepath"))
            ]
            + [Row(query: "two is here", expected: ["two is here"], document: orDocument)]
    }()

    static let slices: [Row] = [
        row("//@t[0]", ["three"]), row("//@t[1]", ["four"]), row("//@t[2]", ["six"]),
        row("//@t[300]", ["six"]),
        row("//@t[-1]", ["six"]), row("//@t[-2]", ["four"]), row("//@t[-3]", ["three"]),
        row("//@t[-300]", ["three"]),
        row("//@t[0:1]", ["three"]), row("//@t[0:2]", ["three", "four"]), row("//@t[0:3]", ["three", "four", "six"]),
        row("//@t[0:300]", ["three", "four", "six"]), row("//@t[0:-1]", ["three", "four"]),
        row("//@t[0:-2]", ["three"]), row("//@t[0:-3]", []), row("//@t[0:]", ["three", "four", "six"]),
        // item-path-query-spec
        row("//three", ["three"]),
    ]

    @Test(arguments: structure + predicates + options + values + slices)
    func fixtureRow(_ row: Row) throws {
        let outline = Self.outline(row.document)
        let query = try SearchQuery.parse(row.query)
        let context = try row.context.map { try Self.line(named: $0, in: outline) } ?? SearchDocument.root
        let found = try query.evaluate(in: outline, clock: Self.clock, from: context)
        let expected = try row.expected.map { name in
            name == "root" ? SearchDocument.root : try Self.line(named: name, in: outline)
        }
        #expect(found == expected, "got \(found.map { Self.name(of: $0, in: outline) })")
    }

    /// birch's "should perform union and except efficiently": the fixture plus a
    /// generated tree five wide and five deep whose third level is `@done`.
    @Test func unionAndExceptOverAGeneratedTree() throws {
        var lines = Self.fixture.split(separator: "\n").map(String.init)
        func branch(depth: Int, indent: Int) {
            for _ in 0...4 {
                lines.append(String(repeating: "\t", count: indent) + "hello" + (depth == 2 ? " @done" : ""))
                if depth > 0 { branch(depth: depth - 1, indent: indent + 1) }
            }
        }
        branch(depth: 4, indent: 0)
        let outline = Self.outline(lines.joined(separator: "\n"))
        let found = try SearchQuery.parse("not @done except @done//*").evaluate(in: outline, clock: Self.clock)
        #expect(found.count == 36)
    }

    /// birch's parse-error rows: where a query stops making sense.
    @Test func parseErrorsFromTheFixtureTests() {
        #expect(throws: SearchParseError.self) { try SearchQuery.parse("/////union") }
        do {
            _ = try SearchQuery.parse("/ancestor-or-self::")
            Issue.record("parsed")
        } catch {
            #expect(error.utf8Offset == 19)
        }
    }

    static func outline(_ text: String) -> Outline {
        Outline(document: TextDocument(text: text), indentWidth: .auto)
    }

    /// The line whose text (without indentation) is `name`, else the one whose first word is.
    static func line(named name: String, in outline: Outline) throws -> Int {
        let texts = (0..<outline.lineCount).map { String(outline.lines[$0].text.drop { $0 == "\t" }) }
        if let exact = texts.firstIndex(of: name) { return exact }
        let byWord = texts.indices.filter { texts[$0].split(separator: " ").first.map(String.init) == name }
        guard byWord.count == 1 else { throw NameError(name: name) }
        return byWord[0]
    }

    static func name(of line: Int, in outline: Outline) -> String {
        line == SearchDocument.root ? "root" : String(outline.lines[line].text.drop { $0 == "\t" })
    }

    struct NameError: Error { var name: String }
}
