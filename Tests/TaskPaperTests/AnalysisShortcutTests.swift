import Testing

@testable import TaskPaper

/// A line `AnalyzedLine.isWorthAnalysing` lets skip the analysis must be one where the analysis finds
/// nothing: no diagnostic, no date, not overdue and no start date (the facts tokens read).
struct AnalysisShortcutTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    static func settingsVariants() -> [LintSettings] {
        let plain = LintSettings()
        var short = LintSettings()
        short.maxLineLength = 12
        var notes = short
        notes.lineLengthNotes = true
        var customDates = LintSettings()
        customDates.dateTags = ["due", "when"]
        var noLimit = LintSettings()
        noLimit.maxLineLength = 0
        noLimit.overdue = false
        return [plain, short, notes, customDates, noLimit]
    }

    @Test func skippedLinesHaveNothingToFind() {
        var random = SeededRandom(seed: 0x5C1B)
        let names = [
            "done", "cancelled", "due", "start", "defer", "search", "repeat", "id", "text", "type", "when", "flag",
            "x", "", "Due", "due2",
        ]
        let values = [
            "2025-02-30", "2030-01-01", "tomorow", "2020-05-01", "@a and", "every 0 days", "weekly", "",
            "a(b", "25:00", "x",
        ]
        let pieces = [
            " ", "  ", "\t", "- ", "* ", "Home:", "Home: ", "Home:\t", "+: ", "text", "(", ")", "\\(", "é", "👍🏽",
            "\u{3000}", "a long run of words to pass a limit", ":",
        ]
        let settings = Self.settingsVariants()
        var skipped = 0
        for _ in 0..<30_000 {
            var text = random.chance(3) ? "\t" : ""
            if random.chance(2) { text += random.pick(["- ", "* ", "+ "]) }
            for _ in 0..<random.int(0...7) {
                if random.chance(2) {
                    text += random.pick(pieces)
                } else {
                    text += " @" + random.pick(names) + (random.chance(2) ? "(\(random.pick(values)))" : "")
                }
            }
            if random.chance(4) { text += random.pick([":", ": ", ":\t", " ", "\t"]) }
            let line = Line(text: text, ending: .none)
            for s in settings where !AnalyzedLine.isWorthAnalysing(line, settings: s) {
                skipped += 1
                let analyzed = AnalyzedLine(line: line, settings: s, clock: Self.clock)
                #expect(analyzed.diagnostics().isEmpty, "\(text.debugDescription)")
                #expect(analyzed.dates.isEmpty, "\(text.debugDescription)")
                #expect(analyzed.overdueTagIndex == nil, "\(text.debugDescription)")
                #expect(line.syntax.knownTags.isDisjoint(with: .startDates), "\(text.debugDescription)")
            }
        }
        // The shortcut is taken often enough for the check to mean something.
        #expect(skipped > 10_000)
    }

    @Test func linesWithSomethingToFindAreAnalysed() {
        let settings = LintSettings()
        for text in [
            "- a @due(2025-02-30)", "Home: ", "- x @id", "- a @t @t", "- a @b(c", "@search(@a and)",
            "- a @repeat(every 0 days)", "- a @start(2030-01-01)", "- " + String(repeating: "a", count: 130),
        ] {
            #expect(AnalyzedLine.isWorthAnalysing(Line(text: text, ending: .none), settings: settings), "\(text)")
        }
        for text in ["- Buy milk @flag", "Home:", "A note", "", "- a @flag @next(x)"] {
            #expect(!AnalyzedLine.isWorthAnalysing(Line(text: text, ending: .none), settings: settings), "\(text)")
        }
    }
}
