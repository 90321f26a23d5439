import Testing
@testable import TaskPaper

/// `subtasks-done`: which items get it, what it says and covers, and that rechecking the lines an edit
/// names keeps every finding equal to a fresh pass.
@Suite struct SubtasksDoneRuleTests {
    /// Each finding as `line: covered text: message`.
    func findings(_ text: String) -> [String] {
        let doc = TextDocument(text: text)
        return SubtasksDoneRule.findings(in: doc.lines, spacesPerLevel: doc.spacesPerLevel(.auto)).map {
            "\($0.line): \(doc.lines[$0.line].utf8Slice($0.diagnostic.range)): \($0.diagnostic.message)"
        }
    }

    @Test func aTaskWhoseSubtasksAreAllDone() {
        #expect(
            findings("- Pack @due(2026-12-01)\n\t- Passport @done\n\t- Tickets @done(2026-11-20)\n")
                == ["0: Pack: All 2 subtasks are done"])
        #expect(findings("- Pack\n\t- Passport @done\n") == ["0: Pack: Its only subtask is done"])
    }

    @Test func cancelledSubtasksAreSaidSo() {
        #expect(
            findings("- Pack\n\t- a @done\n\t- b @cancelled\n\t- c @done\n")
                == ["0: Pack: All 3 subtasks are done or cancelled"])
        #expect(findings("- Pack\n\t- a @cancelled\n\t- b @cancelled\n") == ["0: Pack: All 2 subtasks are cancelled"])
        #expect(findings("- Pack\n\t- a @cancelled\n") == ["0: Pack: Its only subtask is cancelled"])
    }

    @Test func everyTaskBelowCountsAndNotesDoNot() {
        // A done subtask's open subtask keeps the task open.
        #expect(findings("- Pack\n\t- Bag @done\n\t\t- Socks\n").isEmpty)
        #expect(findings("- Pack\n\t- Bag @done\n\t\t- Socks @done\n") == ["0: Pack: All 2 subtasks are done"])
        // Notes don't count; tasks under a note do.
        #expect(findings("- Pack\n\tRemember the charger\n").isEmpty)
        #expect(findings("- Pack\n\tClothes\n\t\t- Socks @done\n") == ["0: Pack: Its only subtask is done"])
    }

    @Test func noneWithoutSubtasksOrWithAnOpenOne() {
        #expect(findings("- Pack\n- Go @done\n").isEmpty)
        #expect(findings("- Pack\n\t- a @done\n\t- b\n").isEmpty)
        // A closed task is done already.
        #expect(findings("- Pack @done\n\t- a @done\n").isEmpty)
        #expect(findings("- Pack @cancelled\n\t- a @done\n").isEmpty)
    }

    @Test func projectsCountTheirTasksToSubProjectsIncluded() {
        #expect(
            findings("Trip:\n\t- Book @done\n\tPacking:\n\t\t- Pack @done\n")
                == ["0: Trip: All 2 tasks are done", "2: Packing: Its only task is done"])
        #expect(findings("Trip: @done\n\t- Book @done\n").isEmpty)
        #expect(findings("Trip:\n\tIdeas\n").isEmpty)
        // The archive holds done items by design.
        #expect(findings("Archive:\n\t- Book @done @project(Trip)\n").isEmpty)
        #expect(
            findings("Work:\n\tArchive:\n\t\t- Book @done\n") == [
                "0: Work: Its only task is done", "1: Archive: Its only task is done",
            ])
    }

    @Test func blankLinesInsideASubtreeBelongToIt() {
        #expect(findings("- Pack\n\n\t- a @done\n\n- Go\n") == ["0: Pack: Its only subtask is done"])
    }

    @Test func findingOnOneLineAgreesWithTheWholePass() {
        let doc = TextDocument(text: "Trip:\n\t- Pack\n\t\t- a @done\n\t\tnote\n\t- Go\n\t\t- b @cancelled\n- Call\n")
        let whole = Dictionary(
            uniqueKeysWithValues: SubtasksDoneRule.findings(in: doc.lines, spacesPerLevel: 1).map {
                ($0.line, $0.diagnostic)
            })
        for i in doc.lines.indices {
            #expect(SubtasksDoneRule.finding(on: i, in: doc.lines, spacesPerLevel: 1) == whole[i], "line \(i)")
        }
    }

    @Test func theLinterReportsItAfterTheLinesOwnFindings() {
        let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))
        let found = Linter.lint("- Pack @id(1)\n\t- a @done\n", settings: LintSettings(), clock: clock)
        #expect(found.map(\.diagnostic.code) == [.tagReserved, .subtasksDone])
        #expect(found.map(\.line) == [0, 0])
        #expect(found[1].diagnostic.severity == .hint)
    }

    /// Random documents and random edits of whole lines: the findings kept by rechecking the lines
    /// `linesToRecheck` names equal those of a fresh pass over the edited text.
    @Test(arguments: 0..<40)
    func recheckingAfterAnEditEqualsAFreshPass(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        func randomLine() -> String {
            let indent = String(repeating: random.chance(5) ? "  " : "\t", count: random.int(0...3))
            let body = random.pick(["- a", "- b @done", "- c @cancelled", "P:", "Archive:", "note", "", "- d @done @x"])
            return indent + body
        }
        var doc = TextDocument(text: (0..<random.int(1...25)).map { _ in randomLine() }.joined(separator: "\n"))
        var kept: [Int: LineDiagnostic] = [:]
        let spaces = doc.spacesPerLevel(.auto)
        for f in SubtasksDoneRule.findings(in: doc.lines, spacesPerLevel: spaces) { kept[f.line] = f.diagnostic }
        for _ in 0..<30 {
            let before = doc.spacesPerLevel(.auto)
            let first = random.int(0...doc.lineCount - 1)
            let last = min(doc.lineCount - 1, first + random.int(0...2))
            let newText = (0..<random.int(0...3)).map { _ in randomLine() }.joined(separator: "\n")
            let change = doc.replace(
                from: TextPosition(line: first, column: 0),
                to: TextPosition(line: last, column: doc.lines[last].utf8Count), with: newText, encoding: .utf8)
            let after = doc.spacesPerLevel(.auto)
            // Renumber the kept findings as the server's per-line results move.
            var moved: [Int: LineDiagnostic] = [:]
            let shift = change.insertedCount - change.removed.count
            for (line, d) in kept where !change.removed.contains(line) {
                moved[line < change.removed.lowerBound ? line : line + shift] = d
            }
            let recheck =
                SubtasksDoneRule.linesToRecheck(
                    after: change, in: doc.lines, spacesPerLevel: after, previousSpacesPerLevel: before)
                ?? Array(doc.lines.indices)
            for (line, d) in zip(recheck, SubtasksDoneRule.findings(on: recheck, in: doc.lines, spacesPerLevel: after))
            {
                moved[line] = d
            }
            kept = moved
            var fresh: [Int: LineDiagnostic] = [:]
            for f in SubtasksDoneRule.findings(in: doc.lines, spacesPerLevel: after) { fresh[f.line] = f.diagnostic }
            #expect(kept == fresh, "seed \(seed): \(doc.lines.map(\.text))")
            if kept != fresh { return }
        }
    }
}
