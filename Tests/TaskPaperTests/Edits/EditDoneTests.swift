import Testing
import TaskPaper

/// The text after marking lines `range` done with `tag`.
private func markDone(_ text: String, _ range: ClosedRange<Int>, tag: String = "@done(2026-11-21)") -> String {
    var doc = TextDocument(text: text)
    doc.apply(DoneEdits.markDone(doc.lines, in: range, tag: tag))
    return doc.text
}

private func markNotDone(_ text: String, _ range: ClosedRange<Int>) -> String {
    var doc = TextDocument(text: text)
    doc.apply(DoneEdits.markNotDone(doc.lines, in: range))
    return doc.text
}

@Suite struct EditDoneTests {
    @Test func doneTagFollowsTheFormat() {
        let day = CivilDate(year: 2026, month: 11, day: 21)
        #expect(DoneEdits.doneTag(date: day) == "@done(2026-11-21)")
        #expect(DoneEdits.doneTag(date: day, time: TimeOfDay(hour: 9, minute: 5)) == "@done(2026-11-21 09:05)")
        #expect(DoneEdits.doneTag(date: nil) == "@done")
    }

    @Test func appendsToTheTaskKeepingTrailingWhiteSpaceOutside() {
        #expect(markDone("- Buy milk\n", 0...0) == "- Buy milk @done(2026-11-21)\n")
        #expect(markDone("\t- Buy milk  \t\n", 0...0) == "\t- Buy milk @done(2026-11-21)  \t\n")
        #expect(markDone("- Call @due(2026-11-20)", 0...0) == "- Call @due(2026-11-20) @done(2026-11-21)")
        #expect(markDone("- Call\r\n", 0...0, tag: "@done") == "- Call @done\r\n")
    }

    @Test func marksOnlyTasksWithoutDoneInTheRange() {
        let text = "Home:\n\t- a\n\t- b @done(2026-01-01)\n\tnote\n\t- c\n- outside\n"
        #expect(
            markDone(text, 0...4)
                == "Home:\n\t- a @done(2026-11-21)\n\t- b @done(2026-01-01)\n\tnote\n\t- c @done(2026-11-21)\n- outside\n"
        )
    }

    @Test func marksATaskWhoseTagValueNeverCloses() {
        // TaskPaper scans on after a value it cannot read: the appended tag is read.
        let done = markDone("- a @note(open\n", 0...0)
        #expect(done == "- a @note(open @done(2026-11-21)\n")
        let line = TextDocument(text: done).lines[0]
        #expect(line.isDone && line.syntax.kind == .task)
    }

    @Test func notDoneRemovesTheTagItsValueAndTheSpaceBefore() {
        #expect(markNotDone("- a @done(2026-11-21)\n", 0...0) == "- a\n")
        #expect(markNotDone("- a @done(2026-11-21) @due(2026-12-01)\n", 0...0) == "- a @due(2026-12-01)\n")
        #expect(markNotDone("- a @done  \n", 0...0) == "- a  \n")
        #expect(markNotDone("Old: @done\n", 0...0) == "Old:\n")
    }

    @Test func notDoneKeepsTheTaskMarkerAndIndentation() {
        #expect(markNotDone("\t- @done Call Bob\n", 0...0) == "\t- Call Bob\n")
        #expect(markNotDone("\t@done a note\n", 0...0) == "\ta note\n")
        #expect(markNotDone("- @done @done(2026-01-01)\n", 0...0) == "- \n")
    }

    @Test func notDoneOverASelection() {
        let text = "- a @done\n- b\n- c @done(2026-01-01)\n"
        #expect(markNotDone(text, 0...2) == "- a\n- b\n- c\n")
    }
}
