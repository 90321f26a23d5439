/// A point in a document in the model's terms: a line and a UTF-8 offset into its text.
public struct TextLocation: Sendable, Hashable, Comparable {
    public var line: Int
    public var offset: Int
    public init(line: Int, offset: Int) { self.line = line; self.offset = offset }
    public static func < (a: Self, b: Self) -> Bool { (a.line, a.offset) < (b.line, b.offset) }
}

/// Replaces the text between two locations. The edits of this library are
/// lists of these in document order, never overlapping, all against the same
/// original text: the shape of an LSP `TextEdit[]`, which the server converts
/// to the client's position encoding.
public struct TextReplacement: Sendable, Hashable {
    public var start: TextLocation
    public var end: TextLocation
    public var newText: String

    public init(start: TextLocation, end: TextLocation, newText: String) {
        self.start = start
        self.end = end
        self.newText = newText
    }

    /// A replacement within one line.
    public init(line: Int, _ range: Range<Int>, _ newText: String) {
        self.init(
            start: TextLocation(line: line, offset: range.lowerBound),
            end: TextLocation(line: line, offset: range.upperBound), newText: newText)
    }
}

extension TextDocument {
    /// Applies replacements computed against this text (sorted, not overlapping):
    /// back to front, so earlier locations stay valid.
    public mutating func apply(_ replacements: [TextReplacement]) {
        for r in replacements.reversed() {
            replace(
                from: TextPosition(line: r.start.line, column: r.start.offset),
                to: TextPosition(line: r.end.line, column: r.end.offset),
                with: r.newText, encoding: .utf8)
        }
    }
}
