/// A date tag's payload and what it parsed to.
public struct TagDate: Sendable, Hashable {
    public var tagIndex: Int
    public var result: Result<DateValue, DateError>
    public var value: DateValue? { if case .success(let v) = result { v } else { nil } }
}

/// A line with the facts several rules and features share, computed once:
/// the parsed dates, whether the task is done or overdue.
public struct AnalyzedLine: Sendable {
    public let text: String
    public let syntax: LineSyntax
    public let settings: LintSettings
    public let clock: LintClock
    /// Date tags with a payload, in line order.
    public let dates: [TagDate]
    /// Closed: `@done` or `@cancelled`.
    public let isDone: Bool
    /// Index of the first `@due` tag when it makes this task overdue.
    public let overdueTagIndex: Int?

    public init(text: String, syntax: LineSyntax, settings: LintSettings, clock: LintClock) {
        self.text = text
        self.syntax = syntax
        self.settings = settings
        self.clock = clock
        let known = syntax.knownTags
        let isDone = !known.isDisjoint(with: .closing)
        var dates: [TagDate] = []
        if settings.mayHaveDateTags(known) {
            text.withUTF8Bytes { b in
                for (i, tag) in syntax.tags.enumerated() where tag.hasValue && settings.isDateTag(tag, in: b) {
                    let payload = UnsafeBufferPointer(rebasing: b[tag.payloadRange!])
                    dates.append(TagDate(tagIndex: i, result: DateValue.parse(bytes: payload, clock: clock)))
                }
            }
        }
        self.dates = dates
        self.isDone = isDone
        var overdue: Int?
        if settings.overdue, syntax.kind == .task, !isDone, let due = syntax.firstTagIndex(.due, in: text),
            let value = dates.first(where: { $0.tagIndex == due })?.value, value.deadline < clock.today
        {
            overdue = due
        }
        self.overdueTagIndex = overdue
    }

    public func date(ofTag index: Int) -> TagDate? { dates.first { $0.tagIndex == index } }

    /// Runs every rule. The list is a parameter pack, so each rule is called
    /// directly (this runs on every line of every document).
    public func diagnostics() -> [LineDiagnostic] {
        var out: [LineDiagnostic] = []
        run(
            DateRule.self, UnbalancedTagRule.self, ReservedTagRule.self, LineTooLongRule.self, OverdueRule.self,
            DuplicateTagRule.self, ProjectTrailingSpaceRule.self, SearchRule.self, RepeatMalformedRule.self,
            into: &out)
        return out
    }

    private func run<each Rule: LineRule>(_ rules: repeat (each Rule).Type, into out: inout [LineDiagnostic]) {
        repeat (each rules).init().check(self, into: &out)
    }
}
