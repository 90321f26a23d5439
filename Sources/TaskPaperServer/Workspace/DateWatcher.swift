#if canImport(Glibc)
    import Glibc
#endif
import Dispatch
import TaskPaper

/// Notices that the local date changed: midnight passed, or the clock jumped
/// (a wake from sleep, a new time zone). Everything that depends on today
/// (`overdue`, relative dates, hover distances, hints) is then re-derived once.
///
/// The date is looked at on every message and, while the client is quiet,
/// every `checkIntervalSeconds` by a timer; a look is a `time` and a
/// `localtime_r` call, so an idle server costs nothing measurable.
struct DateWatcher {
    /// Well under the 60 s within which a change must be noticed.
    static let checkIntervalSeconds = 30

    private var lastSeenDay: CivilDate?

    /// Records `today`; true when it differs from the day last recorded
    /// (the first look only records).
    mutating func dayChanged(today: CivilDate) -> Bool {
        defer { lastSeenDay = today }
        guard let lastSeenDay else { return false }
        return lastSeenDay != today
    }

    /// Starts pushing a clock tick to the loop every `checkIntervalSeconds`
    /// until the returned ticker is stopped.
    static func startTicking(into inbox: Inbox) -> DateTicker {
        let ticker = DateTicker()
        // A plain relative sleep on a thread of its own: unlike an absolute timer
        // deadline, it cannot be thrown off by a wall clock that jumps.
        DispatchQueue(label: "taskpaper-lsp.date-watcher").async {
            while true {
                var remaining = UInt32(checkIntervalSeconds)
                while remaining > 0 { remaining = sleep(remaining) }
                guard ticker.isRunning else { return }
                inbox.push(.clockTick)
            }
        }
        return ticker
    }
}

/// The running state of the date watcher's thread.
final class DateTicker: @unchecked Sendable {
    private let condition = Condition()
    private var stopped = false

    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !stopped
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.unlock()
    }
}
