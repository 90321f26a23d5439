import Testing
import TaskPaper
@testable import TaskPaperServer

/// Document symbols, semantic tokens and long int arrays are written by fast paths (reserved
/// memory, chunks of lines on all cores, joined); each is compared byte for byte with a plain
/// reference on random documents, split into every number of chunks.
@Suite struct LargeAnswerOracleTests {
    static let clock = Clock.parse("2026-11-21T10:00")!

    /// Random lines: nesting deeper than the 50 levels symbols nest, tabs and spaces, every kind,
    /// tags with values and `@done`, non-ASCII, emoji, quotes, backslashes, control bytes, CR/LF/CRLF.
    static func randomDocument(_ rng: inout SeededRandom, lines: Int) -> String {
        let words = [
            "call", "Zürich", "東京", "👍🏽", "🌱", "naïve", "say \"hi\"", "C:\\dir", "a\u{1}b", "cafe\u{301}", "x",
        ]
        let tags = ["@done", "@due(2026-11-01)", "@home", "@x(東京 👍🏽)", "@done(2026-11-20)", "@", "@q(\"a\\b\")"]
        let endings = ["\n", "\n", "\n", "\r\n", "\r"]
        var text = "", depth = 0
        for _ in 0..<lines {
            // Mostly one level deeper or shallower; now and then a jump, to go past 50 levels and back.
            depth = max(0, min(70, depth + rng.int(-2...2) + (rng.chance(30) ? 20 : 0) - (rng.chance(30) ? 25 : 0)))
            let indent = rng.chance(5) ? String(repeating: "  ", count: depth) : String(repeating: "\t", count: depth)
            var body = (0..<rng.int(1...3)).map { _ in rng.pick(words) }.joined(separator: " ")
            for _ in 0..<rng.int(0...3) { body += " " + rng.pick(tags) }
            switch rng.int(0...9) {
            case 0: text += rng.chance(2) ? "" : "\t "
            case 1...4: text += indent + "- " + body
            case 5...6: text += indent + body + ":"
            default: text += indent + body
            }
            text += rng.pick(endings)
        }
        return text
    }

    static func document(_ text: String, encoding: PositionEncoding) -> OpenDocument {
        OpenDocument(
            uri: "file:///oracle.taskpaper", version: 1, text: text,
            context: AnalysisContext(settings: Settings(), clock: clock, encoding: encoding), generations: Counter())
    }

    @Test(arguments: PositionEncoding.allCases)
    func symbolsInChunksEqualThePlainWriter(encoding: PositionEncoding) {
        var rng = SeededRandom(seed: 15)
        for round in 0..<12 {
            let doc = Self.document(Self.randomDocument(&rng, lines: rng.int(1...400)), encoding: encoding)
            Self.expectSymbolsInChunks(doc, upTo: 6, "seed 15, round \(round), \(encoding)")
        }
    }

    /// The worst case for the reservation: a tag in mid-line is written twice (in the name and in
    /// `detail`), and each control byte in it becomes six (`\u0001`).
    @Test func controlBytesInAMidLineTagFitTheReservation() {
        let value = String(repeating: "\u{1}", count: 5000)
        let text = (0..<3).map { _ in "- x @a(\(value)) y\n\t- \(value) @b(\(value))" }.joined(separator: "\n")
        Self.expectSymbolsInChunks(Self.document(text, encoding: .utf16), upTo: 3, "control bytes")
    }

    /// Symbols written in 1...`maxChunks` chunks equal the plain one-pass writer's, byte for byte.
    static func expectSymbolsInChunks(_ doc: OpenDocument, upTo maxChunks: Int, _ label: String) {
        let snapshot = doc.snapshot, outline = Outline(document: snapshot.text, indentWidth: .auto)
        var plain = JSONWriter()
        ReferenceSymbols(doc: snapshot, outline: outline).write(to: &plain)
        for chunks in 1...maxChunks {
            var fast = JSONWriter()
            DocumentSymbolTree(doc: snapshot, outline: outline, chunkCount: chunks).write(to: &fast)
            guard fast.bytes != plain.bytes else { continue }
            let at = zip(fast.bytes, plain.bytes).prefix { $0 == $1 }.count
            func excerpt(_ b: [UInt8]) -> String {
                String(decoding: b[max(0, at - 150)..<min(b.count, at + 60)], as: UTF8.self)
            }
            Issue.record(
                """
                \(label), \(chunks) chunks: differ at byte \(at):
                fast  ...\(excerpt(fast.bytes))
                plain ...\(excerpt(plain.bytes))
                """)
        }
    }

    @Test(arguments: PositionEncoding.allCases)
    func tokensInChunksEqualOneChunk(encoding: PositionEncoding) {
        var rng = SeededRandom(seed: 16)
        for round in 0..<12 {
            let doc = Self.document(Self.randomDocument(&rng, lines: rng.int(1...400)), encoding: encoding)
            let whole = SemanticTokenizer.encode(doc, lines: 0..<doc.lineCount, linesPerChunk: Int.max / 4)
            #expect(!whole.isEmpty || doc.lineCount < 5)
            for linesPerChunk in [1, 2, 3, 7, 50] {
                let chunked = SemanticTokenizer.encode(doc, lines: 0..<doc.lineCount, linesPerChunk: linesPerChunk)
                #expect(chunked == whole, "seed 16, round \(round), \(linesPerChunk) lines a chunk, \(encoding)")
            }
        }
    }

    @Test func intArraysInPartsEqualPlainDigits() throws {
        var rng = SeededRandom(seed: 17)
        for count in [0, 1, 2, 5, 100, 70_000] {
            let values = (0..<count).map { _ in
                UInt32(truncatingIfNeeded: rng.chance(2) ? rng.int(0...120) : rng.int(0...Int(UInt32.max)))
            }
            let plain = "[" + values.map(String.init).joined(separator: ",") + "]"
            for parts in 1...5 where parts <= max(1, count) {
                var w = JSONWriter()
                w.intArray(values, parts: parts)
                #expect(String(decoding: w.bytes, as: UTF8.self) == plain, "\(count) values in \(parts) parts")
            }
        }
    }

    /// The escapes, digits and copies of `ReservedBytes` against `JSONWriter`'s plain appends.
    @Test func reservedBytesWriteWhatThePlainWriterWrites() {
        var rng = SeededRandom(seed: 18)
        for _ in 0..<500 {
            let bytes = (0..<rng.int(0...40)).map { _ in
                UInt8(truncatingIfNeeded: rng.pick([0, 1, 9, 10, 13, 31, 34, 92, 97, 0xC3, 0xA9, 127, 0xF0]))
            }
            let number = rng.chance(2) ? rng.int(-20...20) : Int(truncatingIfNeeded: rng.next())
            var plain = JSONWriter(), fast = JSONWriter()
            bytes.withUnsafeBufferPointer { b in
                plain.appendEscaped(b)
                plain.appendPlainInt(number)
                fast.withReservedBytes(maxCount: ReservedBytes.maxEscapedCount(b.count) + ReservedBytes.maxDigitCount) {
                    $0.escaped(b)
                    $0.digits(number)
                }
            }
            #expect(fast.bytes == plain.bytes)
        }
    }
}

/// The symbols writer as it was before chunks and reserved memory: one pass, one `JSONWriter` append
/// per piece, positions through `ClientPositions`. The reference the fast writer must equal.
private struct ReferenceSymbols {
    let doc: DocumentSnapshot
    let outline: Outline

    private struct OpenItem {
        var end: Int
        var wroteChildren: Bool
    }

    func write(to w: inout JSONWriter) {
        w.openArray()
        var open: [OpenItem] = []
        for item in 0..<outline.lineCount where outline.isItem(item) {
            while let top = open.last, top.end <= item {
                if top.wroteChildren { w.closeArray(); w.closeObject() }
                open.removeLast()
            }
            let end = outline.subtreeEnd(of: item)
            let kind = outline.lines[item].syntax.kind
            if kind == .project || kind == .task {
                let nests = open.count < DocumentSymbolTree.maxDepth && end > item + 1
                writeSymbol(item, subtreeEnd: end, to: &w)
                if nests {
                    w.appendPlain(",\"children\":")
                    w.openArray()
                } else {
                    w.closeObject()
                }
                if end > item + 1 { open.append(OpenItem(end: end, wroteChildren: nests)) }
            } else if end > item + 1 {
                open.append(OpenItem(end: end, wroteChildren: false))
            }
        }
        for item in open.reversed() where item.wroteChildren { w.closeArray(); w.closeObject() }
        w.closeArray()
    }

    private func writeSymbol(_ item: Int, subtreeEnd: Int, to w: inout JSONWriter) {
        let line = outline.lines[item], syntax = line.syntax
        let last = subtreeEnd - 1
        let end = doc.clientPosition(TextLocation(line: last, offset: Int(doc.text.lines[last].syntax.utf8Count)))
        let selection = doc.lspRange(line: item, syntax.contentRange)
        let nameRange = line.itemNameRange
        w.openObject()
        line.text.withUTF8Bytes { b in
            w.appendPlain("\"name\":\"")
            w.appendEscaped(UnsafeBufferPointer(rebasing: b[nameRange]))
            if !syntax.tags.isEmpty {
                w.appendPlain("\",\"detail\":\"")
                for (k, tag) in syntax.tags.enumerated() {
                    if k > 0 { w.appendPlain(" ") }
                    w.appendEscaped(UnsafeBufferPointer(rebasing: b[tag.range]))
                }
            }
        }
        w.appendPlain("\",\"kind\":")
        w.appendPlainInt(SymbolKind(syntax.kind).rawValue)
        if line.isDone {
            w.appendPlain(",\"tags\":[")
            w.appendPlainInt(SymbolTag.deprecated.rawValue)
            w.appendPlain("]")
        }
        w.appendPlain(",\"range\":{\"start\":{\"line\":")
        w.appendPlainInt(item)
        w.appendPlain(",\"character\":0},\"end\":{\"line\":")
        w.appendPlainInt(end.line)
        w.appendPlain(",\"character\":")
        w.appendPlainInt(end.character)
        w.appendPlain("}},\"selectionRange\":{\"start\":{\"line\":")
        w.appendPlainInt(item)
        w.appendPlain(",\"character\":")
        w.appendPlainInt(selection.start.character)
        w.appendPlain("},\"end\":{\"line\":")
        w.appendPlainInt(item)
        w.appendPlain(",\"character\":")
        w.appendPlainInt(selection.end.character)
        w.appendPlain("}}")
    }
}
