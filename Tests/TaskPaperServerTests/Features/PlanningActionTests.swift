import Foundation
import Testing
import TaskPaperServer

/// The planning code actions in process, each edit applied as an editor applies it
/// (`CodeActionTests.Session`: Saturday 2026-11-21 09:30).
@Suite struct PlanningActionTests {
    typealias Session = CodeActionTests.Session

    @Test func markAsCancelledAndBackToOpen() throws {
        let s = try Session("- Call mum  \n")
        #expect(try s.applying(try s.action("Mark as cancelled", at: 0)) == "- Call mum @cancelled(2026-11-21)  \n")
        try s.close()
        let datetime = try Session("- Call mum\n", options: ["doneFormat": "datetime"])
        #expect(
            try datetime.applying(try datetime.action("Mark as cancelled", at: 0))
                == "- Call mum @cancelled(2026-11-21 09:30)\n")
        try datetime.close()
        let cancelled = try Session("- Call mum @cancelled(2026-11-20) @due(2026-11-01)\n")
        let titles = try cancelled.actions(0, 0).compactMap { $0["title"]?.stringValue }
        #expect(!titles.contains("Mark as cancelled"))
        #expect(!titles.contains("Due today"))  // closed tasks are not rescheduled
        #expect(
            try cancelled.applying(try cancelled.action("Mark as not done", at: 0))
                == "- Call mum @due(2026-11-01)\n")
        try cancelled.close()
    }

    @Test func markAsDoneOnARepeatingTaskAddsItsNextOccurrence() throws {
        let s = try Session(
            """
            Home:
            \t- Water plants @repeat(weekly) @due(2026-11-13)
            \t\t- buy food @done
            \t- Pay rent @repeat(monthly) @due(2026-10-31 10:00)
            \t- Stretch @repeat(every 2 days from done)

            """)
        let action = try s.action("Mark as done", at: 1, 0, to: (4, 3))
        #expect(
            try s.applying(action) == """
                Home:
                \t- Water plants @repeat(weekly) @due(2026-11-27)
                \t\t- buy food
                \t- Water plants @due(2026-11-13) @done(2026-11-21)
                \t\t- buy food @done
                \t- Pay rent @repeat(monthly) @due(2026-11-30 10:00)
                \t- Pay rent @due(2026-10-31 10:00) @done(2026-11-21)
                \t- Stretch @repeat(every 2 days from done) @due(2026-11-23)
                \t- Stretch @done(2026-11-21)

                """)
        try s.close()
    }

    @Test func reschedulingActionsOnATask() throws {
        let s = try Session("- Pay @due(2026-11-19 10:00)\n- Call @due(tomorrow) @start(+2d)\n")
        func after(_ title: String, line: Int = 0) throws -> String { try s.applying(try s.action(title, at: line)) }
        #expect(try after("Due today") == "- Pay @due(2026-11-21 10:00)\n- Call @due(tomorrow) @start(+2d)\n")
        #expect(try after("Due tomorrow") == "- Pay @due(2026-11-22 10:00)\n- Call @due(tomorrow) @start(+2d)\n")
        #expect(try after("Due next week") == "- Pay @due(2026-11-23 10:00)\n- Call @due(tomorrow) @start(+2d)\n")
        #expect(try after("Postpone 1 day") == "- Pay @due(2026-11-20 10:00)\n- Call @due(tomorrow) @start(+2d)\n")
        #expect(try after("Postpone 1 week") == "- Pay @due(2026-11-26 10:00)\n- Call @due(tomorrow) @start(+2d)\n")
        #expect(
            try after("Pin date", line: 1)
                == "- Pay @due(2026-11-19 10:00)\n- Call @due(2026-11-22) @start(2026-11-23)\n")
        let onPay = try s.actions(0, 0).compactMap { $0["title"]?.stringValue }
        #expect(!onPay.contains("Pin date"))
        let dueToday = try s.actions(0, 0).filter { $0["title"] == "Due today" }
        #expect(dueToday.count == 1 && dueToday.allSatisfy { $0["kind"] == "refactor.rewrite" })
        // A selection: one edit for every task in it.
        let both = try s.action("Postpone 1 week", at: 0, 0, to: (1, 3))
        #expect(try s.applying(both) == "- Pay @due(2026-11-26 10:00)\n- Call @due(2026-11-29) @start(+2d)\n")
        try s.close()
    }

    @Test func moveOverdueToTodayIsAWholeDocumentSourceAction() throws {
        let s = try Session(
            "- Pay @due(2026-11-19 10:00)\n- Old @due(2026-11-01) @done\n- Later @due(2026-12-01)\n"
                + "\tnote @due(2026-11-01)\n- Mail @due(2026-11-20)\n")
        let source = try s.actions(2, 0, only: ["source"])
        let move = try #require(source.first { $0["title"] == "Move overdue to today" })
        #expect(move["kind"] == "source.rescheduleOverdue")
        #expect(
            try s.applying(move)
                == "- Pay @due(2026-11-21 10:00)\n- Old @due(2026-11-01) @done\n- Later @due(2026-12-01)\n"
                + "\tnote @due(2026-11-01)\n- Mail @due(2026-11-21)\n")
        // The lightbulb, asked on every cursor move, leaves the whole-document action out.
        let automatic = try s.actions(2, 0, triggerKind: 2).compactMap { $0["title"]?.stringValue }
        #expect(!automatic.contains("Move overdue to today"))
        try s.close()
    }
}

/// Start, Stop, and Mark as done on a started task (the clock: 2026-11-21 09:30).
@Suite struct TimeActionTests {
    typealias Session = CodeActionTests.Session

    @Test func startThenStopThenResume() throws {
        let s = try Session("- Write intro @est(1h)  \n- Done one @done\n")
        #expect(
            try s.applying(try s.action("Start", at: 0))
                == "- Write intro @est(1h) @started(2026-11-21 09:30)  \n- Done one @done\n")
        let titles = try s.actions(1, 0).compactMap { $0["title"]?.stringValue }
        #expect(!titles.contains("Start") && !titles.contains("Stop"))
        try s.close()

        let started = try Session("- Write intro @started(2026-11-21 08:15) @est(1h)\n")
        #expect(!(try started.actions(0, 0).compactMap { $0["title"]?.stringValue }.contains("Start")))
        #expect(try started.applying(try started.action("Stop", at: 0)) == "- Write intro @lasted(1h15m) @est(1h)\n")
        try started.close()

        // Resumed: the new stretch is added to the earlier @lasted; Todo+'s two-digit year reads too.
        let resumed = try Session("- Write intro @lasted(1h) @started(26-11-21 09:00)\n")
        #expect(try resumed.applying(try resumed.action("Stop", at: 0)) == "- Write intro @lasted(1h30m)\n")
        try resumed.close()

        // A @started in the future has run for no time: never a negative @lasted.
        let future = try Session("- Later @started(2026-11-22 10:00)\n")
        #expect(try future.applying(try future.action("Stop", at: 0)) == "- Later @lasted(0m)\n")
        try future.close()
    }

    @Test func markAsDoneOnAStartedTaskWritesLasted() throws {
        let s = try Session("- Write intro @started(2026-11-21 07:00)\n- Plain\n")
        let action = try s.action("Mark as done", at: 0, 0, to: (1, 3))
        #expect(try s.applying(action) == "- Write intro @lasted(2h30m) @done(2026-11-21)\n- Plain @done(2026-11-21)\n")
        try s.close()
    }
}
