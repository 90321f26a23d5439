extension RepeatEdits {
    /// Hover on `@repeat`: the rule in words and where the task's date goes
    /// next (`Repeats every 2 weeks; next due 2026-12-08`), or why the value
    /// is no rule. Nil on a line without `@repeat`.
    public static func hoverText(for line: Line, clock: LintClock) -> String? {
        guard let tag = line.syntax.firstTag(named: "repeat", in: line) else { return nil }
        guard let payload = tag.payload(in: line), let rule = RepeatRule.parse(payload) else {
            return "Not a repeat rule: \(RepeatRule.expectation)"
        }
        let words = "Repeats \(rule)"
        guard line.syntax.kind == .task else { return words + " (only tasks repeat)" }
        guard let (name, day) = nextDate(of: line, rule: rule, clock: clock) else {
            return words + "; the next occurrence would fall after the year \(RepeatRule.lastYear)"
        }
        return words + "; next \(name) \(day)"
    }

    /// The first of `@due`, `@start`, `@defer` that moves, and its next day;
    /// `due` one interval from today when the task has none of them.
    static func nextDate(of line: Line, rule: RepeatRule, clock: LintClock) -> (String, CivilDate)? {
        for tag in line.syntax.tags {
            guard let name = movingTagNames.first(where: { tag.hasName($0, in: line) }),
                let payload = tag.payload(in: line),
                case .success(let value) = DateValue.parse(payload, clock: clock)
            else { continue }
            return rule.nextOccurrence(of: value.start.date, today: clock.today).map { (name, $0) }
        }
        return rule.step(from: clock.today).map { ("due", $0) }
    }
}
