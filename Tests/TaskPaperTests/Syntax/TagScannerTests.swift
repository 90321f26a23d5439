import Testing
@testable import TaskPaper

/// Kinds of line, indentation, tags and payloads (`Sources/TaskPaper/README.md`).
@Suite struct TagScannerTests {
    @Test(arguments: [
        ("- Buy milk", LineKind.task),
        ("-\tCall Bob", .task),
        ("- Errands:", .task),
        ("Home:", .project),
        ("Work: @flag", .project),
        ("Work:  @flag @due(2025-05-11)  ", .project),
        ("Home: ", .note),
        ("Just a note.", .note),
        ("-no space", .note),
        ("-", .note),
        ("", .blank),
        ("   \t ", .blank),
        ("\t\t- Nested task @done", .task),
        ("  Sub project:", .project),
        ("Work @home stuff:", .project),
        ("Ends with tag inside value @a(b:)", .note),
        ("@today", .note),
        ("- ", .task),
    ])
    func kinds(text: String, kind: LineKind) {
        #expect(TagScanner.parse(text).kind == kind, "\(text.debugDescription)")
    }

    @Test func depthCountsTabsAndSpaces() {
        #expect(TagScanner.parse("\t\t- a").depth(spacesPerLevel: 4) == 2)
        #expect(TagScanner.parse("        - a").depth(spacesPerLevel: 4) == 2)
        #expect(TagScanner.parse("      - a").depth(spacesPerLevel: 4) == 1)
        #expect(TagScanner.parse("  - a").depth(spacesPerLevel: 2) == 1)
        // Spaces after a tab are dropped by TaskPaper, not counted.
        #expect(TagScanner.parse("\t    - a").depth(spacesPerLevel: 4) == 1)
        #expect(TagScanner.parse("- a").depth(spacesPerLevel: 4) == 0)
    }

    /// Each tag as (name, payload or nil).
    static func tags(_ text: String) -> [(String, String?)] {
        TagScanner.parse(text).tags.map { (String($0.name(in: text)), $0.payload(in: text).map(String.init)) }
    }

    @Test(
        arguments: [
            ("- a @due", [("due", nil as String?)]),
            ("- a @due(2025-05-11)", [("due", "2025-05-11")]),
            ("- a @due()", [("due", "")]),
            ("@start here", [("start", nil)]),
            ("mail a@b.com now", []),
            ("- @tag, comma", []),
            ("- @a(b)c", []),
            ("- @a(b) @c", [("a", "b"), ("c", nil)]),
            (
                "- @waiting-for @v1.2 @été @under_score",
                [("waiting-for", nil), ("v1.2", nil), ("été", nil), ("under_score", nil)]
            ),
            ("- @東京(駅) x", [("東京", "駅")]),
            ("- 👍🏽 @done(2025-01-01)", [("done", "2025-01-01")]),
            ("- @note(call \\(555\\) now)", [("note", "call \\(555\\) now")]),
            ("- @ alone", [("", nil)]),
            ("- @@double", []),
            ("- x\t@tabbed", [("tabbed", nil)]),
            ("- @👍 emoji name", []),
        ] as [(String, [(String, String?)])])
    func tagsAndPayloads(text: String, expected: [(String, String?)]) {
        let got = Self.tags(text)
        #expect(got.map(\.0) == expected.map(\.0), "\(text)")
        #expect(got.map(\.1) == expected.map(\.1), "\(text)")
    }

    @Test func payloadRangeExcludesParentheses() {
        let text = "- x @due(2025-05-11) y"
        let tag = TagScanner.parse(text).tags[0]
        #expect(tag.range == 4..<20)
        #expect(tag.atNameRange == 4..<8)
        #expect(tag.payloadRange == 9..<19)
    }

    @Test func offsetsAreUTF8AfterMultiByteText() {
        let text = "- 👍🏽 é @due(x)"
        let tag = TagScanner.parse(text).tags[0]
        #expect(tag.start == Int32(Array(text.utf8).firstIndex(of: UInt8(ascii: "@"))!))
        #expect(tag.payload(in: text) == "x")
    }

    @Test(arguments: [
        ("- a @due(2025", 4),
        ("- a @due(a(b)c)", 4),
        ("- ok @x @waiting(Bob", 8),
    ])
    func unbalancedValues(text: String, at: Int32) {
        let s = TagScanner.parse(text)
        #expect(s.unbalancedTagStart == at)
        // The tags before it still count.
        #expect(s.tags.allSatisfy { $0.start < at })
    }

    @Test func contentOfALineOfTagsAloneIsEmptyAfterTheIndentation() {
        let s = TagScanner.parse("\t\t@a @b(c) ")
        #expect(s.contentRange == 2..<2)
        #expect(s.kind == .note)
    }

    @Test func escapedParenthesesAreBalanced() {
        #expect(TagScanner.parse("- @a(\\(x\\))").unbalancedTagStart == -1)
    }

    @Test func validTagNames() {
        #expect(TagScanner.isValidTagName("waiting-for"))
        #expect(TagScanner.isValidTagName("été"))
        #expect(!TagScanner.isValidTagName("has space"))
        #expect(!TagScanner.isValidTagName(""))
        #expect(!TagScanner.isValidTagName("a(b"))
    }
}
