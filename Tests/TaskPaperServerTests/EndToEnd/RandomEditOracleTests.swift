import TaskPaper
import Foundation
import Testing
import TaskPaperServer

/// The random-edit oracle, where DiagnosticsTests' end-of-run check
/// and the UTF-16 delta test leave gaps: seeded, all three encodings, checked
/// after every batch (diagnostics, the token delta chain, symbols, folding
/// against the same text opened afresh), lone CR and CRLF, combining marks and
/// astral characters, columns inside characters and past line and document
/// ends, several changes per notification, full-text replacements (some over
/// the 64 KB that makes didOpen take its escaped-text path).
@Suite struct RandomEditOracleTests {
    static let env = ["TASKPAPER_NOW": "2026-11-21T10:00"]

    @Test(arguments: ["utf-8", "utf-16", "utf-32"])
    func everyBatchOfEditsAnswersAsAFreshOpen(encoding: String) throws {
        var rng = SeededRandom(environment: "TASKPAPER_ORACLE_SEED")
        let replay = "seed \(rng.seed) (TASKPAPER_ORACLE_SEED=\(rng.seed)), \(encoding)"
        let c = try LSPClient(environment: Self.env)
        let result = try c.initialize(capabilities: ["general": ["positionEncodings": [.string(encoding)]]])
        #expect(result["capabilities"]?["positionEncoding"]?.stringValue == encoding)
        // Tag counts sum over open documents: a second server opens only the fresh copy.
        let counter = try LSPClient(environment: Self.env)
        try counter.initialize(capabilities: ["general": ["positionEncodings": [.string(encoding)]]])
        let uri = "file:///oracle/edited.taskpaper"
        var model = ClientText(
            "Home:\n\t- a @due(2025-05-11)\r\n\t- b 👍🏽 @due(2025-02-30) @next @next\rnote e\u{301}\nlast",
            encoding: encoding)
        c.open(uri, model.text)
        var tokens = try c.request("textDocument/semanticTokens/full", Self.doc(uri))
        var data = tokens["data"]?.arrayValue ?? []
        var edits = 0
        for batch in 1...250 {
            let changes = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                model.randomChange(using: &rng, largeTextOneIn: 15)
            }
            edits += changes.count
            c.change(uri, version: batch + 1, changes)
            // The delta chain, applied to the previous data as a client does.
            var params = Self.doc(uri)
            if case .object(var o) = params { o["previousResultId"] = tokens["resultId"]; params = .object(o) }
            tokens = try c.request("textDocument/semanticTokens/full/delta", params)
            #expect(tokens["edits"] != nil, "\(replay), batch \(batch): a delta, not full data")
            data = try Self.apply(tokens, to: data)

            let fresh = "file:///oracle/fresh-\(batch).taskpaper"
            let counts = try Self.tagCounts(c, uri, model),
                expectedCounts = try Self.tagCounts(counter, fresh, model, open: true)
            c.open(fresh, model.text)
            let expectedData =
                try c.request("textDocument/semanticTokens/full", Self.doc(fresh))["data"]?.arrayValue ?? []
            let edited = try Self.answers(c, uri, tokens: false), expected = try Self.answers(c, fresh, tokens: false)
            c.notify("textDocument/didClose", Self.doc(fresh))
            let context = "\(replay), batch \(batch), text \(model.text.debugDescription.prefix(1500))"
            #expect(edited == expected, "\(context)")
            #expect(data == expectedData, "\(context)")
            #expect(counts == expectedCounts, "\(context)")
            if edited != expected || data != expectedData || counts != expectedCounts { break }
        }
        #expect(edits >= 500, "\(replay)")
        #expect(try c.shutdownAndExit() == 0)
        #expect(try counter.shutdownAndExit() == 0)
    }

    /// Invalid UTF-8 in a document's text (no client should send it, but one
    /// may) is decoded the same lossy way whichever path it takes: a short
    /// didOpen, a long one (split while escaped), a full-text change.
    @Test func invalidUTF8IsDecodedTheSameOnEveryPath() throws {
        var rng = SeededRandom(environment: "TASKPAPER_ORACLE_SEED")
        let c = try LSPClient(environment: Self.env)
        try c.initialize()
        for size in [2_000, 100_000] {
            var sent: [UInt8] = [], decoded: [UInt8] = []
            while sent.count < size {
                let piece =
                    rng.chance(4)
                    ? rng.pick(EscapedPiece.lineEnds)
                    : rng.chance(2) ? rng.pick(EscapedPiece.oddities) : rng.pick(EscapedPiece.words)
                sent += piece.sent
                decoded += piece.decoded
            }
            let text = String(decoding: decoded, as: UTF8.self)
            let opened = "file:///utf8/opened-\(size).taskpaper", changed = "file:///utf8/changed-\(size).taskpaper"
            let reference = "file:///utf8/reference-\(size).taskpaper"
            func rawText(_ method: String, _ params: (FuzzValue) -> FuzzValue) -> [UInt8] {
                FuzzValue.message(id: nil, method: method, params: params(.rawString(sent))).bytes
            }
            c.sendBytes(
                rawText("textDocument/didOpen") { text in
                    .object([
                        (
                            "textDocument",
                            .object([
                                ("uri", .json(.string(opened))), ("languageId", .json("taskpaper")),
                                ("version", .json(1)), ("text", text),
                            ])
                        )
                    ])
                })
            c.open(changed, "")
            c.sendBytes(
                rawText("textDocument/didChange") { text in
                    .object([
                        ("textDocument", .json(["uri": .string(changed), "version": 2])),
                        ("contentChanges", .array([.object([("text", text)])])),
                    ])
                })
            c.open(reference, text)
            let expected = try Self.answers(c, reference)
            #expect((expected.first?.arrayValue?.count ?? 0) > 0, "the text has diagnostics to compare")
            #expect(try Self.answers(c, opened) == expected, "seed \(rng.seed), \(size) bytes opened")
            #expect(try Self.answers(c, changed) == expected, "seed \(rng.seed), \(size) bytes changed")
        }
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Completion and hover at the first tag: every tag's and value's item count.
    static func tagCounts(_ c: LSPClient, _ uri: String, _ model: ClientText, open: Bool = false) throws -> [JSON] {
        guard let p = model.firstTagNamePosition else { return [] }
        if open { c.open(uri, model.text) }
        defer { if open { c.notify("textDocument/didClose", doc(uri)) } }
        return [
            try c.request("textDocument/completion", LSPClient.at(uri, p.line, p.character))["items"] ?? nil,
            try c.request("textDocument/hover", LSPClient.at(uri, p.line, p.character)),
        ]
    }

    static func doc(_ uri: String) -> JSON { ["textDocument": ["uri": .string(uri)]] }

    /// What a document answers that depends on all of its text (full tokens
    /// only when asked: they would restart a delta chain).
    static func answers(_ c: LSPClient, _ uri: String, tokens: Bool = true) throws -> [JSON] {
        [
            try c.request("textDocument/diagnostic", doc(uri))["items"] ?? nil,
            tokens ? try c.request("textDocument/semanticTokens/full", doc(uri))["data"] ?? nil : nil,
            try c.request("textDocument/documentSymbol", doc(uri)),
            try c.request("textDocument/foldingRange", doc(uri)),
        ]
    }

    /// A semantic tokens delta (or a full result) applied to the previous data.
    static func apply(_ result: JSON, to data: [JSON]) throws -> [JSON] {
        if let full = result["data"]?.arrayValue { return full }
        var data = data
        let edits = try #require(result["edits"]?.arrayValue)
        for edit in edits.sorted(by: { ($0["start"]?.intValue ?? 0) > ($1["start"]?.intValue ?? 0) }) {
            let start = try #require(edit["start"]?.intValue), count = try #require(edit["deleteCount"]?.intValue)
            data.replaceSubrange(start..<start + count, with: edit["data"]?.arrayValue ?? [])
        }
        return data
    }
}
