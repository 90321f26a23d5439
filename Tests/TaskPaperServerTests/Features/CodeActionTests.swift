import Foundation
import Testing
import TaskPaperServer

/// Code actions in process (Support/TestClient.swift): each action's edit applied to the text,
/// as an editor would apply it. The clock is pinned to Saturday 2026-11-21 09:30.
@Suite struct CodeActionTests {
    static let uri = "file:///tasks.taskpaper"

    /// An open document in a server; `options` are initializationOptions.
    final class Session {
        let client: TestClient
        let text: String
        let encoding: String
        let applyEdits = Captured()

        init(_ text: String, options: JSON = nil, encodings: [String]? = nil) throws {
            client = TestClient(now: "2026-11-21T09:30")
            let edits = applyEdits
            client.answerServerRequest = { method, params in
                guard method == "workspace/applyEdit" else { return nil }
                edits.append(params)
                return ["applied": true]
            }
            let capabilities: JSON =
                encodings.map { ["general": ["positionEncodings": .array($0.map { .string($0) })]] } ?? [:]
            let result = try client.initialize(capabilities: capabilities, options: options)
            encoding = result["capabilities"]?["positionEncoding"]?.stringValue ?? "utf-16"
            self.text = text
            client.open(CodeActionTests.uri, text)
        }

        /// The code actions for a range (a cursor when the end is left out).
        func actions(
            _ line: Int, _ character: Int, to end: (Int, Int)? = nil, only: [String]? = nil,
            triggerKind: Int? = nil
        ) throws -> [JSON] {
            let (endLine, endCharacter) = end ?? (line, character)
            var context: [String: JSON] = ["diagnostics": []]
            if let only { context["only"] = .array(only.map { .string($0) }) }
            if let triggerKind { context["triggerKind"] = .int(triggerKind) }
            let result = try client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(CodeActionTests.uri)],
                    "range": [
                        "start": ["line": .int(line), "character": .int(character)],
                        "end": ["line": .int(endLine), "character": .int(endCharacter)],
                    ],
                    "context": .object(context),
                ])
            return result.arrayValue ?? []
        }

        /// The one action with this title.
        func action(_ title: String, at line: Int, _ character: Int = 0, to end: (Int, Int)? = nil) throws -> JSON {
            let all = try actions(line, character, to: end)
            let matching = all.filter { $0["title"]?.stringValue == title }
            try #require(
                matching.count == 1, "expected one '\(title)' among \(all.compactMap { $0["title"]?.stringValue })")
            return matching[0]
        }

        /// The text after applying an action's edit.
        func applying(_ action: JSON) throws -> String {
            try ApplyEdits.apply(try #require(action["edit"]), uri: CodeActionTests.uri, to: text, encoding: encoding)
        }

        func close() throws { #expect(try client.shutdownAndExit() == 0) }
    }

    /// What the client received from the server's own requests, across threads.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [JSON] = []
        func append(_ item: JSON) { lock.lock(); items.append(item); lock.unlock() }
        var all: [JSON] { lock.lock(); defer { lock.unlock() }; return items }
    }

    // MARK: Capabilities

    @Test func initializeAdvertisesCodeActionKindsAndCommands() throws {
        let c = TestClient()
        let result = try c.initialize()
        let kinds = result["capabilities"]?["codeActionProvider"]?["codeActionKinds"]?.arrayValue ?? []
        #expect(
            Set(kinds.compactMap(\.stringValue))
                == ["quickfix", "refactor.rewrite", "refactor.move", "source.archiveDone", "source.rescheduleOverdue"])
        let commands = result["capabilities"]?["executeCommandProvider"]?["commands"]?.arrayValue ?? []
        #expect(
            Set(commands.compactMap(\.stringValue)).isSuperset(of: [
                "taskpaper.markDone", "taskpaper.markNotDone", "taskpaper.archiveDone", "taskpaper.convertToTask",
                "taskpaper.convertToNote", "taskpaper.convertToProject", "taskpaper.moveToProject",
                "taskpaper.sortByDue",
                "taskpaper.tagToday", "taskpaper.removeToday",
            ]))
        #expect(try c.shutdownAndExit() == 0)
    }

    // MARK: Mark as done / not done

    @Test func markDoneOnOneLine() throws {
        let s = try Session("Home:\n\t- Buy milk\n\t- Call Bob\n")
        let action = try s.action("Mark as done", at: 1, 4)
        #expect(action["kind"] == "refactor.rewrite")
        #expect(try s.applying(action) == "Home:\n\t- Buy milk @done(2026-11-21)\n\t- Call Bob\n")
        try s.close()
    }

    @Test func markDoneOnASelectionIsOneActionForEveryTask() throws {
        let s = try Session("Home:\n\t- Buy milk\n\t- Paid @done(2026-11-01)\n\ta note\n\t- Call Bob\n- Not selected\n")
        // The selection ends at the start of line 5, which is therefore not selected.
        let action = try s.action("Mark as done", at: 0, to: (5, 0))
        #expect(
            try s.applying(action)
                == "Home:\n\t- Buy milk @done(2026-11-21)\n\t- Paid @done(2026-11-01)\n\ta note\n\t- Call Bob @done(2026-11-21)\n- Not selected\n"
        )
        try s.close()
    }

    @Test func markDoneKeepsTrailingWhiteSpaceOutOfTheTag() throws {
        let s = try Session("- Buy milk   \n")
        #expect(try s.applying(s.action("Mark as done", at: 0)) == "- Buy milk @done(2026-11-21)   \n")
        try s.close()
    }

    @Test func doneFormatBareAndDatetime() throws {
        let bare = try Session("- Buy milk\n", options: ["doneFormat": "bare"])
        #expect(try bare.applying(bare.action("Mark as done", at: 0)) == "- Buy milk @done\n")
        try bare.close()
        let datetime = try Session("- Buy milk\n", options: ["doneFormat": "datetime"])
        #expect(try datetime.applying(datetime.action("Mark as done", at: 0)) == "- Buy milk @done(2026-11-21 09:30)\n")
        try datetime.close()
    }

    @Test func markNotDoneRemovesTheTagAndTheSpaceBefore() throws {
        let s = try Session("- Buy milk @done(2026-11-20) @home\n- Call @done\n")
        let titles = try s.actions(0, 0).compactMap { $0["title"]?.stringValue }
        #expect(!titles.contains("Mark as done"))
        #expect(try s.applying(s.action("Mark as not done", at: 0)) == "- Buy milk @home\n- Call @done\n")
        #expect(try s.applying(s.action("Mark as not done", at: 0, to: (1, 3))) == "- Buy milk @home\n- Call\n")
        try s.close()
    }

    @Test func positionsCountInTheNegotiatedEncoding() throws {
        // 👍🏽 is two scalars: four UTF-16 units, eight UTF-8 bytes.
        let text = "- 👍🏽 café @due(2026-12-1)\n"
        for encodings in [nil, ["utf-8"], ["utf-32"]] {
            let s = try Session(text, encodings: encodings)
            #expect(try s.applying(s.action("Mark as done", at: 0)) == "- 👍🏽 café @due(2026-12-1) @done(2026-11-21)\n")
            #expect(try s.applying(s.action("Zero-pad the date: 2026-12-01", at: 0)) == "- 👍🏽 café @due(2026-12-01)\n")
            try s.close()
        }
    }

    // MARK: Archive

    static let nested = """
        Home:
        \t- Buy milk @done(2026-11-20)
        \t\tfrom the corner shop
        \t- Call Bob
        \tErrands:
        \t\t- Post office @done
        \t\t- Bank
        Work:
        \t- Report @due(2026-12-01)

        """

    @Test func archiveMovesDoneItemsUnderANewArchiveWithTheirProjects() throws {
        let s = try Session(Self.nested)
        // A source action: offered wherever the cursor is, and on request for `source`.
        let actions = try s.actions(8, 0, only: ["source"])
        #expect(actions.compactMap { $0["kind"]?.stringValue } == ["source.archiveDone"])
        #expect(
            try s.applying(actions[0]) == """
                Home:
                \t- Call Bob
                \tErrands:
                \t\t- Bank
                Work:
                \t- Report @due(2026-12-01)

                Archive:
                \t- Buy milk @done(2026-11-20) @project(Home)
                \t\tfrom the corner shop
                \t- Post office @done @project(Home / Errands)

                """)
        try s.close()
    }

    @Test func archiveUsesAnExistingArchiveAndLeavesItsItems() throws {
        let s = try Session("Work:\n\tSub:\n\t\t- Report @done\n\t- Plan\nArchive:\n\t- Old @done @project(Work)\n")
        #expect(
            try s.applying(s.action("Archive done items", at: 0))
                == "Work:\n\tSub:\n\t- Plan\nArchive:\n\t- Report @done @project(Work / Sub)\n\t- Old @done @project(Work)\n"
        )
        try s.close()
    }

    @Test func noArchiveActionWhenNothingIsDone() throws {
        let s = try Session("Home:\n\t- a\nArchive:\n\t- b @done\n")
        #expect(try s.actions(0, 0, only: ["source.archiveDone"]).isEmpty)
        try s.close()
    }

    // MARK: Quick fixes

    /// The quick fixes at a line with their attached diagnostic codes.
    private func quickFixes(_ s: Session, line: Int) throws -> [JSON] {
        let fixes = try s.actions(line, 0, only: ["quickfix"])
        #expect(fixes.allSatisfy { $0["kind"] == "quickfix" })
        return fixes
    }

    @Test func quickFixSwapsAnInvertedRange() throws {
        let s = try Session("- Meet @due(2026-11-25 14:00-13:00)\n")
        let fixes = try quickFixes(s, line: 0)
        try #require(fixes.count == 1)
        #expect(fixes[0]["isPreferred"] == true)
        #expect(fixes[0]["diagnostics"]?.arrayValue?.map(\.code) == ["range-inverted"])
        #expect(fixes[0]["diagnostics"]?.arrayValue?.first?.rangeTuple == [0, 12, 0, 34])
        #expect(try s.applying(fixes[0]) == "- Meet @due(2026-11-25 13:00-14:00)\n")
        try s.close()
    }

    @Test func quickFixRemovesWhiteSpaceAfterAProjectColon() throws {
        let s = try Session("Home: \t\n\t- a\n")
        let fixes = try quickFixes(s, line: 0)
        try #require(fixes.count == 1)
        #expect(fixes[0]["diagnostics"]?.arrayValue?.map(\.code) == ["project-trailing-space"])
        #expect(try s.applying(fixes[0]) == "Home:\n\t- a\n")
        try s.close()
    }

    @Test func quickFixEscapesBareParentheses() throws {
        let s = try Session("- Call @note(ring (555) 123) @home\n")
        let fixes = try quickFixes(s, line: 0)
        try #require(fixes.count == 1)
        #expect(fixes[0]["diagnostics"]?.arrayValue?.map(\.code) == ["tag-value-unbalanced"])
        #expect(try s.applying(fixes[0]) == "- Call @note(ring \\(555\\) 123) @home\n")
        try s.close()
    }

    @Test func quickFixZeroPadsADate() throws {
        let s = try Session("- Trip @start(2026-12-1 thru 2026-12-3)\n")
        let fixes = try quickFixes(s, line: 0)
        try #require(fixes.count == 1)
        #expect(try s.applying(fixes[0]) == "- Trip @start(2026-12-01 thru 2026-12-03)\n")
        try s.close()
    }

    @Test func quickFixReschedulesAnOverdueTaskToTodayOrTomorrow() throws {
        let s = try Session("- Pay rent @due(2026-11-01 10:00)\n")
        let fixes = try quickFixes(s, line: 0)
        #expect(
            fixes.compactMap { $0["title"]?.stringValue } == [
                "Reschedule to today (2026-11-21)", "Reschedule to tomorrow (2026-11-22)",
            ])
        #expect(fixes.allSatisfy { $0["diagnostics"]?.arrayValue?.map(\.code) == ["overdue"] })
        #expect(
            try fixes.map(s.applying) == ["- Pay rent @due(2026-11-21 10:00)\n", "- Pay rent @due(2026-11-22 10:00)\n"])
        try s.close()
    }

    @Test func onlyFiltersByKind() throws {
        let s = try Session("- Pay @due(2026-11-01)\n- Old @done\n")
        let all = try s.actions(0, 0, to: (1, 5))
        #expect(
            Set(all.compactMap { $0["kind"]?.stringValue })
                == ["quickfix", "refactor.rewrite", "source.archiveDone", "source.rescheduleOverdue"])
        #expect(
            try s.actions(0, 0, to: (1, 5), only: ["refactor"]).compactMap { $0["title"]?.stringValue }
                == [
                    "Mark as done", "Mark as not done", "Mark as cancelled", "Start", "Due today", "Due tomorrow",
                    "Due next week",
                    "Postpone 1 day", "Postpone 1 week", "Convert to note", "Convert to project", "Tag with @today",
                ])
        #expect(try s.actions(0, 0, to: (1, 5), only: ["quickfix"]).allSatisfy { $0["kind"] == "quickfix" })
        #expect(try s.actions(0, 0, only: ["refactor.extract"]).isEmpty)
        try s.close()
    }

    @Test func automaticRequestsWithoutOnlyLeaveOutTheArchiveAndLongSelections() throws {
        let long = String(repeating: "- a\n", count: 1_200) + "- b @done\n"
        let s = try Session(long)
        let kinds = { (actions: [JSON]) in Set(actions.compactMap { $0["kind"]?.stringValue }) }
        // A cursor move (automatic): the line's actions, not the whole-document archive.
        #expect(try kinds(s.actions(0, 0, triggerKind: 2)) == ["refactor.rewrite"])
        #expect(try kinds(s.actions(0, 0, triggerKind: 1)) == ["refactor.rewrite", "source.archiveDone"])
        // Asked for by kind, as on save, it comes even automatically.
        #expect(try kinds(s.actions(0, 0, only: ["source"], triggerKind: 2)) == ["source.archiveDone"])
        // Selecting everything: nothing until the user asks.
        #expect(try s.actions(0, 0, to: (1_201, 0), triggerKind: 2).isEmpty)
        let invoked = try s.actions(0, 0, to: (1_201, 0), triggerKind: 1)
        let markDone = try #require(invoked.first { $0["title"] == "Mark as done" })
        #expect(try s.applying(markDone) == String(repeating: "- a @done(2026-11-21)\n", count: 1_200) + "- b @done\n")
        try s.close()
    }

    // MARK: Commands

    /// Runs a command and returns the text after applying the edit it sent with workspace/applyEdit.
    private func run(_ s: Session, _ command: String, _ arguments: [JSON]) throws -> String {
        let before = s.applyEdits.all.count
        let result = try s.client.request(
            "workspace/executeCommand", ["command": .string(command), "arguments": .array(arguments)])
        #expect(result == .null)
        // The applyEdit request was written before the command's response, and answered on arrival.
        let sent = s.applyEdits.all
        try #require(sent.count == before + 1, "\(command) sent no workspace/applyEdit")
        return try ApplyEdits.apply(try #require(sent.last?["edit"]), uri: Self.uri, to: s.text, encoding: s.encoding)
    }

    @Test func commandsSendTheirEditWithApplyEdit() throws {
        let s = try Session("Home:\n\t- Buy milk\n\t- Call Bob @done(2026-11-20)\n")
        let uri = JSON.string(Self.uri)
        #expect(
            try run(s, "taskpaper.markDone", [uri, ["line": 1, "character": 3]])
                == "Home:\n\t- Buy milk @done(2026-11-21)\n\t- Call Bob @done(2026-11-20)\n")
        #expect(
            try run(
                s, "taskpaper.markNotDone",
                [uri, ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 4]]])
                == "Home:\n\t- Buy milk\n\t- Call Bob\n")
        #expect(
            try run(s, "taskpaper.toggleDone", [uri, ["line": 2, "character": 0]])
                == "Home:\n\t- Buy milk\n\t- Call Bob\n")
        #expect(
            try run(s, "taskpaper.archiveDone", [uri])
                == "Home:\n\t- Buy milk\n\nArchive:\n\t- Call Bob @done(2026-11-20) @project(Home)\n")
        try s.close()
    }

    /// A cancelled task is closed: toggling reopens it, and Mark as done leaves it alone.
    @Test func toggleDoneReopensACancelledTask() throws {
        let s = try Session("- Call Bob @cancelled(2026-11-20)\n")
        let uri = JSON.string(Self.uri)
        #expect(try run(s, "taskpaper.toggleDone", [uri, ["line": 0, "character": 0]]) == "- Call Bob\n")
        let titles = try s.actions(0, 0).compactMap { $0["title"]?.stringValue }
        #expect(!titles.contains("Mark as done"))
        #expect(titles.contains("Mark as not done"))
        try s.close()
    }

    @Test func commandErrorsAreInvalidParams() throws {
        let s = try Session("- a\n")
        let unknown = try s.client.requestResponse(
            "workspace/executeCommand", ["command": "taskpaper.nothing", "arguments": []])
        #expect(unknown["error"]?["code"] == -32602)
        let noRange = try s.client.requestResponse(
            "workspace/executeCommand", ["command": "taskpaper.markDone", "arguments": [.string(Self.uri)]])
        #expect(noRange["error"]?["code"] == -32602)
        let notOpen = try s.client.requestResponse(
            "workspace/executeCommand", ["command": "taskpaper.archiveDone", "arguments": ["file:///other.taskpaper"]])
        #expect(notOpen["error"]?["code"] == -32602)
        try s.close()
    }
}
