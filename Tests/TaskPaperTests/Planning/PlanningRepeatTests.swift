import Testing
import TaskPaper

/// Tuesday 2026-11-24, 10:15.
let planningClock = LintClock(today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 15))

func day(_ text: String) -> CivilDate {
    let parts = text.split(separator: "-").map { Int($0)! }
    return CivilDate(year: parts[0], month: parts[1], day: parts[2])
}

@Suite struct PlanningRepeatRuleTests {
    @Test(arguments: [
        ("daily", "every day"), ("WEEKLY", "every week"), ("monthly", "every month"), ("Yearly", "every year"),
        ("weekdays", "every weekday (Monday to Friday)"), ("every day", "every day"), ("every 3 days", "every 3 days"),
        ("every 1 week", "every week"), ("every 2 weeks", "every 2 weeks"), ("every 6 Months", "every 6 months"),
        ("every 2 years", "every 2 years"), ("every mon", "every Monday"),
        ("every thursday, mon", "every Monday and Thursday"),
        ("every mon,wed , fri", "every Monday, Wednesday and Friday"),
        ("weekly from done", "every week, counted from the day it is done"),
        ("  every  2   days  FROM DONE ", "every 2 days, counted from the day it is done"),
        ("every 100000 days", "every 100000 days"),
    ])
    func readsRulesAndSaysThemInWords(payload: String, words: String) throws {
        let rule = try #require(RepeatRule.parse(Substring(payload)))
        #expect(rule.description == words)
    }

    @Test(arguments: [
        "", "every", "every 0 days", "every 99999999999 days", "every 100001 days", "every -1 days", "every 2",
        "every 2 mon", "every mon,", "every , mon", "every mon tue", "every tues", "biweekly", "daily from",
        "from done",
        "every day from done please", "weekly weekly", "every 1.5 weeks", "every ٣ days",
    ])
    func rejectsWhatIsNoRule(payload: String) {
        #expect(RepeatRule.parse(Substring(payload)) == nil)
    }

    @Test func malformedRuleIsAWarningOnThePayload() {
        let line = "- Pay rent @repeat(every 0 days) @due(2026-12-01)"
        let findings = Linter.lint(line, settings: LintSettings(), clock: planningClock)
        #expect(findings.map(\.diagnostic.code) == [.repeatMalformed])
        let d = findings[0].diagnostic
        #expect(d.severity == .warning)
        #expect(line.utf8Slice(d.range) == "every 0 days")
        #expect(d.message.contains("'every 0 days' is no repeat rule: expected daily, weekly"))
        #expect(
            Linter.lint("- a @repeat(every mon, thu from done)", settings: LintSettings(), clock: planningClock)
                .isEmpty)
    }
}

@Suite struct PlanningRepeatArithmeticTests {
    // rule, old date, next occurrence (today is Tuesday 2026-11-24)
    @Test(arguments: [
        ("daily", "2026-11-20", "2026-11-25"),
        ("daily", "2026-11-24", "2026-11-25"),
        ("daily", "2026-12-10", "2026-12-11"),
        ("weekly", "2026-11-20", "2026-11-27"),
        ("every 2 weeks", "2026-11-01", "2026-11-29"),
        ("every 3 days", "2026-11-18", "2026-11-27"),
        ("monthly", "2026-01-31", "2026-11-30"),
        ("monthly", "2026-10-31", "2026-11-30"),
        ("monthly", "2026-11-24", "2026-12-24"),
        ("monthly", "2027-01-31", "2027-02-28"),
        ("monthly", "2028-01-31", "2028-02-29"),
        ("every 3 months", "2026-08-31", "2026-11-30"),
        ("every 3 months", "2026-05-31", "2026-11-30"),
        ("yearly", "2024-02-29", "2027-02-28"),
        ("yearly", "2027-02-28", "2028-02-28"),
        ("every 4 years", "2024-02-29", "2028-02-29"),
        ("weekdays", "2026-11-20", "2026-11-25"),
        ("weekdays", "2026-11-27", "2026-11-30"),
        ("every mon, thu", "2026-11-20", "2026-11-26"),
        ("every mon, thu", "2026-11-26", "2026-11-30"),
        ("every sunday", "2026-11-01", "2026-11-29"),
        ("every 3 days from done", "2026-12-25", "2026-11-27"),
        ("monthly from done", "2025-01-01", "2026-12-24"),
        ("weekdays from done", "2026-12-31", "2026-11-25"),
        ("every fri, sat from done", "2026-01-01", "2026-11-27"),
    ])
    func movesByWholeIntervalsPastToday(rule: String, old: String, next: String) throws {
        let parsed = try #require(RepeatRule.parse(Substring(rule)))
        #expect(parsed.nextOccurrence(of: day(old), today: planningClock.today) == day(next))
    }

    @Test func stepsPastYear9999AreRefused() throws {
        let rule = try #require(RepeatRule.parse("every 100000 years"))
        #expect(rule.step(from: planningClock.today) == nil)
        #expect(
            try #require(RepeatRule.parse("yearly")).nextOccurrence(of: day("9999-06-01"), today: day("9999-07-01"))
                == nil)
        #expect(try #require(RepeatRule.parse("every 100000 days")).step(from: day("9999-01-01")) == nil)
    }
}

@Suite struct PlanningRepeatMarkDoneTests {
    private func markDone(_ text: String, _ range: ClosedRange<Int>) -> String? {
        var doc = TextDocument(text: text)
        guard
            case .success(let edits) = RepeatEdits.markDone(
                doc.lines, in: range, indentWidth: .auto,
                doneTag: "@done(2026-11-24)", clock: planningClock)
        else { return nil }
        doc.apply(edits)
        return doc.text
    }

    @Test func completesTheTaskAndPutsItsNextOccurrenceAboveWithItsSubtree() {
        let before = """
            Home:
            \t- Water plants @due(2026-11-20 09:00) @repeat(weekly)
            \t\t- check soil @done(2026-11-20)
            \t\tfeed once a month @cancelled
            \t- Other

            """
        let after = """
            Home:
            \t- Water plants @due(2026-11-27 09:00) @repeat(weekly)
            \t\t- check soil
            \t\tfeed once a month
            \t- Water plants @due(2026-11-20 09:00) @done(2026-11-24)
            \t\t- check soil @done(2026-11-20)
            \t\tfeed once a month @cancelled
            \t- Other

            """
        #expect(markDone(before, 1...1) == after)
    }

    @Test func movesEveryDateTagAndClampsMonthEnds() {
        #expect(
            markDone("- Rent @start(2026-10-25) @repeat(monthly) @due(2026-10-31)", 0...0)
                == "- Rent @start(2026-11-25) @repeat(monthly) @due(2026-11-30)\n"
                + "- Rent @start(2026-10-25) @due(2026-10-31) @done(2026-11-24)")
        #expect(
            markDone("- Call mum @defer(2026-11-20) @repeat(every 2 weeks from done)\r\n", 0...0)
                == "- Call mum @defer(2026-12-08) @repeat(every 2 weeks from done)\r\n"
                + "- Call mum @defer(2026-11-20) @done(2026-11-24)\r\n")
    }

    @Test func aTaskWithoutDatesGetsADueOneIntervalFromToday() {
        #expect(
            markDone("- Stretch @repeat(every mon, fri)\n- b\n", 0...0)
                == "- Stretch @repeat(every mon, fri) @due(2026-11-27)\n- Stretch @done(2026-11-24)\n- b\n")
    }

    @Test func otherTasksOfTheSelectionAreMarkedDonePlainly() {
        #expect(
            markDone("- a\n- b @repeat(daily) @due(2026-11-24)\n- c @repeat(nonsense)\n", 0...2)
                == "- a @done(2026-11-24)\n- b @repeat(daily) @due(2026-11-25)\n- b @due(2026-11-24) @done(2026-11-24)\n"
                + "- c @repeat(nonsense) @done(2026-11-24)\n")
    }

    @Test func nestedRepeatingTasksInOneSelectionEachRepeat() {
        #expect(
            markDone("- week @repeat(weekly) @due(2026-11-23)\n\t- day @repeat(daily) @due(2026-11-24)\n", 0...1)
                == "- week @repeat(weekly) @due(2026-11-30)\n\t- day @repeat(daily) @due(2026-11-24)\n"
                + "- week @due(2026-11-23) @done(2026-11-24)\n"
                + "\t- day @repeat(daily) @due(2026-11-25)\n\t- day @due(2026-11-24) @done(2026-11-24)\n")
    }

    @Test func aDatePastYear9999IsAFailureNotAnEdit() {
        let doc = TextDocument(text: "- far @due(9999-12-30) @repeat(weekly)")
        let result = RepeatEdits.markDone(
            doc.lines, in: 0...0, indentWidth: .auto, doneTag: "@done", clock: planningClock)
        #expect(result == .failure(.pastLastYear(line: 0)))
        if case .failure(let failure) = result { #expect(failure.message.contains("9999")) }
    }
}

@Suite struct PlanningRepeatHoverTests {
    @Test(arguments: [
        ("- a @due(2026-11-20) @repeat(every 2 weeks)", "Repeats every 2 weeks; next due 2026-12-04"),
        (
            "- a @repeat(monthly from done) @start(2026-01-31)",
            "Repeats every month, counted from the day it is done; next start 2026-12-24"
        ),
        ("- a @repeat(every mon, thu)", "Repeats every Monday and Thursday; next due 2026-11-26"),
        (
            "- a @repeat(every 100000 years)",
            "Repeats every 100000 years; the next occurrence would fall after the year 9999"
        ),
        ("- a @repeat(fortnightly)", "Not a repeat rule: " + RepeatRule.expectation),
        ("Chores: @repeat(weekly)", "Repeats every week (only tasks repeat)"),
    ])
    func saysTheRuleAndTheNextDate(text: String, hover: String) {
        #expect(RepeatEdits.hoverText(for: TextDocument(text: text).lines[0], clock: planningClock) == hover)
    }

    @Test func noHoverWithoutRepeat() {
        #expect(
            RepeatEdits.hoverText(for: TextDocument(text: "- a @due(2026-11-20)").lines[0], clock: planningClock)
                == nil)
    }
}
