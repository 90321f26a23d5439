/// A length of time in whole seconds, as `@est`, `@estimate`, `@lasted` and a tag named like `@1h30m`
/// give it. Read as Todo+ reads these values but where `Sources/TaskPaper/README.md`, Time, says ours
/// differs: a day is 24 hours, a week 7 days, a year 365 days.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    public static let zero = TimeSpan(seconds: 0)
    /// The longest value read (1,000 years): past it a sum of many could overflow, and no task lasts that long.
    public static let longest = TimeSpan(seconds: 1000 * 365 * 86_400)

    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.seconds < b.seconds }
    public static func + (a: TimeSpan, b: TimeSpan) -> TimeSpan { TimeSpan(seconds: a.seconds + b.seconds) }
    public static func += (a: inout TimeSpan, b: TimeSpan) { a.seconds += b.seconds }

    /// Hours and minutes, as Todo+ writes elapsed time (`1h30m`, `45m`, `30h`; seconds only under a
    /// minute: `40s`; `0m` for nothing). Reads back as the same value to the minute.
    public var description: String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60
        if hours == 0, minutes == 0 { return seconds > 0 ? "\(seconds)s" : "0m" }
        if minutes == 0 { return "\(hours)h" }
        return hours == 0 ? "\(minutes)m" : "\(hours)h\(minutes)m"
    }

    /// The tags whose value is a duration, for completion.
    public static let durationTagNames: Set<String> = ["est", "estimate", "lasted"]

    /// Durations completion offers inside a duration tag, shortest first.
    public static let common = ["15m", "30m", "45m", "1h", "1h30m", "2h", "3h", "4h", "1d"]

    /// Why a value is no duration.
    public enum ReadError: Error, Sendable, Hashable {
        /// Not a duration at all (`soon`, `2`, `h3`).
        case malformed
        /// A duration with a minus sign: time spent or planned is never negative.
        case negative
        /// More than `longest`.
        case tooLong
    }

    /// What durations look like, for messages.
    public static let expectation =
        "a duration looks like 2h, 30m, 1h30m, 2h 30m, 1.5h, 90 min, 3 hours, 1 day and 20 minutes or 1:30"

    /// Reads a tag's value. Spaces, commas and `and` may separate the parts; units are case-insensitive;
    /// the sum is rounded to the second once.
    public static func read(_ text: Substring) -> Result<TimeSpan, ReadError> {
        var reader = TimeSpanReader(Array(text.utf8))
        return reader.read()
    }

    public static func read(_ text: String) -> Result<TimeSpan, ReadError> { read(Substring(text)) }

    /// The value when it reads, else nil.
    public static func parse(_ text: Substring) -> TimeSpan? {
        if case .success(let span) = read(text) { span } else { nil }
    }

    /// A tag whose name is itself a duration (`@1h30m`, Todo+'s short estimate): it starts with a digit.
    public static func fromTagName(_ name: Substring) -> TimeSpan? {
        guard let first = name.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
        return parse(name)
    }
}
