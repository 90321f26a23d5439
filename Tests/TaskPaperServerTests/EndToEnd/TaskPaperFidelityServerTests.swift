import Foundation
import Testing
import TaskPaperServer

/// Features reading lines as TaskPaper 3 does, through the real binary:
/// `*`/`+` tasks, a lone `@`, notes that look like tasks, automatic
/// indentation, the new settings and diagnostics. The clock is pinned.
@Suite struct TaskPaperFidelityServerTests {
    static let env = ["TASKPAPER_NOW": "2026-11-21T09:30"]
    static let uri = "file:///fidelity.taskpaper"

    /// Absolute tokens of ASCII lines, as "line start:length type".
    static func tokens(_ c: LSPClient, _ initialize: JSON) throws -> [String] {
        let types =
            initialize["capabilities"]?["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?
            .compactMap(\.stringValue) ?? []
        let full = try c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])
        let d = full["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        var out: [String] = [], line = 0, column = 0
        for k in stride(from: 0, to: d.count - 4, by: 5) {
            line += d[k]
            column = d[k] > 0 ? d[k + 1] : column + d[k + 1]
            out.append("\(line) \(column):\(d[k + 2]) \(types[d[k + 3]])")
        }
        return out
    }

    @Test func tokensMarkStarAndPlusTasksAndALoneAtSign() throws {
        let c = try LSPClient(environment: Self.env)
        let result = try c.initialize()
        c.open(Self.uri, "* Pack\n+ Call\nHome: @\nsee @ here\n- @due(2026-12-01)\n")
        let got = try Self.tokens(c, result)
        #expect(
            got == [
                "0 0:2 task", "1 0:2 task",
                "2 0:5 project", "2 6:1 tag",
                "3 4:1 tag",
                // `- @due(…)` is a note: its tag is highlighted, no task marker.
                "4 2:4 tag", "4 7:10 payload",
            ])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func markAsDoneOnStarAndPlusTasksAndNotOnNotes() throws {
        let s = try CodeActionTests.Session("* Pack\n+ Call Bob\n- @due(2026-12-01)\n")
        #expect(
            try s.applying(s.action("Mark as done", at: 0))
                == "* Pack @done(2026-11-21)\n+ Call Bob\n- @due(2026-12-01)\n")
        #expect(
            try s.applying(s.action("Mark as done", at: 1))
                == "* Pack\n+ Call Bob @done(2026-11-21)\n- @due(2026-12-01)\n")
        let titles = try s.actions(2, 0).compactMap { $0["title"]?.stringValue }
        #expect(!titles.contains("Mark as done"))
        try s.close()
    }

    @Test func aLoneAtSignIsNoNameToCountFindOrRename() throws {
        let c = try LSPClient(environment: Self.env)
        try c.initialize()
        c.open(Self.uri, "- a @ @home\n- b @\n- c @")
        let position: JSON = ["textDocument": ["uri": .string(Self.uri)], "position": ["line": 0, "character": 4]]
        let references = position.merging(["context": ["includeDeclaration": true]])
        #expect(try c.request("textDocument/references", references) == .null)
        #expect(try c.request("textDocument/prepareRename", position) == .null)
        #expect(try c.request("textDocument/hover", position) == .null)
        let completion = try c.request(
            "textDocument/completion",
            [
                "textDocument": ["uri": .string(Self.uri)],
                "position": ["line": 2, "character": 5],
            ])
        let labels = (completion["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("home"))
        #expect(!labels.contains(""))
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func indentationIsAutomaticByDefaultAndAFixedWidthStillWorks() throws {
        let text = "A:\n  - a\n    - b\n  - c\n"
        let auto = [[0, 3], [1, 2]]
        // With four spaces a level, two spaces are no level: only `- a` holds something.
        let cases: [(JSON, [[Int]])] = [
            (.null, auto), (["indentWidth": "auto"], auto), (["indentWidth": 4], [[1, 2]]),
        ]
        for (options, expected) in cases {
            let c = try LSPClient(environment: Self.env)
            try c.initialize(options: options)
            c.open(Self.uri, text)
            let folds = try c.request("textDocument/foldingRange", ["textDocument": ["uri": .string(Self.uri)]])
            let ranges = (folds.arrayValue ?? []).compactMap { f -> [Int]? in
                guard let s = f["startLine"]?.intValue, let e = f["endLine"]?.intValue else { return nil }
                return [s, e]
            }
            // Auto: two spaces are a level, so A holds everything and `- a` holds `- b`.
            #expect(ranges.sorted { $0[0] < $1[0] } == expected, "\(options)")
            #expect(try c.shutdownAndExit() == 0)
        }
    }

    @Test func lineLengthMeasuresNotesOnlyWhenAskedTo() throws {
        let note = "A note written as prose, as notes are, and long."
        let text = note + "\n- " + note + "\n"
        for (notes, expected) in [(false, [1]), (true, [0, 1])] {
            let c = try LSPClient(environment: Self.env)
            try c.initialize(options: ["maxLineLength": 30, "lineLengthNotes": .bool(notes)])
            c.open(Self.uri, text)
            let lines = try c.waitForDiagnostics(Self.uri).filter { $0["code"]?.stringValue == "line-too-long" }
                .compactMap { $0["range"]?["start"]?["line"]?.intValue }
            #expect(lines == expected)
            let hints = try c.request(
                "textDocument/inlayHint",
                [
                    "textDocument": ["uri": .string(Self.uri)],
                    "range": ["start": ["line": 0, "character": 0], "end": ["line": 2, "character": 0]],
                ])
            #expect((hints.arrayValue ?? []).compactMap { $0["position"]?["line"]?.intValue } == expected)
            #expect(try c.shutdownAndExit() == 0)
        }
    }

    @Test func newDiagnosticsArePublishedWithTheirRanges() throws {
        let c = try LSPClient(environment: Self.env)
        try c.initialize()
        c.open(Self.uri, "- Call @waiting(Bob @due(2027-11-25)\n- a @id(3)\n")
        let d = try c.waitForDiagnostics(Self.uri)
        #expect(d.compactMap { $0["code"]?.stringValue } == ["tag-value-unbalanced", "tag-reserved"])
        #expect(d[0]["range"]?["start"]?["character"]?.intValue == 7)
        #expect(d[0]["range"]?["end"]?["character"]?.intValue == 19)
        #expect(d[1]["severity"]?.intValue == 2)
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Lines made to defeat a backtracking matcher, a megabyte each: opened,
    /// linted and answered like any other document.
    @Test func megabyteLinesOfEscapesOpenParenthesesAndAtSignsAreServed() throws {
        let c = try LSPClient(environment: Self.env)
        try c.initialize()
        let lines = [
            String(repeating: "\\)", count: 1 << 19), "- @a(" + String(repeating: "\\)", count: 1 << 19),
            String(repeating: "@a(", count: 350_000), String(repeating: "@", count: 1 << 20),
            String(repeating: "@ ", count: 1 << 19),
        ]
        for (i, line) in lines.enumerated() {
            let uri = "file:///long\(i).taskpaper"
            let started = Date()
            c.open(uri, line + "\n")
            _ = try c.waitForDiagnostics(uri, timeout: 30)
            #expect(Date().timeIntervalSince(started) < 10, "line \(i)")
            let symbols = try c.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
            #expect(symbols.arrayValue != nil)
        }
        #expect(try c.shutdownAndExit() == 0)
    }
}

extension JSON {
    fileprivate func merging(_ other: [String: JSON]) -> JSON {
        guard case .object(var o) = self else { return self }
        for (k, v) in other { o[k] = v }
        return .object(o)
    }
}
