import Testing
import TaskPaper

/// Workspace symbol search: the query's characters in order, word starts and runs first.
@Suite struct FuzzyMatcherTests {
    @Test func matchesASubsequenceIgnoringCaseAndSpaces() {
        let m = FuzzyMatcher("b M")
        #expect(m.score("Buy milk") != nil)
        #expect(m.score("submarine") != nil)
        #expect(m.score("milk") == nil)
        #expect(FuzzyMatcher("mb").score("Buy milk") == nil)
    }

    @Test func wordStartsAndRunsRankFirst() throws {
        let m = FuzzyMatcher("bm")
        #expect(try #require(m.score("Buy milk")) > (try #require(m.score("submarine"))))
        let run = FuzzyMatcher("mil")
        #expect(try #require(run.score("milk")) > (try #require(run.score("smile"))))
    }

    @Test func amongEqualMatchesTheShorterNameWins() throws {
        let m = FuzzyMatcher("call")
        #expect(try #require(m.score("Call Bob")) > (try #require(m.score("Call Bob tomorrow"))))
    }

    @Test func anEmptyQueryMatchesEverythingEqually() {
        #expect(FuzzyMatcher("").score("anything") == 0)
        #expect(FuzzyMatcher("  ").score("") == 0)
    }
}
