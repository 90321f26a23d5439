/// TaskPaper 3's filtered view of one document: the items a search finds stay visible with their
/// ancestors, everything else is hidden; focusing into an item (TaskPaper's sidebar, hoisting) keeps it,
/// its subtree and its ancestors, and a search then runs within that subtree. Items are TaskPaper's
/// (`SearchTree`): a blank line is an item too, so it shows only where it matches or is an ancestor.
public struct Focus: Sendable, Hashable {
    /// The items the search found; with no search, the focused item and its descendants.
    public var matches: Int
    /// Runs of hidden lines, both ends included, sorted, neither overlapping nor adjacent. Empty when
    /// nothing matches: the whole document shows (and the editor says that nothing matched).
    public var hiddenLines: [ClosedRange<Int>]

    public init(matches: Int, hiddenLines: [ClosedRange<Int>]) {
        self.matches = matches
        self.hiddenLines = hiddenLines
    }

    /// The view of `document` for `query`, within the subtree of the item at line `item` when given
    /// (a line of the document: callers check it). Throws as `SearchQuery.evaluate` does, past
    /// `timeLimit`.
    public static func view(
        of document: TextDocument, indentWidth: IndentWidth, query: SearchQuery?, item: Int?, clock: LintClock,
        timeLimit: Duration = .seconds(2)
    ) throws(SearchEvaluationError) -> Focus {
        try view(
            of: document.lines, spacesPerLevel: document.spacesPerLevel(indentWidth), query: query, item: item,
            clock: clock, timeLimit: timeLimit)
    }

    /// The same for lines not held in a `TextDocument`.
    public static func view(
        of lines: [Line], spacesPerLevel: Int, query: SearchQuery?, item: Int?, clock: LintClock,
        timeLimit: Duration = .seconds(2)
    ) throws(SearchEvaluationError) -> Focus {
        let items = SearchDocument(lines: lines, spacesPerLevel: spacesPerLevel)
        let count = lines.count
        guard items.lineCount > 0 else { return Focus(matches: 0, hiddenLines: []) }
        var visible = [Bool](repeating: false, count: count)
        var scope = 0..<items.lineCount
        var found: [Int]
        if let item {
            precondition(item >= 0 && item < count, "Focus.view: line \(item) is outside the document")
            scope = item..<items.subtreeEnd(of: item)
            showWithAncestors(item, in: items, visible: &visible)
        }
        if let query {
            found = try query.evaluate(in: items, clock: clock, from: item ?? SearchDocument.root, timeLimit: timeLimit)
            found.removeAll { !scope.contains($0) }
            guard !found.isEmpty else { return Focus(matches: 0, hiddenLines: []) }
            for line in found { showWithAncestors(line, in: items, visible: &visible) }
        } else {
            found = Array(scope)
            for line in scope { visible[line] = true }
        }
        return Focus(matches: found.count, hiddenLines: runs(of: visible))
    }

    /// Marks the line and every ancestor visible, stopping at one already visible: every visible line's
    /// ancestors are visible too.
    private static func showWithAncestors(_ line: Int, in items: SearchDocument, visible: inout [Bool]) {
        var k = line
        while k != SearchDocument.root, !visible[k] {
            visible[k] = true
            k = items.parent(of: k) ?? SearchDocument.root
        }
    }

    private static func runs(of visible: [Bool]) -> [ClosedRange<Int>] {
        var hidden: [ClosedRange<Int>] = []
        var start: Int?
        for (line, shown) in visible.enumerated() {
            if shown, let s = start {
                hidden.append(s...line - 1)
                start = nil
            } else if !shown, start == nil {
                start = line
            }
        }
        if let s = start { hidden.append(s...visible.count - 1) }
        return hidden
    }

    /// Whether a line shows.
    public func isVisible(_ line: Int) -> Bool {
        // Runs are sorted: the last one starting at or before the line decides.
        var low = 0, high = hiddenLines.count
        while low < high {
            let mid = (low + high) / 2
            if hiddenLines[mid].lowerBound <= line { low = mid + 1 } else { high = mid }
        }
        return low == 0 || !hiddenLines[low - 1].contains(line)
    }
}
