import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper

/// Today's local date and time. `TASKPAPER_NOW` (`2026-11-21` or
/// `2026-11-21T09:30`) pins it, so tests and demos don't depend on the day.
public enum Clock {
    public static func current() -> LintClock {
        if let pinned = getenv("TASKPAPER_NOW").map({ String(cString: $0) }), let clock = parse(pinned) {
            return clock
        }
        // The C library knows the local time zone (TZ, /etc/localtime).
        var now = time(nil)
        var t = tm()
        localtime_r(&now, &t)
        return LintClock(
            today: CivilDate(year: Int(t.tm_year) + 1900, month: Int(t.tm_mon) + 1, day: Int(t.tm_mday)),
            now: TimeOfDay(hour: Int(t.tm_hour), minute: Int(t.tm_min)), second: Int(t.tm_sec),
            utcOffsetSeconds: Int(t.tm_gmtoff))
    }

    static func parse(_ text: String) -> LintClock? {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        let d = parts[0].split(separator: "-").compactMap { Int($0) }
        guard d.count == 3, CivilDate.isValid(year: d[0], month: d[1], day: d[2]) else { return nil }
        var now = TimeOfDay(hour: 12, minute: 0)
        if parts.count > 1 {
            let t = parts[1].split(separator: ":").compactMap { Int($0) }
            guard t.count >= 2, (0..<24).contains(t[0]), (0..<60).contains(t[1]) else { return nil }
            now = TimeOfDay(hour: t[0], minute: t[1])
        }
        return LintClock(today: CivilDate(year: d[0], month: d[1], day: d[2]), now: now)
    }
}
