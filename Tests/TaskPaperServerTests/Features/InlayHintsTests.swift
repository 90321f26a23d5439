import Foundation
import Testing
import TaskPaperServer

/// The line-length gauge in process (Support/TestClient.swift), with `maxLineLength` 20
/// (and `lineLengthNotes`, since most lines here are notes).
@Suite struct InlayHintsTests {
    static let uri = "file:///gauge.taskpaper"

    static let lines = [
        "123456789",  // limit - 11: no hint
        "1234567890",  // limit - 10
        "12345678901234567890",  // limit
        "123456789012345678901",  // limit + 1
        "- 東京 👍🏽 cafe\u{301} 1234567",  // 19 characters as a person counts them, 23 UTF-16 units
        "\t- 12345678901234567",  // a tab is one character: 20
        "",
    ]

    @Test func gaugeAtTheThresholdsCountingCharactersAsAPersonSeesThem() throws {
        let c = TestClient()
        let result = try c.initialize(options: ["maxLineLength": 20, "lineLengthNotes": true])
        #expect(result["capabilities"]?["inlayHintProvider"] != nil)
        c.open(Self.uri, Self.lines.joined(separator: "\r\n"))
        let hints = try gauge(c, from: 0, to: Self.lines.count - 1)
        #expect(hints.map(\.description) == ["1:10 10 left", "2:20 0 left", "3:21 -1", "4:23 1 left", "5:20 0 left"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func onlyTheRequestedLinesAndTheEditedLineFollowsTheEdit() throws {
        let c = TestClient()
        try c.initialize(options: ["maxLineLength": 20, "lineLengthNotes": true])
        c.open(Self.uri, Self.lines.joined(separator: "\n"))
        #expect(try gauge(c, from: 2, to: 3).map(\.description) == ["2:20 0 left", "3:21 -1"])
        // A range that ends before a line's end leaves out that line's hint.
        let upToLine3: JSON = ["start": ["line": 2, "character": 0], "end": ["line": 3, "character": 5]]
        let partial = try c.request(
            "textDocument/inlayHint", ["textDocument": ["uri": .string(Self.uri)], "range": upToLine3])
        #expect(partial.arrayValue?.count == 1)

        // One more character on the first line brings it within the gauge; two more on line 2 overflow it.
        c.change(Self.uri, version: 2, [LSPClient.edit(0, 9, 0, 9, "0"), LSPClient.edit(2, 0, 2, 0, "ab")])
        #expect(
            try gauge(c, from: 0, to: 3).map(\.description) == ["0:10 10 left", "1:10 10 left", "2:22 -2", "3:21 -1"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func followsTheSettingAndZeroTurnsItOff() throws {
        let c = TestClient()
        try c.initialize(options: ["lineLengthNotes": true])
        c.open(Self.uri, String(repeating: "x", count: 115) + "\n" + String(repeating: "y", count: 125))
        // The default limit is 120.
        #expect(try gauge(c, from: 0, to: 1).map(\.description) == ["0:115 5 left", "1:125 -5"])

        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["maxLineLength": 0]]])
        #expect(try gauge(c, from: 0, to: 1).isEmpty)
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["maxLineLength": 125]]])
        #expect(try gauge(c, from: 0, to: 1).map(\.description) == ["0:115 10 left", "1:125 0 left"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aSettingsChangeAsksTheClientToRefreshHintsAndTokens() throws {
        let c = TestClient()
        try c.initialize(capabilities: [
            "workspace": [
                "inlayHint": ["refreshSupport": true],
                "semanticTokens": ["refreshSupport": true],
            ]
        ])
        c.open(Self.uri, "- a task")
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["maxLineLength": 12]]])
        // The refresh requests go out before the answer to the next request.
        #expect(try gauge(c, from: 0, to: 0).map(\.description) == ["0:8 4 left"])
        let asked = c.received.compactMap { $0["id"] != nil ? $0["method"]?.stringValue : nil }
        #expect(asked.contains("workspace/inlayHint/refresh"))
        #expect(asked.contains("workspace/semanticTokens/refresh"))
        #expect(try c.shutdownAndExit() == 0)
    }
}

private struct Hint: CustomStringConvertible {
    var line: Int, character: Int, label: String
    var description: String { "\(line):\(character) \(label)" }
}

/// The hints of lines `from` through `to` (the range ends past the end of line `to`).
private func gauge(_ c: TestClient, from: Int, to: Int) throws -> [Hint] {
    let result = try c.request(
        "textDocument/inlayHint",
        [
            "textDocument": ["uri": .string(InlayHintsTests.uri)],
            "range": ["start": ["line": .int(from), "character": 0], "end": ["line": .int(to), "character": 1000]],
        ])
    return (result.arrayValue ?? []).map { h in
        Hint(
            line: h["position"]?["line"]?.intValue ?? -1, character: h["position"]?["character"]?.intValue ?? -1,
            label: h["label"]?.stringValue ?? "")
    }
}
