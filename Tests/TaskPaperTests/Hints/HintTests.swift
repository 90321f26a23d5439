import Testing
import TaskPaper

@Suite struct ProjectTaskCountsTests {
    static let text = """
        Work:
        \t- Draft @done(2026-11-20)
        \t- Review
        \tClient:
        \t\t- Call
        \t\t- Invoice @cancelled
        \t\t- Send @done @cancelled
        \t\tnotes, not tasks
        Empty:
        \tjust a note
        - Loose task
        """

    @Test func countsTheWholeSubtreeOfEachProject() {
        let counts = ProjectTaskCounts(outline: Outline(document: TextDocument(text: Self.text), indentWidth: .auto))
        #expect(counts.counts(ofProject: 0) == TaskCounts(open: 2, done: 2, cancelled: 1))
        #expect(counts.counts(ofProject: 0)?.label == "2 open · 2 done · 1 cancelled")
        #expect(counts.counts(ofProject: 3)?.label == "1 open · 1 done · 1 cancelled")
        // No tasks, no hint; a task line is no project.
        #expect(counts.counts(ofProject: 8) == TaskCounts(open: 0, done: 0, cancelled: 0))
        #expect(counts.counts(ofProject: 8)?.label == nil)
        #expect(counts.counts(ofProject: 10) == nil)
        #expect(TaskCounts(open: 3, done: 2, cancelled: 0).label == "3 open · 2 done")
    }

    @Test func aHundredThousandLinesAnswerPerProjectWithoutWalking() {
        var text = ""
        for p in 0..<1_000 {
            text += "P\(p):\n"
            for t in 0..<99 { text += t % 3 == 0 ? "\t- t @done\n" : "\t- t\n" }
        }
        let clock = ContinuousClock()
        let outline = Outline(document: TextDocument(text: text), indentWidth: .auto)
        let counts = ProjectTaskCounts(outline: outline)
        var total = TaskCounts(open: 0, done: 0, cancelled: 0)
        let perQuery = clock.measure {
            for p in stride(from: 0, to: 100_000, by: 100) {
                let c = counts.counts(ofProject: p)!
                total.open += c.open
                total.done += c.done
            }
        }
        #expect(total == TaskCounts(open: 66_000, done: 33_000, cancelled: 0))
        #expect(perQuery < .milliseconds(200))
    }
}

@Suite struct DueDistanceTests {
    static let today = CivilDate(year: 2026, month: 11, day: 24)
    static let clock = LintClock(today: today, now: TimeOfDay(hour: 10, minute: 20))

    @Test func wordsGrowWithTheDistance() {
        let words = [0, 1, 3, 13, 14, 20, 59, 60, 400, 800].map {
            DueDistance.words(from: Self.today, to: Self.today.adding(days: $0))
        }
        #expect(
            words == [
                "today", "tomorrow", "in 3 days", "in 13 days", "in 2 weeks", "in 2 weeks", "in 8 weeks",
                "in 2 months", "in 13 months", "in 2 years",
            ])
        #expect(DueDistance.words(from: Self.today, to: Self.today.adding(days: -1)) == nil)
    }

    private func hint(_ text: String) -> String? {
        let line = Line(text: text, ending: .none)
        let analyzed = AnalyzedLine(text: text, syntax: line.syntax, settings: LintSettings(), clock: Self.clock)
        return DueDistance.hint(for: analyzed).map { "\($0.tagIndex) \($0.label)" }
    }

    @Test func aFutureDueOfAnOpenItemGetsAHint() {
        #expect(hint("- Pay @flag @due(next friday)") == "1 in 10 days")
        #expect(hint("- Pay @due(2026-11-25 09:00-10:00)") == "0 tomorrow")
        // Past, done, unreadable, or no @due: no hint.
        #expect(hint("- Pay @due(2026-11-01)") == nil)
        #expect(hint("- Pay @due(tomorrow) @done") == nil)
        #expect(hint("- Pay @due(tomorow)") == nil)
        #expect(hint("- Pay @start(tomorrow)") == nil)
    }
}
