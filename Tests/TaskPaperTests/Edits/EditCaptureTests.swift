import Testing
import TaskPaper

/// `text` after `CaptureEdits.capture` adds `task` under `path`, and the line the task is on there.
private func capture(_ text: String, _ task: String, under path: [String]) throws -> (text: String, line: String) {
    var doc = TextDocument(text: text)
    let task = try #require(CaptureEdits.taskText(task))
    let capture = CaptureEdits.capture(task, under: path, in: doc.lines, indentWidth: .auto)
    doc.apply(capture.replacements)
    return (doc.text, doc.lines[capture.line].text)
}

@Suite struct EditCaptureTests {
    @Test func theTaskIsTheProjectsLastChildAfterItsDeepestLine() throws {
        let added = try capture("Inbox:\n\t- a\n\t\t- sub\n\t\tnote\n\nOther:\n", "b", under: ["Inbox"])
        #expect(outlineShape(added.text) == "Inbox{a{sub, note}, b}, Other")
        #expect(added.line == "\t- b")
    }

    @Test func thePathIsReadFromTheTopAndNamesLeaveTagsOut() throws {
        let text = "Work:\n\tErrands:\n\t\t- a\nErrands: @focus\n\t- b\n"
        #expect(outlineShape(try capture(text, "c", under: ["Errands"]).text) == "Work{Errands{a}}, Errands{b, c}")
        #expect(
            outlineShape(try capture(text, "c", under: ["Work", "Errands"]).text) == "Work{Errands{a, c}}, Errands{b}")
    }

    @Test func aFileWithoutAFinalLineEndGetsNoneAndAnEmptyOneGetsOne() throws {
        #expect(try capture("Inbox:\n\t- a", "b", under: ["Inbox"]).text == "Inbox:\n\t- a\n\t- b")
        #expect(try capture("", "b", under: ["Inbox"]).text == "Inbox:\n\t- b\n")
        #expect(try capture("", "b", under: ["A", "B"]).text == "A:\n\tB:\n\t\t- b\n")
    }

    @Test func taskTextTrimsAddsTheDashOnceAndRefusesEmptyOrSeveralLines() {
        #expect(CaptureEdits.taskText("  Buy milk @due(tomorrow)\t") == "- Buy milk @due(tomorrow)")
        #expect(CaptureEdits.taskText("- Buy milk") == "- Buy milk")
        #expect(CaptureEdits.taskText("-5 degrees") == "- -5 degrees")
        for refused in ["", " \t", "-", "- ", "a\nb", "a\r\nb", "a\rb"] {
            #expect(CaptureEdits.taskText(refused) == nil, "\(refused.debugDescription)")
        }
    }
}
