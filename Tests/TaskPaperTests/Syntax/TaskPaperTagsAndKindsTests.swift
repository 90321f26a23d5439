import Testing
@testable import TaskPaper

/// Tags and kinds of line read exactly as TaskPaper 3 reads them
/// (`Sources/TaskPaper/README.md`). The rows come from birch-outline's
/// `test/serializations/taskpaper-spec.coffee` and from the format's examples.
@Suite struct TaskPaperTagsAndKindsTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var line: String
        var kind: LineKind
        /// Each tag as `name` or `name(payload)`.
        var tags: [String]
        /// The content (body without the trailing tags); nil to leave unchecked.
        var content: String? = nil
        var testDescription: String { line.debugDescription }
    }

    static func read(_ line: String) -> (kind: LineKind, tags: [String], content: String) {
        let s = TagScanner.parse(line)
        let tags = s.tags.map { tag -> String in
            let name = String(tag.name(in: line))
            return tag.payload(in: line).map { "\(name)(\($0))" } ?? name
        }
        return (s.kind, tags, String(line.utf8Slice(s.contentRange)))
    }

    /// birch-outline test/serializations/taskpaper-spec.coffee, every tag and type case.
    @Test(arguments: [
        // Fixture lines ("three @t", "six @t(23)") and body-to-attribute cases.
        Row(line: "one", kind: .note, tags: []),
        Row(line: "\t\tthree @t", kind: .note, tags: ["t"], content: "three"),
        Row(line: "\t\tsix @t(23)", kind: .note, tags: ["t(23)"], content: "six"),
        Row(line: "my project:", kind: .project, tags: [], content: "my project:"),
        Row(line: ":", kind: .project, tags: [], content: ":"),
        Row(line: "- my task", kind: .task, tags: [], content: "- my task"),
        Row(line: "my note", kind: .note, tags: []),
        Row(line: "@jesse(washere)", kind: .note, tags: ["jesse(washere)"], content: ""),
        Row(line: "@jesse(washere) @2", kind: .note, tags: ["jesse(washere)", "2"], content: ""),
        Row(line: "no tags here", kind: .note, tags: []),
        Row(line: "hello @a(b) @c(d)", kind: .note, tags: ["a(b)", "c(d)"], content: "hello"),
        Row(line: "hello @a(b @c(d)", kind: .note, tags: ["c(d)"], content: "hello @a(b"),
        Row(line: "@jesse(\\(moose\\))", kind: .note, tags: ["jesse(\\(moose\\))"]),
        Row(line: "one @jesse(\\(hello\\))", kind: .note, tags: ["jesse(\\(hello\\))"], content: "one"),
        Row(line: "one @done", kind: .note, tags: ["done"], content: "one"),
        Row(line: "one @done ", kind: .note, tags: ["done"], content: "one"),
        Row(line: "one @a", kind: .note, tags: ["a"]),
        Row(line: "one @ab", kind: .note, tags: ["ab"]),
        // Attribute-to-body cases: the bodies they write.
        Row(line: "- one", kind: .task, tags: []),
        Row(line: "one:", kind: .project, tags: []),
        Row(line: "one @jesse(washere) @moose", kind: .note, tags: ["jesse(washere)", "moose"], content: "one"),
        Row(line: "one @jesse @moose", kind: .note, tags: ["jesse", "moose"]),
        Row(line: "one @moose(mouse)", kind: .note, tags: ["moose(mouse)"]),
        Row(line: "one: @done", kind: .project, tags: ["done"], content: "one:"),
        Row(line: "one: @moose", kind: .project, tags: ["moose"]),
        Row(line: "moose @t(23)", kind: .note, tags: ["t(23)"], content: "moose"),
        Row(line: "jesse@hogbay.com", kind: .note, tags: []),
    ])
    func birchOutlineCases(row: Row) {
        let got = Self.read(row.line)
        #expect(got.kind == row.kind)
        #expect(got.tags == row.tags)
        if let content = row.content { #expect(got.content == content) }
    }

    /// The format's tag examples, one row each.
    @Test(arguments: [
        Row(line: "a@b.com", kind: .note, tags: []),
        Row(line: "x @tag, y", kind: .note, tags: []),
        Row(line: "x @a(b)c", kind: .note, tags: []),
        Row(line: "hello @a(b @c(d)", kind: .note, tags: ["c(d)"]),
        Row(line: "@v(a (b) c) @été", kind: .note, tags: ["été"]),
        Row(line: "@v(a\\)", kind: .note, tags: ["v(a\\)"]),
        Row(line: "x @v(a \\(b\\) c)- y", kind: .note, tags: ["v(a \\(b\\)"]),
        Row(line: "@2016 @-x @v1.2 @a‿b", kind: .note, tags: ["2016", "-x", "v1.2", "a‿b"]),
        Row(line: "a\u{3000}@b", kind: .note, tags: ["b"]),
        Row(line: "x @🔥 @𝒳", kind: .note, tags: []),
        Row(line: "x @due() @due", kind: .note, tags: ["due()", "due"]),
        Row(line: "x @", kind: .note, tags: [""]),
        Row(line: "- Call @waiting(Bob @due(2026-11-25)", kind: .task, tags: ["due(2026-11-25)"]),
        Row(line: "x\u{A0}@nbsp\u{2003}@em\u{FEFF}@bom", kind: .note, tags: ["nbsp", "em", "bom"]),
        // U+1680 and U+FEFF are name characters and white space: the name gives way where that helps.
        Row(line: "@a\u{1680}b,", kind: .note, tags: ["a"]),
        Row(line: "@a\u{1680}b", kind: .note, tags: ["a\u{1680}b"]),
    ])
    func formatTagExamples(row: Row) {
        let got = Self.read(row.line)
        #expect(got.tags == row.tags)
        #expect(got.kind == row.kind)
    }

    /// The format's kinds of line, one row each.
    @Test(arguments: [
        Row(line: "- Buy milk", kind: .task, tags: []),
        Row(line: "-\tCall Bob", kind: .task, tags: []),
        Row(line: "* Pack", kind: .task, tags: []),
        Row(line: "+ Call", kind: .task, tags: []),
        Row(line: "+ Errands:", kind: .task, tags: []),
        Row(line: "-\u{3000}wide space", kind: .task, tags: []),
        Row(line: "Home:", kind: .project, tags: []),
        Row(line: "Work: @flag", kind: .project, tags: ["flag"], content: "Work:"),
        Row(line: "Home: @", kind: .project, tags: [""], content: "Home:"),
        Row(line: "Home: ", kind: .note, tags: []),
        Row(line: "- @due(2026-01-01)", kind: .note, tags: ["due(2026-01-01)"], content: "-"),
        Row(line: "-no space", kind: .note, tags: []),
        Row(line: "Home: @a(", kind: .note, tags: []),
        Row(line: "   ", kind: .blank, tags: []),
        Row(line: "\t\u{3000}", kind: .blank, tags: []),
        Row(line: "", kind: .blank, tags: []),
    ])
    func formatKindExamples(row: Row) {
        let got = Self.read(row.line)
        #expect(got.kind == row.kind)
        #expect(got.tags == row.tags)
        if let content = row.content { #expect(got.content == content) }
    }

    @Test func theTaskMarkerCoversTheMarkerAndItsWhiteSpace() {
        #expect(TagScanner.parse("\t* Pack").taskMarkerRange == 1..<3)
        #expect(TagScanner.parse("+\u{3000}x").taskMarkerRange == 0..<4)
        #expect(TagScanner.parse("Home:").taskMarkerRange.isEmpty)
    }

    @Test func theFirstUnreadValueIsRecordedAndEveryOneCanBeListed() {
        let line = "- @a(b @x(y @c(d) @e(f"
        let s = TagScanner.parse(line)
        #expect(s.unbalancedTagStart == 2)
        #expect(TagScanner.unreadValues(in: line, syntax: s).map(\.tagStart) == [2, 7, 18])
        #expect(TagScanner.parse("- @a(b) @c").unbalancedTagStart == -1)
    }

    @Test func completionScansOnAfterAValueTaskPaperCannotRead() {
        func context(_ line: String) -> CompletionContext.Kind? {
            CompletionContext.at(line.utf8.count, in: line)?.kind
        }
        #expect(context("- Call @waiting(Bob @du") == .name)
        #expect(CompletionContext.at(23, in: "- Call @waiting(Bob @du")?.partial == 21..<23)
        #expect(context("- a @due(2026-") == .value("due"))
        #expect(context("- a @x(b) @y(") == .value("y"))
        #expect(context("- a @x(b c") == .value("x"))
    }

    /// Lines made to defeat a backtracking matcher read at once. Time is not
    /// compared here (shared machines are noisy; `taskpaper-bench` measures
    /// speed): the bound is one a quadratic scan of a megabyte (10^12 steps)
    /// could never meet, and a linear one meets thousands of times over.
    @Test func pathologicalLinesReadInLinearTime() {
        let size = 1 << 20
        let lines = [
            String(repeating: "\\)", count: size / 2),
            "@a(" + String(repeating: "\\)", count: size / 2),
            String(repeating: "@a(", count: size / 3),
            String(repeating: "@", count: size),
            String(repeating: "@ ", count: size / 2),
            String(repeating: " @a(\\)", count: size / 6),
            String(repeating: "@a\u{1680}", count: size / 5),
        ]
        let clock = ContinuousClock()
        func cost(_ text: String) -> Duration {
            (0..<3).map { _ in clock.measure { _ = TagScanner.parse(text) } }.min()!
        }
        for line in lines {
            #expect(cost(line) < .seconds(5), "\(line.prefix(12))…")
        }
        // And they read as TaskPaper reads them.
        #expect(TagScanner.parse(lines[1]).tags.count == 1)
        #expect(TagScanner.parse(lines[2]).tags.isEmpty)
        #expect(TagScanner.parse(lines[3]).tags.isEmpty)
        #expect(TagScanner.parse(lines[4]).tags.count == size / 2)
    }
}
