import Testing
import TaskPaper

/// The date quick fixes: write what TaskPaper reads for an overflowing date.
@Suite struct DateQuickFixTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    static func fixed(_ text: String) -> [(title: String, text: String)] {
        let line = TextDocument(text: text).lines[0]
        let analyzed = AnalyzedLine(text: line.text, syntax: line.syntax, settings: LintSettings(), clock: clock)
        return analyzed.diagnostics().filter { $0.code == .dateOverflow }
            .flatMap { QuickFixes.fixes(for: $0, on: analyzed, index: 0) }
            .map { fix in
                var doc = TextDocument(text: text)
                doc.apply(fix.replacements)
                return (fix.title, doc.text)
            }
    }

    @Test(arguments: [
        ("- a @due(2025-05-11 25:00)", "- a @due(2025-05-12 01:00)"),
        ("- a @due(2025-05-11 12pm)", "- a @due(2025-05-12)"),
        ("- a @due(jul 32)", "- a @due(2026-08-01)"),
        ("- a @done(13-12-05 20:53) @x", "- a @done(0013-12-05 20:53) @x"),
        ("- a @due(2025-05-11 23:00-25:00)", "- a @due(2025-05-11 23:00 thru 2025-05-12 01:00)"),
    ])
    func writesWhatTaskPaperReads(line: String, expected: String) throws {
        let fixes = Self.fixed(line)
        #expect(fixes.map(\.text) == [expected])
        let title = try #require(fixes.first?.title)
        #expect(title.hasPrefix("Write what TaskPaper reads: "))
        // The fixed line reads the same, now without a warning.
        #expect(Self.fixed(expected).isEmpty)
    }
}
