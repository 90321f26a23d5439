import TaskPaper

/// textDocument/selectionRange ("expand selection"): from the cursor, the tag
/// under it, the line's text, the item with its subtree, each ancestor's
/// subtree, then the whole document. Each range holds the one before it.
extension Provider {
    static let selectionRanges = Provider("selectionRangeProvider")
}

extension Server {
    /// The outline is built per request: off the loop, on a snapshot, like document symbols.
    func selectionRanges(_ params: SelectionRangeParams) throws(ResponseError) -> @Sendable () -> any JSONEncodable {
        let snapshot = try document(params.textDocument).snapshot, indentWidth = settings.indentWidth
        let positions = params.positions
        return {
            let outline = Outline(lines: snapshot.text.lines, indentWidth: indentWidth)
            return positions.map { SelectionRangeChain(snapshot.selectionRanges(at: $0, in: outline)) }
        }
    }
}

extension DocumentSnapshot {
    /// The ranges around a position, innermost first, without repeats.
    func selectionRanges(at position: ClientPosition, in outline: Outline) -> [ClientRange] {
        let cursor = location(position)
        let line = text.lines[cursor.line]
        var ranges: [ClientRange] = []
        func add(_ range: ClientRange) {
            if ranges.last != range { ranges.append(range) }
        }
        if let index = line.syntax.tagIndex(at: cursor.offset) {
            add(lspRange(line: cursor.line, line.syntax.tags[index].range))
        }
        // The line's text without its indentation, tags included.
        let content = line.syntax.indentLength..<Int(line.syntax.utf8Count)
        if !content.isEmpty, (content.lowerBound...content.upperBound).contains(cursor.offset) {
            add(lspRange(line: cursor.line, content))
        }
        var item: Int? = outline.isItem(cursor.line) ? cursor.line : nil
        while let i = item {
            add(lines(i..<outline.subtreeEnd(of: i)))
            item = outline.parent(of: i)
        }
        add(lines(0..<text.lineCount))
        return ranges
    }

    /// Whole lines, from the first's start to the last's end.
    private func lines(_ lines: Range<Int>) -> ClientRange {
        let last = lines.upperBound - 1
        return ClientRange(
            start: ClientPosition(line: lines.lowerBound, character: 0),
            end: clientPosition(TextLocation(line: last, offset: text.lines[last].utf8Count)))
    }
}

/// LSP `SelectionRange`: each range with its parent, written innermost first.
struct SelectionRangeChain: JSONEncodable {
    /// Innermost first; never empty (the document is always there).
    let ranges: [ClientRange]

    init(_ ranges: [ClientRange]) { self.ranges = ranges }

    func write(to w: inout JSONWriter) { write(from: 0, to: &w) }

    private func write(from i: Int, to w: inout JSONWriter) {
        w.object { w in
            w.key("range"); ranges[i].write(to: &w)
            if i + 1 < ranges.count { w.key("parent"); write(from: i + 1, to: &w) }
        }
    }
}
