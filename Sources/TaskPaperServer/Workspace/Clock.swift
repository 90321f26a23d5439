import Foundation
import TaskPaper

/// Today's local date and time. `TASKPAPER_NOW` (`2026-11-21` or
/// `2026-11-21T09:30`) pins it, so tests and demos don't depend on the day.
public enum Clock {
    public static func current() -> LintClock {
        if let pinned = ProcessInfo.processInfo.environment["TASKPAPER_NOW"], let clock = parse(pinned) {
            return clock
        }
        let c = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        return LintClock(today: CivilDate(year: c.year!, month: c.month!, day: c.day!),
                         now: TimeOfDay(hour: c.hour!, minute: c.minute!))
    }

    static func parse(_ text: String) -> LintClock? {
        let parts = text.split(separator: "T")
        let d = parts[0].split(separator: "-").compactMap { Int($0) }
        guard d.count == 3, CivilDate.isValid(year: d[0], month: d[1], day: d[2]) else { return nil }
        var now = TimeOfDay(hour: 12, minute: 0)
        if parts.count > 1 {
            let t = parts[1].split(separator: ":").compactMap { Int($0) }
            guard t.count >= 2 else { return nil }
            now = TimeOfDay(hour: t[0], minute: t[1])
        }
        return LintClock(today: CivilDate(year: d[0], month: d[1], day: d[2]), now: now)
    }
}
