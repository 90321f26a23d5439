import Testing
import TaskPaper

/// The text after formatting (all of it, or the lines in `range`).
private func formatted(_ text: String, _ range: ClosedRange<Int>? = nil, indentWidth: IndentWidth = .auto) -> String {
    var doc = TextDocument(text: text)
    doc.apply(Formatting.format(doc.lines, in: range, indentWidth: indentWidth))
    return doc.text
}

@Suite struct FormattingTests {
    @Test func writesIndentationAsTabsAndRemovesTrailingWhiteSpace() {
        let messy = "Home:\n  - Buy milk \t\n    fresh, please   \n  Errands: @today  \n      - Bank\n"
        #expect(formatted(messy) == "Home:\n\t- Buy milk\n\t\tfresh, please\n\tErrands: @today\n\t\t\t- Bank\n")
    }

    @Test func readsLevelsAsTaskPaperDoes() {
        // Two spaces a level; a tab after left-over spaces does not count; spaces after a tab do not.
        #expect(formatted("  a\n    b\n   \tc\n\t  d\n") == "\ta\n\t\tb\n\tc\n\td\n")
        // A fixed width of four: two spaces are no level.
        #expect(formatted("  a\n    b\n", indentWidth: .spaces(4)) == "a\n\tb\n")
    }

    @Test func keepsTheWhiteSpaceThatMakesALineWhatItIs() {
        // `Home: ` is a note; without its space it would be a project. `- ` is a task; `-` would be a note.
        #expect(formatted("  Home: \n  -   \n") == "\tHome: \n\t-   \n")
        // The rest of such a line is still formatted.
        #expect(formatted("    Home: @due(2025-5-1) \n") == "\tHome: @due(2025-05-01)\n")
    }

    @Test func zeroPadsDatesInDateTagsOnly() {
        #expect(
            formatted("- a @due(2025-5-1) @start(2025-5-1 thru 2025-6-3) @ref(2025-5-1)")
                == "- a @due(2025-05-01) @start(2025-05-01 thru 2025-06-03) @ref(2025-5-1)")
    }

    @Test func keepsEveryLineEnd() {
        // Emptying the blank line would join its `\n` to the `\r` before it: one line fewer.
        #expect(formatted("a\r  \nb") == "a\r\t\nb")
        #expect(formatted("a \r\n  b \r  c \n\r") == "a\r\n\tb\r\tc\n\r")
        #expect(formatted("\r") == "\r")
        #expect(Formatting.format(TextDocument(text: "\r").lines, indentWidth: .auto).isEmpty)
    }

    @Test func replacesOnlyTheStretchThatChanges() {
        let doc = TextDocument(text: "Home:\n    - Buy milk @due(2025-5-1)  \n- Call\n")
        let edits = Formatting.format(doc.lines, indentWidth: .auto)
        #expect(edits == [TextReplacement(line: 1, 0..<31, "\t- Buy milk @due(2025-05-01)")])
        let dates = TextDocument(text: "\t- Call @due(2025-5-1) about 🔥é\n")
        #expect(Formatting.format(dates.lines, indentWidth: .auto) == [TextReplacement(line: 0, 18..<20, "05-0")])
        // Multi-byte text after the change stays out of the replacement, cut on a character boundary.
        let emoji = TextDocument(text: "  🔥é x\n")
        #expect(Formatting.format(emoji.lines, indentWidth: .auto) == [TextReplacement(line: 0, 0..<2, "\t")])
    }

    @Test func rangeFormattingTouchesOnlyItsLines() {
        let text = "a\n    b  \n    c  \n    d  \n"
        #expect(formatted(text, 1...2) == "a\n\tb\n\tc\n    d  \n")
    }

    @Test func rangeFormattingFormatsEverythingWhenTheRangeHeldTheLevelWidth() {
        // The range holds the only 2-space line: rewritten alone, `d` (4 spaces) would drop from depth 2 to 1.
        let text = "a\n  b\n    d\n"
        #expect(formatted(text, 1...1) == "a\n\tb\n\t\td\n")
    }

    @Test func invalidRangesAreClamped() {
        #expect(formatted("  a \n", 5...9) == "  a \n")
        #expect(formatted("  a \n", 0...9) == "\ta\n")
        #expect(formatted("  a \n  b", 0...99) == "\ta\n\tb")
    }

    @Test func badInputAnswersCorrectlyAndQuickly() {
        let clock = ContinuousClock()
        // A megabyte line with trailing white space.
        let long = "  - " + String(repeating: "word @a(b) ", count: 100_000) + "  "
        let deep = String(repeating: " ", count: 20_000) + "- deep \n" + "  x\n"
        let tabs = String(repeating: "\t", count: 10_000) + "- tabs "
        let elapsed = clock.measure {
            #expect(formatted(long) == "\t- " + String(repeating: "word @a(b) ", count: 100_000).dropLast())
            #expect(formatted(deep) == String(repeating: "\t", count: 10_000) + "- deep\n\tx\n")
            #expect(formatted(tabs) == String(repeating: "\t", count: 10_000) + "- tabs")
        }
        #expect(elapsed < .seconds(10))
    }
}

/// Random documents: formatting keeps every item's depth, kind, tags and tag values, and a second pass changes nothing.
@Suite struct FormattingInvariantTests {
    static let indents = ["", " ", "  ", "    ", "\t", "\t\t", "  \t", "\t  ", "   ", "      "]
    static let starts = ["- ", "+ ", "* ", "-\t", "", "", "-", "Home:", "🔥 ", "été "]
    static let words = [
        "Buy", "milk", "Home:", ":", "🔥", "é", "@due(2025-5-1)", "@today", "@a(b c)", "@v(x\\)",
        "@", "-", "@due(2025-5-1 thru 2025-6-03)", "@start(2025-12-1)", "@v(a (b) c)", "x:", "\u{3000}",
    ]
    static let tails = ["", "", " ", "\t", "  \t", ": ", ":", " @done"]
    static let endings = ["\n", "\n", "\r\n", "\r"]

    static func document(_ random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<random.int(0...11) + 1 {
            text += random.pick(indents)
            if random.int(0...7) > 0 {
                text += random.pick(starts)
                for k in 0..<random.int(0...3) { text += (k > 0 ? " " : "") + random.pick(words) }
                text += random.pick(tails)
            }
            text += random.pick(endings)
        }
        return random.int(0...2) == 0 ? String(text.dropLast()) : text
    }

    /// Each line's depth (nil when blank), kind, tag names and values (dates compared zero-padded).
    static func meaning(_ doc: TextDocument, _ width: IndentWidth) -> [String] {
        let outline = Outline(document: doc, indentWidth: width)
        return doc.lines.indices.map { i in
            let line = doc.lines[i]
            let tags = line.syntax.tags.map { tag in
                "\(tag.name(in: line.text))(\(tag.payload(in: line.text).map { DateValue.zeroPadded($0) } ?? "-"))"
            }
            return "\(outline.depth(of: i).map(String.init) ?? "blank") \(line.syntax.kind) \(tags) \(line.ending)"
        }
    }

    @Test func formattingNeverChangesMeaningAndIsStable() {
        var random = SeededRandom(seed: 0xF0_4A7)
        for round in 0..<3_000 {
            let text = Self.document(&random)
            let width: IndentWidth = random.int(0...2) == 0 ? .spaces(random.int(0...3) + 1) : .auto
            var doc = TextDocument(text: text)
            let before = Self.meaning(doc, width)
            let range: ClosedRange<Int>? =
                round % 2 == 0
                ? nil
                : {
                    let a = random.int(0...doc.lineCount - 1)
                    return a...a + random.int(0...doc.lineCount - 1)
                }()
            doc.apply(Formatting.format(doc.lines, in: range, indentWidth: width))
            #expect(Self.meaning(doc, width) == before, "\(text.debugDescription) range \(String(describing: range))")
            if range == nil {
                #expect(Formatting.format(doc.lines, indentWidth: width).isEmpty, "\(text.debugDescription)")
                // Formatted text holds no spaces in its indentation and nothing blank at a line end it can lose.
                #expect(doc.lines.allSatisfy { $0.syntax.indent.shortestSpaceRun == 0 })
            }
        }
    }
}

@Suite struct LargeDocumentActionTests {
    /// 100,000 lines indented with spaces, trailing blanks and unpadded dates.
    static let text: String = {
        var text = ""
        for p in 0..<2_000 {
            text += p % 2 == 0 ? "Project \(p):\n" : "Notes \(p): \n"
            for t in 0..<49 { text += t % 7 == 0 ? "    - t \(t) @due(2026-1-\(t % 28 + 1))  \n" : "    - t \(t)\n" }
        }
        return text
    }()

    @Test func formattingAndActionsStayFastOnAHundredThousandLines() {
        let doc = TextDocument(text: Self.text)
        let clock = ContinuousClock()
        var edits: [TextReplacement] = []
        let formatting = clock.measure { edits = Formatting.format(doc.lines, indentWidth: .auto) }
        // Every task line re-indents; `Notes 1: ` keeps its space (it is a note).
        #expect(edits.count == 98_000)
        let outline = Outline(document: doc, indentWidth: .auto)
        var offered: [OfferedAction] = []
        let actions = clock.measure {
            offered = ItemActions.offered(outline, lines: 50_001...50_001, clock: DueDistanceTests.clock)
        }
        #expect(offered.filter { $0.action == .moveToProject }.count == 20)
        #expect(formatting < .seconds(20))
        #expect(actions < .seconds(2))
    }
}
