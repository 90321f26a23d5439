import Foundation
import Testing
@testable import TaskPaper

/// Every diagnostic code fires on some line (a rule left out of `AnalyzedLine.diagnostics()` or the
/// linter would never fire), and the README's table lists every code.
@Suite struct DiagnosticCodeTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    /// A line that produces `code`. The switch is exhaustive: a new code needs its line here.
    static func sample(for code: DiagnosticCode) -> String {
        switch code {
        case .dateMalformed: "- Pay rent @due(tomorow)"
        case .dateInvalid: "- Call @due(2025-02-30)"
        case .rangeInverted: "- Dentist @due(2025-05-11 14:00-13:00)"
        case .tagValueUnbalanced: "- Ask @waiting(Bob"
        case .lineTooLong: "- " + String(repeating: "long ", count: 30)
        case .overdue: "- Return books @due(2020-01-10)"
        case .duplicateTag: "- Prune @next @next"
        case .projectTrailingSpace: "Garden: "
        case .dateOverflow: "- Call @due(2025-05-11 25:00)"
        case .tagReserved: "- Item @id(3)"
        case .searchMalformed: "Today @search(@today and)"
        case .repeatMalformed: "- Pay rent @repeat(every 0 days)"
        case .durationMalformed: "- Write report @est(soon)"
        case .subtasksDone: "- Pack\n\t- Passport @done"
        case .dueToday: "- Pay rent @due(2026-11-21)"
        }
    }

    @Test(arguments: DiagnosticCode.allCases)
    func everyCodeIsProduced(_ code: DiagnosticCode) {
        // Through the linter, which also runs the outline's rule.
        var settings = LintSettings()
        settings.dueToday = true  // the language server's, for its problem list (off in `check`)
        let found = Linter.lint(Self.sample(for: code), settings: settings, clock: Self.clock).map(\.diagnostic)
        #expect(
            found.contains { $0.code == code }, "\(code.rawValue) not produced by \(Self.sample(for: code)): \(found)")
        #expect(found.first { $0.code == code }?.severity == code.severity)
    }

    @Test func theReadmeTableListsEveryCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Diagnostics\n").dropFirst().first)
        let rows = section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter { $0.hasPrefix("| `") }
        for code in DiagnosticCode.allCases {
            let row = rows.first { $0.hasPrefix("| `\(code.rawValue)` |") }
            #expect(row != nil, "README.md's diagnostics table has no row for \(code.rawValue)")
            #expect(
                row?.contains("| \(code.severity.name) |") == true,
                "README.md gives \(code.rawValue) another severity than \(code.severity.name)")
        }
    }

    @Test func dueTodayIsOnlyWhereAsked() {
        let line = "- Pay rent @due(2026-11-21)\n- Done @due(2026-11-21) @done\n- Span @due(2026-11-20 thru 2026-11-21)"
        #expect(Linter.lint(line, settings: LintSettings(), clock: Self.clock).isEmpty, "check reports no due day")
        var settings = LintSettings()
        settings.dueToday = true
        let found = Linter.lint(line, settings: settings, clock: Self.clock)
        #expect(found.map(\.line) == [0, 2], "open tasks whose deadline (a span's end) is today")
        #expect(found.allSatisfy { $0.diagnostic.code == .dueToday && $0.diagnostic.message == "Due today" })
    }
}
