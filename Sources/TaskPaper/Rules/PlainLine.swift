/// What analysing a line tells when the line is plain, as most lines are: no rule finds anything, and
/// its dates, if any, are read as written, none making the task overdue (or due today, when asked). Such a line skips
/// `AnalyzedLine`: every rule would look and find nothing (`Sources/TaskPaper/README.md`, Diagnostics).
/// A new rule that reads something else makes such lines not plain here (`PlainLineOracleTests`
/// checks this against the rules on random lines).
public struct PlainLine: Sendable {
    /// The date tags, bit `i` for tag `i` (a line with a date tag past the 32nd is not plain).
    public let dateTags: UInt32

    /// The line's reading when it is plain; nil when it needs the whole analysis.
    public static func plain(_ line: Line, settings: LintSettings, clock: LintClock) -> PlainLine? {
        let known = line.syntax.knownTags
        guard known.isDisjoint(with: Self.tagsOfTheirOwn), line.syntax.unbalancedTagStart < 0,
            !line.syntax.mayRepeatTagName || line.syntax.tags.count < 2
        else { return nil }
        let limit = settings.maxLineLength, kind = line.syntax.kind
        if limit > 0, Int(line.syntax.utf8Count) > limit, settings.measuresLength(of: kind) { return nil }
        return line.withUTF8Bytes { b -> PlainLine? in
            // A note that would be a project but for blanks after its colon.
            let contentEnd = Int(line.syntax.contentEnd)
            if kind == .note, contentEnd > line.syntax.indentLength, TagScanner.isBlank(b[contentEnd - 1]) {
                return nil
            }
            guard settings.mayHaveDateTags(known) else { return PlainLine(dateTags: 0) }
            let count = line.syntax.tags.endIndex
            var dateTags: UInt32 = 0, due: CivilDate?, firstDue = -1
            for i in 0..<count {
                let tag = line.syntax.tags[i], name = KnownTagNames.of(tag, in: b)
                if firstDue < 0, name == .due { firstDue = i }
                guard let payload = tag.payloadRange, settings.isDateTag(tag, named: name, in: b) else { continue }
                guard i < 32,
                    let deadline = DateReader.deadlineIfReadAsWritten(
                        UnsafeBufferPointer(rebasing: b[payload]), clock: clock)
                else { return nil }
                dateTags |= 1 << UInt32(i)
                if i == firstDue { due = deadline }
            }
            // As `AnalyzedLine` reads it: the first `@due` of an open task, when it is a date.
            if kind == .task, known.isDisjoint(with: .closing), let due,
                (settings.overdue && due < clock.today) || (settings.dueToday && due == clock.today)
            {
                return nil
            }
            return PlainLine(dateTags: dateTags)
        }
    }

    /// Searches, repeats, durations and reserved names have rules of their own; start dates make a task
    /// deferred.
    private static let tagsOfTheirOwn: KnownTagNames = [
        .search, .repeat, .reserved, .start, .defer, .est, .estimate, .lasted,
    ]
}
