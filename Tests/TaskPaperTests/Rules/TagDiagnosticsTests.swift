import Testing
@testable import TaskPaper

/// The non-date diagnostics as the format's table states them
/// (`Sources/TaskPaper/README.md`, "Diagnostics"): one test per example.
@Suite struct TagDiagnosticsTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    static func analyzed(_ text: String, _ configure: (inout LintSettings) -> Void = { _ in }) -> AnalyzedLine {
        var settings = LintSettings()
        configure(&settings)
        let line = TextDocument(text: text).lines[0]
        return AnalyzedLine(text: line.text, syntax: line.syntax, settings: settings, clock: clock)
    }

    /// (code, covered text, message) of each finding.
    static func found(
        _ text: String, _ configure: (inout LintSettings) -> Void = { _ in }
    )
        -> [(code: DiagnosticCode, covers: String, message: String)]
    {
        analyzed(text, configure).diagnostics().map { ($0.code, String(text.utf8Slice($0.range)), $0.message) }
    }

    @Test func anUnreadValueRunsToJustBeforeTheNextTagTaskPaperReads() {
        let f = Self.found("- Call @waiting(Bob @due(2027-11-25)")
        #expect(f.map(\.code) == [.tagValueUnbalanced])
        #expect(f.first?.covers == "@waiting(Bob")
        #expect(f.first?.message == "TaskPaper reads no tag here: @waiting( has no closing ')'")
    }

    @Test func anUnreadValueWithNoTagAfterItRunsToTheLineEndWithoutTrailingWhiteSpace() {
        let f = Self.found("- a @note(call me  ")
        #expect(f.map(\.covers) == ["@note(call me"])
    }

    @Test func nestedParenthesesAreNamedAsSuchWithTheEscapeToUse() {
        let f = Self.found("- fix @project(KANBAN TICKET(S) / Bugs)")
        #expect(f.map(\.code) == [.tagValueUnbalanced])
        #expect(f.first?.covers == "@project(KANBAN TICKET(S) / Bugs)")
        #expect(
            f.first?.message == "TaskPaper reads no tag here: the parentheses inside @project(…) are nested; "
                + "escape them as '\\(' and '\\)'")
    }

    @Test func aValueClosedByTextIsNamedAsSuch() {
        let f = Self.found("- a @x(b)c d")
        #expect(
            f.first?.message
                == "TaskPaper reads no tag here: @x(…) must be followed by white space or the line end")
        #expect(f.first?.covers == "@x(b)c d")
    }

    @Test func everyUnreadValueOnALineIsReported() {
        let f = Self.found("hello @a(b @c(d)")
        #expect(f.map(\.code) == [.tagValueUnbalanced])
        #expect(f.map(\.covers) == ["@a(b"])
        #expect(Self.found("@a(b @x(y @c(d)").map(\.covers) == ["@a(b @x(y", "@x(y"])
    }

    @Test func theEscapeQuickFixRepairsWithinTheRange() {
        let line = Self.analyzed("- Call @waiting(Bob @due(2027-11-25)")
        let d = line.diagnostics()[0]
        let fix = QuickFixes.fixes(for: d, on: line, index: 0)
        var doc = TextDocument(text: line.text)
        doc.apply(fix[0].replacements)
        #expect(doc.text == "- Call @waiting(Bob) @due(2027-11-25)")
        let nested = Self.analyzed("- fix @project(KANBAN TICKET(S) / Bugs)")
        var fixed = TextDocument(text: nested.text)
        fixed.apply(QuickFixes.fixes(for: nested.diagnostics()[0], on: nested, index: 0)[0].replacements)
        #expect(fixed.text == #"- fix @project(KANBAN TICKET\(S\) / Bugs)"#)
        let payloads = fixed.lines[0].syntax.tags.map { String($0.payload(in: fixed.text) ?? "") }
        #expect(payloads == [#"KANBAN TICKET\(S\) / Bugs"#])
    }

    @Test func reservedTagsAreWarnedAbout() {
        let f = Self.found("- a @id(3) @text @type(x) @identity")
        #expect(f.map(\.code) == [.tagReserved, .tagReserved, .tagReserved])
        #expect(f.map(\.covers) == ["@id(3)", "@text", "@type(x)"])
        #expect(f.first?.message == "TaskPaper ignores @id: the name is reserved for its own item attributes")
        #expect(DiagnosticCode.tagReserved.severity == .warning)
        #expect(DiagnosticCode.tagReserved.rawValue == "tag-reserved")
    }

    @Test func lineTooLongMeasuresTasksAndProjectsOnly() {
        let limit: (inout LintSettings) -> Void = { $0.maxLineLength = 20 }
        let prose = "A long note written as prose, as notes are."
        #expect(Self.found(prose, limit).isEmpty)
        #expect(Self.found("- " + prose, limit).map(\.code) == [.lineTooLong])
        #expect(Self.found(prose + ":", limit).map(\.code) == [.lineTooLong])
        #expect(
            Self.found(prose) {
                $0.maxLineLength = 20; $0.lineLengthNotes = true
            }.map(\.code) == [.lineTooLong])
        #expect(Self.found("- " + prose, limit).first?.message == "Line is 45 characters long (limit 20, 25 over)")
    }

    @Test func projectTrailingSpaceNeedsALetterOrDigitBeforeTheColon() {
        #expect(Self.found("Home: ").map(\.code) == [.projectTrailingSpace])
        #expect(Self.found("2026: ").map(\.code) == [.projectTrailingSpace])
        #expect(Self.found("Été: ").map(\.code) == [.projectTrailingSpace])
        #expect(Self.found("+: ").isEmpty)
        #expect(Self.found("-: ").isEmpty)
        #expect(Self.found("\t+: good point ").isEmpty)
    }

    @Test func duplicateTagsKeepTheFirstAndALoneAtSignNeverCounts() {
        let f = Self.found("- a @x(1) @ @x(2) @")
        #expect(f.map(\.code) == [.duplicateTag])
        #expect(f.map(\.covers) == ["@x(2)"])
    }

    /// A megabyte of unread values and repeated tags: the first reports of each rule, each with its own
    /// range and reason, found without scanning the rest of the line once per value (this froze `check`).
    @Test func aLineOfThousandsOfUnreadValuesReportsTheFirstHundred() {
        let line = "- " + String(repeating: "word @t(v) x@y @a(b ", count: 50_000)
        let found = Self.analyzed(line).diagnostics()
        let unread = found.filter { $0.code == .tagValueUnbalanced }
        #expect(unread.count == LineDiagnostic.maxPerRuleAndLine)
        #expect(found.filter { $0.code == .duplicateTag }.count == LineDiagnostic.maxPerRuleAndLine)
        // Each unread `@a(b` runs to just before the next tag TaskPaper reads (`@t(v)`), trailing space left out.
        #expect(unread.prefix(3).map { String(line.utf8Slice($0.range)) } == ["@a(b word", "@a(b word", "@a(b word"])
        #expect(unread.first?.message == "TaskPaper reads no tag here: @a( has no closing ')'")
    }
}
