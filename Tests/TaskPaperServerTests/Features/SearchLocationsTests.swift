import TaskPaper
import Testing

@testable import TaskPaperServer

/// A search's answer is written from a template with columns read from each line's
/// parse; it must be byte for byte what `Location.write` makes of the positions
/// `lspRange` converts, in every encoding.
@Suite struct SearchLocationsTests {
    static let pieces = ["- task", "\t", "  ", "é", "👍🏽", "@home", "@x(東京)", "Projet:", " ", "a\"b\\c", "\u{3000}"]

    @Test func theTemplateWritesWhatLocationWrites() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let text = (0..<rng.int(1...12)).map { _ in
                (0..<rng.int(0...5)).map { _ in rng.pick(Self.pieces) }.joined()
            }.joined(separator: "\n")
            let document = TextDocument(text: text)
            for encoding in PositionEncoding.allCases {
                let doc = DocumentSnapshot(text: document, encoding: encoding)
                let items = document.lines.indices.filter { _ in rng.chance(2) }
                let uris = ["file:///a.taskpaper", "file:///d%C3%A9j%C3%A0/\"q\".taskpaper"]
                let found = uris.map { SearchFound(uri: $0, doc: doc, items: items) }
                let expected = found.flatMap { one in
                    one.items.map { i in
                        let syntax = document.lines[i].syntax
                        return Location(
                            uri: one.uri, range: doc.lspRange(line: i, syntax.indentLength..<Int(syntax.utf8Count)))
                    }
                }
                var a = JSONWriter(), b = JSONWriter()
                SearchLocations(found: found).write(to: &a)
                expected.write(to: &b)
                #expect(a.bytes == b.bytes, "\(encoding): \(text.debugDescription)")
            }
        }
    }
}
