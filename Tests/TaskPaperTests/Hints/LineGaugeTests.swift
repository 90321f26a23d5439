import Testing
import TaskPaper

/// The line-length gauge shares `line-too-long`'s count: characters as a person counts them.
@Suite struct LineGaugeTests {
    static func gauge(_ text: String, limit: Int) -> LineGauge? {
        let line = TextDocument(text: text).lines[0]
        return LineGauge(text: line.text, syntax: line.syntax, limit: limit)
    }

    @Test func appearsWithinTenCharactersOfTheLimit() {
        #expect(Self.gauge(String(repeating: "a", count: 9), limit: 20) == nil)
        #expect(Self.gauge(String(repeating: "a", count: 10), limit: 20)?.label == "10 left")
        #expect(Self.gauge(String(repeating: "a", count: 20), limit: 20)?.label == "0 left")
        #expect(Self.gauge(String(repeating: "a", count: 23), limit: 20)?.label == "-3")
        #expect(
            Self.gauge(String(repeating: "a", count: 23), limit: 20)?.tooltip == "Line is 23 characters long (limit 20)"
        )
    }

    @Test func countsGraphemeClustersNotBytes() {
        // 12 bytes per flag-and-thumb pair, but 2 characters: 8 pairs are 16 characters.
        let text = String(repeating: "🇫🇷👍🏽", count: 8)
        #expect(Self.gauge(text, limit: 20)?.count == 16)
        #expect(Self.gauge(text, limit: 30) == nil)
    }

    @Test func agreesWithLineTooLong() {
        let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))
        var settings = LintSettings()
        settings.maxLineLength = 10
        for text in ["- été été é", "- été été éé", "- 👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽", "- 👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽"] {
            let line = TextDocument(text: text).lines[0]
            let over = AnalyzedLine(text: line.text, syntax: line.syntax, settings: settings, clock: clock)
                .diagnostics().contains { $0.code == .lineTooLong }
            let gauge = LineGauge(text: line.text, syntax: line.syntax, limit: 10)
            #expect(over == (gauge.map { $0.count > $0.limit } ?? false), "\(text)")
        }
    }
}

extension LineGaugeTests {
    /// A limit at the edge of Int (a setting can say anything) neither overflows nor gauges.
    @Test func extremeLimits() {
        #expect(Self.gauge("- short", limit: Int.max) == nil)
        #expect(Self.gauge("- short", limit: 0) == nil)
        #expect(Self.gauge("- short", limit: Int.min) == nil)
    }
}
