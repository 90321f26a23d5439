import Foundation
import Testing
import TaskPaperServer

/// Completion in process (Support/TestClient.swift): each context, the replace range, ranking by use, silence in plain text.
@Suite struct CompletionTests {
    static let uri = "file:///completion.taskpaper"

    @Test func advertisesAtAndParenAsTriggerCharacters() throws {
        let c = TestClient()
        let result = try c.initialize()
        #expect(result["capabilities"]?["completionProvider"]?["triggerCharacters"] == ["@", "("])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func tagNamesOfferDateTagsFirstThenEveryUsedTagMostUsedFirst() throws {
        let c = TestClient()
        try c.initialize()
        let lines = ["Home:", "\t- a @home @errand", "\t- b @home @work", "\t- c @home @home", "\t- New @"]
        c.open(Self.uri, lines.joined(separator: "\n"))
        c.open("file:///other.taskpaper", "- x @work\n- y @work\n- z @work @errand(shop)\n")

        let items = try completion(c, Self.uri, line: 4, lines[4])
        // work: 1 + 3 items; home: 3 items (twice on one line counts once); errand: 2.
        #expect(items.map(\.label) == ["due", "done", "start", "defer", "work", "home", "errand"])
        #expect(items.first { $0.label == "work" }?.detail.contains("4 items") == true)
        #expect(items.first { $0.label == "home" }?.detail.contains("3 items") == true)
        #expect(items.first { $0.label == "errand" }?.detail.contains("2 items") == true)
        // Clients sort by sortText: it keeps the ranking.
        #expect(items.sorted { $0.sortText < $1.sortText }.map(\.label) == items.map(\.label))
        for item in items {
            #expect(item.edit.range == [4, 8, 4, 8])
            #expect(item.edit.newText == item.label)
        }
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func thePartialNameTypedIsReplacedNeverRepeated() throws {
        let c = TestClient()
        try c.initialize()
        // Multi-byte text before the tag: the range is in UTF-16 columns.
        let line = "\t- 東京 👍🏽 call @du"
        c.open(Self.uri, "- older @due(2026-01-01) @dusty\n" + line)

        let items = try completion(c, Self.uri, line: 1, line)
        let due = try #require(items.first { $0.label == "due" })
        let atEnd = line.utf16.count
        #expect(due.edit.range == [1, atEnd - 2, 1, atEnd])
        #expect(due.edit.apply(to: line) == "\t- 東京 👍🏽 call @due")
        #expect(items.first { $0.label == "dusty" }?.edit.apply(to: line) == "\t- 東京 👍🏽 call @dusty")
        // The tag being typed is not offered as a used tag.
        #expect(!items.contains { $0.label == "du" })

        // In the middle of a name the whole name is replaced: `@du|sty` + due gives `@due`, never `@duesty`.
        let middle = "- x @dusty"
        c.change(Self.uri, version: 2, [LSPClient.edit(1, 0, 1, atEnd, middle)])
        let inside = try completion(c, Self.uri, line: 1, character: 7)
        #expect(inside.first { $0.label == "due" }?.edit.range == [1, 5, 1, 10])
        #expect(inside.first { $0.label == "due" }?.edit.apply(to: middle) == "- x @due")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func clientsThatChooseGetAnInsertAndAReplaceRange() throws {
        let c = TestClient()
        try c.initialize(capabilities: [
            "textDocument": ["completion": ["completionItem": ["insertReplaceSupport": true]]]
        ])
        c.open(Self.uri, "- x @dusty\n- y @due(2026-11-01)")
        let name = try c.request(
            "textDocument/completion",
            [
                "textDocument": ["uri": .string(Self.uri)],
                "position": ["line": 0, "character": 7],
            ])
        let due = try #require(name["items"]?.arrayValue?.first { $0["label"] == "due" }?["textEdit"])
        #expect(due["insert"]?.rangeTuple == [0, 5, 0, 7])
        #expect(due["replace"]?.rangeTuple == [0, 5, 0, 10])
        // Inside a value, the word runs to the closing parenthesis.
        let value = try c.request(
            "textDocument/completion",
            [
                "textDocument": ["uri": .string(Self.uri)],
                "position": ["line": 1, "character": 13],
            ])
        let first = try #require(value["items"]?.arrayValue?.first?["textEdit"])
        #expect(first["insert"]?.rangeTuple == [1, 9, 1, 13])
        #expect(first["replace"]?.rangeTuple == [1, 9, 1, 19])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func plainWordsAndAnEmbeddedAtGetNoItems() throws {
        let c = TestClient()
        try c.initialize()
        let lines = [
            "- Buy milk @home", "- Mail bob@", "- Mail bob@exa", "- Call (home", "Notes: a @ b", "- done @x(1) y",
        ]
        c.open(Self.uri, lines.joined(separator: "\n"))
        #expect(try completion(c, Self.uri, line: 0, character: 9).isEmpty)  // inside "milk"
        #expect(try completion(c, Self.uri, line: 1, lines[1]).isEmpty)
        #expect(try completion(c, Self.uri, line: 2, lines[2]).isEmpty)
        #expect(try completion(c, Self.uri, line: 3, lines[3]).isEmpty)  // `(` not after a tag
        #expect(try completion(c, Self.uri, line: 4, character: 5).isEmpty)  // before the `@`
        #expect(try completion(c, Self.uri, line: 5, lines[5]).isEmpty)  // after a closed value
        // The same lines do complete at a tag position.
        #expect(!(try completion(c, Self.uri, line: 4, character: 10).isEmpty))
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func insideADateTagOffersConcreteDatesLabelledWithTheirWord() throws {
        // Saturday 21 November 2026.
        let c = TestClient(now: "2026-11-21")
        try c.initialize()
        let lines = ["- Pay @due(", "- Pay @start(tom", "- Pay @due()"]
        c.open(Self.uri, lines.joined(separator: "\n"))

        let items = try completion(c, Self.uri, line: 0, lines[0])
        // TaskPaper's weeks start on Sunday: on a Saturday, `next week` is tomorrow and the coming
        // weekdays are `next monday` and so on (`monday` alone was five days ago).
        let dates = items.prefix(8)
        #expect(
            dates.map(\.label) == [
                "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25",
                "2026-11-26", "2026-11-27", "2026-12-01",
            ])
        #expect(
            dates.map(\.detail) == [
                "today", "tomorrow, next week", "next monday", "next tuesday",
                "next wednesday", "next thursday", "next friday", "next month",
            ])
        // Then the words themselves, each with the day TaskPaper reads it as.
        let words = items.dropFirst(8)
        #expect(
            words.map(\.label) == [
                "today", "tomorrow", "next monday", "next tuesday", "next wednesday",
                "next thursday", "next friday", "next week", "next month", "+1d", "+1w", "+1o",
            ])
        #expect(
            words.map(\.detail) == [
                "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25",
                "2026-11-26", "2026-11-27", "2026-11-22", "2026-12-01", "2026-11-22",
                "2026-11-28", "2026-12-21",
            ])
        #expect(items.allSatisfy { $0.edit.range == [0, 11, 0, 11] && $0.edit.newText == $0.label })

        let typed = try completion(c, Self.uri, line: 1, lines[1])
        let tomorrow = try #require(typed.first { $0.detail.hasPrefix("tomorrow") })
        #expect(tomorrow.edit.apply(to: lines[1]) == "- Pay @start(2026-11-22")

        // Between parentheses the editor closed itself.
        let closed = try completion(c, Self.uri, line: 2, character: 11)
        #expect(closed.first { $0.detail.hasPrefix("tomorrow") }?.edit.apply(to: lines[2]) == "- Pay @due(2026-11-22)")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func doneOffersTheCurrentTimeWhenDoneFormatIsDatetime() throws {
        let c = TestClient(now: "2026-11-21T09:30")
        try c.initialize(options: ["doneFormat": "datetime"])
        c.open(Self.uri, "- Ship it @done(\n- Start @start(")
        let done = try completion(c, Self.uri, line: 0, character: 16)
        #expect(done.first?.label == "2026-11-21 09:30")
        #expect(done.first?.detail == "now")
        // Only `@done` records a moment.
        let start = try completion(c, Self.uri, line: 1, character: 15)
        #expect(start.first?.label == "2026-11-21")
        #expect(!start.contains { $0.label.contains(":") })
        #expect(try c.shutdownAndExit() == 0)

        let plain = TestClient(now: "2026-11-21T09:30")
        try plain.initialize()
        plain.open(Self.uri, "- Ship it @done(")
        #expect(try completion(plain, Self.uri, line: 0, character: 16).first?.label == "2026-11-21")
        #expect(try plain.shutdownAndExit() == 0)
    }

    /// A tag's values are counted when first asked for, then kept current as lines change.
    @Test func valueCountsFollowEditsAfterTheFirstCompletion() throws {
        let c = TestClient()
        try c.initialize()
        c.open(Self.uri, "- a @priority(2)\n- b @priority(\n")
        #expect(try completion(c, Self.uri, line: 1, "- b @priority(").map(\.detail) == ["1 item"])
        let added = "- c @priority(2)\n- d @priority(3) @priority(2)\n"
        c.change(Self.uri, version: 2, [LSPClient.edit(0, 0, 0, 0, added)])
        let values = try completion(c, Self.uri, line: 3, "- b @priority(")
        #expect(values.map(\.label) == ["2", "3"])
        #expect(values.map(\.detail) == ["2 items", "1 item"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func insideAnotherTagOffersTheValuesItHasMostUsedFirst() throws {
        let c = TestClient()
        try c.initialize()
        let lines = [
            "- a @priority(2) @project(Home / Garden)", "- b @priority(1)", "- c @priority(2)",
            "- d @priority(", "- e @project(Ho", "- f @waiting(Bob \\(HR\\))", "- g @waiting(",
        ]
        c.open(Self.uri, lines.joined(separator: "\n"))
        c.open("file:///other.taskpaper", "- x @priority(2) @project(Home / Garden)\n- y @project(Work)\n")

        let priority = try completion(c, Self.uri, line: 3, lines[3])
        #expect(priority.map(\.label) == ["2", "1"])
        #expect(priority.map(\.detail) == ["3 items", "1 item"])
        #expect(priority.allSatisfy { $0.edit.range == [3, 14, 3, 14] })

        let project = try completion(c, Self.uri, line: 4, lines[4])
        #expect(project.map(\.label) == ["Home / Garden", "Work"])
        #expect(project.first?.edit.apply(to: lines[4]) == "- e @project(Home / Garden")

        // Escaped parentheses are part of the value and are inserted as written.
        let waiting = try completion(c, Self.uri, line: 6, lines[6])
        #expect(waiting.map(\.label) == ["Bob \\(HR\\)"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func countsFollowEditsAndClosedDocuments() throws {
        let c = TestClient()
        try c.initialize()
        c.open(Self.uri, "- a @errand\n- b @errand\n- c @")
        c.open("file:///other.taskpaper", "- x @work\n")
        // Completion on the last line, after its `@`.
        var lastLine = 2
        func used() throws -> [String: String] {
            let items = try completion(c, Self.uri, line: lastLine, character: 5)
            return Dictionary(uniqueKeysWithValues: items.dropFirst(4).map { ($0.label, $0.detail) })
        }
        #expect(try used() == ["errand": "2 items", "work": "1 item"])

        // Remove one @errand, add @phone on a new line.
        c.change(
            Self.uri, version: 2, [LSPClient.edit(1, 4, 1, 11, "@phone"), LSPClient.edit(0, 0, 0, 0, "- n @phone\n")])
        lastLine = 3
        #expect(try used() == ["errand": "1 item", "phone": "2 items", "work": "1 item"])

        c.notify("textDocument/didClose", ["textDocument": ["uri": "file:///other.taskpaper"]])
        #expect(try used() == ["errand": "1 item", "phone": "2 items"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func tagsOfWorkspaceFilesOnDiskAreOffered() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "- a @fromdisk\n- b @fromdisk @shared\n".write(
            to: folder.appendingPathComponent("notes.taskpaper"), atomically: true, encoding: .utf8)

        let c = TestClient()
        try c.initialize(rootURI: folder.absoluteString)
        _ = try c.waitForNotification("window/logMessage") { $0["message"]?.stringValue?.hasPrefix("Indexed") == true }
        c.open(Self.uri, "- x @shared\n- y @")
        let items = try completion(c, Self.uri, line: 1, character: 5)
        #expect(items.first { $0.label == "fromdisk" }?.detail == "2 items")
        #expect(items.first { $0.label == "shared" }?.detail == "2 items")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func insideAnEstimateOffersUsedThenCommonDurations() throws {
        let c = TestClient()
        try c.initialize()
        let lines = ["- a @est(2h30m) @lasted(soon)", "- b @est(2h30m)", "- e @est(1h)", "- c @est(", "- d @lasted("]
        c.open(Self.uri, lines.joined(separator: "\n"))
        let estimate = try completion(c, Self.uri, line: 3, lines[3])
        #expect(
            estimate.map(\.label) == ["2h30m", "1h", "15m", "30m", "45m", "1h30m", "2h", "3h", "4h", "1d"])
        #expect(estimate.map(\.detail).prefix(4) == ["2 items", "1 item", "15m", "30m"])
        #expect(estimate.last?.detail == "24h")
        #expect(estimate.map(\.sortText) == estimate.map(\.sortText).sorted())
        #expect(estimate.first?.edit.apply(to: lines[3]) == "- c @est(2h30m")
        // A value that is no duration is not offered back.
        let lasted = try completion(c, Self.uri, line: 4, lines[4])
        #expect(lasted.map(\.label) == ["15m", "30m", "45m", "1h", "1h30m", "2h", "3h", "4h", "1d"])
        #expect(try c.shutdownAndExit() == 0)
    }
}

// MARK: - Helpers

private struct Item {
    var label: String, detail: String, sortText: String
    var edit: Edit
}

private struct Edit {
    var range: [Int]
    var newText: String

    /// The line with the edit applied (single-line ranges, UTF-16 columns).
    func apply(to line: String) -> String {
        let u = Array(line.utf16)
        return String(decoding: u[..<range[1]] + Array(newText.utf16) + u[range[3]...], as: UTF16.self)
    }
}

/// Completion at the end of `lineText` (UTF-16), or at `character`.
private func completion(_ c: TestClient, _ uri: String, line: Int, _ lineText: String) throws -> [Item] {
    try completion(c, uri, line: line, character: lineText.utf16.count)
}

private func completion(_ c: TestClient, _ uri: String, line: Int, character: Int) throws -> [Item] {
    let result = try c.request(
        "textDocument/completion",
        [
            "textDocument": ["uri": .string(uri)],
            "position": ["line": .int(line), "character": .int(character)],
        ])
    let items = result["items"]?.arrayValue ?? result.arrayValue ?? []
    return items.map { i in
        Item(
            label: i["label"]?.stringValue ?? "", detail: i["detail"]?.stringValue ?? "",
            sortText: i["sortText"]?.stringValue ?? "",
            edit: Edit(range: i["textEdit"]?.rangeTuple ?? [], newText: i["textEdit"]?["newText"]?.stringValue ?? ""))
    }
}
