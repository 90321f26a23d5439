import TaskPaper
import Testing

@testable import TaskPaperServer

/// The date watcher with an injected sequence of days: one refresh per change
/// of date, whichever way the clock moves, and nothing while the date stays.
@Suite struct DateWatcherTests {
    @Test func recordsTheFirstDayThenReportsEachChangeOnce() {
        let day = CivilDate(year: 2026, month: 11, day: 24)
        let years = CivilDate(year: 2031, month: 1, day: 1)
        // (today as the clock says, whether the watcher reports a change)
        let looks: [(CivilDate, Bool)] = [
            (day, false),  // the first look only records
            (day, false),
            (day.adding(days: 1), true),  // midnight
            (day.adding(days: 1), false),
            (day, true),  // the clock went back a day
            (years, true),  // a jump of years
            (years, false),
        ]
        var watcher = DateWatcher()
        for (k, (today, expected)) in looks.enumerated() {
            let changed = watcher.dayChanged(today: today)
            #expect(changed == expected, "look \(k) at \(today)")
        }
    }

    @Test func theIntervalKeepsTheContractOfSixtySeconds() {
        #expect(DateWatcher.checkIntervalSeconds > 0 && DateWatcher.checkIntervalSeconds <= 60)
    }
}
