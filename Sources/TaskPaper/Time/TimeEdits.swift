/// Start and Stop: tracking the time a task takes (`Sources/TaskPaper/README.md`, Time).
public enum TimeEdits {
    public static let startTitle = "Start"
    public static let stopTitle = "Stop"

    /// Each open task in `range` not yet started gets `@started(YYYY-MM-DD HH:MM)` (now); a `@started`
    /// without a readable value gets now as its value.
    public static func start(_ lines: [Line], in range: ClosedRange<Int>, clock: LintClock) -> [TextReplacement] {
        guard !lines.isEmpty else { return [] }
        let now = DatePoint(date: clock.today, time: clock.now).description
        return range.clamped(to: 0...lines.count - 1).flatMap { i -> [TextReplacement] in
            let line = lines[i]
            guard DoneEdits.canMarkDone(line), line.syntax.unbalancedTagStart < 0, ItemTime(of: line).started == nil
            else { return [] }
            var edits = LineEdits()
            edits.setTag("started", to: now, in: line)
            return edits.replacements(line: i)
        }
    }

    /// Mark as done as the editor's action does it: `RepeatEdits.markDone` (a repeating task gets its next
    /// occurrence above it), and each started task that does not repeat stops, so its `@lasted` is written.
    public static func markDoneRecordingTime(
        _ lines: [Line], in range: ClosedRange<Int>, indentWidth: IndentWidth, doneTag: String,
        clock: LintClock, outline: Outline? = nil
    ) -> Result<[TextReplacement], RepeatEdits.Failure> {
        switch RepeatEdits.markDone(
            lines, in: range, indentWidth: indentWidth, doneTag: doneTag, clock: clock, outline: outline)
        {
        case .success(let edits):
            guard !edits.isEmpty else { return .success(edits) }
            let stops = range.clamped(to: 0...lines.count - 1).filter {
                // A repeating task's line is rewritten as its next occurrence: its time goes unrecorded.
                DoneEdits.canMarkDone(lines[$0]) && !lines[$0].syntax.knownTags.contains(.repeat)
            }
            .flatMap { stop(lines, in: $0...$0, clock: clock) }
            return .success(edits + stops)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// Each started task in `range` (open or closed) stops: its `@started` becomes `@lasted(elapsed)`, or,
    /// when it has a `@lasted` already (a paused task resumed), goes and the elapsed time is added to it.
    public static func stop(_ lines: [Line], in range: ClosedRange<Int>, clock: LintClock) -> [TextReplacement] {
        guard !lines.isEmpty else { return [] }
        return range.clamped(to: 0...lines.count - 1).flatMap { i in
            stopEdits(lines[i], clock: clock).replacements(line: i)
        }
    }

    /// The lines `stop` would change.
    public static func isStarted(_ line: Line) -> Bool {
        line.syntax.kind == .task && line.syntax.unbalancedTagStart < 0 && ItemTime(of: line).started != nil
    }

    /// Time since `started`; zero for a `@started` in the future (never negative).
    public static func elapsed(since started: LocalDateTime, clock: LintClock) -> TimeSpan {
        let now = clock.moment
        let milliseconds =
            (now.dayNumber - started.dayNumber) * 86_400_000 + now.millisecondsOfDay - started.millisecondsOfDay
        return TimeSpan(seconds: max(0, milliseconds / 1000))
    }

    /// The started task's hint: `started just now`, `started 25 min ago`, `started 2h10m ago`; a `@started`
    /// in the future has not run yet.
    public static func startedAgo(_ started: LocalDateTime, clock: LintClock) -> String {
        guard started <= clock.moment else { return "starts in the future" }
        let span = elapsed(since: started, clock: clock)
        if span.seconds < 60 { return "started just now" }
        if span.seconds < 3600 { return "started \(span.seconds / 60) min ago" }
        return "started \(span) ago"
    }

    static func stopEdits(_ line: Line, clock: LintClock) -> LineEdits {
        var edits = LineEdits()
        guard isStarted(line), let startedIndex = startedTagIndex(line),
            let started = ItemTime(of: line).started
        else { return edits }
        let elapsed = elapsed(since: started, clock: clock)
        let startedTag = line.syntax.tags[startedIndex]
        if let lasted = line.syntax.firstTag(named: "lasted", in: line), let range = lasted.payloadRange {
            let earlier = TimeSpan.parse(line.utf8Slice(range)) ?? .zero
            edits.replace(range, with: (earlier + elapsed).description)
            edits.replace(DoneEdits.removalRange(of: startedTag, in: line), with: "")
        } else {
            edits.replace(Int(startedTag.start)..<startedTag.end, with: "@lasted(\(elapsed))")
        }
        return edits
    }

    /// The first `@started` whose value reads (the one `ItemTime.started` reads).
    private static func startedTagIndex(_ line: Line) -> Int? {
        line.syntax.tags.indices.first { k in
            let tag = line.syntax.tags[k]
            guard tag.hasName("started", in: line), let range = tag.payloadRange else { return false }
            return StartedTime.read(line.utf8Slice(range)) != nil
        }
    }
}
