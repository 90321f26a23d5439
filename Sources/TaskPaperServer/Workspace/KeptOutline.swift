import TaskPaper

/// The outline tree of an open document, kept across edits that leave every line's depth as it was
/// (typing inside a line): document symbols then start from it instead of reading the whole document
/// again. Made off the loop by the answer that needs it; edits are noted on the loop.
final class KeptOutline: @unchecked Sendable {
    private let lock = Condition()
    private var tree: Outline.Tree?
    private var indentWidth = IndentWidth.auto
    /// The document's generation the tree was read from or last found to fit.
    private var generation = -1
    /// Lines edited since then (in today's numbering). An edit that adds or removes lines drops the tree.
    private var edited: Range<Int>? = 0..<0
    /// The document's generation after its latest edit.
    private var latest = -1

    /// An edit, made the document's generation `generation`.
    func note(_ change: LineChange, generation: Int) {
        lock.lock()
        defer { lock.unlock() }
        latest = generation
        guard tree != nil, let edited, change.insertedCount == change.removed.count else {
            tree = nil
            return
        }
        let inserted = change.inserted
        self.edited =
            edited.isEmpty
            ? inserted : min(edited.lowerBound, inserted.lowerBound)..<max(edited.upperBound, inserted.upperBound)
    }

    /// The outline of the document as it is now, when the kept tree still fits it (on the loop).
    func outline(of text: TextDocument, generation: Int, indentWidth: IndentWidth) -> Outline? {
        lock.lock()
        defer { lock.unlock() }
        guard let tree, indentWidth == self.indentWidth, let edited else { return nil }
        if generation != self.generation {
            guard tree.fits(text.lines, spacesPerLevel: text.spacesPerLevel(indentWidth), changed: edited) else {
                self.tree = nil
                return nil
            }
            self.generation = generation
            self.edited = 0..<0
        }
        return Outline(tree, lines: text.lines)
    }

    /// Keeps an outline read from the document at `generation`, unless the document changed since.
    func keep(_ outline: Outline, generation: Int, indentWidth: IndentWidth) {
        lock.lock()
        defer { lock.unlock() }
        guard generation >= latest else { return }
        tree = outline.tree
        self.indentWidth = indentWidth
        self.generation = generation
        edited = 0..<0
    }
}
