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
    /// Notes past this many bytes are cut from a task's DESCRIPTION (a task's memory stays bounded).
    static let noteLimit = 32 * 1024

    let options: Options
    /// The file's path as `UID`s hash it.
    let path: String
    let spacesPerLevel: Int
    /// The projects enclosing the current line, outermost first, with their depths.
    private var projects: [(depth: Int, name: String)] = []
    /// The last task read, waiting for its notes.
    private var pending: (line: Line, depth: Int, projectPath: [String], notes: [String], noteBytes: Int)?
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
        case .task where line.syntax.hasTag(named: "due", in: line):
            pending = (line, depth, projects.map(\.name), [], 0)
        default: break
        }
    }

    /// Writes the task still waiting for notes; call after the file's last line.
    public mutating func finish(into out: inout ContentLines) {
        guard let task = pending else { return }
        pending = nil
        write(task.line, projectPath: task.projectPath, notes: task.notes, into: &out)
    }

    private mutating func write(_ line: Line, projectPath: [String], notes: [String], into out: inout ContentLines) {
        let clock = options.clock
        guard let due = readDate("due", of: line) else { return }
        let done = line.syntax.hasTag(named: "done", in: line)
        let cancelled = line.syntax.hasTag(named: "cancelled", in: line)
        let closedOn = done ? readDate("done", of: line) : cancelled ? readDate("cancelled", of: line) : nil
        if done || cancelled {
            let day = closedOn?.start.date ?? due.deadline
            guard day.dayNumber >= clock.today.dayNumber - options.daysBack else { return }
        }
        var start: DatePoint?
        for name in StartDates.tagNames where line.syntax.hasTag(named: name, in: line) {
            if let value = readDate(name, of: line) { start = max(start ?? value.start, value.start) }
        }
        let component = options.events ? "VEVENT" : "VTODO"
        out.add("BEGIN", component)
        out.add("UID", uid(line, projectPath: projectPath))
        out.add("DTSTAMP", options.stamp)
        out.addText("SUMMARY", line.itemName)
        let timed = due.start.time != nil || due.end?.time != nil
        if options.events {
            let end = due.end ?? (timed ? nil : DatePoint(date: due.start.date))
            CalendarExport.addDate("DTSTART", due.start, timed: timed, into: &out)
            if let end {
                // An all-day event ends on the morning after its last day.
                let dayAfter = DatePoint(date: end.date.adding(days: timed ? 0 : 1), time: end.time)
                CalendarExport.addDate("DTEND", timed ? end : dayAfter, timed: timed, into: &out)
            }
        } else {
            let dueAt = due.end ?? due.start
            let starts = start ?? (due.end != nil ? due.start : nil)
            if let starts, CalendarExport.moment(starts, timed: timed) < CalendarExport.moment(dueAt, timed: timed) {
                CalendarExport.addDate("DTSTART", starts, timed: timed, into: &out)
            }
            CalendarExport.addDate("DUE", dueAt, timed: timed, into: &out)
        }
        if !done && !cancelled, let rule = repeatRule(of: line)?.calendarRule(from: due.start.date) {
            out.add("RRULE", rule)
        }
        if cancelled {
            out.add("STATUS", "CANCELLED")
        } else if done && !options.events {
            out.add("STATUS", "COMPLETED")
            if let closedOn { out.add("COMPLETED", utc(closedOn.start)) }
        }
        let categories = categoryNames(of: line)
        if !categories.isEmpty { out.addTextList("CATEGORIES", categories) }
        let description = ([projectPath.joined(separator: " / ")].filter { !$0.isEmpty } + notes)
            .joined(separator: "\n")
        if !description.isEmpty { out.addText("DESCRIPTION", description) }
        out.add("END", component)
        written += 1
    }

    /// The first tag `name`'s date, nil when it has none or it can't be read (then counted).
    private mutating func readDate(_ name: String, of line: Line) -> DateValue? {
        guard let tag = line.syntax.firstTag(named: name, in: line), let payload = tag.payload(in: line) else {
            return nil
        }
        guard case .success(let value) = DateValue.parse(payload, clock: options.clock),
            (1...9999).contains(value.start.date.year), (1...9999).contains((value.end ?? value.start).date.year)
        else {
            unreadableDates += 1
            return nil
        }
        return value
    }

    private func repeatRule(of line: Line) -> RepeatRule? {
        line.syntax.firstTag(named: "repeat", in: line)?.payload(in: line).flatMap(RepeatRule.parse)
    }

    /// The tags that become no property of their own, by name, each once.
    private func categoryNames(of line: Line) -> [String] {
        var names: [String] = []
        for tag in line.syntax.tags {
            let name = String(tag.name(in: line))
            guard !CalendarExport.propertyTags.contains(name), !name.isEmpty, !names.contains(name) else { continue }
            names.append(name)
        }
        return names
    }

    static let propertyTags: Set<String> = ["due", "start", "defer", "done", "cancelled", "repeat", "id"]

    private static func moment(_ point: DatePoint, timed: Bool) -> LocalDateTime {
        timed ? point.moment : LocalDateTime(date: point.date)
    }

    /// A DATE, or a floating DATE-TIME when the task's dates carry a time (a bare day is then its midnight).
    private static func addDate(_ name: String, _ point: DatePoint, timed: Bool, into out: inout ContentLines) {
        if timed {
            out.add(name, ContentLines.dateTime(point.date, point.time ?? .midnight))
        } else {
            out.add(name + ";VALUE=DATE", ContentLines.date(point.date))
        }
    }

    /// A local moment in UTC: `20261121T083000Z`.
    private func utc(_ point: DatePoint) -> String {
        let local = point.moment
        let moment = local.adding(milliseconds: -options.utcOffset(local) * 1000) ?? local
        return ContentLines.dateTime(moment.date, moment.time) + "Z"
    }

    /// Stable across runs and edits of other lines: the task's `@id`, or its file, projects and text
    /// without tags; a second identical task of the same project counts on from there.
    private mutating func uid(_ line: Line, projectPath: [String]) -> String {
        var hash = FNV1a()
        if let id = line.syntax.firstTag(named: "id", in: line)?.payload(in: line), !id.isEmpty {
            hash.add("id\u{0}")
            hash.add(id)
        } else {
            hash.add(path)
            for name in projectPath {
                hash.add("\u{0}")
                hash.add(name)
            }
            hash.add("\u{1}")
            hash.add(CalendarExport.textWithoutTags(line))
        }
        let earlier = seen[hash.value, default: 0]
        seen[hash.value] = earlier + 1
        if earlier > 0 { hash.add("\u{0}\(earlier)") }
        var second = hash
        second.add("\u{1}")
        return CalendarExport.hex(hash.value) + CalendarExport.hex(second.value) + "@taskpaper-lsp"
    }

    /// The task's words without its marker or any tag, blanks squeezed.
    static func textWithoutTags(_ line: Line) -> String {
        line.withUTF8Bytes { b in
            var words: [UInt8] = []
            var i = line.syntax.taskMarkerRange.upperBound
            let end = Int(line.syntax.contentEnd)
            var tags = line.syntax.tags.makeIterator()
            var tag = tags.next()
            while i < end {
                if let t = tag, i >= t.range.lowerBound {
                    i = max(i, t.range.upperBound)
                    tag = tags.next()
                    continue
                }
                let byte = b[i]
                let blank = byte == 0x20 || byte == 0x09
                if !blank || (words.last.map { $0 != 0x20 } ?? false) { words.append(blank ? 0x20 : byte) }
                i += 1
            }
            while words.last == 0x20 { words.removeLast() }
            return String(decoding: words, as: UTF8.self)
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The 64-bit FNV-1a hash: the same on every run and machine (Swift's `Hasher` is seeded per run).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: some StringProtocol) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
    }
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
