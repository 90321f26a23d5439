import Testing
@testable import TaskPaper

@Suite struct TextDocumentTests {
    @Test func splitsAllThreeLineEndsAndKeepsThem() {
        let text = "a\nb\r\nc\rd"
        let doc = TextDocument(text: text)
        #expect(doc.lines.map(\.text) == ["a", "b", "c", "d"])
        #expect(doc.lines.map(\.ending) == [.lf, .crlf, .cr, .none])
        #expect(doc.text == text)
    }

    @Test func trailingLineEndMakesAnEmptyLastLine() {
        #expect(TextDocument(text: "a\n").lines.map(\.text) == ["a", ""])
        #expect(TextDocument(text: "").lines.map(\.text) == [""])
        #expect(TextDocument(text: "\r\n").lines.count == 2)
    }

    @Test func editReparsesOnlyTheLinesItTouches() {
        let text = (0..<1000).map { "- task \($0) @due(2030-01-01)" }.joined(separator: "\n")
        var doc = TextDocument(text: text)
        #expect(doc.parsedLineCount == 1000)
        doc.replace(
            from: TextPosition(line: 500, column: 2), to: TextPosition(line: 500, column: 2), with: "x",
            encoding: .utf16)
        #expect(doc.parsedLineCount == 1001)
        doc.replace(
            from: TextPosition(line: 10, column: 0), to: TextPosition(line: 12, column: 0), with: "", encoding: .utf16)
        #expect(doc.parsedLineCount == 1002)
        doc.replace(
            from: TextPosition(line: 3, column: 0), to: TextPosition(line: 3, column: 0), with: "a\nb\n",
            encoding: .utf16)
        #expect(doc.parsedLineCount == 1005)
        #expect(doc.lineCount == 1000)
    }

    @Test func positionsPastTheEndClamp() {
        var doc = TextDocument(text: "ab\ncd")
        #expect(doc.location(of: TextPosition(line: 0, column: 99), encoding: .utf16) == (0, 2))
        #expect(doc.location(of: TextPosition(line: 9, column: 0), encoding: .utf16) == (1, 2))
        doc.replace(
            from: TextPosition(line: 0, column: 50), to: TextPosition(line: 7, column: 1_000_000_000_000), with: "!",
            encoding: .utf16)
        #expect(doc.text == "ab!")
    }

    @Test func carriageReturnAndLineFeedJoinAcrossAnEdit() {
        var doc = TextDocument(text: "a\rb")
        // Inserting "\n" right after a lone "\r" makes one "\r\n" line end.
        doc.replace(
            from: TextPosition(line: 1, column: 0), to: TextPosition(line: 1, column: 0), with: "\n", encoding: .utf16)
        #expect(doc.text == "a\r\nb")
        #expect(doc.lines.map(\.text) == ["a", "b"])
        var doc2 = TextDocument(text: "a\n\nb")
        doc2.replace(
            from: TextPosition(line: 0, column: 1), to: TextPosition(line: 0, column: 1), with: "\r", encoding: .utf16)
        #expect(doc2.text == "a\r\n\nb")
        #expect(doc2.lines.map(\.text) == ["a", "", "b"])
    }

    @Test func replaceAll() {
        var doc = TextDocument(text: "x")
        doc.replaceAll(with: "a\nb")
        #expect(doc.lines.map(\.text) == ["a", "b"])
    }

    @Test func encodingsCountTheirOwnUnits() {
        let text = "a😀é中b"  // 😀 is 4 UTF-8 bytes / 2 UTF-16 units / 1 scalar
        let offsetOfB = text.utf8.count - 1
        #expect(PositionEncoding.utf8.column(ofUTF8Offset: offsetOfB, in: text, isASCII: false) == 10)
        #expect(PositionEncoding.utf16.column(ofUTF8Offset: offsetOfB, in: text, isASCII: false) == 5)
        #expect(PositionEncoding.utf32.column(ofUTF8Offset: offsetOfB, in: text, isASCII: false) == 4)
        for e in PositionEncoding.allCases {
            let col = e.column(ofUTF8Offset: offsetOfB, in: text, isASCII: false)
            #expect(e.utf8Offset(ofColumn: col, in: text, isASCII: false) == offsetOfB)
        }
        // Inside a character snaps to its start.
        #expect(PositionEncoding.utf16.utf8Offset(ofColumn: 2, in: text, isASCII: false) == 1)
        #expect(PositionEncoding.utf8.utf8Offset(ofColumn: 3, in: text, isASCII: false) == 1)
    }

    @Test func randomEditsMatchAReferenceString() {
        var rng = SeededRandom(seed: 7)
        let pieces = [
            "a", "- task ", "@due(2025-01-01)", "\n", "\r\n", "\r", "👍🏽", "é", "e\u{301}", "中", "\t", ":", " ",
        ]
        var reference = "Home:\n\t- a @due(2025-05-11)\r\nnote 👍🏽\rlast"
        var doc = TextDocument(text: reference)
        for _ in 0..<3000 {
            let encoding = PositionEncoding.allCases[Int(rng.next() % 3)]
            let lines = TextDocument(text: reference).lines
            let l1 = Int(rng.next() % UInt64(lines.count)), l2 = min(lines.count - 1, l1 + Int(rng.next() % 3))
            let c1 = Int(rng.next() % UInt64(encoding.length(of: lines[l1].text, isASCII: false) + 2))
            let c2 = Int(rng.next() % UInt64(encoding.length(of: lines[l2].text, isASCII: false) + 2))
            let insert = (0..<Int(rng.next() % 4)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let start = TextPosition(line: l1, column: c1), end = TextPosition(line: l2, column: c2)
            reference = Self.apply(reference, lines: lines, start, end, insert, encoding)
            doc.replace(from: start, to: end, with: insert, encoding: encoding)
            #expect(doc.text == reference)
            if doc.text != reference { return }
        }
        let fresh = TextDocument(text: reference)
        #expect(doc.lines.map(\.syntax) == fresh.lines.map(\.syntax))
    }

    /// The reference: edit the flat string through scalar arithmetic, independent of the document.
    static func apply(
        _ text: String, lines: [Line], _ a: TextPosition, _ b: TextPosition, _ insert: String,
        _ e: PositionEncoding
    ) -> String {
        func flatOffset(_ p: TextPosition) -> Int {
            var offset = 0
            for l in lines[..<p.line] { offset += l.text.utf8.count + l.ending.text.utf8.count }
            let line = lines[p.line].text
            var units = 0, bytes = 0
            for s in line.unicodeScalars {
                let w = e == .utf8 ? UTF8.width(s) : e == .utf16 ? UTF16.width(s) : 1
                if units + w > p.column { break }
                units += w
                bytes += UTF8.width(s)
            }
            return offset + bytes
        }
        var (x, y) = (flatOffset(a), flatOffset(b))
        if y < x { swap(&x, &y) }
        let u = Array(text.utf8)
        return String(decoding: u[..<x] + Array(insert.utf8) + u[y...], as: UTF8.self)
    }
}
