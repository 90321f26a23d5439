import TaskPaper

/// textDocument/documentSymbol: projects and tasks as a tree; a
/// project holds its sub-projects and tasks, a task its sub-tasks. Notes are
/// no symbols: items under a note move up to the note's nearest symbol.
extension Provider {
    static let documentSymbols = Provider("documentSymbolProvider")
}

extension Server {
    /// Tens of megabytes for a large document: built off the loop, on a snapshot, so typing goes on.
    func documentSymbols(_ params: DocumentSymbolParams) throws(ResponseError) -> @Sendable () -> any JSONEncodable {
        let snapshot = try document(params.textDocument).snapshot, indentWidth = settings.indentWidth
        return {
            DocumentSymbolTree(doc: snapshot, outline: Outline(document: snapshot.text, indentWidth: indentWidth))
        }
    }
}

/// Writes the tree straight to JSON in one pass over the lines: document order
/// is the tree's pre-order, so a stack of open subtrees says where each symbol
/// nests. Names and tags are copied from the lines' bytes (no `String` per line).
struct DocumentSymbolTree: JSONEncodable {
    let doc: DocumentSnapshot
    let outline: Outline

    /// Outline levels written as nested symbols; deeper items are listed flat
    /// under their ancestor at this level. Indentation is unbounded, but the
    /// JSON nesting clients parse must not be (serde_json stops at 128 levels;
    /// each level here is two).
    static let maxDepth = 50

    /// An item whose subtree is still being written.
    private struct OpenItem {
        var end: Int
        /// Its symbol's `children` array is open (notes and flat symbols open none).
        var wroteChildren: Bool
    }

    func write(to w: inout JSONWriter) {
        // About 200 bytes a symbol: one allocation instead of a doubling series.
        w.reserveCapacity(additional: outline.lineCount * 200)
        w.openArray()
        var open: [OpenItem] = []
        for item in 0..<outline.lineCount where outline.isItem(item) {
            while let top = open.last, top.end <= item {
                if top.wroteChildren { close(&w) }
                open.removeLast()
            }
            let end = outline.subtreeEnd(of: item)
            let kind = outline.lines[item].syntax.kind
            if kind == .project || kind == .task {
                // Below `maxDepth` levels of items, symbols are listed flat, without children.
                let nests = open.count < DocumentSymbolTree.maxDepth && end > item + 1
                writeSymbol(item, subtreeEnd: end, to: &w)
                if nests {
                    w.appendPlain(",\"children\":")
                    w.openArray()
                } else {
                    w.closeObject()
                }
                if end > item + 1 { open.append(OpenItem(end: end, wroteChildren: nests)) }
            } else if end > item + 1 {
                open.append(OpenItem(end: end, wroteChildren: false))
            }
        }
        for item in open.reversed() where item.wroteChildren { close(&w) }
        w.closeArray()
    }

    /// Closes a symbol's `children` array and the symbol.
    private func close(_ w: inout JSONWriter) {
        w.closeArray()
        w.closeObject()
    }

    /// One symbol's fields, its object left open for `children`. The fixed parts of the
    /// object are written as whole runs: a document has tens of thousands of symbols.
    private func writeSymbol(_ item: Int, subtreeEnd: Int, to w: inout JSONWriter) {
        let line = outline.lines[item], syntax = line.syntax
        let last = subtreeEnd - 1
        let end = doc.clientPosition(TextLocation(line: last, offset: Int(doc.text.lines[last].syntax.utf8Count)))
        let selection = doc.lspRange(line: item, syntax.contentRange)
        let nameRange = line.itemNameRange
        w.openObject()
        line.text.withUTF8Bytes { b in
            w.appendPlain("\"name\":\"")
            w.appendEscaped(UnsafeBufferPointer(rebasing: b[nameRange]))
            if !syntax.tags.isEmpty {
                w.appendPlain("\",\"detail\":\"")
                for (k, tag) in syntax.tags.enumerated() {
                    if k > 0 { w.appendPlain(" ") }
                    w.appendEscaped(UnsafeBufferPointer(rebasing: b[tag.range]))
                }
            }
        }
        w.appendPlain("\",\"kind\":")
        w.appendPlainInt(SymbolKind(syntax.kind).rawValue)
        if line.isDone {
            w.appendPlain(",\"tags\":[")
            w.appendPlainInt(SymbolTag.deprecated.rawValue)
            w.appendPlain("]")
        }
        w.appendPlain(",\"range\":{\"start\":{\"line\":")
        w.appendPlainInt(item)
        w.appendPlain(",\"character\":0},\"end\":{\"line\":")
        w.appendPlainInt(end.line)
        w.appendPlain(",\"character\":")
        w.appendPlainInt(end.character)
        w.appendPlain("}},\"selectionRange\":{\"start\":{\"line\":")
        w.appendPlainInt(item)
        w.appendPlain(",\"character\":")
        w.appendPlainInt(selection.start.character)
        w.appendPlain("},\"end\":{\"line\":")
        w.appendPlainInt(item)
        w.appendPlain(",\"character\":")
        w.appendPlainInt(selection.end.character)
        w.appendPlain("}}")
    }
}
