import Testing
import TaskPaperServer

/// Item actions as code actions and as commands, in process: each edit applied
/// to the whole text as an editor applies it. The day is Saturday 2026-11-21.
@Suite struct ItemActionTests {
    typealias Session = CodeActionTests.Session
    static let uri = JSON.string(CodeActionTests.uri)

    /// Runs a command and returns the text after the edit it sent with workspace/applyEdit.
    private func run(_ s: Session, _ command: String, _ arguments: [JSON]) throws -> String {
        let before = s.applyEdits.all.count
        let result = try s.client.request(
            "workspace/executeCommand", ["command": .string(command), "arguments": .array(arguments)])
        #expect(result == .null)
        let sent = s.applyEdits.all
        try #require(sent.count == before + 1, "\(command) sent no workspace/applyEdit")
        return try ApplyEdits.apply(
            try #require(sent.last?["edit"]), uri: CodeActionTests.uri, to: s.text, encoding: s.encoding)
    }

    @Test func convertsEveryItemInTheSelection() throws {
        let s = try Session("Home:\n\t- Buy milk\n\tBread\n\t- Eggs\n")
        let toTask = try s.action("Convert to task", at: 1, 0, to: (3, 0))
        #expect(toTask["kind"] == "refactor.rewrite")
        #expect(try s.applying(toTask) == "Home:\n\t- Buy milk\n\t- Bread\n\t- Eggs\n")
        #expect(
            try s.applying(s.action("Convert to note", at: 1, 0, to: (3, 0)))
                == "Home:\n\tBuy milk\n\tBread\n\t- Eggs\n")
        #expect(try s.applying(s.action("Convert to project", at: 1, 3)) == "Home:\n\tBuy milk:\n\tBread\n\t- Eggs\n")
        // A task is not offered to become a task.
        #expect(try !s.actions(3, 0).contains { $0["title"] == "Convert to task" })
        try s.close()
    }

    @Test func movesToEachProjectNearestFirst() throws {
        let s = try Session("Home:\n\t- Buy milk\n\t\tfresh\nWork:\n\t- Report\nErrands:\n")
        let moves = try s.actions(1, 2).filter { $0["kind"] == "refactor.move" }
        #expect(moves.compactMap { $0["title"]?.stringValue } == ["Move to Work", "Move to Errands"])
        // The task goes with its note.
        #expect(try s.applying(moves[1]) == "Home:\nWork:\n\t- Report\nErrands:\n\t- Buy milk\n\t\tfresh\n")
        #expect(try s.actions(1, 2, only: ["refactor.rewrite"]).allSatisfy { $0["kind"] == "refactor.rewrite" })
        try s.close()
    }

    @Test func theTargetsFollowEdits() throws {
        let s = try Session("Home:\n\t- Buy milk\nWork:\n")
        let titles = { try s.actions(1, 2, only: ["refactor.move"]).compactMap { $0["title"]?.stringValue } }
        #expect(try titles() == ["Move to Work"])
        s.client.change(CodeActionTests.uri, version: 2, [LSPClient.edit(3, 0, 3, 0, "Errands:\n")])
        #expect(try titles() == ["Move to Work", "Move to Errands"])
        try s.close()
    }

    @Test func sortsTheProjectByDueDate() throws {
        let s = try Session("Home:\n\t- b @due(2026-12-01)\n\t- c\n\t- a @due(2026-11-25)\n")
        #expect(
            try s.applying(s.action("Sort by due date", at: 2, 0))
                == "Home:\n\t- a @due(2026-11-25)\n\t- b @due(2026-12-01)\n\t- c\n")
        try s.close()
    }

    @Test func tagsWithTodayAndRemovesIt() throws {
        let s = try Session("- Call Bob\n- Pay @today\n")
        #expect(
            try s.applying(s.action("Tag with @today", at: 0, 0, to: (1, 3))) == "- Call Bob @today\n- Pay @today\n")
        #expect(try s.applying(s.action("Remove @today", at: 0, 0, to: (1, 3))) == "- Call Bob\n- Pay\n")
        try s.close()
    }

    @Test func itemActionsAsCommands() throws {
        let s = try Session("Home:\n\t- Buy milk\nWork:\nErrands:\n")
        let line1: JSON = ["line": 1, "character": 2]
        #expect(try run(s, "taskpaper.tagToday", [Self.uri, line1]) == "Home:\n\t- Buy milk @today\nWork:\nErrands:\n")
        #expect(try run(s, "taskpaper.convertToNote", [Self.uri, line1]) == "Home:\n\tBuy milk\nWork:\nErrands:\n")
        // No target: the nearest project; a target by path or by line.
        #expect(try run(s, "taskpaper.moveToProject", [Self.uri, line1]) == "Home:\nWork:\n\t- Buy milk\nErrands:\n")
        #expect(
            try run(s, "taskpaper.moveToProject", [Self.uri, line1, "Errands"])
                == "Home:\nWork:\nErrands:\n\t- Buy milk\n")
        #expect(
            try run(s, "taskpaper.moveToProject", [Self.uri, line1, 3]) == "Home:\nWork:\nErrands:\n\t- Buy milk\n")
        try s.close()
    }
}
