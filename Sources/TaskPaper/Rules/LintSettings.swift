/// The settings the rules read.
public struct LintSettings: Sendable, Hashable {
    public var maxLineLength = 120
    /// The date tags unless settings say otherwise, in the order completion offers them.
    public static let defaultDateTags = ["due", "done", "start", "defer"]
    /// Every line's analysis copies the settings: the names live in one box, one retain a copy.
    private var dateTagBox = DateTagNames(Set(LintSettings.defaultDateTags))
    public var dateTags: Set<String> {
        get { dateTagBox.set }
        set { dateTagBox = DateTagNames(newValue) }
    }
    /// The same names as a short sorted list.
    public var dateTagNames: [String] { dateTagBox.sorted }
    public var overdue = true
    /// `due-today` on an open task whose `@due` is today: the language server's problem list of what is due
    /// (its `workspaceDiagnostics` setting); off for `check`, where the day's tasks are no finding.
    public var dueToday = false
    /// Whether `line-too-long` and the gauge also measure notes (prose is long by nature).
    public var lineLengthNotes = false
    public init() {}

    /// Whether a line whose tags have these known names may carry a date tag (false skips the line).
    @inline(__always)
    func mayHaveDateTags(_ known: KnownTagNames) -> Bool {
        !known.isDisjoint(with: dateTagBox.classes) || !dateTagBox.others.isEmpty
    }

    /// Whether a tag of the line `b` is a date tag.
    @inline(__always)
    func isDateTag(_ tag: Tag, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        isDateTag(tag, named: KnownTagNames.of(tag, in: b), in: b)
    }

    /// The same for a tag whose known name the caller has read (`KnownTagNames.of`).
    @inline(__always)
    func isDateTag(_ tag: Tag, named known: KnownTagNames, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        let known = known.subtracting(.reserved)
        if !known.isEmpty { return dateTagBox.classes.contains(known) }
        return dateTagBox.others.contains { tag.hasName($0, in: b) }
    }

    /// Whether `line-too-long` and the line-length gauge look at a line of this kind.
    public func measuresLength(of kind: LineKind) -> Bool {
        kind == .task || kind == .project || (lineLengthNotes && kind == .note)
    }

    /// The same settings in storage of their own, for a worker thread.
    public func isolatedCopy() -> LintSettings {
        var copy = self
        copy.dateTags = Set(dateTags.map { String(decoding: Array($0.utf8), as: UTF8.self) })
        return copy
    }
}

/// The date tag names, read once per settings change: the linter tests the known ones as bits
/// (`KnownTagNames`, `.reserved` aside since it stands for three names) and compares the others.
final class DateTagNames: Sendable, Hashable {
    let set: Set<String>
    let sorted: [String]
    let classes: KnownTagNames
    let others: [String]

    init(_ names: Set<String>) {
        set = names
        sorted = names.sorted()
        classes = names.reduce(into: []) { $0.formUnion(KnownTagNames(name: $1).subtracting(.reserved)) }
        others = sorted.filter { KnownTagNames(name: $0).subtracting(.reserved).isEmpty }
    }

    static func == (a: DateTagNames, b: DateTagNames) -> Bool { a.set == b.set }
    func hash(into hasher: inout Hasher) { hasher.combine(set) }
}

/// What a rule may look at besides the line: the settings and the clock.
public struct LintClock: Sendable, Hashable {
    public var today: CivilDate
    /// Hours and minutes: what `@done(date time)` writes.
    public var now: TimeOfDay
    /// Past `now`'s minute: TaskPaper's `now` carries seconds and milliseconds.
    public var second: Int
    public var millisecond: Int
    /// The local time zone's offset from UTC, to show ISO dates written with an offset in local time.
    public var utcOffsetSeconds: Int

    public init(today: CivilDate, now: TimeOfDay, second: Int = 0, millisecond: Int = 0, utcOffsetSeconds: Int = 0) {
        self.today = today
        self.now = TimeOfDay(hour: now.hour, minute: now.minute)
        self.second = second
        self.millisecond = millisecond
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The full local moment of now, to the millisecond.
    public var moment: LocalDateTime {
        LocalDateTime(
            date: today,
            time: TimeOfDay(
                hour: now.hour, minute: now.minute, second: second,
                millisecond: millisecond))
    }
}
