import Testing
import TaskPaper

private let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

private func analyzed(_ text: String) -> AnalyzedLine {
    let line = TextDocument(text: text).lines[0]
    return AnalyzedLine(text: line.text, syntax: line.syntax, settings: LintSettings(), clock: clock)
}

/// Each fix the line's diagnostics offer, as (title, text after applying it),
/// with the line standing at `index` in a document (lines above it are notes).
private func fixes(_ text: String, atLine index: Int = 0) -> [(title: String, text: String, preferred: Bool)] {
    let above = String(repeating: "Note.\n", count: index)
    let line = analyzed(text)
    let all =
        line.diagnostics().flatMap { QuickFixes.fixes(for: $0, on: line, index: index) }
        + QuickFixes.zeroPad(on: line, index: index)
    return all.map { fix in
        var doc = TextDocument(text: above + text)
        doc.apply(fix.replacements)
        return (fix.title, String(doc.text.dropFirst(above.count)), fix.isPreferred)
    }
}

@Suite struct EditQuickFixTests {
    @Test func swapsAnInvertedRange() {
        let f = fixes("- meet @due(2026-11-25 14:00-13:00)")
        #expect(f.map(\.text) == ["- meet @due(2026-11-25 13:00-14:00)"])
        #expect(f.first?.preferred == true)
        #expect(
            fixes("- trip @start(2026-12-09 thru 2026-12-02)").map(\.text) == [
                "- trip @start(2026-12-02 thru 2026-12-09)"
            ])
    }

    @Test func removesWhiteSpaceAfterAProjectColon() {
        let f = fixes("Home: \t")
        #expect(f.map(\.text) == ["Home:"])
        #expect(TextDocument(text: f[0].text).lines[0].syntax.kind == .project)
    }

    @Test func escapesBareParenthesesInAValue() {
        #expect(fixes("- call @note(ring (555) 123)").map(\.text) == [#"- call @note(ring \(555\) 123)"#])
        #expect(fixes("- a @x(f(a)b (c)) @y").map(\.text) == [#"- a @x(f\(a\)b \(c\)) @y"#])
    }

    @Test func fixesWorkOnAnyLine() {
        #expect(fixes("- call @note(ring (555) 123)", atLine: 3).map(\.text) == [#"- call @note(ring \(555\) 123)"#])
        #expect(fixes("- a @waiting(Bob", atLine: 7).map(\.text) == ["- a @waiting(Bob)"])
        #expect(
            fixes("- meet @due(2026-11-25 14:00-13:00)", atLine: 2).map(\.text) == [
                "- meet @due(2026-11-25 13:00-14:00)"
            ])
    }

    @Test func aFixOfHundredsOfInsertionsIsNotOffered() {
        // Every `(` up to the line's end is bare: each tag's fix would escape thousands of them.
        let line = analyzed("- x " + (0..<2000).map { "@n\($0)(x(y" }.joined(separator: " "))
        let found = line.diagnostics()
        #expect(found.count > 50)
        #expect(found.allSatisfy { QuickFixes.fixes(for: $0, on: line, index: 0).isEmpty })
        // A handful of parentheses is still escaped.
        let few = "- a @x(" + String(repeating: "(b ", count: 90) + ")"
        #expect(fixes(few).count == 1)
    }

    @Test func closesAValueThatNeverCloses() {
        #expect(fixes("- a @waiting(Bob  ").map(\.text) == ["- a @waiting(Bob)  "])
        #expect(fixes("- a @due(").map(\.text) == ["- a @due()"])
    }

    @Test func reschedulesAnOverdueTaskKeepingItsTime() {
        #expect(fixes("- pay @due(2026-11-01)").map(\.text) == ["- pay @due(2026-11-21)", "- pay @due(2026-11-22)"])
        #expect(
            fixes("- call @due(2026-11-01 09:30)").map(\.text) == [
                "- call @due(2026-11-21 09:30)", "- call @due(2026-11-22 09:30)",
            ])
        #expect(fixes("- call @due(yesterday)").map(\.text) == ["- call @due(2026-11-21)", "- call @due(2026-11-22)"])
        #expect(
            fixes("- call @due(2026-11-01)").map(\.title) == [
                "Reschedule to today (2026-11-21)", "Reschedule to tomorrow (2026-11-22)",
            ])
    }

    @Test func zeroPadsNonCanonicalDates() {
        #expect(fixes("- a @start(2026-12-1 thru 2026-12-3)").map(\.text) == ["- a @start(2026-12-01 thru 2026-12-03)"])
        #expect(fixes("- a @due(2026-12-01)").isEmpty)
    }

    @Test func problemsWithoutARepairOfferNone() {
        #expect(fixes("- a @due(2026-02-30)").isEmpty)
        #expect(fixes("- a @due(soonish)").isEmpty)
        #expect(fixes("- a @x @x").isEmpty)
    }
}
