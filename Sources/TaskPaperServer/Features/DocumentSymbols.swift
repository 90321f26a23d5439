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

/// Writes the tree straight to JSON while walking the outline.
struct DocumentSymbolTree: JSONEncodable {
    let doc: DocumentSnapshot
    let outline: Outline

    /// Outline levels written as nested symbols; deeper items are listed flat
    /// under their ancestor at this level. Indentation is unbounded, but the
    /// recursion here and the JSON nesting clients parse must not be (serde_json
    /// stops at 128 levels; each level here is two).
    static let maxDepth = 50

    func write(to w: inout JSONWriter) {
        w.array { w in writeSymbols(of: outline.topLevelItems, depth: 0, to: &w) }
    }

    private func writeSymbols(of items: [Int], depth: Int, to w: inout JSONWriter) {
        guard depth < DocumentSymbolTree.maxDepth else { return writeFlat(items, to: &w) }
        for item in items {
            switch outline.lines[item].syntax.kind {
            case .project, .task: writeSymbol(item, childDepth: depth + 1, to: &w)
            case .note, .blank: writeSymbols(of: outline.children(of: item), depth: depth + 1, to: &w)
            }
        }
    }

    /// Every project and task in the items' subtrees, in line order, without children.
    private func writeFlat(_ items: [Int], to w: inout JSONWriter) {
        for item in items {
            for line in outline.subtree(of: item) {
                let kind = outline.lines[line].syntax.kind
                if kind == .project || kind == .task { writeSymbol(line, childDepth: nil, to: &w) }
            }
        }
    }

    /// One symbol; its children nest at `childDepth`, or are left out (nil: `writeFlat` lists them).
    private func writeSymbol(_ item: Int, childDepth: Int?, to w: inout JSONWriter) {
        let line = outline.lines[item]
        let last = outline.subtreeEnd(of: item) - 1
        let end = doc.text.lines[last].text.utf8.count
        let range = ClientRange(start: ClientPosition(line: item, character: 0),
                                end: doc.clientPosition(TextLocation(line: last, offset: end)))
        let tags = line.syntax.tags.map { line.text.utf8Slice($0.range) }.joined(separator: " ")
        w.object { w in
            w.key("name"); w.string(line.itemName)
            if !tags.isEmpty { w.key("detail"); w.string(tags) }
            w.key("kind"); w.int(SymbolKind(line.syntax.kind))
            if line.isDone {
                w.key("tags"); w.array { w in w.int(SymbolTag.deprecated) }
            }
            w.key("range"); range.write(to: &w)
            w.key("selectionRange"); doc.lspRange(line: item, line.syntax.contentRange).write(to: &w)
            if let childDepth, outline.hasChildren(item) {
                w.key("children"); w.array { w in writeSymbols(of: outline.children(of: item), depth: childDepth, to: &w) }
            }
        }
    }
}
