import Testing
@testable import TaskPaper

/// Each relation and modifier on its own, over a small document whose items
/// are named by their first word.
@Suite struct SearchRelationTests {
    static let document = """
        Inbox:
        \t- alpha @due(2026-11-20) @priority(2) @tags(a, b, c)
        \t- Bravo @due(2026-11-28 14:00) @priority(10) @tags(c)
        \t- charlie @done(2026-11-01) @priority(abc)
        \tdelta note Élan
        Later: @search(//task)
        \t- echo @waiting(John\\) x) @tags(B, A)
        """
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    static func names(_ query: String) throws -> [String] {
        let outline = Outline(document: TextDocument(text: document), indentWidth: .auto)
        return try SearchQuery.parse(query).evaluate(in: outline, clock: clock).map { line in
            let text = outline.lines[line].text.drop { $0 == "\t" || $0 == "-" || $0 == " " }
            return String(text.prefix { $0 != " " && $0 != ":" })
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var query: String
        var expected: [String]
        var testDescription: String { query }
    }

    @Test(arguments: [
        // Relations, case-insensitive by default
        Case(query: "//@text = \"- bravo @due(2026-11-28 14:00) @priority(10) @tags(c)\"", expected: ["Bravo"]),
        Case(query: "//@priority != 2", expected: ["Inbox", "Bravo", "charlie", "delta", "Later", "echo"]),
        Case(query: "//@text contains ALPHA", expected: ["alpha"]),
        Case(query: "//@text beginswith \"- b\"", expected: ["Bravo"]),
        Case(query: "//@text endswith \"x) @tags(b, a)\"", expected: ["echo"]),
        Case(query: "//@text matches \"^- [a-c]\"", expected: ["alpha", "Bravo", "charlie"]),
        Case(query: "//@text matches \"^- B\"", expected: ["Bravo"]),
        Case(query: "//@text matches [s] \"^- b\"", expected: []),
        Case(query: "//@text like alpha", expected: []),
        // Text ordering compares characters; [n] compares numbers
        Case(query: "//@priority < 3", expected: ["alpha", "Bravo"]),
        Case(query: "//@priority < [n] 3", expected: ["alpha"]),
        Case(query: "//@priority >= [n] 2", expected: ["alpha", "Bravo"]),
        Case(query: "//@priority > [n] 0", expected: ["alpha", "Bravo"]),
        Case(query: "//@priority = [n] 10.0", expected: ["Bravo"]),
        // [s]
        Case(query: "//[s] bravo", expected: []),
        Case(query: "//[s] Bravo", expected: ["Bravo"]),
        Case(query: "//élan", expected: ["delta"]),
        Case(query: "//[s] élan", expected: []),
        // [d]: dates as the date tags read them, relative ones from the clock (2026-11-21 10:00)
        Case(query: "//@due < [d] today", expected: ["alpha"]),
        Case(query: "//@due > [d] today", expected: ["Bravo"]),
        Case(query: "//@due = [d] 2026-11-28 14:00", expected: ["Bravo"]),
        Case(query: "//@due <= [d] 2026-11-28", expected: ["alpha"]),
        Case(query: "//@done < [d] 2026-11-02", expected: ["charlie"]),
        // [l]: comma-separated lists
        Case(query: "//@tags contains [l] b, a", expected: ["alpha", "echo"]),
        Case(query: "//@tags = [l] a, b", expected: ["echo"]),
        Case(query: "//@tags = [sl] a, b", expected: []),
        Case(query: "//@tags beginswith [l] a, b", expected: ["alpha"]),
        Case(query: "//@tags endswith [l] c", expected: ["alpha", "Bravo"]),
        Case(query: "//@tags != [l] c", expected: ["Inbox", "alpha", "charlie", "delta", "Later", "echo"]),
        // Attributes: tags (a bare tag or an escaped value), @type, @data- names
        Case(query: "//@waiting = \"john) x\"", expected: ["echo"]),
        Case(query: "//@type = project", expected: ["Inbox", "Later"]),
        Case(query: "//@type = note", expected: ["delta"]),
        Case(query: "//@data-priority = 2", expected: ["alpha"]),
        // Every item has an id in TaskPaper (a random one: only its presence compares).
        Case(query: "//@id", expected: ["Inbox", "alpha", "Bravo", "charlie", "delta", "Later", "echo"]),
        Case(query: "//@search = \"//task\"", expected: ["Later"]),
        // Type shortcuts and project names
        Case(query: "project Inbox//task", expected: ["alpha", "Bravo", "charlie"]),
        Case(query: "project later/*", expected: ["echo"]),
        Case(query: "//note", expected: ["delta"]),
        Case(query: "//task @done", expected: ["charlie"]),
        Case(query: "//task except //@done", expected: ["alpha", "Bravo", "echo"]),
        Case(query: "//task intersect //@tags", expected: ["alpha", "Bravo", "echo"]),
        Case(query: "//count(task) = 3", expected: ["Inbox"]),
        Case(query: "/*/task[-1]", expected: ["charlie", "echo"]),
        Case(query: "(//task)[1:-1]", expected: ["Bravo", "charlie"]),
    ])
    func relation(_ c: Case) throws {
        #expect(try Self.names(c.query) == c.expected)
    }

    @Test func modifiersMayBeCombinedWithCommas() throws {
        #expect(try Self.names("//@tags = [s, l] A, B") == ["echo"])
        #expect(try Self.names("//@tags = [l,s] a, b") == [])
    }
}

@Suite struct SearchNumberPatternTests {
    /// As in TaskPaper, `[n]` reads the pattern as a number too: `1.50` becomes the pattern `1.5`.
    @Test func aNumberModifierReadsThePatternAsANumber() throws {
        #expect(try SearchRelationTests.names("//@priority matches [n] 1.0") == ["Bravo"])
        #expect(try SearchRelationTests.names("//@priority matches [s] \"1.0\"") == [])
    }
}
