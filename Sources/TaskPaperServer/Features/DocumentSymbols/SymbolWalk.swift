import TaskPaper

/// What a walk over a range of lines puts out, in order: the same walk first counts a chunk's bytes
/// exactly (`SymbolByteCount`), then writes them where the count placed them (`SymbolWriter`).
protocol SymbolSink {
    /// `]}`: the end of a symbol's `children` array and of the symbol.
    mutating func closeChildren()
    mutating func comma()
    /// The symbol of `item`, whose subtree ends at `last`; its object is closed, or left open in its
    /// `children` array when it `nests`.
    mutating func symbol(_ item: Int, last: Int, nests: Bool)
}

/// The walk over the items on a range of lines: document order is the tree's pre-order, so a stack
/// of open subtrees says where each symbol nests and where it closes. Lines, depths and subtree ends
/// are read in place (a `Line` copied out costs a retain and a release).
struct SymbolWalk {
    let outline: Outline
    let lines: UnsafeBufferPointer<Line>
    let depths: UnsafeBufferPointer<Int32>
    let ends: UnsafeBufferPointer<Int32>
    let range: Range<Int>

    /// An item whose subtree is still being walked.
    private struct OpenItem {
        var end: Int
        /// Its symbol's `children` array is open (notes and flat symbols open none).
        var wroteChildren: Bool
    }

    private func isSymbol(_ item: Int) -> Bool {
        let kind = lines[item].syntax.kind
        return kind == .project || kind == .task
    }

    /// Puts out the symbols of the items on the range, and closes the symbols whose subtrees end
    /// there; it starts with a symbol (no comma before it) or a close.
    func walk<Sink: SymbolSink>(_ sink: inout Sink) {
        guard !range.isEmpty else { return }
        // The subtrees open at the first line, as the walk from line 0 leaves them: its ancestors.
        var open = outline.ancestors(of: range.lowerBound).reversed().enumerated().map { depth, item in
            OpenItem(end: Int(ends[item]), wroteChildren: isSymbol(item) && depth < DocumentSymbolTree.maxDepth)
        }
        open.reserveCapacity(DocumentSymbolTree.maxDepth + 8)
        var needsComma = false
        for item in range where depths[item] >= 0 {
            while let top = open.last, top.end <= item {
                if top.wroteChildren {
                    sink.closeChildren()
                    needsComma = true
                }
                open.removeLast()
            }
            let end = Int(ends[item])
            if isSymbol(item) {
                // Below `maxDepth` levels of items, symbols are listed flat, without children.
                let nests = open.count < DocumentSymbolTree.maxDepth && end > item + 1
                if needsComma { sink.comma() }
                sink.symbol(item, last: end - 1, nests: nests)
                needsComma = !nests
                if end > item + 1 { open.append(OpenItem(end: end, wroteChildren: nests)) }
            } else if end > item + 1 {
                open.append(OpenItem(end: end, wroteChildren: false))
            }
        }
        while let top = open.last, top.end <= range.upperBound {
            if top.wroteChildren { sink.closeChildren() }
            open.removeLast()
        }
    }
}
