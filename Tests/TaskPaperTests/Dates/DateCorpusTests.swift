import Testing
@testable import TaskPaper

/// The policy over every payload TaskPaper 3 reads that the date tests know: none gets an Error.
/// Prints the corpus sizes (the closing note quotes them).
@Suite struct DateCorpusTests {
    @Test func noPayloadTaskPaperReadsGetsAnError() {
        let clock = DateTaskPaperSpecTests.clock
        var readable = DateTaskPaperSpecTests.rows.map(\.0)
        readable += [
            "tomorrow at 5pm", "5pm", "this may at 9am", "next quarter", "+2 days", "3 weeks", "-1w 2d",
            "2016", "2016-5", "2016-W51-4", "2025-05-11T10:00", "1976-11-27T05:00:00.000Z",
            "this feb +5h +10m 20ms", "10:30:15:200 pm", "", "+1m", "13-12-05 20:53",
            "2025-05-11 25:00", "2025-05-11 13:00pm", "2025-05-11 12pm", "2025-05-11 12am", "jul 32", "2",
            "2025-05-11 10", "2025-123T08:00", "2025-05-11 24:00",
        ]
        // The randomized test's pieces that read on their own.
        readable += (DateRandomizedTests.dates + DateRandomizedTests.times + DateRandomizedTests.durations)
            .filter { $0.expected == .reads }.map(\.text)
        let unreadable = [
            "tomorow", "sept 3", " 2025-05-11", "tues", "thurs", "mondy", "+1x", "9a", "at 9", "10:",
            "2025/05/11", "next fortnight", "1mo", "2025-02-30", "2025-13-01", "2025-123",
        ]
        var errors = 0, warnings = 0
        for payload in readable {
            let line = TextDocument(text: "- a @due(\(payload))").lines[0]
            let found = AnalyzedLine(text: line.text, syntax: line.syntax, settings: LintSettings(), clock: clock)
                .diagnostics().filter { $0.code != .overdue }
            errors += found.filter { $0.severity == .error }.count
            warnings += found.filter { $0.severity == .warning }.count
            #expect(found.allSatisfy { $0.severity != .error }, "\(payload): \(found)")
        }
        var unreadableErrors = 0
        for payload in unreadable {
            if case .failure = DateValue.parse(payload[...], clock: clock) { unreadableErrors += 1 }
        }
        #expect(unreadableErrors == unreadable.count)
        print(
            "date corpus: \(readable.count) payloads TaskPaper reads, \(errors) errors, \(warnings) warnings; "
                + "\(unreadable.count) it cannot read, \(unreadableErrors) errors")
    }
}
