import Testing
import TaskPaper
@testable import TaskPaperServer

/// Our JSON reader and writer, and the raw-text path a large didOpen takes.
@Suite struct JSONTests {
    static func parse(_ text: String) throws -> JSON { try JSONParser.parse(Array(text.utf8)) }

    @Test func valuesOfEveryKind() throws {
        let v = try Self.parse(#" {"a": [1, -2, 3.5, 1e3, true, false, null, "x\n\"\u00e9\ud83d\ude00"], "b": {}} "#)
        #expect(v["a"] == [1, -2, 3.5, 1000.0, true, false, nil, "x\n\"é😀"])
        #expect(v["b"] == [:])
        #expect(try Self.parse("-0").intValue == 0)
        #expect(try Self.parse("1.0").intValue == 1)
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"abc", "\"a\\x\"", "\"\\u12\"", "\"a\u{1}b\"",
        "[1] x", "{\"a\":1,}", "nul",
    ])
    func malformedInputIsAnError(_ text: String) {
        #expect(throws: JSONParseError.self) { try Self.parse(text) }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try Self.parse(deep) }
        let ok = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? Self.parse(ok)) != nil)
    }

    @Test func loneSurrogateBecomesReplacementCharacter() throws {
        #expect(try Self.parse(#""\ud800x""#) == "\u{FFFD}x")
    }

    @Test func writerEscapesAndRoundTrips() throws {
        let value: JSON = ["s": "tab\t quote\" back\\ nl\n ctl\u{1} é😀", "n": [0, -7, 123456789], "b": true, "z": nil]
        #expect(try JSONParser.parse(Array(value.serialized.utf8)) == value)
        var w = JSONWriter()
        w.intArray([0, 9, 10, 4_294_967_295])
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[0,9,10,4294967295]")
    }

    /// A text longer than the raw threshold, with every kind of line end and escape.
    static var longText: String {
        var parts: [String] = []
        for i in 0..<5000 {
            switch i % 6 {
            case 0: parts.append("Project \(i):\n")
            case 1: parts.append("\t- task \"quoted\" \\ back @due(2030-01-0\(i % 9 + 1))\r\n")
            case 2: parts.append("\t\tnote é 😀 e\u{301} 東京\r")
            case 3: parts.append("\n")
            case 4: parts.append("- slash / and tab\there @x(\\(y\\))\n")
            default: parts.append("- last of block @done\r\n")
            }
        }
        return parts.joined() + "tail without end"
    }

    @Test func longStringsStayEscapedAndSplitIntoTheSameLines() throws {
        let text = Self.longText
        let message: JSON = ["text": .string(text)]
        let parsed = try JSONParser.parse(Array(message.serialized.utf8))
        guard case .rawString(let raw) = parsed["text"] else {
            Issue.record("a \(text.utf8.count)-byte string should stay raw")
            return
        }
        #expect(raw.decoded == text)
        let spans = try #require(raw.lineSpans())
        let expected = TextDocument(text: text).lines
        let decoded = try #require(DecodedLines(spans))
        // Last line first: a line that wrote past its own room would spoil the line after it, decoded already.
        let lines = raw.bytes.withUnsafeBufferPointer { b in
            spans.indices.reversed().compactMap { decoded.line($0, escapedIn: b) }.reversed()
        }
        #expect(lines.map(\.text) == expected.map(\.text))
        #expect(lines.map(\.syntax) == expected.map(\.syntax))
        #expect(spans.map(\.ending) == expected.map(\.ending))
    }

    @Test func decodedLinesThatAreNotUTF8AreRepairedAsAStringWould() throws {
        // Raw bytes a client should not send: a stray 0xFF, a cut-off sequence, an encoded surrogate.
        let bad: [[UInt8]] = [[0xFF], [0xE6, 0x9D], [0xED, 0xA0, 0x80]]
        var body: [UInt8] = []
        var expected: [String] = []
        for i in 0..<5000 {
            let line = Array("- task \(i) ".utf8) + (i % 7 == 0 ? bad[i % 3] : Array("é".utf8)) + Array(" @due".utf8)
            body += line + Array("\\n".utf8)
            expected.append(String(decoding: line, as: UTF8.self))
        }
        expected.append("")
        let message = Array("{\"text\":\"".utf8) + body + Array("\"}".utf8)
        guard case .rawString(let raw) = try JSONParser.parse(message)["text"] else {
            Issue.record("expected a raw string")
            return
        }
        let spans = try #require(raw.lineSpans())
        let decoded = try #require(DecodedLines(spans))
        let lines = raw.bytes.withUnsafeBufferPointer { b in
            spans.indices.compactMap { decoded.line($0, escapedIn: b) }
        }
        #expect(lines.map(\.text) == expected)
        #expect(lines.map(\.syntax) == expected.map { TagScanner.parse($0) })
    }

    /// A document's line decoder (word at a time, tabs on their own path) against the general one, on
    /// random escaped lines of every length around a word: the same bytes, and whether they are ASCII.
    @Test func linesDecodeAsTheGeneralDecoderDecodes() throws {
        var random = SeededRandom(seed: 0xDEC0DE)
        let pieces = [
            "a", "bc", "defghij", "@due(2026-01-01)", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r",
            "\\u00e9", "\\u00E9", "\\u0000", "\\u2028", "\\ud83d\\udc4d", "\\ud83d", "\\udc4d", "é", "👍🏽", " ",
            "\\t\\t",
        ]
        for _ in 0..<20_000 {
            var escaped = ""
            for _ in 0..<random.int(0...12) { escaped += random.pick(pieces) }
            if random.chance(4) { escaped += "\\ud83d" }  // a high surrogate right at the line's end
            let bytes = Array("\"\(escaped)\"".utf8)
            let range = 1..<bytes.count - 1
            let expected = try bytes.withUnsafeBufferPointer { try JSONParser.unescape($0, range) }
            // Sentinels past the line's room: the decoder may write anywhere in the room, never past it.
            var out = [UInt8](repeating: 0xA5, count: range.count + 16)
            let (count, isASCII) = try bytes.withUnsafeBufferPointer { b in
                try out.withUnsafeMutableBufferPointer { try JSONParser.unescapeLine(b, range, into: $0.baseAddress!) }
            }
            #expect(out[range.count...].allSatisfy { $0 == 0xA5 }, "wrote past the room of \(escaped)")
            #expect(Array(out[..<count]) == Array(expected.utf8), "\(escaped)")
            #expect(isASCII == expected.utf8.allSatisfy { $0 < 0x80 }, "\(escaped)")
        }
    }

    /// A didOpen's text: the parser only finds its end. Its lines, searched for in one go when they were
    /// not found as the message arrived, are those of the checked parse.
    @Test func aDocumentTextIsLeftUncheckedAndSplitAsTheCheckedParseSplitsIt() throws {
        var random = SeededRandom(seed: 0x7E47)
        let pieces = [
            "a", " @due(2026-01-01)", "\\n", "\\r\\n", "\\r", "\\t", "\\\\", "\\\\n", "\\\\\\n", "\\\"", "\\u00e9",
            "\\ud83d\\udc4d", "é", "\\\\\\\\", "\\/",
        ]
        for round in 0..<40 {
            var escaped = ""
            while escaped.utf8.count <= JSONParser.rawStringThreshold { escaped += random.pick(pieces) }
            if round % 10 == 9 { escaped += "\\u000A" }
            let checked = try JSONParser.parse(Array("{\"text\":\"\(escaped)\"}".utf8))
            let unchecked = try JSONParser.parse(
                Array("{\"params\": {\"textDocument\": {\"text\": \"\(escaped)\"}}, \"x\": 1}".utf8))
            guard case .rawString(let a) = checked["text"],
                case .rawString(let b) = unchecked["params"]?["textDocument"]?["text"]
            else {
                Issue.record("expected raw strings")
                return
            }
            #expect(a.isChecked && !b.isChecked)
            #expect(unchecked["x"] == 1, "the message goes on after the text")
            #expect(b.decoded != nil && b.decoded == a.decoded)
            // Each line as its place in the text, its length and its end.
            func lines(_ raw: JSONRawString) -> [String]? {
                raw.lineSpans()?.map { "\($0.range.lowerBound - raw.range.lowerBound) \($0.range.count) \($0.ending)" }
            }
            #expect(lines(b) == lines(a), "round \(round)")
        }
    }

    /// A didOpen read while its line ends are found (`LineEndScanner`), arriving in pieces of every
    /// size: the lines of its text are those the checked parse of the same text splits.
    @Test func lineEndsFoundAsTheMessageArrivesAreTheTextsLines() throws {
        var random = SeededRandom(seed: 0x5CA7)
        let pieces = [
            "a", " @due(2026-01-01)", "\\n", "\\r\\n", "\\r", "\\t", "\\\\", "\\\\n", "\\\\\\n", "\\\"", "\\u00e9",
            "\\ud83d\\udc4d", "é", "\\\\\\\\", "\\\\r\\n", "\\r\\\\n",
        ]
        for round in 0..<40 {
            var escaped = ""
            while escaped.utf8.count <= JSONParser.rawStringThreshold { escaped += random.pick(pieces) }
            if round % 10 == 9 { escaped += "\\u000d" }
            let body = Array(
                ("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                    + "{\"uri\":\"file:///a\\nb\",\"text\":\"\(escaped)\",\"version\":1}}}").utf8)
            #expect(FrameReader.isDidOpen(body.withUnsafeBufferPointer { $0 }))
            let lineEnds = body.withUnsafeBufferPointer { b in
                let scanner = LineEndScanner(body: b.baseAddress!, length: b.count)
                var arrived = 0
                while arrived < b.count {
                    arrived = min(b.count, arrived + random.int(1...3000))
                    scanner.arrived(arrived)
                }
                return scanner.finish(b.count)
            }
            let scanned = try JSONParser.parse(body, lineEnds: lineEnds)
            let checked = try JSONParser.parse(Array("{\"text\":\"\(escaped)\"}".utf8))
            guard case .rawString(let a) = checked["text"],
                case .rawString(let b) = scanned["params"]?["textDocument"]?["text"]
            else {
                Issue.record("expected raw strings")
                return
            }
            // Each line as its place in the text, its length and its end.
            func lines(_ spans: [JSONRawString.LineSpan]?, of raw: JSONRawString) -> [String]? {
                spans?.map { "\($0.range.lowerBound - raw.range.lowerBound) \($0.range.count) \($0.ending)" }
            }
            #expect(lines(b.scannedLines, of: b) == lines(a.lineSpans(), of: a), "round \(round)")
            #expect(lines(b.lineSpans(), of: b) == lines(a.lineSpans(), of: a), "round \(round)")
        }
    }

    /// What the parser would refuse elsewhere, a document's text holds until its lines are decoded.
    @Test(arguments: ["\u{1}", "\\x", "\\u12G4", "\u{9}"])
    func aMalformedDocumentTextIsFoundWhereItIsDecoded(_ bad: String) throws {
        let escaped = String(repeating: "- a @due(2026-01-01)\\n", count: 5000) + bad + " tail"
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("{\"text\":\"\(escaped)\"}".utf8)) }
        let parsed = try JSONParser.parse(Array("{\"params\":{\"textDocument\":{\"text\":\"\(escaped)\"}}}".utf8))
        guard case .rawString(let raw) = parsed["params"]?["textDocument"]?["text"] else {
            Issue.record("expected a raw string")
            return
        }
        #expect(raw.decoded == nil)
        #expect(throws: JSONParseError.self) {
            try OpenDocument(
                uri: "file:///bad.taskpaper", version: 1, escapedText: raw,
                context: AnalysisContext(
                    settings: Settings(), clock: Clock.parse("2026-11-21T10:00")!, encoding: .utf16),
                generations: Counter())
        }
        // Never written out as it came: that would be malformed JSON too.
        #expect(parsed["params"]?["textDocument"]?["text"]?.serialized == "null")
    }

    @Test func anUnterminatedDocumentTextIsAnError() {
        let message =
            "{\"params\":{\"textDocument\":{\"text\":\"" + String(repeating: "- a\\n", count: 30_000) + "\\\"}}}"
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(message.utf8)) }
    }

    @Test func aUnicodeEscapedLineEndFallsBackToDecodingWhole() throws {
        let body = String(repeating: "- a\\n", count: 20_000) + "x\\u000Ay"
        let parsed = try JSONParser.parse(Array("{\"text\":\"\(body)\"}".utf8))
        guard case .rawString(let raw) = parsed["text"] else { Issue.record("expected a raw string"); return }
        #expect(raw.lineSpans() == nil)
        #expect(raw.decoded?.hasSuffix("x\ny") == true)
    }
}
