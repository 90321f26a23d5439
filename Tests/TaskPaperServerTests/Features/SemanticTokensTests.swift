import TaskPaper
import Foundation
import Testing
import TaskPaperServer

/// Semantic tokens in process (Support/TestClient.swift): exact spans, types and modifiers in every
/// position encoding; delta = full after random edits; range stays in range.
@Suite struct SemanticTokensTests {
    static let uri = "file:///tokens.taskpaper"

    /// Every line kind, multi-byte text (emoji, CJK, a combining accent) and CRLF line ends.
    static let lines = [
        "Home: @flag",
        "\t- Water the 🌱 plants @home @due(2026-11-25)",
        "\t- Fix the bike @done(2026-11-20) @due(2026-11-01)",
        "\t- Pay the rent @due(2026-11-01)",
        "\t- Call 東京 office @due(2025-02-30) @waiting(Bob)",
        "\tNotes about 👍🏽 and cafe\u{301}",
        "\tA note with @tag(東京 👍🏽)",
        "",
        "Zürich 🏔 trip: @due(next friday)",
        "\tWork @x plan:",
        "\t\t-\tTabbed task @due(2026-11-22 13:00-12:00)",
        "",
    ]

    /// What each kind of line is shown as: a substring of it, its type, its modifiers.
    static let expected: [(line: Int, text: String, type: String, modifiers: Set<String>)] = [
        (0, "Home:", "project", []), (0, "@flag", "tag", []),
        (1, "- ", "task", []), (1, "@home", "tag", []), (1, "@due", "tag", []), (1, "2026-11-25", "payload", ["date"]),
        // A done task: every token carries `done`; it is not overdue.
        (2, "- ", "task", ["done"]), (2, "@done", "tag", ["done"]), (2, "2026-11-20", "payload", ["done", "date"]),
        (2, "@due", "tag", ["done"]), (2, "2026-11-01", "payload", ["done", "date"]),
        // Due before 2026-11-21 and not done: overdue.
        (3, "- ", "task", ["overdue"]), (3, "@due", "tag", ["overdue"]),
        (3, "2026-11-01", "payload", ["overdue", "date"]),
        (4, "- ", "task", []), (4, "@due", "tag", []), (4, "2025-02-30", "payload", ["invalid"]),
        (4, "@waiting", "tag", []), (4, "Bob", "payload", []),
        // Line 5 is a note without tags: no token.
        (6, "@tag", "tag", []), (6, "東京 👍🏽", "payload", []),
        (8, "Zürich 🏔 trip:", "project", []), (8, "@due", "tag", []), (8, "next friday", "payload", ["date"]),
        // A tag inside a project's text splits the project token around it.
        (9, "Work ", "project", []), (9, "@x", "tag", []), (9, " plan:", "project", []),
        (10, "-\t", "task", []), (10, "@due", "tag", []), (10, "2026-11-22 13:00-12:00", "payload", ["invalid"]),
    ]

    @Test(arguments: ["utf-16", "utf-8", "utf-32"])
    func fullTokensHaveExactSpansTypesAndModifiers(encoding: String) throws {
        let c = TestClient(now: "2026-11-21")
        let capabilities: JSON = encoding == "utf-16" ? [:] : ["general": ["positionEncodings": [.string(encoding)]]]
        let result = try c.initialize(capabilities: capabilities)
        #expect(result["capabilities"]?["positionEncoding"]?.stringValue == encoding)
        let legend = try #require(Legend(result))
        #expect(legend.types == ["project", "task", "note", "tag", "payload"])
        #expect(legend.modifiers == ["done", "overdue", "invalid", "date", "cancelled", "deferred"])

        c.open(Self.uri, Self.lines.joined(separator: "\r\n"))
        let full = try c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(Self.uri)]])
        let tokens = legend.decode(full["data"])

        let want = Self.expected.map { e in
            Token(
                at: e.line, of: e.text, in: Self.lines[e.line], encoding: encoding, type: e.type, modifiers: e.modifiers
            )
        }
        #expect(tokens == want)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func cancelledAndDeferredTasksCarryTheirModifiers() throws {
        let c = TestClient(now: "2026-11-21")
        let legend = try #require(Legend(try c.initialize()))
        let lines = [
            "- Call @cancelled(2026-11-20) @due(2026-11-01)",  // cancelled: never overdue
            "- Both @done @cancelled",  // @done wins
            "- Later @start(2026-11-25) @due(2026-11-30)",  // starts after today
            "- Now @start(2026-11-21)",  // starts today: available
            "- Closed @defer(tomorrow) @done",  // closed tasks are not deferred
            "- Soon @start(2026-11-22) @defer(+2d)",  // the later of the two
            "Project @start(2026-12-01):",  // only tasks are deferred
        ]
        c.open(Self.uri, lines.joined(separator: "\n"))
        let tokens = legend.decode(
            try c.request(
                "textDocument/semanticTokens/full",
                ["textDocument": ["uri": .string(Self.uri)]])["data"])
        func modifiers(_ line: Int) -> Set<Set<String>> {
            Set(tokens.filter { $0.line == line }.map { $0.modifiers.subtracting(["date"]) })
        }
        #expect(modifiers(0) == [["cancelled"]])
        #expect(modifiers(1) == [["done"]])
        #expect(modifiers(2) == [["deferred"]])
        #expect(modifiers(3) == [[]])
        #expect(modifiers(4) == [["done"]])
        #expect(modifiers(5) == [["deferred"]])
        #expect(modifiers(6) == [[]])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func columnsCountEachEncodingsUnits() throws {
        // `\t- Water the 🌱 plants @home`: the emoji is 4 UTF-8 bytes, 2 UTF-16 units, 1 scalar.
        for (encoding, column) in [("utf-16", 23), ("utf-8", 25), ("utf-32", 22)] {
            let c = TestClient(now: "2026-11-21")
            let result = try c.initialize(capabilities: ["general": ["positionEncodings": [.string(encoding)]]])
            let legend = try #require(Legend(result))
            c.open(Self.uri, "\t- Water the 🌱 plants @home\r\n")
            let tokens = legend.decode(
                try c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(Self.uri)]])["data"])
            #expect(tokens.map(\.column) == [1, column], "\(encoding)")
            #expect(tokens.map(\.length) == [2, 5], "\(encoding)")
            #expect(try c.shutdownAndExit() == 0)
        }
    }

    @Test func deltaAppliedToThePreviousDataEqualsAFreshFullResultAfterRandomEdits() throws {
        let c = TestClient(now: "2026-11-21")
        let legend = try #require(Legend(try c.initialize()))
        var model = TextModel(Self.lines.joined(separator: "\r\n"))
        c.open(Self.uri, model.text)
        var rng = SeededRandom(seed: 0x5EED_4)
        let doc: JSON = ["textDocument": ["uri": .string(Self.uri)]]

        var previous = try c.request("textDocument/semanticTokens/full", doc)
        var data = previous["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        var version = 1
        var deltasSeen = 0
        for round in 0..<400 {
            // One to three edits, each followed by a delta chained on the last one.
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                version += 1
                let changes = (0..<Int.random(in: 1...2, using: &rng)).map { _ in model.randomEdit(using: &rng) }
                c.change(Self.uri, version: version, changes)
                var params = doc
                if case .object(var o) = params { o["previousResultId"] = previous["resultId"]; params = .object(o) }
                let delta = try c.request("textDocument/semanticTokens/full/delta", params)
                let edits = try #require(delta["edits"]?.arrayValue, "round \(round): expected a delta")
                deltasSeen += 1
                for edit in edits.sorted(by: { ($0["start"]?.intValue ?? 0) > ($1["start"]?.intValue ?? 0) }) {
                    let start = try #require(edit["start"]?.intValue),
                        count = try #require(edit["deleteCount"]?.intValue)
                    data.replaceSubrange(
                        start..<start + count, with: edit["data"]?.arrayValue?.compactMap(\.intValue) ?? [])
                }
                previous = delta
            }
            let full = try c.request("textDocument/semanticTokens/full", doc)
            let fresh = full["data"]?.arrayValue?.compactMap(\.intValue) ?? []
            #expect(data == fresh, "round \(round): text \(model.text.debugDescription)")
            if data != fresh { break }
            // The decoded tokens are well formed: ordered, inside their lines, never overlapping.
            let tokens = legend.decode(full["data"])
            for (a, b) in zip(tokens, tokens.dropFirst()) where a.line == b.line {
                #expect(a.column + a.length <= b.column)
            }
            previous = full
            // Now and then: the edited document tokenizes exactly as the same text opened afresh.
            if round % 50 == 49 {
                let copy = "file:///fresh-\(round).taskpaper"
                c.open(copy, model.text)
                let reopened = try c.request(
                    "textDocument/semanticTokens/full", ["textDocument": ["uri": .string(copy)]])
                #expect(reopened["data"] == full["data"], "round \(round)")
            }
        }
        #expect(deltasSeen >= 400)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func payloadsPastTheThirtySecondTagKeepTheirModifiers() throws {
        let c = TestClient(now: "2026-11-21")
        let legend = try #require(Legend(try c.initialize()))
        let tags = (0..<40).map { $0 == 35 ? "@due(2030-02-30)" : $0 == 38 ? "@start(2030-01-02)" : "@t\($0)" }
        c.open(Self.uri, "- many " + tags.joined(separator: " "))
        let tokens = legend.decode(
            try c.request("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(Self.uri)]])["data"])
        let payloads = tokens.filter { $0.type == "payload" }
        // The task starts in 2030, so every token is also `deferred`.
        #expect(payloads.map(\.modifiers) == [["invalid", "deferred"], ["date", "deferred"]])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func deltaAgainstAnUnknownResultGetsFullData() throws {
        let c = TestClient()
        try c.initialize()
        c.open(Self.uri, "Home:\n\t- a @x\n")
        let r = try c.request(
            "textDocument/semanticTokens/full/delta",
            ["textDocument": ["uri": .string(Self.uri)], "previousResultId": "no-such-result"])
        #expect(r["data"]?.arrayValue?.count == 15)
        #expect(r["resultId"]?.stringValue != nil)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func rangeReturnsOnlyTheTokensInTheRange() throws {
        let c = TestClient(now: "2026-11-21")
        let legend = try #require(Legend(try c.initialize()))
        var lines: [String] = []
        for i in 0..<40 {
            lines.append(
                i % 10 == 0 ? "Project \(i): @p\(i)" : "\t- Task \(i) 👍🏽 @due(2026-12-\(10 + i % 18)) @tag\(i % 3)(v)")
        }
        c.open(Self.uri, lines.joined(separator: "\n"))
        let doc: JSON = ["uri": .string(Self.uri)]
        let all = legend.decode(try c.request("textDocument/semanticTokens/full", ["textDocument": doc])["data"])

        // From inside line 12's `@due` tag to inside line 21's first payload.
        let start = (line: 12, character: 18), end = (line: 21, character: 24)
        func range(_ a: (line: Int, character: Int), _ b: (line: Int, character: Int)) -> JSON {
            [
                "start": ["line": .int(a.line), "character": .int(a.character)],
                "end": ["line": .int(b.line), "character": .int(b.character)],
            ]
        }
        let inRange = all.filter { t in
            (start.line...end.line).contains(t.line)
                && (t.line > start.line || t.column + t.length > start.character)
                && (t.line < end.line || t.column < end.character)
        }
        let got = legend.decode(
            try c.request(
                "textDocument/semanticTokens/range",
                ["textDocument": doc, "range": range(start, end)])["data"])
        #expect(got == inRange)
        #expect(!got.isEmpty && got.count < all.count)
        #expect(got.allSatisfy { (start.line...end.line).contains($0.line) })
        // The token the range starts inside is included; the one before it is not.
        #expect(got.first?.line == 12 && got.first?.type == "tag")

        // A range written end first names the same text.
        let reversed = legend.decode(
            try c.request(
                "textDocument/semanticTokens/range",
                ["textDocument": doc, "range": range(end, start)])["data"])
        #expect(reversed == inRange)
        #expect(try c.shutdownAndExit() == 0)
    }
}

// MARK: - Decoding

/// One token in absolute terms, its type and modifiers by name.
private struct Token: Equatable, CustomStringConvertible {
    var line: Int, column: Int, length: Int
    var type: String
    var modifiers: Set<String>

    init(line: Int, column: Int, length: Int, type: String, modifiers: Set<String>) {
        self.line = line; self.column = column; self.length = length; self.type = type; self.modifiers = modifiers
    }

    /// The token covering the first occurrence of `needle` in `lineText`, measured with
    /// the standard library's views (not the server's converter) in `encoding`'s units.
    init(at line: Int, of needle: String, in lineText: String, encoding: String, type: String, modifiers: Set<String>) {
        let r = lineText.range(of: needle)!
        func units(_ s: Substring) -> Int {
            switch encoding {
            case "utf-8": s.utf8.count
            case "utf-32": s.unicodeScalars.count
            default: s.utf16.count
            }
        }
        self.init(
            line: line, column: units(lineText[..<r.lowerBound]), length: units(lineText[r]), type: type,
            modifiers: modifiers)
    }

    var description: String {
        "\(line):\(column)+\(length) \(type)\(modifiers.isEmpty ? "" : " [" + modifiers.sorted().joined(separator: ",") + "]")"
    }
}

private struct Legend {
    var types: [String], modifiers: [String]

    init?(_ initializeResult: JSON) {
        guard let legend = initializeResult["capabilities"]?["semanticTokensProvider"]?["legend"],
            let types = legend["tokenTypes"]?.arrayValue?.compactMap(\.stringValue),
            let modifiers = legend["tokenModifiers"]?.arrayValue?.compactMap(\.stringValue)
        else { return nil }
        self.types = types
        self.modifiers = modifiers
    }

    /// LSP's relative five-integer encoding to absolute tokens.
    func decode(_ data: JSON?) -> [Token] {
        let d = data?.arrayValue?.compactMap(\.intValue) ?? []
        var out: [Token] = []
        var line = 0, column = 0
        for k in stride(from: 0, to: d.count - 4, by: 5) {
            line += d[k]
            column = d[k] > 0 ? d[k + 1] : column + d[k + 1]
            let mods = Set(modifiers.indices.filter { d[k + 4] & (1 << $0) != 0 }.map { modifiers[$0] })
            out.append(Token(line: line, column: column, length: d[k + 2], type: types[d[k + 3]], modifiers: mods))
        }
        return out
    }
}

// MARK: - Random edits

/// The client's copy of the text, to aim random edits at real positions (UTF-16 columns).
private struct TextModel {
    var text: String

    init(_ text: String) { self.text = text }

    static let snippets = [
        "@due(2026-11-2", ")", "(", "- ", "\n", "\r\n", "\r", "Project:", " @done", "@due(2020-01-01)",
        "👍🏽", "東京", "e\u{301}", " ", "\t", "@tag(v) ", "x", "thru 2026-12-01", "@", ":",
    ]

    /// Each line as scalars, split at `\r\n`, `\n` and `\r` like the server.
    var lines: [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = [[]]
        var previousCR = false
        for s in text.unicodeScalars {
            if s == "\n", previousCR { previousCR = false; continue }
            previousCR = s == "\r"
            if s == "\n" || s == "\r" { out.append([]) } else { out[out.count - 1].append(s) }
        }
        return out
    }

    /// A random range (possibly empty, possibly across lines) and text; applied to the model, returned as a change.
    mutating func randomEdit(using rng: inout SeededRandom) -> JSON {
        let lines = self.lines
        func randomPosition() -> (line: Int, scalar: Int) {
            let line = Int.random(in: 0..<lines.count, using: &rng)
            // Whole characters only, so the model and the server agree on the text.
            let chars = String(String.UnicodeScalarView(lines[line]))
            let k = Int.random(in: 0...chars.count, using: &rng)
            return (line, chars.prefix(k).unicodeScalars.count)
        }
        var a = randomPosition(), b = Bool.random(using: &rng) ? a : randomPosition()
        if (b.line, b.scalar) < (a.line, a.scalar) { swap(&a, &b) }
        let insert = Bool.random(using: &rng) && a != b ? "" : TextModel.snippets.randomElement(using: &rng)!
        let scalars = Array(text.unicodeScalars)
        let lo = offset(a, lines), hi = offset(b, lines)
        var view = String.UnicodeScalarView(scalars[..<lo])
        view.append(contentsOf: insert.unicodeScalars)
        view.append(contentsOf: scalars[hi...])
        text = String(view)
        func column(_ p: (line: Int, scalar: Int)) -> Int {
            lines[p.line][..<p.scalar].reduce(0) { $0 + UTF16.width($1) }
        }
        return LSPClient.edit(a.line, column(a), b.line, column(b), insert)
    }

    /// The scalar offset in the whole text of a (line, scalar) position.
    private func offset(_ p: (line: Int, scalar: Int), _ lines: [[Unicode.Scalar]]) -> Int {
        var line = 0, i = 0
        let scalars = Array(text.unicodeScalars)
        while line < p.line {
            if scalars[i] == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" {
                i += 2; line += 1
            } else if scalars[i] == "\r" || scalars[i] == "\n" {
                i += 1; line += 1
            } else {
                i += 1
            }
        }
        return i + p.scalar
    }
}

/// A small seeded generator, so a failing round can be replayed.
