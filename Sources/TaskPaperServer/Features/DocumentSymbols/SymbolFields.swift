import TaskPaper

/// What a symbol's JSON takes from its line besides copies of its bytes: read once, while its
/// bytes are counted (`SymbolByteCount`), and kept for writing them (`SymbolWriter`).
struct SymbolFields {
    /// Where the name sits in the line's bytes.
    var nameStart: Int32
    var nameEnd: Int32
    /// Client columns: the selection ends after the item's text, the range after its subtree's last line.
    var selectionEnd: Int32
    var endColumn: Int32
    /// The name and the tags hold no byte that needs escaping: they are copied whole.
    var plain: Bool

    var name: Range<Int> { Int(nameStart)..<Int(nameEnd) }

    /// The fields of `line`, whose bytes are `b`; `lastColumn` is the length of its subtree's last line
    /// when that is another line.
    init(_ line: UnsafePointer<Line>, _ b: UnsafeBufferPointer<UInt8>, lastColumn: Int?, _ encoding: PositionEncoding) {
        let count = Int(line.pointee.syntax.utf8Count), indentLength = line.pointee.syntax.indentLength
        let contentEnd = Int(line.pointee.syntax.contentEnd)
        var selectionEnd = contentEnd, endColumn = lastColumn ?? count
        if !line.pointee.syntax.isASCII {
            // The indentation is spaces and tabs: its length counts the same in every encoding.
            selectionEnd = indentLength + encoding.unitCount(of: b, indentLength..<contentEnd)
            if lastColumn == nil { endColumn = selectionEnd + encoding.unitCount(of: b, contentEnd..<count) }
        }
        let name = Line.itemNameRange(line.pointee.syntax, in: b)
        nameStart = Int32(name.lowerBound)
        nameEnd = Int32(name.upperBound)
        self.selectionEnd = Int32(selectionEnd)
        self.endColumn = Int32(endColumn)
        // The name and the tags come after the indentation (whose tabs would need escapes).
        plain = ReservedBytes.isPlain(b, indentLength..<count)
    }

    /// A line's length in client units.
    static func length(of line: UnsafePointer<Line>, _ encoding: PositionEncoding) -> Int {
        let count = Int(line.pointee.syntax.utf8Count)
        guard !line.pointee.syntax.isASCII else { return count }
        var length = count
        line.withUTF8Bytes { b in length = encoding.unitCount(of: b, 0..<count) }
        return length
    }
}
