import Testing
@testable import TaskPaper

/// Each rule with the examples of `Sources/TaskPaper/README.md`, Diagnostics, asserting code, severity and the exact range.
@Suite struct RulesTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    static func diagnostics(_ text: String, _ configure: (inout LintSettings) -> Void = { _ in }) -> [LineDiagnostic] {
        var settings = LintSettings()
        configure(&settings)
        let line = TextDocument(text: text).lines[0]
        return AnalyzedLine(text: line.text, syntax: line.syntax, settings: settings, clock: clock).diagnostics()
    }

    /// The text a UTF-8 range covers.
    static func covered(_ text: String, _ d: LineDiagnostic) -> String { String(text.utf8Slice(d.range)) }

    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var code: DiagnosticCode?
        var covers: String = ""
        var testDescription: String { line }
    }

    @Test(arguments: [
        Case(line: "- a @due(2027-05-11)", code: nil),
        Case(line: "- a @due(2027-05-11 10:00)", code: nil),
        Case(line: "- a @due(2027-05-11 13:00-14:00)", code: nil),
        Case(line: "- a @due(2027-05-12 13:00 thru 2027-05-19 23:59)", code: nil),
        Case(line: "- a @due(2027-05-12 thru 2027-05-19)", code: nil),
        Case(line: "- a @start(today) @defer(tomorrow) @due(next friday)", code: nil),
        Case(line: "- a @due(+3d) @start(-1w) @defer(tomorrow 9:30)", code: nil),
        Case(line: "- a @due", code: nil),
        Case(line: "- a @due(tomorow)", code: .dateMalformed, covers: "tomorow"),
        Case(line: "- a @due()", code: nil),  // the empty payload is now
        Case(line: "- a @start(2025/05/11)", code: .dateMalformed, covers: "2025/05/11"),
        Case(line: "- a @due(2025-02-29)", code: .dateInvalid, covers: "2025-02-29"),
        Case(line: "- a @due(2025-13-01)", code: .dateInvalid, covers: "2025-13-01"),
        Case(line: "- a @due(2025-02-30)", code: .dateInvalid, covers: "2025-02-30"),
        Case(line: "- a @defer(2027-05-11 25:00)", code: .dateOverflow, covers: "2027-05-11 25:00"),
        Case(line: "- a @due(2027-05-11 14:00-13:00)", code: .rangeInverted, covers: "2027-05-11 14:00-13:00"),
        Case(line: "- a @due(2027-05-12 thru 2027-05-01)", code: .rangeInverted, covers: "2027-05-12 thru 2027-05-01"),
        Case(line: "- a @done(2030-13-01)", code: .dateInvalid, covers: "2030-13-01"),
        Case(line: "- a @waiting(2025-13-01)", code: nil),
        Case(line: "- a @due(2025", code: .tagValueUnbalanced, covers: "@due(2025"),
        Case(line: "- a @note(a(b)c) tail", code: .tagValueUnbalanced, covers: "@note(a(b)c) tail"),
        Case(line: "- a @note(a\\(b\\)c)", code: nil),
        Case(line: "- a @due(2020-01-10)", code: .overdue, covers: "@due(2020-01-10)"),
        Case(line: "- a @due(yesterday)", code: .overdue, covers: "@due(yesterday)"),
        Case(line: "- a @due(today)", code: nil),
        Case(line: "- a @due(2020-01-10) @done", code: nil),
        Case(line: "Note @due(2020-01-10)", code: nil),
        Case(line: "- a @next @x @next", code: .duplicateTag, covers: "@next"),
        Case(line: "- a @p(1) @p(2)", code: .duplicateTag, covers: "@p(2)"),
        Case(line: "Home: ", code: .projectTrailingSpace, covers: " "),
        Case(line: "\tGarden:\t \t", code: .projectTrailingSpace, covers: "\t \t"),
        Case(line: "Home:", code: nil),
        Case(line: "- Errands: ", code: nil),
    ])
    func rule(_ c: Case) {
        let found = Self.diagnostics(c.line)
        if let code = c.code {
            #expect(found.map(\.code) == [code])
            if let d = found.first {
                #expect(Self.covered(c.line, d) == c.covers)
                #expect(d.severity == code.severity)
            }
        } else {
            #expect(found.isEmpty, "\(found)")
        }
    }

    @Test func severities() {
        #expect(DiagnosticCode.dateMalformed.severity == .error)
        #expect(DiagnosticCode.dateInvalid.severity == .error)
        #expect(DiagnosticCode.rangeInverted.severity == .error)
        #expect(DiagnosticCode.tagValueUnbalanced.severity == .warning)
        #expect(DiagnosticCode.lineTooLong.severity == .warning)
        #expect(DiagnosticCode.overdue.severity == .information)
        #expect(DiagnosticCode.duplicateTag.severity == .warning)
        #expect(DiagnosticCode.projectTrailingSpace.severity == .hint)
    }

    @Test func lineTooLongCountsGraphemeClusters() {
        let limit: (inout LintSettings) -> Void = {
            $0.maxLineLength = 10; $0.lineLengthNotes = true
        }
        // 10 thumbs with skin tone: 80 bytes, 20 UTF-16 units, 10 characters: not too long.
        #expect(Self.diagnostics(String(repeating: "👍🏽", count: 10), limit).isEmpty)
        let thumbs = String(repeating: "👍🏽", count: 13)
        let d = Self.diagnostics(thumbs, limit)
        #expect(d.map(\.code) == [.lineTooLong])
        #expect(d.first?.message == "Line is 13 characters long (limit 10, 3 over)")
        #expect(Self.covered(thumbs, d[0]) == "👍🏽👍🏽👍🏽")
        // e + combining accent is one character.
        let accents = String(repeating: "e\u{301}", count: 11)
        #expect(Self.diagnostics(accents, limit).first?.message == "Line is 11 characters long (limit 10, 1 over)")
        #expect(Self.covered(accents, Self.diagnostics(accents, limit)[0]) == "e\u{301}")
        // CJK and tabs count one each.
        #expect(Self.diagnostics("東京東京東京東京東京", limit).isEmpty)
        let tabs = "\t\t\t\t\t- abcdef"
        #expect(Self.diagnostics(tabs, limit).first?.message == "Line is 13 characters long (limit 10, 3 over)")
        #expect(Self.covered(tabs, Self.diagnostics(tabs, limit)[0]) == "def")
    }

    @Test func lineTooLongDefaultsTo120AndZeroTurnsItOff() {
        let long = "- " + String(repeating: "x", count: 119)
        #expect(Self.diagnostics(long).map(\.code) == [.lineTooLong])
        #expect(Self.diagnostics("- " + String(repeating: "x", count: 118)).isEmpty)
        #expect(Self.diagnostics(long) { $0.maxLineLength = 0 }.isEmpty)
    }

    @Test func aLineOfThousandsOfTagsIsCheckedInLinearTime() {
        // Pairwise comparison would take minutes here; every repeat is found once.
        let line = "- " + (0..<20_000).map { "@t\($0 % 5000)" }.joined(separator: " ")
        let syntax = TagScanner.parse(line)
        #expect(syntax.repeatedTagIndices(in: line).count == 15_000)
        // The rule reports the first of them (a person reads a handful, not thousands).
        let found = Self.diagnostics(line) { $0.maxLineLength = 0 }
        #expect(found.count == LineDiagnostic.maxPerRuleAndLine)
        #expect(found.allSatisfy { $0.code == .duplicateTag })
    }

    @Test func overdueCanBeTurnedOff() {
        #expect(Self.diagnostics("- a @due(2020-01-01)") { $0.overdue = false }.isEmpty)
    }

    @Test func dateTagsSettingDecidesWhatIsChecked() {
        #expect(Self.diagnostics("- a @when(nope)") { $0.dateTags = ["when"] }.map(\.code) == [.dateMalformed])
        #expect(Self.diagnostics("- a @due(nope)") { $0.dateTags = ["when"] }.isEmpty)
    }

    @Test func lintWholeText() {
        let findings = Linter.lint(
            "Home:\n- a @due(2025-02-30)\r\n- b @due(tomorow)", settings: LintSettings(), clock: Self.clock)
        #expect(findings.map(\.line) == [1, 2])
        #expect(findings.map(\.diagnostic.code) == [.dateInvalid, .dateMalformed])
    }
}

@Suite struct DurationRuleTests {
    static func findings(_ text: String) -> [LineDiagnostic] {
        RulesTests.diagnostics(text).filter { $0.code == .durationMalformed }
    }

    @Test func warnsOnEstimatesAndLastedThatAreNoDuration() {
        let line = "- Write @est(soon) @estimate(-5h) @lasted(2 parsecs) @later(soon)"
        let found = Self.findings(line)
        #expect(found.map(\.range) == [13..<17, 29..<32, 42..<51])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found[0].message.contains("'soon' in @est is no duration"))
        #expect(found[0].message.contains("1h30m"))
        #expect(found[1].message.contains("negative"))
    }

    @Test func readableDurationsAndOtherTagsAreQuiet() {
        for text in [
            "- a @est(2h30m) @estimate(1.5h) @lasted(1 day and 20 minutes)", "- a @1h30m", "- a @estimates(soon)",
            "- a @est", "- a @started(26-11-21 10:00)", "- a @lasted(1:30)",
        ] {
            #expect(Self.findings(text).isEmpty, "\(text)")
        }
        #expect(Self.findings("- a @est(" + String(repeating: "9", count: 10_000) + "h)").count == 1)
    }
}
