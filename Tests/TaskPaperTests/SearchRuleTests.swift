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
        #expect(found.first.map { RulesTests.covered(text, $0) } == "or @today")
        #expect(found.first?.message == "Search does not parse: expected a search term, but found 'or'")
    }

    @Test func anErrorAtTheEndCoversTheLastCharacter() {
        let text = "Open @search(@due and)"
        let found = Self.searchDiagnostics(text)
        #expect(found.first.map { RulesTests.covered(text, $0) } == "d")
        let empty = "Empty @search()"
        #expect(Self.searchDiagnostics(empty).first.map { RulesTests.covered(empty, $0) } == "@search()")
    }

    @Test func offsetsMapBackThroughEscapedParentheses() {
        let text = "X @search(\\(a or\\) and)"
        let found = Self.searchDiagnostics(text)
        #expect(found.count == 1)
        #expect(found.first.map { RulesTests.covered(text, $0) } == "\\) and")
    }
}
