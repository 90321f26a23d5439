import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp ics`: dated tasks across files as an RFC 5545 calendar on stdout (`CalendarExport`;
/// see `Sources/TaskPaper/README.md`, "Calendar"). A file larger than a block is read twice (the indent
/// width, then the lines), so memory stays bounded on a file of any size; a smaller one is read once.
enum CalendarCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "ics", usage: usage)
        var events = false, openOnly = false
        var daysBack = CalendarExport.defaultDaysBack
        var eventLength = CalendarExport.defaultEventLength
        if let stop = listing.readPaths(
            arguments, flags: ["--events": { events = true }, "--open-only": { openOnly = true }], formats: [],
            options: [
                "--days-back": { value in
                    guard let n = Int(value), n >= 0 else { return "--days-back needs a whole number ≥ 0" }
                    daysBack = min(n, 3_650_000)
                    return nil
                },
                "--event-length": { value in
                    guard let length = TimeSpan.parse(value[...]), length.seconds > 0 else {
                        return "--event-length needs a duration such as 1h, 30m or 1h30m"
                    }
                    eventLength = length
                    return nil
                },
            ])
        {
            return stop
        }

        let clock = Clock.current()
        let offsets = UTCOffsets()
        var options = CalendarExport.Options(
            events: events, daysBack: daysBack, clock: clock, stamp: stamp(clock),
            utcOffset: { offsets.offset(at: $0, pinned: getenv("TASKPAPER_NOW") != nil) })
        options.eventLength = eventLength
        options.openOnly = openOnly
        var out = ContentLines()
        CalendarExport.begin(into: &out)
        var written = 0, unreadableDates = 0
        for file in TaskFiles.named(listing.paths, command: "ics", unreadable: &listing.unreadable) {
            // The indent width first, then the lines; a file of one block is read once.
            var survey = IndentSurvey()
            var blockCount = 0
            var only: (storage: LineBytes, count: Int)?
            let read = BlockReader.forEachBlock(in: file) { storage, count in
                blockCount += 1
                only = blockCount == 1 ? (storage, count) : nil
                BlockReader.forEachLine(in: storage, count: count) { bytes, _ in survey.add(lineBytes: bytes) }
            }
            guard read else {
                StandardError.write("taskpaper-lsp ics: cannot read \(file)\n")
                listing.unreadable = true
                continue
            }
            var export = CalendarExport(
                path: TaskFiles.absolute(file), spacesPerLevel: survey.spacesPerLevel, options: options)
            if let only {
                add(only.storage, count: only.count, to: &export, into: &out)
            } else if blockCount > 1 {
                _ = BlockReader.forEachBlock(in: file) { add($0, count: $1, to: &export, into: &out) }
            }
            export.finish(into: &out)
            written += export.written
            unreadableDates += export.unreadableDates
        }
        CalendarExport.end(into: &out)
        out.flush(writeOut)
        if unreadableDates > 0 {
            StandardError.write(
                "taskpaper-lsp ics: \(unreadableDates) unreadable date\(unreadableDates == 1 ? "" : "s") skipped\n")
        }
        if listing.unreadable { return 2 }
        return written > 0 ? 0 : 1
    }

    /// The lines of one block, written out every 64 KB.
    private static func add(
        _ storage: LineBytes, count: Int, to export: inout CalendarExport, into out: inout ContentLines
    ) {
        BlockReader.forEachLine(in: storage, count: count) { _, line in
            export.add(line(), into: &out)
            if out.bytes.count >= 1 << 16 { out.flush(writeOut) }
        }
    }

    static let usage = """
        Usage: taskpaper-lsp ics [--events] [--event-length D] [--open-only] [--days-back N] PATH... > tasks.ics
          Dated tasks of the files and folders as an iCalendar file: VTODOs, or with --events VEVENTs.
          A timed event with no end lasts the task's @est, else D (default 1h); a done event's title
          starts with ✓. --open-only leaves done and cancelled tasks out; otherwise those closed more
          than N days ago (default 30) are.
          Exit 0 with tasks, 1 with none, 2 on a usage error or unreadable path.

        """

    /// DTSTAMP: now in UTC (the pinned `TASKPAPER_NOW`, read as UTC, when set).
    private static func stamp(_ clock: LintClock) -> String {
        if getenv("TASKPAPER_NOW") != nil {
            return ContentLines.dateTime(clock.today, TimeOfDay(hour: clock.now.hour, minute: clock.now.minute)) + "Z"
        }
        var now = time(nil)
        var t = tm()
        gmtime_r(&now, &t)
        let day = CivilDate(year: Int(t.tm_year) + 1900, month: Int(t.tm_mon) + 1, day: Int(t.tm_mday))
        return ContentLines.dateTime(day, TimeOfDay(hour: Int(t.tm_hour), minute: Int(t.tm_min), second: Int(t.tm_sec)))
            + "Z"
    }

    private static func writeOut(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { p in
            var off = 0
            while off < p.count {
                let n = write(1, p.baseAddress! + off, p.count - off)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                off += n
            }
        }
    }
}

/// The local zone's offset from UTC at a local moment, as the C library knows it (daylight saving time
/// included), remembered by the hour (`mktime` looks at the zone file on every call); 0 while
/// `TASKPAPER_NOW` pins the clock, as `Clock` does. The command runs on one thread.
final class UTCOffsets: @unchecked Sendable {
    private var byHour: [Int: Int] = [:]

    func offset(at moment: LocalDateTime, pinned: Bool) -> Int {
        guard !pinned else { return 0 }
        let hour = moment.dayNumber * 24 + moment.time.hour
        if let known = byHour[hour] { return known }
        var t = tm()
        t.tm_year = Int32(moment.date.year - 1900)
        t.tm_mon = Int32(moment.date.month - 1)
        t.tm_mday = Int32(moment.date.day)
        t.tm_hour = Int32(moment.time.hour)
        t.tm_min = Int32(moment.time.minute)
        t.tm_sec = Int32(moment.time.second)
        t.tm_isdst = -1
        let offset = mktime(&t) == -1 ? 0 : Int(t.tm_gmtoff)
        byHour[hour] = offset
        return offset
    }
}
