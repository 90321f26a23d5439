import Testing

@testable import TaskPaper

/// Row by row, what a search finds in the outline TaskPaper 3 sees.
/// Every expectation was written down from birch-outline (TaskPaper 3's model
/// code) run unchanged in node on this document (`Tests/Oracles/birch-search/run.js`):
/// line numbers of the items, or the offset of a parse error.
@Suite struct SearchTaskPaperOutlineTests {
    static let document =
        "Inbox:\n\t- call mum @today\n\t\t\t- over-indented @priority(2)\n\n\t- year 2024 done @done(2024-01-05)\n"
        + "\tnote after a blank line\n- x\u{2029}y\n- tail\n\n"

    struct Row: CustomTestStringConvertible, Sendable {
        var issueRow: Int
        var query: String
        /// The items birch-outline finds; nil when its parser refuses the query.
        var items: [Int]?
        /// Where birch-outline's parser reports the error (a UTF-8 offset).
        var errorOffset: Int?
        var testDescription: String { "row \(issueRow): \(query)" }

        init(_ issueRow: Int, _ query: String, _ items: [Int]) {
            self.issueRow = issueRow
            self.query = query
            self.items = items
        }

        init(_ issueRow: Int, _ query: String, errorAt offset: Int) {
            self.issueRow = issueRow
            self.query = query
            errorOffset = offset
        }
    }

    @Test(arguments: [
        // 1. Blank lines are items: empty notes at the depth of the next line; trailing ones top level.
        Row(1, "note", [3, 5, 8, 9]),
        Row(1, "*", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Row(1, "//*", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Row(1, "not @done", [0, 1, 2, 3, 5, 6, 7, 8, 9]),
        Row(1, "count(*) = 0", [2, 3, 4, 5, 6, 7, 8, 9]),
        Row(1, #"//"""#, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Row(1, #"@text = """#, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Row(1, "note[-1]", [9]),
        Row(1, #"//"note after a blank line"/preceding-sibling::*"#, [1, 3, 4]),
        // 2. `@indent` on nested items (more when over-indented), `@id` on every item.
        Row(2, "@indent", [1, 2, 3, 4, 5]),
        Row(2, "@indent = 2", [2]),
        Row(2, "@indent = 1", [1, 3, 4, 5]),
        Row(2, "@data-indent", []),
        Row(2, "@id", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Row(2, "not @id", []),
        // 3. `matches` as TaskPaper runs it: `[i]` lowercases the pattern (`\W` runs as `\w`), JavaScript syntax.
        Row(3, #"@text matches "\\W$""#, [1, 5, 6, 7]),
        Row(3, #"@text matches "[0-9]{4}""#, [4]),
        Row(3, #"//@text matches " @\\w(""#, []),
        Row(3, #"@text matches [s] "^- C""#, []),
        Row(3, #"@text matches "^- CALL""#, [1]),
        Row(3, #"descendant::matches ")$" or count(//@done) > 0"#, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Row(3, #"@text matches "(a)\\1""#, []),
        Row(3, #"@text matches "(?<=- )x""#, [6]),
        // 4. A slice past the end keeps the last item.
        Row(4, "(//*)[0:1000000000]", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        Row(4, "(//@today union //@done)[0:1000000000]", [1, 4]),
        Row(4, "(//task)[1:]", [2, 4, 6, 7]),
        Row(4, "//*[0:1000000000]", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        // 5. U+2029 (also U+0085, form feed) inside a line is a line break of its text.
        Row(5, #""x\ny""#, [6]),
        Row(5, #"@text contains "x\ny""#, [6]),
        Row(5, #"@text matches "^- x$""#, []),
        Row(5, #"@text matches "x.y""#, []),
        // 6. Parse errors where TaskPaper's parser reports them.
        Row(6, "not @done or", errorAt: 10),
        Row(6, "count()", errorAt: 5),
        Row(6, "@(", errorAt: 0),
        Row(6, "(", errorAt: 1),
        Row(6, "..", errorAt: 2),
        Row(6, "//", errorAt: 2),
    ])
    func findsWhatTaskPaperFinds(_ row: Row) throws {
        let outline = Outline(document: TextDocument(text: Self.document), indentWidth: .auto)
        let query: SearchQuery
        do throws(SearchParseError) {
            query = try SearchQuery.parse(row.query)
        } catch {
            #expect(error.utf8Offset == row.errorOffset)
            return
        }
        #expect(try query.evaluate(in: outline, clock: SearchBadInputTests.clock) == row.items)
    }

    /// Symbols, folding and counts keep `Outline`, where blank lines are no items.
    @Test func onlySearchesSeeBlankLines() {
        let outline = Outline(document: TextDocument(text: Self.document), indentWidth: .auto)
        #expect(!outline.isItem(3))
        #expect(outline.children(of: 0) == [1, 4, 5])
    }
}
