/// `taskpaper-lsp ics`: dated tasks as an RFC 5545 calendar, one line at a time, so a file of any size
/// needs memory only for the task being written (see `Sources/TaskPaper/README.md`, "Calendar").
public struct CalendarExport {
    public struct Options: Sendable {
        /// VEVENTs instead of VTODOs.
        public var events: Bool
        /// Done and cancelled tasks closed (or due) more than this many days before today are left out.
        public var daysBack: Int
        public var clock: LintClock
        /// When the calendar is written, in UTC: `20261121T120000Z`.
        public var stamp: String
        /// The local time zone's offset from UTC in seconds at a local moment (for `COMPLETED`, in UTC).
        public var utcOffset: @Sendable (LocalDateTime) -> Int
        /// How long a timed event without an end lasts when its task has no estimate.
        public var eventLength = CalendarExport.defaultEventLength
        /// Done and cancelled tasks left out.
        public var openOnly = false

        public init(
            events: Bool, daysBack: Int, clock: LintClock, stamp: String,
            utcOffset: @escaping @Sendable (LocalDateTime) -> Int
        ) {
            self.events = events
            self.daysBack = daysBack
            self.clock = clock
            self.stamp = stamp
            self.utcOffset = utcOffset
        }
    }

    public static let defaultDaysBack = 30
    public static let defaultEventLength = TimeSpan(seconds: 3600)
    /// Notes past this many bytes are cut from a task's DESCRIPTION (a task's memory stays bounded).
    static let noteLimit = 32 * 1024

    let options: Options
    /// The file's path as `UID`s hash it.
    let path: String
    let spacesPerLevel: Int
    /// The projects enclosing the current line, outermost first, with their depths.
    private var projects: [Project] = []
    typealias Project = (depth: Int, name: String)
    /// The last task read, waiting for its notes.
    private var pending: (line: Line, depth: Int, projects: [Project], notes: [String], noteBytes: Int)?
    /// How often each task's identity was seen in this file, to tell identical tasks of one project apart.
    private var seen: [UInt64: Int] = [:]
    public private(set) var written = 0
    /// Dates that could not be read (their task or property left out).
    public private(set) var unreadableDates = 0

    public init(path: String, spacesPerLevel: Int, options: Options) {
        self.path = path
        self.spacesPerLevel = spacesPerLevel
        self.options = options
    }

    public static func begin(into out: inout ContentLines) {
        out.add("BEGIN", "VCALENDAR")
        out.add("VERSION", "2.0")
        out.add("PRODID", "-//taskpaper-lsp//taskpaper-lsp ics//EN")
        out.add("CALSCALE", "GREGORIAN")
    }

    public static func end(into out: inout ContentLines) { out.add("END", "VCALENDAR") }

    /// The next line of the file.
    public mutating func add(_ line: Line, into out: inout ContentLines) {
        let kind = line.syntax.kind
        guard kind != .blank else { return }
        let depth = line.syntax.depth(spacesPerLevel: spacesPerLevel)
        if pending != nil {
            if kind == .note, depth > pending!.depth {
                if pending!.noteBytes < CalendarExport.noteLimit {
                    let note = line.itemName
                    pending!.noteBytes += note.utf8.count
                    pending!.notes.append(note)
                }
                return
            }
            finish(into: &out)
        }
        while let last = projects.last, last.depth >= depth { projects.removeLast() }
        switch kind {
        case .project: projects.append((depth, line.itemName))
        case .task where line.syntax.knownTags.contains(.due):
            // The projects as they stand: no copy, as the task is written before they change.
            pending = (line, depth, projects, [], 0)
        default: break
        }
    }

    /// Writes the task still waiting for notes; call after the file's last line.
    public mutating func finish(into out: inout ContentLines) {
        guard let task = pending else { return }
        pending = nil
        write(task.line, projects: task.projects, notes: task.notes, into: &out)
    }

    private mutating func write(_ line: Line, projects: [Project], notes: [String], into out: inout ContentLines) {
        let clock = options.clock
        guard let due = readDate(.due, of: line) else { return }
        let known = line.syntax.knownTags
        let done = known.contains(.done)
        let cancelled = known.contains(.cancelled)
        var closedOn: DateValue?
        if done || cancelled {
            guard !options.openOnly else { return }
            closedOn = readDate(done ? .done : .cancelled, of: line)
            let day = closedOn?.start.date ?? due.deadline
            guard day.dayNumber >= clock.today.dayNumber - options.daysBack else { return }
        }
        var start: (point: DatePoint, isInstant: Bool)?
        for name in [KnownTagNames.start, .defer] where known.contains(name) {
            if let value = readDate(name, of: line), value.start >= (start?.point ?? value.start) {
                start = (value.start, value.namesUTCOffset)
            }
        }
        var task = Task(
            line: line, projects: projects, notes: notes, done: done, cancelled: cancelled, closedOn: closedOn)
        task.uid = uidHash(line, projects: projects)
        let rule = done || cancelled || !known.contains(.repeat) ? nil : repeatRule(of: line)
        guard let rule, let rrule = rule.calendarRule(from: due.start.date) else {
            add(task, due: due, start: start, into: &out)
            return
        }
        if rule.isOneOfItsDays(due.start.date) && (options.events || start == nil) {
            add(task, due: due, start: nil, rrule: rrule, into: &out)
            return
        }
        // An RRULE's set starts on one of its days and keeps the start-to-due length, neither of which
        // holds here: this occurrence as written, then the series from the next one, a UID of its own.
        add(task, due: due, start: start, into: &out)
        guard let next = rule.nextOccurrence(of: due.start.date, today: due.start.date),
            let seriesRule = rule.calendarRule(from: next)
        else { return }
        var series = RepeatEdits.moved(due, to: next)
        series.namesUTCOffset = due.namesUTCOffset
        task.uid.add("\u{2}series")
        add(task, due: series, start: nil, rrule: seriesRule, into: &out)
    }

    /// What one task's components share.
    private struct Task {
        let line: Line
        let projects: [Project]
        let notes: [String]
        let done: Bool
        let cancelled: Bool
        /// `@done`'s or `@cancelled`'s date.
        let closedOn: DateValue?
        var uid = FNV1a()
    }

    /// One VTODO or VEVENT. A repeating to-do (`rrule`) starts on its due day, as a DATE or at that day's
    /// midnight: RFC 5545 wants a DTSTART wherever an RRULE is.
    private mutating func add(
        _ task: Task, due: DateValue, start: (point: DatePoint, isInstant: Bool)?, rrule: String? = nil,
        into out: inout ContentLines
    ) {
        let line = task.line
        let events = options.events
        out.add("BEGIN", events ? "VEVENT" : "VTODO")
        out.start("UID")
        CalendarExport.appendUID(task.uid, into: &out)
        out.end()
        out.add("DTSTAMP", options.stamp)
        out.start("SUMMARY")
        // An event has no done state: its summary says so.
        if events && task.done { out.append("✓ ") }
        line.withUTF8Bytes { b in
            out.appendEscaped(UnsafeBufferPointer(rebasing: b[Line.itemNameRange(line.syntax, in: b)]))
        }
        out.end()
        let timed = due.start.time != nil || due.end?.time != nil
        // With a UTC offset anywhere, every DATE-TIME is in UTC: a value type is one per component.
        let writer = DateWriter(
            timed: timed, inUTC: due.namesUTCOffset || start?.isInstant == true, clock: options.clock,
            utcOffset: options.utcOffset)
        // A span's last day, when it names no time, lasts until that day ends.
        let lastDayEnds = due.end.map { timed && $0.time == nil } ?? false
        if events {
            writer.add("DTSTART", due.start, isInstant: due.namesUTCOffset, into: &out)
            let end: DatePoint
            if let last = due.end {
                // An all-day event ends on the morning after its last day.
                end = timed && !lastDayEnds ? last : DatePoint(date: last.date.adding(days: 1))
            } else if timed {
                let length = ItemTime(of: line).estimate.flatMap { $0.seconds > 0 ? $0 : nil } ?? options.eventLength
                end = due.start.moment.adding(milliseconds: length.seconds * 1000).map(DatePoint.init) ?? due.start
            } else {
                end = DatePoint(date: due.start.date.adding(days: 1))
            }
            if end.moment > due.start.moment {
                writer.add("DTEND", end, isInstant: due.namesUTCOffset, into: &out)
            }
        } else {
            var dueAt = due.end ?? due.start
            if lastDayEnds { dueAt.time = TimeOfDay(hour: 23, minute: 59, second: 59) }
            if rrule != nil {
                writer.add(
                    "DTSTART", due.end == nil ? DatePoint(date: due.start.date) : due.start,
                    isInstant: due.namesUTCOffset, into: &out)
            } else if let starts = start ?? due.end.map({ _ in (due.start, due.namesUTCOffset) }),
                writer.moment(starts.point) < writer.moment(dueAt)
            {
                writer.add("DTSTART", starts.point, isInstant: starts.isInstant, into: &out)
            }
            writer.add("DUE", dueAt, isInstant: due.namesUTCOffset, into: &out)
        }
        if let rrule { out.add("RRULE", rrule) }
        if task.cancelled {
            out.add("STATUS", "CANCELLED")
        } else if task.done && !events {
            out.add("STATUS", "COMPLETED")
            if let closedOn = task.closedOn {
                out.start("COMPLETED")
                appendUTC(closedOn.start, into: &out)
                out.end()
            }
        }
        CalendarExport.addCategories(of: line, into: &out)
        CalendarExport.addDescription(projects: task.projects, notes: task.notes, into: &out)
        out.add("END", events ? "VEVENT" : "VTODO")
        written += 1
    }

    /// The first tag of this known name's date, nil when it has none or it can't be read (then counted).
    private mutating func readDate(_ name: KnownTagNames, of line: Line) -> DateValue? {
        guard let index = line.syntax.firstTagIndex(name, in: line),
            let payload = line.syntax.tags[index].payloadRange
        else { return nil }
        let clock = options.clock
        let read = line.withUTF8Bytes {
            DateValue.parse(bytes: UnsafeBufferPointer(rebasing: $0[payload]), clock: clock)
        }
        guard case .success(let value) = read,
            (1...9999).contains(value.start.date.year), (1...9999).contains((value.end ?? value.start).date.year)
        else {
            unreadableDates += 1
            return nil
        }
        return value
    }

    private func repeatRule(of line: Line) -> RepeatRule? {
        guard let index = line.syntax.firstTagIndex(.repeat, in: line) else { return nil }
        return line.syntax.tags[index].payload(in: line).flatMap(RepeatRule.parse)
    }

    /// CATEGORIES: the tags that become no property of their own (`due`, `start`, `defer`, `done`,
    /// `cancelled`, `repeat`, `id`), by name, each once, escaped and joined by commas; none without them.
    private static func addCategories(of line: Line, into out: inout ContentLines) {
        let tags = line.syntax.tags
        line.withUTF8Bytes { b in
            var any = false
            for (i, tag) in tags.enumerated() where !tag.hasEmptyName {
                let known = KnownTagNames.of(tag, in: b)
                if !known.isDisjoint(with: [.due, .start, .defer, .done, .cancelled, .repeat]) { continue }
                if known == .reserved, tag.nameEnd - tag.start == 3 { continue }  // `@id`
                if tags[..<i].contains(where: { $0.hasSameName(as: tag, in: b) }) { continue }
                if any { out.append(byte: UInt8(ascii: ",")) } else { out.start("CATEGORIES") }
                any = true
                out.appendEscaped(UnsafeBufferPointer(rebasing: b[tag.nameRange]))
            }
            if any { out.end() }
        }
    }

    /// DESCRIPTION: the project path (`Home / Garden`) and the notes, a line each; none when that is empty.
    private static func addDescription(projects: [Project], notes: [String], into out: inout ContentLines) {
        // Projects without names make a path only when there are two or more (" / ").
        let hasPath = projects.count > 1 || projects.first.map { !$0.name.isEmpty } ?? false
        let parts = (hasPath ? 1 : 0) + notes.count
        guard parts > 1 || (parts == 1 && (hasPath || !notes[0].isEmpty)) else { return }
        out.start("DESCRIPTION")
        for (i, project) in projects.enumerated() where hasPath {
            if i > 0 { out.append(" / ") }
            out.appendEscaped(project.name)
        }
        for (i, note) in notes.enumerated() {
            if hasPath || i > 0 { out.append("\\n") }
            out.appendEscaped(note)
        }
        out.end()
    }

    /// Writes a task's dates in one value type: DATEs, floating DATE-TIMEs (a bare day is its midnight),
    /// or UTC DATE-TIMEs. An instant (written with an offset) goes back to UTC at the offset the reader
    /// used; a local time at the zone's offset on that day.
    private struct DateWriter {
        let timed: Bool
        let inUTC: Bool
        let clock: LintClock
        let utcOffset: @Sendable (LocalDateTime) -> Int

        func moment(_ point: DatePoint) -> LocalDateTime { timed ? point.moment : LocalDateTime(date: point.date) }

        func add(_ name: StaticString, _ point: DatePoint, isInstant: Bool, into out: inout ContentLines) {
            guard timed else {
                out.start(name, ";VALUE=DATE")
                out.append(point.date)
                out.end()
                return
            }
            out.start(name)
            guard inUTC else {
                out.append(point.date, point.time ?? .midnight)
                out.end()
                return
            }
            let local = point.moment
            let offset = isInstant ? clock.utcOffsetSeconds : utcOffset(local)
            let utc = local.adding(milliseconds: -offset * 1000) ?? local
            out.append(utc.date, utc.time)
            out.append(byte: UInt8(ascii: "Z"))
            out.end()
        }
    }

    /// A local moment in UTC: `20261121T083000Z`.
    private func appendUTC(_ point: DatePoint, into out: inout ContentLines) {
        let local = point.moment
        let moment = local.adding(milliseconds: -options.utcOffset(local) * 1000) ?? local
        out.append(moment.date, moment.time)
        out.append(byte: UInt8(ascii: "Z"))
    }

    /// Stable across runs and edits of other lines: the task's `@id`, or its file, projects and text
    /// without tags; a second identical task of the same project counts on from there.
    private mutating func uidHash(_ line: Line, projects: [Project]) -> FNV1a {
        var hash = FNV1a()
        let id = line.syntax.knownTags.contains(.reserved) ? line.syntax.firstTag(named: "id", in: line) : nil
        if let range = id?.payloadRange, !range.isEmpty {
            hash.add("id\u{0}")
            line.withUTF8Bytes { hash.add(UnsafeBufferPointer(rebasing: $0[range])) }
        } else {
            hash.add(path)
            for project in projects {
                hash.add("\u{0}")
                hash.add(project.name)
            }
            hash.add("\u{1}")
            CalendarExport.hashTextWithoutTags(line, into: &hash)
        }
        // One lookup: the count is read and raised in place.
        let earlier = CalendarExport.countOn(&seen[hash.value, default: 0])
        if earlier > 0 { hash.add("\u{0}\(earlier)") }
        return hash
    }

    /// 128 bits from the hash and a second one on from it: `<32 hex digits>@taskpaper-lsp`.
    private static func appendUID(_ hash: FNV1a, into out: inout ContentLines) {
        var second = hash
        second.add("\u{1}")
        out.appendHex(hash.value)
        out.appendHex(second.value)
        out.append("@taskpaper-lsp")
    }

    /// The count before this one, raised by one.
    private static func countOn(_ count: inout Int) -> Int {
        defer { count += 1 }
        return count
    }

    /// Hashes the task's words without its marker or any tag, blanks squeezed to one space and none at
    /// either end (a blank is hashed only when a word follows it).
    static func hashTextWithoutTags(_ line: Line, into hash: inout FNV1a) {
        line.withUTF8Bytes { b in
            var i = line.syntax.taskMarkerRange.upperBound
            let end = Int(line.syntax.contentEnd)
            var tags = line.syntax.tags.makeIterator()
            var tag = tags.next()
            var wrote = false
            var blank = false
            while i < end {
                if let t = tag, i >= t.range.lowerBound {
                    i = max(i, t.range.upperBound)
                    tag = tags.next()
                    continue
                }
                let byte = b[i]
                if byte == 0x20 || byte == 0x09 {
                    blank = wrote
                } else {
                    if blank { hash.add(byte: 0x20) }
                    hash.add(byte: byte)
                    wrote = true
                    blank = false
                }
                i += 1
            }
        }
    }
}

/// The 64-bit FNV-1a hash: the same on every run and machine (Swift's `Hasher` is seeded per run).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x100_0000_01b3
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { add(byte: byte) }
    }

    mutating func add(_ text: String) { text.withUTF8Bytes { add($0) } }
}

/// What `ics` reads before the lines, in a first pass: how many spaces make a level (the `auto` width).
public struct IndentSurvey {
    private var shortest = Int32.max

    public init() {}

    public mutating func add(lineBytes: UnsafeBufferPointer<UInt8>) {
        let run = LeadingWhiteSpace(lineBytes).shortestSpaceRun
        if run > 0 { shortest = min(shortest, run) }
    }

    public var spacesPerLevel: Int {
        IndentWidth.auto.spacesPerLevel(shortestRun: shortest == .max ? nil : Int(shortest))
    }
}
