import Foundation
import Testing
@testable import TaskPaperServer

/// `subtasks-done` as an editor shows it (Support/TestClient.swift): the hint follows edits of the
/// subtasks below it, and its quick fix is Mark as done.
@Suite struct SubtasksDoneTests {
    let uri = "file:///tmp/trip.taskpaper"

    /// The `subtasks-done` hints published for a version, as `[line, start, line, end]: message`.
    static func hints(_ c: TestClient, _ uri: String, version: Int) throws -> [String] {
        try c.waitForDiagnostics(uri, version: version).filter { $0.code == "subtasks-done" }.map {
            "\($0.rangeTuple): \($0["message"]?.stringValue ?? "")"
        }
    }

    @Test func appearsWhenTheLastOpenSubtaskIsMarkedDone() throws {
        let c = TestClient(now: "2026-11-21T10:00")
        try c.initialize()
        let doc = c.open(uri, marked: "- 1️⃣Pack2️⃣\n\t- Passport @done\n\t- Tickets3️⃣\n\t\tOn the desk\n")
        #expect(try Self.hints(c, uri, version: 1).isEmpty)
        c.change(uri, version: 2, [["range": doc.rangeJSON("3️⃣", "3️⃣"), "text": " @done(2026-11-21)"]])
        let published = try c.waitForDiagnostics(uri, version: 2)
        #expect(published.map(\.code) == ["subtasks-done"])
        #expect(published.first?.rangeTuple == doc.range("1️⃣", "2️⃣"))
        #expect(published.first?["severity"] == 4)
        #expect(published.first?["message"] == "All 2 subtasks are done")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func goesWhenASubtaskReopens() throws {
        let c = TestClient(now: "2026-11-21T10:00")
        try c.initialize()
        let doc = c.open(uri, marked: "Trip:\n\t- Pack\n\t\t- Passport @done\n\t\t- Tickets1️⃣ @done2️⃣\n")
        // The project waits for Pack, its open task.
        #expect(try Self.hints(c, uri, version: 1) == ["[1, 3, 1, 7]: All 2 subtasks are done"])
        c.change(uri, version: 2, [["range": doc.rangeJSON("1️⃣", "2️⃣"), "text": ""]])
        #expect(try Self.hints(c, uri, version: 2).isEmpty)
        // Closed again: it comes back.
        c.change(uri, version: 3, [["range": doc.rangeJSON("1️⃣", "1️⃣"), "text": " @cancelled"]])
        #expect(try Self.hints(c, uri, version: 3) == ["[1, 3, 1, 7]: All 2 subtasks are done or cancelled"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func goesWhenANewOpenSubtaskIsAdded() throws {
        let c = TestClient(now: "2026-11-21T10:00")
        try c.initialize()
        let doc = c.open(uri, marked: "- Pack\n\t- Passport @done1️⃣\n- Go\n")
        #expect(try Self.hints(c, uri, version: 1) == ["[0, 2, 0, 6]: Its only subtask is done"])
        c.change(uri, version: 2, [["range": doc.rangeJSON("1️⃣", "1️⃣"), "text": "\n\t- Visa"]])
        #expect(try Self.hints(c, uri, version: 2).isEmpty)
        // Removing it again brings the hint back.
        c.change(uri, version: 3, [LSPClient.edit(1, 17, 2, 7, "")])
        #expect(try Self.hints(c, uri, version: 3) == ["[0, 2, 0, 6]: Its only subtask is done"])
        // Indenting the next task under it, in a notification of two changes.
        c.change(uri, version: 4, [LSPClient.edit(2, 0, 2, 0, "\t"), LSPClient.edit(0, 6, 0, 6, " @home")])
        #expect(try Self.hints(c, uri, version: 4).isEmpty)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func onAProjectAndNotWithoutSubtasksOrWithAnOpenOne() throws {
        let c = TestClient(now: "2026-11-21T10:00")
        try c.initialize()
        c.open(
            uri,
            "Trip:\n\t- Book @done\n- Alone\n- Pack\n\t- Passport @done\n\t- Tickets\nArchive:\n\t- Old @done\n")
        #expect(try Self.hints(c, uri, version: 1) == ["[0, 0, 0, 4]: Its only task is done"])
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Pulled too, with a new resultId when the parent's finding changes.
    @Test func pulledDiagnosticsFollowTheSubtasks() throws {
        let c = TestClient(now: "2026-11-21T10:00")
        try c.initialize(capabilities: ["textDocument": ["diagnostic": ["dynamicRegistration": false]]])
        c.open(uri, "- Pack\n\t- Passport\n")
        let pull: () throws -> JSON = {
            try c.request("textDocument/diagnostic", ["textDocument": ["uri": .string(self.uri)]])
        }
        #expect(try pull()["items"]?.arrayValue?.isEmpty == true)
        c.change(uri, version: 2, [LSPClient.edit(1, 11, 1, 11, " @done")])
        #expect(try pull()["items"]?.arrayValue?.map(\.code) == ["subtasks-done"])
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Random edits of the outline (depths, states, lines added and removed, the indentation unit
    /// changing), single and several to a notification: after each, the published diagnostics equal
    /// those of a fresh open of the same text.
    @Test(arguments: ["utf-16", "utf-8"])
    func randomOutlineEditsMatchAFreshOpen(encoding: String) throws {
        let c = TestClient(now: "2026-11-21T10:00")
        try c.initialize(capabilities: ["general": ["positionEncodings": [.string(encoding)]]])
        var rng = SystemRandomNumberGenerator()
        func randomLine() -> String {
            String(repeating: Bool.random(using: &rng) ? "\t" : "  ", count: Int.random(in: 0...3, using: &rng))
                + ["- a", "- b @done", "- c @cancelled", "P:", "Archive:", "note", ""].randomElement(using: &rng)!
        }
        var model = ClientText(
            "P:\n\t- a\n\t\t- b @done\n\t\tnote\n\t- c @done\n- d\n\t- e @cancelled", encoding: encoding)
        c.open(uri, model.text)
        for version in 2..<300 {
            var changes: [JSON] = []
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let lines = model.lines
                let l = Int.random(in: 0..<lines.count, using: &rng)
                let end = model.length(lines[l])
                // Close a task, rewrite a line, add one after it, join it to the one before, indent it.
                let (from, to, insert): ((Int, Int), (Int, Int), String) =
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0: ((l, end), (l, end), Bool.random(using: &rng) ? " @done" : " @cancelled")
                    case 1: ((l, 0), (l, end), randomLine())
                    case 2: ((l, end), (l, end), "\n" + randomLine())
                    case 3 where l > 0: ((l - 1, model.length(lines[l - 1])), (l, 0), "")
                    default: ((l, 0), (l, 0), Bool.random(using: &rng) ? "\t" : " ")
                    }
                model.replace(from, to, with: insert)
                changes.append(LSPClient.edit(from.0, from.1, to.0, to.1, insert))
            }
            c.change(uri, version: version, changes)
            let edited = try c.waitForDiagnostics(uri, version: version)
            let fresh = "file:///tmp/fresh\(version).taskpaper"
            c.open(fresh, model.text)
            let expected = try c.waitForDiagnostics(fresh)
            #expect(edited == expected, "\(model.text.debugDescription)")
            if edited != expected { break }
        }
        #expect(try c.shutdownAndExit() == 0)
    }

    // MARK: The quick fix

    @Test func quickFixMarksTheTaskDone() throws {
        let s = try CodeActionTests.Session("- Pack\n\t- Passport @done\n")
        let fixes = try s.actions(0, 3, only: ["quickfix"])
        try #require(fixes.count == 1)
        #expect(fixes[0]["title"] == "Mark as done")
        #expect(fixes[0]["isPreferred"] == true)
        #expect(fixes[0]["diagnostics"]?.arrayValue?.map(\.code) == ["subtasks-done"])
        #expect(try s.applying(fixes[0]) == "- Pack @done(2026-11-21)\n\t- Passport @done\n")
        try s.close()
    }

    /// One Mark as done an answer: on the hinted line, the quick fix; over a selection, the action
    /// that marks every task of it.
    @Test func oneMarkAsDoneAnAnswer() throws {
        let s = try CodeActionTests.Session("- Pack\n\t- Passport @done\n- Call\n")
        let atCursor = try s.actions(0, 3).filter { $0["title"] == "Mark as done" }
        #expect(atCursor.map { $0["kind"] } == ["quickfix"])
        let overSelection = try s.actions(0, 0, to: (2, 3)).filter { $0["title"] == "Mark as done" }
        #expect(overSelection.map { $0["kind"] } == ["refactor.rewrite"])
        #expect(
            try s.applying(overSelection[0])
                == "- Pack @done(2026-11-21)\n\t- Passport @done\n- Call @done(2026-11-21)\n")
        try s.close()
    }

    @Test func quickFixMarksAProjectDone() throws {
        let s = try CodeActionTests.Session("Trip: @home  \n\t- Book @done\n")
        let fixes = try s.actions(0, 1, only: ["quickfix"])
        try #require(fixes.count == 1)
        #expect(try s.applying(fixes[0]) == "Trip: @home @done(2026-11-21)  \n\t- Book @done\n")
        try s.close()
    }

    /// The same edit as the Mark as done action: a repeating task's next occurrence goes above it.
    @Test func quickFixOnARepeatingTaskIsMarkAsDonesEdit() throws {
        let s = try CodeActionTests.Session("- Pay rent @repeat(monthly) @due(2026-11-21)\n\t- Transfer @done\n")
        let fixes = try s.actions(0, 3, only: ["quickfix"])
        try #require(fixes.count == 1)
        let action = try #require(
            try s.actions(0, 3, only: ["refactor.rewrite"]).first { $0["title"] == "Mark as done" })
        let fixed = try s.applying(fixes[0])
        #expect(fixed == (try s.applying(action)))
        #expect(fixed.hasPrefix("- Pay rent @repeat(monthly) @due(2026-12-21)\n"))
        try s.close()
    }

    @Test func noQuickFixWithoutTheHint() throws {
        let s = try CodeActionTests.Session("- Pack\n\t- Passport\n")
        #expect(try s.actions(0, 3, only: ["quickfix"]).isEmpty)
        try s.close()
    }
}
