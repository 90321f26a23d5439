import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp ics`: dated tasks across files as an RFC 5545 calendar on stdout (`CalendarExport`;
/// see `Sources/TaskPaper/README.md`, "Calendar"). Each file is read twice in blocks (the indent
/// width, then the lines), so memory stays bounded on a file of any size.
enum CalendarCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "ics", showsDue: false)
        var events = false
        var daysBack = CalendarExport.defaultDaysBack
        var words: [String] = []
        var rest: [String] = []
        for arg in arguments { if arg == "--events" { events = true } else { rest.append(arg) } }
        let read = listing.readArguments(
            rest, usage: usage,
            options: [
                "--days-back": { value in
                    guard let n = Int(value), n >= 0 else { return "--days-back needs a whole number ≥ 0" }
                    daysBack = min(n, 3_650_000)
                    return nil
                }
            ])
        switch read {
        case .success(let found): words = found
        case .failure(let stop): return stop.status
        }
        guard !words.isEmpty else { return listing.usageError("no PATH given") }

        let clock = Clock.current()
        let offsets = UTCOffsets()
        let options = CalendarExport.Options(
            events: events, daysBack: daysBack, clock: clock, stamp: stamp(clock),
            utcOffset: { offsets.offset(at: $0, pinned: getenv("TASKPAPER_NOW") != nil) })
        var out = ContentLines()
        CalendarExport.begin(into: &out)
        var written = 0, unreadableDates = 0
        for path in words {
            for file in Check.expand(path, command: "ics", unreadable: &listing.unreadable) {
                var survey = IndentSurvey()
                guard BlockReader.forEachLine(in: file, { bytes, _ in survey.add(lineBytes: bytes) }) else {
                    StandardError.write("taskpaper-lsp ics: cannot read \(file)\n")
                    listing.unreadable = true
                    continue
                }
                var export = CalendarExport(
                    path: absolute(file), spacesPerLevel: survey.spacesPerLevel, options: options)
                _ = BlockReader.forEachLine(in: file) { _, line in
                    export.add(line(), into: &out)
                    if out.bytes.count >= 1 << 16 { out.flush(writeOut) }
                }
                export.finish(into: &out)
                written += export.written
                unreadableDates += export.unreadableDates
            }
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

    static let usage = """
        Usage: taskpaper-lsp ics [--events] [--days-back N] PATH... > tasks.ics
          Dated tasks of the files and folders as an iCalendar file: VTODOs, or with --events VEVENTs.
          Done and cancelled tasks closed more than N days ago (default 30) are left out.
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

    /// The path UIDs hash: absolute, so the same file gives the same UIDs from any folder.
    private static func absolute(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
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

/// A file's lines read a block at a time: each block's whole lines share one `LineBytes`.
enum BlockReader {
    static let blockSize = 1 << 18

    /// Calls `body` with each line's bytes and a maker of its `Line` (only what it asks for is parsed).
    /// False when the file can't be read.
    static func forEachLine(
        in path: String, _ body: (UnsafeBufferPointer<UInt8>, () -> Line) -> Void
    ) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var carry: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: blockSize)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { break }
            guard let lastBreak = chunk[0..<n].lastIndex(of: 0x0A) else {
                carry += chunk[0..<n]
                continue
            }
            var block = carry
            block += chunk[0...lastBreak]
            carry = Array(chunk[(lastBreak + 1)..<n])
            lines(of: block, body)
        }
        if !carry.isEmpty { lines(of: carry, body) }
        return true
    }

    private static func lines(
        of block: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, () -> Line) -> Void
    ) {
        let storage = LineBytes(capacity: block.count)
        block.withUnsafeBufferPointer { b in
            storage.base.initialize(from: b.baseAddress!, count: b.count)
            var start = 0
            while start < b.count {
                var end = start
                while end < b.count, b[end] != 0x0A { end += 1 }
                let hasCR = end > start && b[end - 1] == 0x0D
                let count = end - start - (hasCR ? 1 : 0)
                let ending: LineEnding = end == b.count ? .none : hasCR ? .crlf : .lf
                let bytes = UnsafeBufferPointer(start: b.baseAddress! + start, count: count)
                let from = start
                body(bytes) { Line(storage: storage, offset: from, count: count, ending: ending) }
                start = end + 1
            }
        }
    }
}
