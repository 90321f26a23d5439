/// Mark as done on a repeating task (see `Sources/TaskPaper/README.md`, "Planning"):
/// one edit that closes the task and puts its next occurrence directly above it.
public enum RepeatEdits {
    /// The tags whose dates move to the next occurrence.
    public static let movingTagNames = ["due", "start", "defer"]

    public enum Failure: Error, Sendable, Hashable {
        /// The next occurrence would fall after year 9999.
        case pastLastYear(line: Int)

        public var message: String {
            switch self {
            case .pastLastYear: "The next occurrence would fall after the year \(RepeatRule.lastYear)"
            }
        }
    }

    /// The rule of an open task's `@repeat`; nil when it has none or it is malformed.
    public static func rule(of line: Line) -> RepeatRule? {
        guard line.syntax.kind == .task, !line.isClosed,
            let tag = line.syntax.firstTag(named: "repeat", in: line),
            let payload = tag.payload(in: line)
        else { return nil }
        return RepeatRule.parse(payload)
    }

    /// Marks every open task in `range` done, as `DoneEdits.markDone` does; a
    /// repeating one also loses `@repeat` and gets its next occurrence above it.
    public static func markDone(
        _ lines: [Line], in range: ClosedRange<Int>, indentWidth: IndentWidth, doneTag: String,
        clock: LintClock, outline given: Outline? = nil
    ) -> Result<[TextReplacement], Failure> {
        guard !lines.isEmpty else { return .success([]) }
        // Only a repeating task needs the tree (its copy takes the subtree): measured on the first one.
        var measured = given
        func outline() -> Outline {
            if let measured { return measured }
            let made = Outline(lines: lines, indentWidth: indentWidth)
            measured = made
            return made
        }
        var splices: [LineSplice] = []
        var inLine: [TextReplacement] = []
        for i in range.clamped(to: 0...lines.count - 1) where DoneEdits.canMarkDone(lines[i]) {
            guard let rule = rule(of: lines[i]) else {
                inLine += DoneEdits.markDone(lines, in: i...i, tag: doneTag)
                continue
            }
            guard let copy = nextOccurrence(of: i, in: outline(), rule: rule, clock: clock) else {
                return .failure(.pastLastYear(line: i))
            }
            var closed = LineEdits()
            closed.removeTags(named: ["repeat"], in: lines[i])
            closed.append(doneTag, to: lines[i])
            splices.append(LineSplice(range: i..<i + 1, newLines: copy + [closed.applied(to: lines[i].text)]))
        }
        let ending = ArchiveEdits.documentEnding(lines)
        let all = LineSplice.replacements(splices, in: lines, ending: ending) + inLine
        return .success(all.sorted { ($0.start, $0.end) < ($1.start, $1.end) })
    }

    /// The task's subtree as it reads for its next occurrence: every `@done`
    /// and `@cancelled` removed, the task's dates moved. Nil past year 9999.
    static func nextOccurrence(of task: Int, in outline: Outline, rule: RepeatRule, clock: LintClock) -> [String]? {
        var out: [String] = []
        for k in outline.subtree(of: task) {
            let line = outline.lines[k]
            var edits = LineEdits()
            edits.removeTags(named: ["done", "cancelled"], in: line)
            if k == task {
                guard movedDates(of: line, rule: rule, clock: clock, into: &edits) else { return nil }
            }
            out.append(edits.applied(to: line.text))
        }
        return out
    }

    /// Moves each readable `@due`, `@start`, `@defer`; a task with none of them
    /// gets `@due` one interval from today. False past year 9999.
    static func movedDates(of line: Line, rule: RepeatRule, clock: LintClock, into edits: inout LineEdits) -> Bool {
        var hasDateTag = false
        for tag in line.syntax.tags where movingTagNames.contains(where: { tag.hasName($0, in: line) }) {
            hasDateTag = true
            guard let range = tag.payloadRange,
                case .success(let value) = DateValue.parse(line.utf8Slice(range), clock: clock)
            else { continue }
            guard let day = rule.nextOccurrence(of: value.start.date, today: clock.today) else { return false }
            edits.replace(range, with: moved(value, to: day).reading)
        }
        if !hasDateTag {
            guard let day = rule.step(from: clock.today) else { return false }
            edits.append("@due(\(day))", to: line)
        }
        return true
    }

    /// The value on another day, times kept; a range's end moves by as many days.
    static func moved(_ value: DateValue, to day: CivilDate) -> DateValue {
        let shift = day.dayNumber - value.start.date.dayNumber
        let end = value.end.map { DatePoint(date: $0.date.adding(days: shift), time: $0.time) }
        return DateValue(form: value.form, start: DatePoint(date: day, time: value.start.time), end: end)
    }
}
