import Testing
import TaskPaper

private func edited(_ text: String, _ edit: ([Line]) -> [TextReplacement]) -> String {
    var doc = TextDocument(text: text)
    doc.apply(edit(doc.lines))
    return doc.text
}

@Suite struct PlanningCancelledTests {
    @Test func cancelledClosesATaskAsDoneDoes() {
        let lines = TextDocument(text: "- a @cancelled\n- b @done\n- c\n- d @cancelled(2026-01-01) @done").lines
        #expect(lines.map(\.state) == [.cancelled, .done, .open, .done])
        #expect(lines.map(\.isClosed) == [true, true, false, true])
        // No overdue on a cancelled task.
        #expect(Linter.lint("- a @due(2026-01-01) @cancelled", settings: LintSettings(), clock: planningClock).isEmpty)
        #expect(
            Linter.lint("- a @due(2026-01-01)", settings: LintSettings(), clock: planningClock)
                .map(\.diagnostic.code) == [.overdue])
    }

    @Test func markAsCancelledFollowsTheDoneFormat() {
        let day = CivilDate(year: 2026, month: 11, day: 24)
        #expect(DoneEdits.cancelledTag(date: day) == "@cancelled(2026-11-24)")
        #expect(
            DoneEdits.cancelledTag(date: day, time: TimeOfDay(hour: 9, minute: 5))
                == "@cancelled(2026-11-24 09:05)")
        #expect(DoneEdits.cancelledTag(date: nil) == "@cancelled")
        #expect(
            edited("- a  \n- b @done\n- c @cancelled\nnote\n- d") {
                DoneEdits.markCancelled($0, in: 0...4, tag: "@cancelled(2026-11-24)")
            } == "- a @cancelled(2026-11-24)  \n- b @done\n- c @cancelled\nnote\n- d @cancelled(2026-11-24)")
    }

    @Test func markAsNotDoneRemovesCancelledToo() {
        let text = "- a @cancelled(2026-11-24) @due(2026-12-01)\n- b @done @cancelled\n- c\n"
        #expect(TextDocument(text: text).lines.map(DoneEdits.canMarkNotDone) == [true, true, false, false])
        #expect(edited(text) { DoneEdits.markNotDone($0, in: 0...2) } == "- a @due(2026-12-01)\n- b\n- c\n")
    }

    @Test func archiveDoneMovesCancelledItems() {
        #expect(
            edited("- a @cancelled\n- b\n") { ArchiveEdits.archiveDone($0, indentWidth: .auto) }
                == "- b\n\nArchive:\n\t- a @cancelled\n")
    }
}

@Suite struct PlanningStartDateTests {
    @Test(
        arguments: [
            ("- a @start(2026-11-27)", "2026-11-27"),
            ("- a @defer(2026-11-25 08:00)", "2026-11-25"),
            ("- a @start(2026-11-25) @defer(2026-12-01)", "2026-12-01"),
            ("- a @start(next week)", "2026-11-29"),
            ("- a @start(2026-11-24)", nil),
            ("- a @start(2026-11-01)", nil),
            ("- a @start(someday)", nil),
            ("- a @start(2026-12-01) @done", nil),
            ("- a @start(2026-12-01) @cancelled", nil),
            ("Later: @start(2026-12-01)", nil),
            ("a note @defer(2026-12-01)", nil),
        ] as [(String, String?)])
    func anOpenTaskStartingAfterTodayIsDeferred(text: String, until: String?) {
        let line = TextDocument(text: text).lines[0]
        #expect(StartDates.deferredUntil(line, clock: planningClock) == until.map(day))
    }

    @Test func hoverSaysWhenItStarts() {
        let today = planningClock.today
        #expect(StartDates.startsIn(day("2026-11-25"), today: today) == "starts tomorrow")
        #expect(StartDates.startsIn(day("2026-11-27"), today: today) == "starts in 3 days")
    }
}

@Suite struct PlanningRescheduleTests {
    private func apply(_ action: Reschedule, _ text: String, _ range: ClosedRange<Int> = 0...0) -> String {
        edited(text) { Reschedule.replacements(action, $0, in: range, clock: planningClock) }
    }

    @Test func titlesAreWrittenOnce() {
        #expect(
            Reschedule.allCases.map(\.title) == [
                "Due today", "Due tomorrow", "Due next week", "Postpone 1 day", "Postpone 1 week", "Pin date",
            ])
        #expect(Reschedule.moveOverdueTitle == "Move overdue to today")
    }

    // action, before, after (today is Tuesday 2026-11-24)
    @Test(arguments: [
        (Reschedule.dueToday, "- a", "- a @due(2026-11-24)"),
        (.dueToday, "- a @due(2026-11-01 09:30) @x", "- a @due(2026-11-24 09:30) @x"),
        (.dueTomorrow, "- a @due  ", "- a @due(2026-11-25)  "),
        (.dueNextWeek, "- a @due(garbage)", "- a @due(2026-11-30)"),
        (.postponeOneDay, "- a @due(2026-11-30 17:00)", "- a @due(2026-12-01 17:00)"),
        (.postponeOneWeek, "- a @due(2026-02-25)", "- a @due(2026-03-04)"),
        (.postponeOneDay, "- a @due(tomorrow)", "- a @due(2026-11-26)"),
        (.postponeOneDay, "- a", "- a"),
        (.postponeOneWeek, "- a @due(nonsense)", "- a @due(nonsense)"),
        (.dueToday, "- a @done", "- a @done"),
        (.dueToday, "Project:", "Project:"),
        // Days as TaskPaper reads them (`monday` is this week's); a relative date naming no time of day is
        // written as its day (`+3d`, not now's time three days on); one naming a time keeps it.
        (
            .pinDate, "- a @due(next friday) @start(+3d) @defer(monday 5pm) @x(tomorrow)",
            "- a @due(2026-12-04) @start(2026-11-27) @defer(2026-11-23 17:00) @x(tomorrow)"
        ),
        (.pinDate, "- a @due(2026-12-04)", "- a @due(2026-12-04)"),
        (
            .pinDate, "- a @due(+3h) @start(now) @defer(next hour)",
            "- a @due(2026-11-24 13:15) @start(2026-11-24 10:15) @defer(2026-11-24 11:00)"
        ),
        (.pinDate, "- a @due(2026-11-20 +1w) @start(tomorrow 9am)", "- a @due(2026-11-27) @start(2026-11-25 09:00)"),
        (.postponeOneDay, "- a @due(+2d)", "- a @due(2026-11-27)"),
    ])
    func rewritesTheDueDate(action: Reschedule, before: String, after: String) {
        #expect(apply(action, before) == after)
    }

    @Test func appliesToEveryTaskOfASelection() {
        #expect(
            apply(.postponeOneWeek, "- a @due(2026-11-20)\nnote\n- b @due(2026-11-21)\n- c", 0...3)
                == "- a @due(2026-11-27)\nnote\n- b @due(2026-11-28)\n- c")
    }

    @Test func offersOnlyWhatChangesTheTask() {
        let line = TextDocument(text: "- a @due(2026-11-24)").lines[0]
        #expect(
            Reschedule.available(on: line, clock: planningClock) == [
                .dueTomorrow, .dueNextWeek, .postponeOneDay, .postponeOneWeek,
            ])
    }

    @Test func movesEveryOpenOverdueTaskToToday() {
        let text =
            "- a @due(2026-11-01 08:00)\n- b @due(2026-11-30)\n- c @due(2026-01-01) @done\n"
            + "\t- d @due(2026-11-20 thru 2026-11-23)\n- e @due(yesterday)\n"
        #expect(
            edited(text) { Reschedule.moveOverdueToToday($0, clock: planningClock) }
                == "- a @due(2026-11-24 08:00)\n- b @due(2026-11-30)\n- c @due(2026-01-01) @done\n"
                + "\t- d @due(2026-11-24)\n- e @due(2026-11-24)\n")
    }
}

@Suite struct PlanningAgendaTests {
    @Test func selectsOpenTasksDueSoonOrTodayAndSortsThem() {
        let work = TextDocument(
            text: """
                Work:
                \t- report @due(2026-11-26)
                \t- old bug @due(2026-11-02)
                \t- far @due(2026-12-20)
                \t- finished @due(2026-11-01) @done
                \t- dropped @due(2026-11-01) @cancelled
                \t- call Ann @today
                """
        ).lines
        let home = TextDocument(
            text: "- rent @due(2026-11-20 09:00)\n- plants @today @due(2026-11-30)\n- sweep @today\n"
        ).lines
        let agenda = Agenda.select([work, home], days: 7, clock: planningClock)
        #expect(
            agenda.map(\.text) == [
                "- call Ann @today", "- sweep @today", "- old bug @due(2026-11-02)", "- rent @due(2026-11-20 09:00)",
                "- report @due(2026-11-26)", "- plants @today @due(2026-11-30)",
            ])
        #expect(agenda.map(\.document) == [0, 1, 0, 1, 0, 1])
        #expect(agenda.map(\.line) == [6, 2, 2, 0, 1, 1])
        #expect(agenda.map(\.offset) == [1, 0, 1, 0, 1, 0])
        #expect(agenda.map(\.isOverdue) == [false, false, true, true, false, false])
        #expect(agenda[3].due?.description == "2026-11-20 09:00")
        // Listed by day when the date names no time of day, with its time when it names one.
        let relative = TextDocument(text: "- a @due(+3d)\n- b @due(tomorrow 9am)\n- c @due(+2h)\n").lines
        #expect(
            Agenda.select([relative], clock: planningClock).map { $0.due?.description } == [
                "2026-11-24 12:15", "2026-11-25 09:00", "2026-11-27",
            ])
        #expect(Agenda.select([work], days: 30, clock: planningClock).map(\.line) == [6, 2, 1, 3])
    }
}

@Suite struct PlanningCountTests {
    @Test func countsCancelledApartAndSaysSoOnlyWhenThereAreSome() {
        let lines = TextDocument(text: "Home:\n\t- a\n\t- b @done\n\t\t- c @cancelled\n\tnote @done\n\t- d\n").lines
        let counts = TaskCounts(lines[1...])
        #expect(counts == TaskCounts(open: 2, done: 1, cancelled: 1))
        #expect(counts.label == "2 open · 1 done · 1 cancelled")
        #expect(TaskCounts(lines[1...2]).label == "1 open · 1 done")
    }
}
