/// The item tree of a document (`Sources/TaskPaper/README.md`): every non-blank line is an item, and
/// an item owns the following lines that are deeper than it. Blank lines
/// belong to the block they sit in: a blank run between two lines of one
/// subtree is part of it; a blank run after a subtree's last line is not.
/// Built in one pass; lines are indices into `lines`.
public struct Outline: Sendable {
    public let lines: [Line]
    /// The spaces per level the depths were read with.
    public let spacesPerLevel: Int
    /// Per line: the depth, or -1 for a blank line.
    private let depths: [Int32]
    /// Per line: the owning item, or -1 at the top level.
    private let parents: [Int32]
    /// Per line: one past the last line the item owns (`line + 1` for a leaf or a blank line).
    private let ends: [Int32]
    /// The lines' leading space runs, when the outline was made from a document that counts them: a move
    /// learns the shortest run left without reading every line (`MoveEdits.indentation`).
    public let spaceRuns: SpaceRunCounts?

    /// The outline of a document under the `indentWidth` setting.
    public init(document: TextDocument, indentWidth: IndentWidth) {
        self.init(
            lines: document.lines, spacesPerLevel: document.spacesPerLevel(indentWidth),
            spaceRuns: document.spaceRunCounts)
    }

    /// The outline of lines not held in a `TextDocument` (measures their indentation first).
    public init(lines: [Line], indentWidth: IndentWidth) {
        self.init(lines: lines, spacesPerLevel: indentWidth.spacesPerLevel(lines))
    }

    public init(lines: [Line], spacesPerLevel: Int, spaceRuns: SpaceRunCounts? = nil) {
        let n = lines.count
        var depths = [Int32](repeating: -1, count: n)
        var parents = [Int32](repeating: -1, count: n)
        var ends = [Int32](repeating: 0, count: n)
        var open: [Int] = []  // items whose subtree may still grow, shallowest first
        var pendingBlanks: [Int] = []
        var lastItem = -1
        // Fields read in place: copying each line's syntax (its tag list) would cost more than the pass.
        lines.withUnsafeBufferPointer { lines in
            for i in 0..<n {
                ends[i] = Int32(i + 1)
                guard lines[i].syntax.kind != .blank else { pendingBlanks.append(i); continue }
                let depth = Int32(lines[i].syntax.indent.depth(spacesPerLevel: spacesPerLevel))
                depths[i] = depth
                while let top = open.last, depths[top] >= depth {
                    ends[top] = Int32(lastItem + 1)
                    open.removeLast()
                }
                let parent = Int32(open.last ?? -1)
                parents[i] = parent
                // Blanks before this line sit inside every block still open, so the innermost owns them.
                if !pendingBlanks.isEmpty {
                    for blank in pendingBlanks { parents[blank] = parent }
                    pendingBlanks.removeAll(keepingCapacity: true)
                }
                open.append(i)
                lastItem = i
            }
        }
        for item in open { ends[item] = Int32(lastItem + 1) }
        self.lines = lines
        self.spacesPerLevel = spacesPerLevel
        self.depths = depths
        self.parents = parents
        self.ends = ends
        self.spaceRuns = spaceRuns
    }

    /// The tree without its lines, to keep across edits: holding the lines would make the next edit
    /// copy the document's whole line array.
    public struct Tree: Sendable {
        let spacesPerLevel: Int
        let depths: [Int32]
        let parents: [Int32]
        let ends: [Int32]

        /// Whether `lines` (after edits that kept the line count and touched only `changed`) still have
        /// the depths the tree was read from: the tree is a function of the depths alone.
        public func fits(_ lines: [Line], spacesPerLevel: Int, changed: Range<Int>) -> Bool {
            guard lines.count == depths.count, spacesPerLevel == self.spacesPerLevel else { return false }
            return changed.allSatisfy { i in
                let syntax = lines[i].syntax
                let depth = syntax.kind == .blank ? -1 : Int32(syntax.indent.depth(spacesPerLevel: spacesPerLevel))
                return depth == depths[i]
            }
        }
    }

    public var tree: Tree { Tree(spacesPerLevel: spacesPerLevel, depths: depths, parents: parents, ends: ends) }

    /// The outline of `lines`, whose depths are those `tree` was read from (`Tree.fits`).
    public init(_ tree: Tree, lines: [Line]) {
        precondition(lines.count == tree.depths.count, "a tree for other lines")
        self.lines = lines
        spacesPerLevel = tree.spacesPerLevel
        depths = tree.depths
        parents = tree.parents
        ends = tree.ends
        spaceRuns = nil
    }

    public var lineCount: Int { lines.count }

    /// Whether the line is an item (not blank).
    public func isItem(_ line: Int) -> Bool { depths[line] >= 0 }

    /// The item's depth, or nil for a blank line.
    public func depth(of line: Int) -> Int? { depths[line] < 0 ? nil : Int(depths[line]) }

    /// The item that owns the line (for a blank line: the block it sits in), or nil at the top level.
    public func parent(of line: Int) -> Int? { parents[line] < 0 ? nil : Int(parents[line]) }

    /// One past the last line the item owns; `line + 1` when it owns none.
    public func subtreeEnd(of line: Int) -> Int { Int(ends[line]) }

    /// The item's line and every line it owns.
    public func subtree(of line: Int) -> Range<Int> { line..<subtreeEnd(of: line) }

    public func hasChildren(_ line: Int) -> Bool { subtreeEnd(of: line) > line + 1 }

    /// The depths (-1 for a blank line) and subtree ends of every line, read in place: for writers that
    /// walk every line of a large document (document symbols), with no call or bounds check per line.
    public func withDepthsAndEnds<R>(
        _ body: (_ depths: UnsafeBufferPointer<Int32>, _ ends: UnsafeBufferPointer<Int32>) -> R
    ) -> R {
        depths.withUnsafeBufferPointer { depths in ends.withUnsafeBufferPointer { ends in body(depths, ends) } }
    }

    /// The items directly owned by `line`, in order.
    public func children(of line: Int) -> [Int] { items(in: line + 1..<subtreeEnd(of: line)) }

    /// The items owned by no other item, in order.
    public var topLevelItems: [Int] { items(in: 0..<lineCount) }

    /// The owners of a line, innermost first.
    public func ancestors(of line: Int) -> [Int] {
        var result: [Int] = []
        var p = parents[line]
        while p >= 0 { result.append(Int(p)); p = parents[Int(p)] }
        return result
    }

    /// The names of the projects enclosing a line, outermost first (the line itself excluded):
    /// `["A", "B"]` for a task in project `B:` inside `A:`.
    public func projectPath(of line: Int) -> [String] {
        ancestors(of: line).reversed().filter { lines[$0].syntax.kind == .project }.map { lines[$0].itemName }
    }

    /// The items at the top of `range`, which must start at an item boundary: stepping over each subtree.
    private func items(in range: Range<Int>) -> [Int] {
        var result: [Int] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if isItem(i) {
                result.append(i)
                i = subtreeEnd(of: i)
            } else {
                i += 1
            }
        }
        return result
    }
}

extension Line {
    /// The item's name as a person reads it: a project without its `:`, a task
    /// without its `- `, a note as written; tags in the trailing run left out.
    /// Empty only for a blank line.
    public var itemName: String {
        withUTF8Bytes { b in String(decoding: b[Line.itemNameRange(syntax, in: b)], as: UTF8.self) }
    }

    /// Where `itemName` sits in the line, in UTF-8 offsets (for writers that copy bytes).
    public var itemNameRange: Range<Int> {
        withUTF8Bytes { b in Line.itemNameRange(syntax, in: b) }
    }

    /// `itemNameRange` for a line whose syntax is `s` and bytes `b` (for writers that hold the bytes already).
    public static func itemNameRange(_ s: LineSyntax, in b: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var range = s.contentRange
        switch s.kind {
        case .blank: return range.lowerBound..<range.lowerBound
        case .project: range = range.lowerBound..<range.upperBound - 1
        case .task: range = s.taskMarkerRange.upperBound..<range.upperBound
        case .note: break
        }
        let name = Line.trimmingBlanks(range, in: b)
        // An item is never nameless: `-` or `:` alone is named by its marker.
        return name.isEmpty ? Line.trimmingBlanks(s.contentRange, in: b) : name
    }

    private static func trimmingBlanks(_ range: Range<Int>, in b: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
        while hi > lo, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
        return lo..<hi
    }
}
