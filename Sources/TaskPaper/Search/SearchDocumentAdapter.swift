/// Everything the search evaluator reads from a document, in one place: the
/// item tree, each item's kind, text and tags (from `LineSyntax`), and how a
/// `[d]` value reads as a date (`DateValue`). Items are line indices; the
/// document root, which owns the top-level items, is `SearchDocument.root` (-1).
///
/// The tree is TaskPaper 3's (`SearchTree`): every line is an item, a blank
/// line too. It is built on first use: a search that only walks the document
/// in order from the root (`@today and not @done`, `//task`) never needs it.
final class SearchDocument {
    static let root = -1
    let lines: [Line]
    /// The number of items: every line, except that an empty document holds none (TaskPaper opens it empty).
    let lineCount: Int
    private let spacesPerLevel: Int
    private var tree: SearchTree?

    convenience init(outline: Outline) {
        self.init(lines: outline.lines, spacesPerLevel: outline.spacesPerLevel)
    }

    init(lines: [Line], spacesPerLevel: Int) {
        self.lines = lines
        lineCount = lines.count == 1 && lines[0].utf8Count == 0 ? 0 : lines.count
        self.spacesPerLevel = spacesPerLevel
    }

    /// Builds the tree if no step needed it before (read it as `tree!`, which borrows it in place).
    @inline(__always)
    private func buildTree() {
        if tree == nil { tree = SearchTree(lines: lines, count: lineCount, spacesPerLevel: spacesPerLevel) }
    }

    func parent(of item: Int) -> Int? {
        guard item != Self.root else { return nil }
        buildTree()
        let p = tree!.parents[item]
        return p < 0 ? Self.root : Int(p)
    }

    /// One past the last line the item owns.
    func subtreeEnd(of item: Int) -> Int {
        guard item != Self.root else { return lineCount }
        buildTree()
        return Int(tree!.ends[item])
    }

    /// TaskPaper's `indent`: how many levels below its parent a nested item sits; nil at the top level.
    func indent(of item: Int) -> Int? {
        guard item != Self.root else { return nil }
        buildTree()
        let p = tree!.parents[item]
        return p < 0 ? nil : Int(tree!.depths[item] - tree!.depths[Int(p)])
    }

    func firstChild(of item: Int) -> Int? {
        let end = subtreeEnd(of: item)
        return item + 1 < end ? item + 1 : nil
    }

    func nextSibling(of item: Int) -> Int? {
        guard let parent = parent(of: item) else { return nil }
        let next = subtreeEnd(of: item)
        return next < subtreeEnd(of: parent) ? next : nil
    }

    func previousSibling(of item: Int) -> Int? {
        guard let parent = parent(of: item) else { return nil }
        var k = item - 1
        guard k > parent else { return nil }
        // The line just above is the previous sibling or sits inside its subtree.
        while let p = self.parent(of: k), p != parent { k = p }
        return k
    }

    /// The item's kind; a blank line is an empty note, as in TaskPaper.
    func kind(of item: Int) -> LineKind? {
        guard item != Self.root else { return nil }
        return lines.withUnsafeBufferPointer { Self.kind(of: $0.baseAddress! + item) }
    }

    /// The kind TaskPaper gives a line: a blank line is an empty note, and a line whose `-`, `+` or `*`
    /// is followed by U+2029, U+0085 or a form feed (a line break of its text, in TaskPaper) is a task.
    static func kind(of line: UnsafePointer<Line>) -> LineKind {
        let kind = line.pointee.syntax.kind
        switch kind {
        case .blank: return .note
        case .task: return .task
        case .note, .project:
            let start = line.pointee.syntax.indentLength
            return line.pointee.withUTF8Bytes { b in
                guard start + 1 < b.count, b[start] == 0x2D || b[start] == 0x2B || b[start] == 0x2A else { return kind }
                let next = b[start + 1]
                let breaks =
                    next == 0x0C || (next == 0xC2 && start + 2 < b.count && b[start + 2] == 0x85)
                    || (next == 0xE2 && start + 3 < b.count && b[start + 2] == 0x80 && b[start + 3] == 0xA9)
                return breaks ? .task : kind
            }
        }
    }

    /// `@text`: the line without its indentation, as TaskPaper's body text
    /// (a task's `- `, a project's `:` and every tag included), with U+2029,
    /// U+0085 and form feed read as line breaks, as TaskPaper reads them. Empty for the root.
    func text(of item: Int) -> Substring {
        guard item != Self.root else { return "" }
        let line = lines[item]
        let text = line.utf8Slice(line.syntax.indentLength..<line.utf8Count)
        guard line.syntax.isASCII ? text.utf8.contains(0x0C) : Self.holdsLineSeparator(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{2029}", "\u{85}", "\u{0C}": out.append("\n")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return Substring(out)
    }

    private static func holdsLineSeparator(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { $0 == "\u{2029}" || $0 == "\u{85}" || $0 == "\u{0C}" }
    }

    /// Whether every byte of the item's line is ASCII (so case folding can work on bytes).
    func isASCII(_ item: Int) -> Bool { item == Self.root || lines[item].syntax.isASCII }

    /// Whether the line is an item (every line is, in a document that is not empty).
    func isItem(_ item: Int) -> Bool { item < lineCount }

    /// The value of the item's first tag named `name`: its payload with `\(` and `\)`
    /// unescaped, empty for a bare tag, nil when the item has no such tag.
    func tagValue(of item: Int, named name: String) -> Substring? {
        guard item != Self.root else { return nil }
        // Read in place: this runs for every item a comparison visits.
        return lines.withUnsafeBufferPointer { lines -> Substring? in
            let line = lines.baseAddress! + item
            let tags = line.pointee.syntax.tags
            guard let k = tags.indices.first(where: { tags[$0].hasName(name, in: line.pointee) }) else {
                return nil
            }
            guard let payload = tags[k].payload(in: line.pointee) else { return "" }
            guard payload.utf8.contains(UInt8(ascii: "\\")) else { return payload }
            return Substring(payload.replacing("\\(", with: "(").replacing("\\)", with: ")"))
        }
    }

    /// Whether a presence-only predicate holds for the item.
    func holds(_ table: TagPresenceTable, for item: Int) -> Bool {
        guard item != Self.root else { return table.holds[0] }
        return lines.withUnsafeBufferPointer { table.holds(for: $0.baseAddress! + item) }
    }

    /// The items in `range` of `kind` (any kind when nil) for which `table` holds, appended
    /// in order: the whole step in one pass over the lines, for axes that walk them in order.
    func appendItems(
        in range: Range<Int>, kind: LineKind?, passing table: TagPresenceTable, to out: inout [Int]
    ) {
        lines.withUnsafeBufferPointer { lines in
            let base = lines.baseAddress!
            for i in range {
                guard kind == nil || Self.kind(of: base + i) == kind else { continue }
                if table.holds(for: base + i) { out.append(i) }
            }
        }
    }

    /// A `[d]` value as a point in time (seconds; only order and equality matter),
    /// read as the date tags are read: a relative date counts from `clock`. Nil when
    /// it is no date.
    static func dateSeconds(_ text: Substring, clock: LintClock) -> Double? {
        guard case .success(let value) = DateValue.parse(text, clock: clock) else { return nil }
        let moment = value.start.moment
        return Double(moment.dayNumber) * 86_400 + Double(moment.millisecondsOfDay) / 1000
    }
}
