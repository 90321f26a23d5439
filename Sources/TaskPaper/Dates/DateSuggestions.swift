/// Words TaskPaper reads as dates, offered by completion inside a date tag's parentheses.
public enum DateSuggestions {
    /// Each word with the day TaskPaper reads it as, in the order to offer them: today, tomorrow,
    /// the next five days by name (`friday`, or `next monday` once this week's Monday has passed:
    /// TaskPaper's weeks start on Sunday), next week and month, then a few durations.
    public static func words(clock: LintClock) -> [(word: String, date: CivilDate)] {
        var words = ["today", "tomorrow"]
        for ahead in 2...6 {
            let day = clock.today.adding(days: ahead)
            let name = day.weekdayName.lowercased()
            words.append(read(name, clock) == day ? name : "next \(name)")
        }
        words += ["next week", "next month", "+1d", "+1w", "+1o"]
        return words.compactMap { word in read(word, clock).map { (word, $0) } }
    }

    private static func read(_ word: String, _ clock: LintClock) -> CivilDate? {
        guard case .success(let value) = DateValue.parse(word[...], clock: clock) else { return nil }
        return value.start.date
    }
}
