import TaskPaper

/// Counts the bytes `SymbolWriter` writes for a chunk, exactly: each chunk then has its place in the
/// answer before any is written, and all are written there at once (nothing joined, nothing copied).
/// Keeps each symbol's fields for the writer.
struct SymbolByteCount: SymbolSink {
    let lines: UnsafeBufferPointer<Line>
    let encoding: PositionEncoding
    private(set) var count = 0
    /// Whether the chunk starts with a close (no comma goes before it); nil while it has put out nothing.
    private(set) var startsWithClose: Bool?
    /// Whether it ends in an open `children` array (no comma goes after it).
    private(set) var endsOpen = false
    /// Per symbol, in order.
    private(set) var fields: [SymbolFields] = []
    private let runs = SymbolRuns.shared

    init(lines: UnsafeBufferPointer<Line>, encoding: PositionEncoding, lineCount: Int) {
        self.lines = lines
        self.encoding = encoding
        fields.reserveCapacity(lineCount)
    }

    mutating func closeChildren() {
        if startsWithClose == nil { startsWithClose = true }
        count += runs.count(.closeChildren)
        endsOpen = false
    }

    mutating func comma() { count += 1 }

    mutating func symbol(_ item: Int, last: Int, nests: Bool) {
        if startsWithClose == nil { startsWithClose = false }
        endsOpen = nests
        let line = lines.baseAddress! + item
        let lastColumn = last == item ? nil : SymbolFields.length(of: lines.baseAddress! + last, encoding)
        line.withUTF8Bytes { b in
            let f = SymbolFields(line, b, lastColumn: lastColumn, encoding)
            fields.append(f)
            count += runs.count(.open) + SymbolByteCount.text(b, f.name, plain: f.plain)
            // `endIndex`, inlined; `count` is a call through the generic collection.
            let tagCount = line.pointee.syntax.tags.endIndex
            if tagCount > 0 {
                count += runs.count(.detail) + tagCount - 1
                for k in 0..<tagCount {
                    count += SymbolByteCount.text(b, line.pointee.syntax.tags[k].range, plain: f.plain)
                }
            }
            count += runs.start(line.pointee.syntax.kind, done: line.pointee.syntax.knownTags.contains(.done)).count
            count += 3 * ReservedBytes.digitCount(item) + runs.count(.rangeStart) + ReservedBytes.digitCount(last)
            count += runs.count(.character) + ReservedBytes.digitCount(Int(f.endColumn)) + runs.count(.selectionStart)
            count += runs.count(.character) + ReservedBytes.digitCount(line.pointee.syntax.indentLength)
            count += runs.count(.selectionEnd) + runs.count(.character) + ReservedBytes.digitCount(Int(f.selectionEnd))
            count += runs.count(nests ? .openChildren : .closeLeaf)
        }
    }

    private static func text(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: Bool) -> Int {
        plain ? range.count : ReservedBytes.escapedCount(UnsafeBufferPointer(rebasing: b[range]))
    }
}
