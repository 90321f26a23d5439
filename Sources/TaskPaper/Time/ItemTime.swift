/// The time tags of one item: what it was estimated to take, how long it lasted, when work on it began
/// (`Sources/TaskPaper/README.md`, Time). A value that is no duration counts nothing
/// (`duration-malformed` says so), so every sum is of non-negative values.
public struct ItemTime: Sendable, Hashable {
    /// `@est(D)`, `@estimate(D)` and tags named like a duration (`@1h30m`), added up as Todo+ adds them.
    public var estimate: TimeSpan?
    /// `@lasted(D)`, added up when a task has several.
    public var lasted: TimeSpan?
    /// The first `@started(...)` that reads as a moment.
    public var started: LocalDateTime?

    public init(estimate: TimeSpan? = nil, lasted: TimeSpan? = nil, started: LocalDateTime? = nil) {
        self.estimate = estimate
        self.lasted = lasted
        self.started = started
    }

    public var isEmpty: Bool { estimate == nil && lasted == nil && started == nil }

    /// The time tags of a line; empty for a line with none (found without reading names byte by byte:
    /// a line's known tags say whether it has `@est`, `@lasted` or `@started`, and a bare estimate starts
    /// with a digit).
    public init(of line: Line) {
        self.init()
        let known = line.syntax.knownTags
        let hasNamed = !known.isDisjoint(with: [.est, .estimate, .lasted, .started])
        line.withUTF8Bytes { b in
            for tag in line.syntax.tags {
                let nameStart = Int(tag.start) + 1
                let class_ = hasNamed ? KnownTagNames.of(tag, in: b) : []
                if class_.isEmpty {
                    // `@1h30m`: a tag whose name starts with a digit and reads as a duration.
                    guard nameStart < Int(tag.nameEnd), b[nameStart] >= 0x30, b[nameStart] <= 0x39,
                        tag.payloadRange == nil
                    else { continue }
                    if let span = TimeSpan.fromTagName(tag.name(in: line)) { estimate = (estimate ?? .zero) + span }
                    continue
                }
                guard let range = tag.payloadRange else { continue }
                let payload = line.utf8Slice(range)
                if class_ == .started {
                    if started == nil { started = StartedTime.read(payload) }
                } else if !class_.isDisjoint(with: [.est, .estimate]) {
                    if let span = TimeSpan.parse(payload) { estimate = (estimate ?? .zero) + span }
                } else if class_ == .lasted {
                    if let span = TimeSpan.parse(payload) { lasted = (lasted ?? .zero) + span }
                }
            }
        }
    }
}

/// `@started(...)`'s value: `YYYY-MM-DD HH:MM` as we write it, and Todo+'s `YY-MM-DD HH:MM` (its default
/// `timekeeping.started.format`), whose two-digit year reads as moment.js reads it: 69-99 are 1969-1999,
/// 00-68 are 2000-2068. Seconds (`:SS`) may follow the minutes.
public enum StartedTime {
    public static func read(_ text: Substring) -> LocalDateTime? {
        let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        let parts = String(trimmed).split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard day.count == 3, clock.count == 2 || clock.count == 3,
            day[0].count == 4 || day[0].count == 2, day[1].count == 2, day[2].count == 2,
            clock.allSatisfy({ $0.count == 2 })
                || (clock[0].count == 1 && clock.dropFirst().allSatisfy { $0.count == 2 }),
            day.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), clock.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            var year = Int(day[0]), let month = Int(day[1]), let dayOfMonth = Int(day[2]), let hour = Int(clock[0]),
            let minute = Int(clock[1])
        else { return nil }
        if day[0].count == 2 { year += year >= 69 ? 1900 : 2000 }
        let second = clock.count == 3 ? Int(clock[2]) ?? 60 : 0
        let time = TimeOfDay(hour: hour, minute: minute, second: second)
        guard CivilDate.isValid(year: year, month: month, day: dayOfMonth), hour < 24, minute < 60, second < 60 else {
            return nil
        }
        return LocalDateTime(date: CivilDate(year: year, month: month, day: dayOfMonth), time: time)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
