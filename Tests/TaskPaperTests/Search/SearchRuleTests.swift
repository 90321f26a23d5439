import Testing
@testable import TaskPaper

/// `search-malformed` on saved searches (`@search(QUERY)`).
@Suite struct SearchRuleTests {
    static func searchDiagnostics(_ text: String) -> [LineDiagnostic] {
        RulesTests.diagnostics(text).filter { $0.code == .searchMalformed }
    }

    @Test func aQueryThatParsesGetsNoDiagnostic() {
        #expect(Self.searchDiagnostics("Due soon @search(//@due <[d] +7d except //@done)").isEmpty)
        #expect(Self.searchDiagnostics("Waiting @search(@waiting and not @done)").isEmpty)
        #expect(Self.searchDiagnostics("- a bare tag is no saved search @search").isEmpty)
        // Escaped parentheses are read unescaped, as TaskPaper reads tag values.
        #expect(Self.searchDiagnostics("Grouped @search(\\(//@a union //@b\\)[0])").isEmpty)
    }

    @Test func aQueryThatDoesNotParseIsAnErrorFromTheFailureToTheValueEnd() {
        let text = "Soon @search(@due and or @today)"
        let found = Self.searchDiagnostics(text)
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        // Where TaskPaper 3's parser reports it (birch-outline's generated parser, run in node).
        #expect(found.first.map { RulesTests.covered(text, $0) } == "and or @today")
        #expect(found.first?.message == "Search does not parse: expected end of search, but found 'and'")
    }

    @Test func anErrorAtTheEndIsAnEmptyRangeThere() {
        for query in ["//", "..", "\\("] {
            let text = "Open @search(\(query))"
            let found = Self.searchDiagnostics(text)
            let end = text.utf8.count - 1
            #expect(found.first?.range == end..<end, "\(query)")
        }
        let empty = "Empty @search()"
        #expect(Self.searchDiagnostics(empty).first.map { RulesTests.covered(empty, $0) } == "@search()")
    }

    @Test func offsetsMapBackThroughEscapedParentheses() {
        let text = "X @search(\\(a or\\) and)"
        let found = Self.searchDiagnostics(text)
        #expect(found.count == 1)
        #expect(found.first.map { RulesTests.covered(text, $0) } == "or\\) and")
    }
}
