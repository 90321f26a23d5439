/// Everything the search evaluator reads from a document, in one place: the
/// item tree (from `Outline`), each item's kind, text and tags (from
/// `LineSyntax`), and how a `[d]` value reads as a date (`DateValue`).
/// Items are line indices; the document root, which owns the top-level
/// items, is `SearchDocument.root` (-1). Blank lines are not items.
///
/// The tree is built on first use: a search that only walks the document in
/// order from the root (`@today and not @done`, `//task`) never needs it.
final class SearchDocument {
    static let root = -1
    let lines: [Line]
    let lineCount: Int
    private let spacesPerLevel: Int
    private var tree: Outline?

    init(outline: Outline) {
        lines = outline.lines
        lineCount = lines.count
        spacesPerLevel = outline.spacesPerLevel
        tree = outline
    }

    init(lines: [Line], spacesPerLevel: Int) {
        self.lines = lines
        lineCount = lines.count
        self.spacesPerLevel = spacesPerLevel
    }

    /// Builds the tree if no step needed it before (read it as `tree!`, which borrows it in place).
    @inline(__always)
    private func buildTree() {
        if tree == nil { tree = Outline(lines: lines, spacesPerLevel: spacesPerLevel) }
    }

    /// Whether the line is an item (the outline's test, read from the line itself).
    func isItem(_ item: Int) -> Bool { lines[item].syntax.kind != .blank }

    func parent(of item: Int) -> Int? {
        guard item != Self.root else { return nil }
        buildTree()
        return tree!.parent(of: item) ?? Self.root
    }

    /// One past the last line the item owns.
    func subtreeEnd(of item: Int) -> Int {
        guard item != Self.root else { return lineCount }
        buildTree()
        return tree!.subtreeEnd(of: item)
    }

    /// The first item at or after `line`, before `limit`.
    func firstItem(from line: Int, before limit: Int) -> Int? {
        var i = line
        while i < limit {
            if isItem(i) { return i }
            i += 1
        }
        return nil
    }

    func firstChild(of item: Int) -> Int? { firstItem(from: item + 1, before: subtreeEnd(of: item)) }

    func nextSibling(of item: Int) -> Int? {
        guard let parent = parent(of: item) else { return nil }
        return firstItem(from: subtreeEnd(of: item), before: subtreeEnd(of: parent))
    }

    func previousSibling(of item: Int) -> Int? {
        guard let parent = parent(of: item) else { return nil }
        guard var k = previousItem(of: item), k > parent else { return nil }
        // The item just above is the previous sibling or sits inside its subtree.
        while let p = self.parent(of: k), p != parent { k = p }
        return k
    }

    /// The next item in document order (the root's is the first item).
    func nextItem(of item: Int) -> Int? { firstItem(from: item + 1, before: lineCount) }

    /// The previous item in document order; never the root.
    func previousItem(of item: Int) -> Int? {
        var i = item - 1
        while i >= 0 {
            if isItem(i) { return i }
            i -= 1
        }
        return nil
    }

    func kind(of item: Int) -> LineKind? { item == Self.root ? nil : lines[item].syntax.kind }

    /// `@text`: the line without its indentation, as TaskPaper's body text
    /// (a task's `- `, a project's `:` and every tag included). Empty for the root.
    func text(of item: Int) -> Substring {
        guard item != Self.root else { return "" }
        let line = lines[item]
        return line.utf8Slice(line.syntax.indentLength..<line.utf8Count)
    }

    /// Whether every byte of the item's line is ASCII (so case folding can work on bytes).
    func isASCII(_ item: Int) -> Bool { item == Self.root || lines[item].syntax.isASCII }

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
                let lineKind = base[i].syntax.kind
                guard lineKind != .blank, kind == nil || lineKind == kind else { continue }
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
