import TaskPaper

/// A document's text at one moment, with the client's encoding: what a
/// request computed off the main loop reads.
struct DocumentSnapshot: Sendable {
    let text: TextDocument
    let encoding: PositionEncoding
}

/// Converting between client columns and UTF-8 offsets, for an open document
/// or a snapshot of one (Sources/TaskPaperServer/README.md, "Positions").
protocol ClientPositions {
    var text: TextDocument { get }
    var encoding: PositionEncoding { get }
}

extension DocumentSnapshot: ClientPositions {}

extension OpenDocument: ClientPositions {
    var encoding: PositionEncoding { context.encoding }
}

extension ClientPositions {
    /// A client position as a location in the model, clamped into the document.
    func location(_ p: ClientPosition) -> TextLocation {
        let (line, offset) = text.location(of: p.text, encoding: encoding)
        return TextLocation(line: line, offset: offset)
    }

    /// A client range as two clamped locations in order (a range given end first names the same text).
    func locations(_ range: ClientRange) -> Range<TextLocation> {
        let a = location(range.start), b = location(range.end)
        return b < a ? b..<a : a..<b
    }

    /// The lines a client range covers. A selection ending at the start of a
    /// line (a whole-line selection) leaves that line out.
    func lines(of range: ClientRange) -> ClosedRange<Int> {
        let r = locations(range)
        let a = r.lowerBound, b = r.upperBound
        let last = b.line > a.line && b.offset == 0 ? b.line - 1 : b.line
        return a.line...last
    }

    /// A location in the model as a client position.
    func clientPosition(_ l: TextLocation) -> ClientPosition {
        ClientPosition(text.position(line: l.line, offset: l.offset, encoding: encoding))
    }

    /// A UTF-8 range on a line as a client range.
    func lspRange(line: Int, _ r: Range<Int>) -> ClientRange {
        ClientRange(utf8: r, onLine: line, text.lines[line], encoding: encoding)
    }

    /// Lines as a client range for a command's arguments: from the first line's start to the last's end
    /// (`lines(of:)` reads it back as the same lines).
    func wholeLinesJSON(_ lines: ClosedRange<Int>) -> JSON {
        let last = min(lines.upperBound, text.lineCount - 1)
        let end = clientPosition(TextLocation(line: last, offset: text.lines[last].utf8Count))
        return [
            "start": ["line": .int(lines.lowerBound), "character": 0],
            "end": ["line": .int(end.line), "character": .int(end.character)],
        ]
    }

    /// A client column on a line (for encoders that work in columns).
    func clientColumn(_ l: TextLocation) -> Int { clientPosition(l).character }
}

extension ClientRange {
    /// A UTF-8 range on line `index`, whose text is `line`, in the client's units (what `lspRange`
    /// gives; also for a line not in a document yet, as the open encodes its findings).
    init(utf8 r: Range<Int>, onLine index: Int, _ line: Line, encoding: PositionEncoding) {
        func column(_ offset: Int) -> Int {
            encoding.column(ofUTF8Offset: offset, in: line, isASCII: line.syntax.isASCII)
        }
        self.init(
            start: ClientPosition(line: index, character: column(r.lowerBound)),
            end: ClientPosition(line: index, character: column(r.upperBound)))
    }
}

extension OpenDocument {
    /// Library replacements as one WorkspaceEdit on this document, in the client's encoding.
    func workspaceEdit(_ replacements: [TextReplacement]) -> WorkspaceEdit {
        WorkspaceEdit(changes: [(uri, replacements.map(textEdit))])
    }

    /// The same, nil when there is nothing to change.
    func workspaceEdit(orNil replacements: [TextReplacement]) -> WorkspaceEdit? {
        replacements.isEmpty ? nil : workspaceEdit(replacements)
    }
}
