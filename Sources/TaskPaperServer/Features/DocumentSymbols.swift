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
/// A large document is written in chunks of lines on all cores, then joined.
struct DocumentSymbolTree: JSONEncodable, Sendable {
    let doc: DocumentSnapshot
    let outline: Outline

    /// Outline levels written as nested symbols; deeper items are listed flat
    /// under their ancestor at this level. Indentation is unbounded, but the
    /// JSON nesting clients parse must not be (serde_json stops at 128 levels;
    /// each level here is two).
    static let maxDepth = 50

    /// Below this many lines a chunk is not worth a thread.
    static let minLinesPerChunk = 8192

    /// How many chunks to write the lines in; nil: one per core, for a large document (tests choose).
    var chunkCount: Int?

    func write(to w: inout JSONWriter) {
        let chunkCount =
            chunkCount ?? max(1, min(JSONWriter.coreCount, outline.lineCount / DocumentSymbolTree.minLinesPerChunk))
        let chunks = (0..<chunkCount).map { c in
            outline.lineCount * c / chunkCount..<outline.lineCount * (c + 1) / chunkCount
        }
        outline.lines.withUnsafeBufferPointer { lines in
            let bounds = chunks.map { maxByteCount($0, lines) }
            w.openArray()
            w.reserveCapacity(additional: bounds.reduce(1, +))
            w.parallelElements(parts: chunkCount) { c, w in
                SymbolChunkWriter(tree: self, lines: lines, range: chunks[c]).write(to: &w, maxCount: bounds[c])
            }
            w.closeArray()
        }
    }

    /// At most what a chunk writes: per symbol its fixed parts and numbers, its line escaped and its
    /// close; the closes of the symbols open at its first line (`maxDepth` of them at most).
    private func maxByteCount(_ range: Range<Int>, _ lines: UnsafeBufferPointer<Line>) -> Int {
        var count = 2 * DocumentSymbolTree.maxDepth
        for line in range where outline.isItem(line) {
            let utf8Count = Int(lines[line].syntax.utf8Count)
            // The name and the tags escaped (a tag inside the name is written twice), the spaces between
            // tags, the fixed runs and six numbers.
            count += 2 * ReservedBytes.maxEscapedCount(utf8Count) + utf8Count + 512
        }
        return count
    }
}

/// Writes the symbols of the items on a range of lines, and closes the symbols whose subtrees end there.
private struct SymbolChunkWriter {
    let tree: DocumentSymbolTree
    /// The outline's lines, read in place (a `Line` copied out costs a retain and a release).
    let lines: UnsafeBufferPointer<Line>
    let range: Range<Int>

    /// An item whose subtree is still being written.
    private struct OpenItem {
        var end: Int
        /// Its symbol's `children` array is open (notes and flat symbols open none).
        var wroteChildren: Bool
    }

    private var outline: Outline { tree.outline }

    private func isSymbol(_ item: Int) -> Bool {
        let kind = lines[item].syntax.kind
        return kind == .project || kind == .task
    }

    /// Writes at most `maxCount` bytes, starting with a symbol (no comma before it) or a close.
    func write(to w: inout JSONWriter, maxCount: Int) {
        guard !range.isEmpty else { return }
        // The subtrees open at the first line, as the walk from line 0 leaves them: its ancestors.
        var open = outline.ancestors(of: range.lowerBound).reversed().enumerated().map { depth, item in
            OpenItem(
                end: outline.subtreeEnd(of: item), wroteChildren: isSymbol(item) && depth < DocumentSymbolTree.maxDepth)
        }
        w.withReservedBytes(maxCount: maxCount) { out in
            var needsComma = false
            for item in range where outline.isItem(item) {
                while let top = open.last, top.end <= item {
                    if top.wroteChildren {
                        out.plain("]}")
                        needsComma = true
                    }
                    open.removeLast()
                }
                let end = outline.subtreeEnd(of: item)
                if isSymbol(item) {
                    // Below `maxDepth` levels of items, symbols are listed flat, without children.
                    let nests = open.count < DocumentSymbolTree.maxDepth && end > item + 1
                    if needsComma { out.byte(UInt8(ascii: ",")) }
                    writeSymbol(item, subtreeEnd: end, to: &out)
                    out.plain(nests ? ",\"children\":[" : "}")
                    needsComma = !nests
                    if end > item + 1 { open.append(OpenItem(end: end, wroteChildren: nests)) }
                } else if end > item + 1 {
                    open.append(OpenItem(end: end, wroteChildren: false))
                }
            }
            while let top = open.last, top.end <= range.upperBound {
                if top.wroteChildren { out.plain("]}") }
                open.removeLast()
            }
        }
    }

    /// One symbol's fields, its object left open for `children`.
    private func writeSymbol(_ item: Int, subtreeEnd: Int, to out: inout ReservedBytes) {
        let encoding = tree.doc.encoding, last = subtreeEnd - 1
        let endColumn =
            lines[last].syntax.isASCII
            ? Int(lines[last].syntax.utf8Count) : encoding.length(of: lines[last])
        // One copy of the line (a `Line` method called on the buffer's element copies it each time).
        let line = lines[item], syntax = line.syntax
        var selection = (start: syntax.indentLength, end: Int(syntax.contentEnd))
        if !syntax.isASCII {
            let start = encoding.column(ofUTF8Offset: selection.start, in: line, isASCII: false)
            selection.end = encoding.column(
                ofUTF8Offset: selection.end, in: line, isASCII: false, after: (selection.start, start))
            selection.start = start
        }
        let nameRange = line.itemNameRange
        line.withUTF8Bytes { b in
            out.plain("{\"name\":\"")
            out.escaped(UnsafeBufferPointer(rebasing: b[nameRange]))
            if !syntax.tags.isEmpty {
                out.plain("\",\"detail\":\"")
                for k in syntax.tags.indices {
                    let tag = syntax.tags[k]
                    if k > 0 { out.byte(UInt8(ascii: " ")) }
                    out.escaped(UnsafeBufferPointer(rebasing: b[tag.range]))
                }
            }
        }
        out.plain("\",\"kind\":")
        out.digits(SymbolKind(syntax.kind).rawValue)
        if syntax.knownTags.contains(.done) {
            out.plain(",\"tags\":[")
            out.digits(SymbolTag.deprecated.rawValue)
            out.byte(UInt8(ascii: "]"))
        }
        out.plain(",\"range\":{\"start\":{\"line\":")
        // The item's line number is written three times: its digits once, then copied.
        let lineStart = out.cursor
        out.digits(item)
        let lineDigits = UnsafeBufferPointer(start: lineStart, count: out.cursor - lineStart)
        out.plain(",\"character\":0},\"end\":{\"line\":")
        out.digits(last)
        out.plain(",\"character\":")
        out.digits(endColumn)
        out.plain("}},\"selectionRange\":{\"start\":{\"line\":")
        out.plain(lineDigits)
        out.plain(",\"character\":")
        out.digits(selection.start)
        out.plain("},\"end\":{\"line\":")
        out.plain(lineDigits)
        out.plain(",\"character\":")
        out.digits(selection.end)
        out.plain("}}")
    }
}
