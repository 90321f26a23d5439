/// A date tag's payload and what it parsed to.
public struct TagDate: Sendable, Hashable {
    public var tagIndex: Int
    public var result: Result<DateValue, DateError>
    public var value: DateValue? { if case .success(let v) = result { v } else { nil } }
    /// TaskPaper reads the payload as a date (asked of every date of every line: no value is copied out).
    @inlinable public var isReadable: Bool { if case .success = result { true } else { false } }
}

/// A line with the facts several rules and features share, computed once:
/// the parsed dates, whether the task is done or overdue.
public struct AnalyzedLine: Sendable {
    /// The line analysed (its bytes are read in place; `text` makes a `String` when a rule reports).
    public let line: Line
    /// The line's parse (read from `line`: one copy of it per analysed line, not two).
    @inlinable public var syntax: LineSyntax { line.syntax }
    public let settings: LintSettings
    public let clock: LintClock
    /// Date tags with a payload, in line order.
    public let dates: [TagDate]
    /// Closed: `@done` or `@cancelled`.
    public let isDone: Bool
    /// Index of the first `@due` tag when it makes this task overdue.
    public let overdueTagIndex: Int?
    /// Index of the first `@due` tag when this open task is due today (its deadline, a span's end, is today)
    /// and the settings ask for `due-today`.
    public let dueTodayTagIndex: Int?

    public var text: String { line.text }

    /// The text between two UTF-8 offsets of the line, copied alone.
    public func utf8Slice(_ range: Range<Int>) -> Substring { line.utf8Slice(range) }

    /// A line of text parsed as `syntax`.
    public init(text: String, syntax: LineSyntax, settings: LintSettings, clock: LintClock) {
        self.init(line: Line(text: text, syntax: syntax), settings: settings, clock: clock)
    }

    public init(line: Line, settings: LintSettings, clock: LintClock) {
        self.line = line
        self.settings = settings
        self.clock = clock
        // The syntax's fields are read where they are: a copy of it per line would cost more than the reads.
        let known = line.syntax.knownTags
        let isDone = !known.isDisjoint(with: .closing)
        var dates: [TagDate] = []
        if settings.mayHaveDateTags(known) {
            line.withUTF8Bytes { b in
                let count = line.syntax.tags.endIndex
                for i in 0..<count {
                    let tag = line.syntax.tags[i]
                    guard let payloadRange = tag.payloadRange, settings.isDateTag(tag, in: b) else { continue }
                    if dates.isEmpty { dates.reserveCapacity(count - i) }
                    let payload = UnsafeBufferPointer(rebasing: b[payloadRange])
                    dates.append(TagDate(tagIndex: i, result: DateValue.parse(bytes: payload, clock: clock)))
                }
            }
        }
        self.dates = dates
        self.isDone = isDone
        var overdue: Int?, dueToday: Int?
        if settings.overdue || settings.dueToday, line.syntax.kind == .task, !isDone,
            let due = line.syntax.firstTagIndex(.due, in: line),
            let k = dates.firstIndex(where: { $0.tagIndex == due }), case .success(let value) = dates[k].result
        {
            if settings.overdue, value.deadline < clock.today { overdue = due }
            if settings.dueToday, value.deadline == clock.today { dueToday = due }
        }
        self.overdueTagIndex = overdue
        self.dueTodayTagIndex = dueToday
    }

    public func date(ofTag index: Int) -> TagDate? { dates.first { $0.tagIndex == index } }

    /// Runs every rule.
    public func diagnostics() -> [LineDiagnostic] {
        var out: [LineDiagnostic] = []
        // Called one by one, not through a list: this runs on every line of every document.
        DateRule().check(self, into: &out)
        UnbalancedTagRule().check(self, into: &out)
        ReservedTagRule().check(self, into: &out)
        LineTooLongRule().check(self, into: &out)
        OverdueRule().check(self, into: &out)
        DueTodayRule().check(self, into: &out)
        DuplicateTagRule().check(self, into: &out)
        ProjectTrailingSpaceRule().check(self, into: &out)
        SearchRule().check(self, into: &out)
        RepeatMalformedRule().check(self, into: &out)
        DurationMalformedRule().check(self, into: &out)
        return out
    }
}
