/// The settings the rules read (SPEC 7).
public struct LintSettings: Sendable, Hashable {
    public var maxLineLength = 120
    public var dateTags: Set<String> = ["due", "done", "start", "defer"]
    public var overdue = true
    public init() {}
}

/// What a rule may look at besides the line: the settings and the clock.
public struct LintClock: Sendable, Hashable {
    public var today: CivilDate
    public var now: TimeOfDay
    public init(today: CivilDate, now: TimeOfDay) { self.today = today; self.now = now }
}
