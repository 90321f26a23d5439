import Testing
@testable import TaskPaper

/// Where a query stops making sense (a UTF-8 offset) and what a person is told.
@Suite struct SearchParseErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var query: String
        var offset: Int
        var message: String
        var testDescription: String { query }
    }

    /// The offsets are where TaskPaper 3's parser (birch-outline's `item-path-parser.js`, run in node by
    /// `Tests/Oracles/birch-search/run.js`) reports each error: pegjs' `location.start.offset`.
    @Test(arguments: [
        Case(query: "", offset: 0, message: "expected a search term, but the search is empty"),
        Case(query: "(//@done", offset: 8, message: "expected ')' to close '(' at 0, but the search ends"),
        Case(query: "//(a and b", offset: 10, message: "expected ')' to close '(' at 2, but the search ends"),
        Case(query: "@due and (@a or @b", offset: 5, message: "expected end of search, but found 'and'"),
        Case(query: "\"abc", offset: 0, message: "expected end of search, but found '\"'"),
        Case(query: "@", offset: 0, message: "expected end of search, but found '@'"),
        Case(query: "@due and", offset: 5, message: "expected end of search, but found 'and'"),
        Case(query: "a or or b", offset: 2, message: "expected end of search, but found 'or'"),
        Case(query: "task and @due", offset: 5, message: "expected end of search, but found 'and'"),
        Case(query: "/ancestor-or-self::", offset: 19, message: "expected a search term, but the search ends"),
        Case(query: "/////union", offset: 3, message: "expected a search term, but found '/'"),
        Case(query: "@t [x] a", offset: 4, message: "expected a number, but found 'x'"),
        Case(query: "@t [s", offset: 4, message: "expected a number, but found 's'"),
        Case(query: "//@t[0:", offset: 7, message: "expected ']' to close '[' at 4, but the search ends"),
        // TaskPaper's parser throws on a modifier and an empty value alone, without a position.
        Case(
            query: "[s]  \"\" intersect b 2.5", offset: 0,
            message: "TaskPaper cannot read a modifier and an empty value alone (at 0); name the attribute:"
                + " '@text [s] \"\"'"),
        Case(
            query: "a and [i] \"\"", offset: 0,
            message: "TaskPaper cannot read a modifier and an empty value alone (at 6); name the attribute:"
                + " '@text [s] \"\"'"),
        // A slice needs a step before it; TaskPaper's parser reads it in full and fails after its last digit.
        Case(query: "a/[0]", offset: 4, message: "expected a digit or ':', but found ']'"),
        Case(query: "a[0]/[3]", offset: 7, message: "expected a digit or ':', but found ']'"),
        Case(query: "a/[1:2]", offset: 6, message: "expected a digit, but found ']'"),
        Case(query: "\"a\\qb\"", offset: 0, message: "expected end of search, but found '\"'"),
        Case(query: "a!b", offset: 1, message: "expected end of search, but found '!'"),
        Case(query: "*a", offset: 1, message: "expected end of search, but found 'a'"),
        // Offsets count UTF-8 bytes: "é" is two.
        Case(query: "café and", offset: 6, message: "expected end of search, but found 'and'"),
        Case(query: "été )", offset: 6, message: "expected end of search, but found ')'"),
        // The issue's examples: where TaskPaper 3 reports them.
        Case(query: "not @done or", offset: 10, message: "expected end of search, but found 'or'"),
        Case(query: "count()", offset: 5, message: "expected end of search, but found '('"),
        Case(query: "@(", offset: 0, message: "expected end of search, but found '@'"),
        Case(query: "(", offset: 1, message: "expected a search term, but the search ends"),
        Case(query: "..", offset: 2, message: "expected a search term, but the search ends"),
        Case(query: "//", offset: 2, message: "expected a search term, but the search ends"),
    ])
    func parseError(_ c: Case) {
        do {
            _ = try SearchQuery.parse(c.query)
            Issue.record("parsed")
        } catch {
            #expect(error.utf8Offset == c.offset)
            #expect(error.message == c.message)
        }
    }

    /// Queries TaskPaper 3's grammar accepts (checked against birch-outline's generated parser).
    @Test(arguments: [
        "project Inbox//@due <[d] +7d", "//task except //@done", "(//@waiting)[0:3]", "@today and not @done",
        "a/b//c///d/..e", "ancestor::a/descendant-or-self::b", "count(//a) > 2", "@a:b:c = 1", "a,b", "a*", "//(a)[1]",
        "a ~ b", "a<=b", "a!=b", "x like y", "   a   ", "a\tand\tb", "@t =", "a =", "notandor", "((//a))", "//@t[-1:]",
        "project", "projects", "task", "@text contains \"x\\\"y\"", "//*", "*",
        // A pattern JavaScript's `RegExp` rejects matches nothing; the search still answers.
        "//@text matches \"(a\"",
    ])
    func accepted(_ query: String) throws {
        _ = try SearchQuery.parse(query)
    }
}

@Suite struct SearchVocabularyTests {
    @Test func plainWordsAreTheOnesWithoutSearchSyntax() {
        for word in ["groceries", "Zürich", "v1.2", "follow-up", "東京"] {
            #expect(SearchQuery.isPlainWord(word), "\(word)")
        }
        for query in ["@due", "//task", "a and b", "not", "project", "a b", "x:", "\"x\"", "", "count(*)", "a=b"] {
            #expect(!SearchQuery.isPlainWord(query), "\(query)")
        }
    }

    @Test func everyListedWordParsesWhereItBelongs() throws {
        for relation in SearchQuery.relations { _ = try SearchQuery.parse("@due \(relation) x") }
        for modifier in SearchQuery.modifiers { _ = try SearchQuery.parse("@due = \(modifier) x") }
        for axis in SearchQuery.axes { _ = try SearchQuery.parse("/\(axis)*") }
        for keyword in ["project", "task", "note"] { _ = try SearchQuery.parse("//\(keyword)") }
        for keyword in ["and", "or", "union", "intersect", "except"] { _ = try SearchQuery.parse("a \(keyword) b") }
        _ = try SearchQuery.parse("not b")
    }
}
