/// The value of `@repeat(RULE)`, case-insensitive: `daily`, `weekly`, `monthly`,
/// `yearly`, `weekdays`, `every [N] day(s)|week(s)|month(s)|year(s)`,
/// `every WEEKDAY[, WEEKDAY…]`, each optionally followed by `from done`.
/// See `Sources/TaskPaper/README.md`, "Planning".
public struct RepeatRule: Sendable, Hashable {
    public enum Interval: Sendable, Hashable {
        case days(Int), weeks(Int), months(Int), years(Int)
        /// Monday to Friday.
        case weekdays
        /// ISO weekdays (1 = Monday ... 7 = Sunday), sorted, without repeats.
        case onWeekdays([Int])
    }

    public var interval: Interval
    /// The next occurrence counts from the day the task is done, not from its dates.
    public var fromDone: Bool

    public init(_ interval: Interval, fromDone: Bool = false) {
        self.interval = interval
        self.fromDone = fromDone
    }

    /// The largest N of `every N units`: beyond it every step leaves the years TaskPaper writes.
    public static let maximumCount = 100_000

    /// What `repeat-malformed` says.
    public static let expectation =
        "expected daily, weekly, monthly, yearly, weekdays, 'every N days' "
        + "(or weeks, months, years; N from 1 to 100000), or 'every monday, thursday', "
        + "optionally followed by 'from done'"

    /// Reads a payload; nil when it is no rule.
    public static func parse(_ payload: Substring) -> RepeatRule? {
        var words = RepeatRule.words(payload.lowercased())
        var fromDone = false
        if words.count >= 2, words[words.count - 2] == "from", words[words.count - 1] == "done" {
            fromDone = true
            words.removeLast(2)
        }
        guard let interval = interval(words) else { return nil }
        return RepeatRule(interval, fromDone: fromDone)
    }

    /// Words split at blanks, each comma a word of its own.
    private static func words(_ text: String) -> [Substring] {
        var out: [Substring] = []
        var start: String.Index?
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == " " || c == "\t" || c == "," {
                if let s = start { out.append(text[s..<i]); start = nil }
                if c == "," { out.append(text[i...i]) }
            } else if start == nil {
                start = i
            }
            i = text.index(after: i)
        }
        if let s = start { out.append(text[s...]) }
        return out
    }

    private static func interval(_ words: [Substring]) -> Interval? {
        if words.count == 1 {
            switch words[0] {
            case "daily": return .days(1)
            case "weekly": return .weeks(1)
            case "monthly": return .months(1)
            case "yearly": return .years(1)
            case "weekdays": return .weekdays
            default: return nil
            }
        }
        guard words.first == "every", words.count >= 2 else { return nil }
        var rest = words.dropFirst()
        var count = 1
        if let n = number(rest.first!) {
            count = n
            rest = rest.dropFirst()
        }
        if rest.count == 1, let unit = unit(rest.first!) {
            guard (1...maximumCount).contains(count) else { return nil }
            return unit(count)
        }
        guard count == 1, rest.count == words.count - 1 else { return nil }
        // `every mon, thu`: names separated by commas (a trailing comma is no name).
        var days: [Int] = []
        var expectName = true
        for word in rest {
            if expectName {
                guard let day = weekday(word) else { return nil }
                if !days.contains(day) { days.append(day) }
            } else if word != "," {
                return nil
            }
            expectName.toggle()
        }
        guard !expectName else { return nil }
        return .onWeekdays(days.sorted())
    }

    /// Decimal digits only; nil past `maximumCount` (and so never an overflow).
    private static func number(_ word: Substring) -> Int? {
        guard !word.isEmpty, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var value = 0
        for byte in word.utf8 {
            value = value * 10 + Int(byte - 0x30)
            if value > maximumCount { return maximumCount + 1 }
        }
        return value
    }

    private static func unit(_ word: Substring) -> ((Int) -> Interval)? {
        switch word {
        case "day", "days": return { .days($0) }
        case "week", "weeks": return { .weeks($0) }
        case "month", "months": return { .months($0) }
        case "year", "years": return { .years($0) }
        default: return nil
        }
    }

    /// Weekday names as dates read them: `mon` or `monday` ... (ISO number).
    static func weekday(_ word: Substring) -> Int? {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        for (i, name) in names.enumerated() where word == name || word == name.prefix(3) { return i + 1 }
        return nil
    }
}

extension RepeatRule: CustomStringConvertible {
    /// The rule in words, for hover: `every 2 weeks`, `every Monday and Thursday, counted from the day it is done`.
    public var description: String {
        let base: String
        switch interval {
        case .days(let n): base = RepeatRule.every(n, "day")
        case .weeks(let n): base = RepeatRule.every(n, "week")
        case .months(let n): base = RepeatRule.every(n, "month")
        case .years(let n): base = RepeatRule.every(n, "year")
        case .weekdays: base = "every weekday (Monday to Friday)"
        case .onWeekdays(let days):
            let names = days.map { CivilDate.weekdayNames[$0 - 1] }
            base =
                "every "
                + (names.count == 1
                    ? names[0]
                    : names.dropLast().joined(separator: ", ") + " and " + names.last!)
        }
        return fromDone ? base + ", counted from the day it is done" : base
    }

    private static func every(_ n: Int, _ unit: String) -> String {
        n == 1 ? "every \(unit)" : "every \(n) \(unit)s"
    }
}
