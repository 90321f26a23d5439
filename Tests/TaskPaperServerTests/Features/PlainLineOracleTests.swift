import Testing

@testable import TaskPaper
@testable import TaskPaperServer

/// A line `PlainLine.plain` reads without the analysis must be one where the analysis finds nothing
/// beyond what it says: no diagnostic, not overdue, no start date, exactly its date tags, each read, and
/// the same token facts.
struct PlainLineOracleTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    static func settingsVariants() -> [LintSettings] {
        let plain = LintSettings()
        var short = LintSettings()
        short.maxLineLength = 12
        var notes = short
        notes.lineLengthNotes = true
        var customDates = LintSettings()
        customDates.dateTags = ["due", "when"]
        var noDue = LintSettings()
        noDue.dateTags = ["done", "start"]
        var noLimit = LintSettings()
        noLimit.maxLineLength = 0
        noLimit.overdue = false
        var dueToday = LintSettings()
        dueToday.dueToday = true
        var onlyDueToday = dueToday
        onlyDueToday.overdue = false
        return [plain, short, notes, customDates, noDue, noLimit, dueToday, onlyDueToday]
    }

    /// Random lines of tags, dates (plain, timed, past, invalid, relative, ranges), colons and blanks.
    static func randomLine(_ random: inout SeededRandom) -> String {
        let names = [
            "done", "cancelled", "due", "start", "defer", "search", "repeat", "id", "text", "type", "when", "flag",
            "x", "", "Due", "due2", "est", "estimate", "lasted", "started", "1h30m",
        ]
        let values = [
            "2025-02-30", "2030-01-01", "2020-05-01", "2026-11-21", "2026-11-20", "2026-11-20 23:59",
            "2030-01-01 10:00",
            "2030-01-01 24:00", "2030-1-01", "tomorow", "today", "2030-01-01 10:00-11:00", "2020-01-01 thru 2030-01-01",
            "@a and", "every 0 days", "weekly", "", "a(b", "25:00", "x", " 2030-01-01", "2030-01-01 ",
            "1h30m", "-5h", "1:30", "soon",
        ]
        let pieces = [
            " ", "  ", "\t", "- ", "* ", "Home:", "Home: ", "Home:\t", "+: ", "text", "(", ")", "\\(", "é", "👍🏽",
            "\u{3000}", "a long run of words to pass a limit", ":",
        ]
        // Half the lines hold plain dates only, past and future, so the shortcut is taken with dates often.
        let plainValues = values.filter { $0.count == 10 || $0.count == 16 }
        let datesArePlain = random.chance(2)
        var text = random.chance(3) ? "\t" : ""
        if random.chance(2) { text += random.pick(["- ", "* ", "+ "]) }
        for _ in 0..<random.int(0...7) {
            if random.chance(2) {
                text += random.pick(pieces)
            } else {
                text +=
                    " @" + random.pick(names)
                    + (random.chance(2) ? "(\(random.pick(datesArePlain ? plainValues : values)))" : "")
            }
        }
        if random.chance(4) { text += random.pick([":", ": ", ":\t", " ", "\t"]) }
        return text
    }

    @Test func plainLinesHaveNothingElseToFind() {
        var random = SeededRandom(seed: 0x5C1B)
        var plainCount = 0, withDates = 0
        for _ in 0..<30_000 {
            let text = Self.randomLine(&random)
            let line = Line(text: text, ending: .none)
            for s in Self.settingsVariants() {
                guard let plain = PlainLine.plain(line, settings: s, clock: Self.clock) else { continue }
                plainCount += 1
                if plain.dateTags != 0 { withDates += 1 }
                let analyzed = AnalyzedLine(line: line, settings: s, clock: Self.clock)
                #expect(analyzed.diagnostics().isEmpty, "\(text.debugDescription)")
                #expect(analyzed.overdueTagIndex == nil, "\(text.debugDescription)")
                #expect(analyzed.dates.allSatisfy { $0.isReadable }, "\(text.debugDescription)")
                let bits = analyzed.dates.reduce(UInt32(0)) { $0 | 1 << UInt32($1.tagIndex) }
                #expect(bits == plain.dateTags, "\(text.debugDescription)")
                #expect(line.syntax.knownTags.isDisjoint(with: .startDates), "\(text.debugDescription)")
                #expect(
                    SemanticTokenizer.Facts(line.syntax.knownTags, plain) == SemanticTokenizer.Facts(analyzed),
                    "\(text.debugDescription)")
            }
        }
        // The shortcut is taken often enough, with and without dates, for the check to mean something.
        #expect(plainCount > 10_000)
        #expect(withDates > 1_000)
    }
}
