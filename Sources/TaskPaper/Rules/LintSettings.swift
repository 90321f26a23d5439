/// The settings the rules read (SPEC 7).
public struct LintSettings: Sendable, Hashable {
    public var maxLineLength = 120
    /// The date tags unless settings say otherwise, in the order completion offers them.
    public static let defaultDateTags = ["due", "done", "start", "defer"]
    public var dateTags = Set(LintSettings.defaultDateTags) {
        didSet { dateTagNames = dateTags.sorted() }
    }
    /// The same names as a short list: comparing a handful beats hashing on every tag of every line.
    public private(set) var dateTagNames = LintSettings.defaultDateTags.sorted()
    public var overdue = true
    public init() {}

    /// The same settings in storage of their own, for a worker thread.
    public func isolatedCopy() -> LintSettings {
        var copy = self
        copy.dateTags = Set(dateTags.map { String($0.utf8) ?? $0 })
        return copy
    }
}

/// What a rule may look at besides the line: the settings and the clock.
public struct LintClock: Sendable, Hashable {
    public var today: CivilDate
    public var now: TimeOfDay
    public init(today: CivilDate, now: TimeOfDay) { self.today = today; self.now = now }
}
