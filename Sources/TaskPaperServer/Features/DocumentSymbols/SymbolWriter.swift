import TaskPaper

/// Writes a chunk's symbols into the room its exact count reserved (`SymbolByteCount`), from the
/// fields the count kept: fixed runs as whole blocks, numbers as words, names and tags copied whole
/// when nothing in them needs escaping. Block stores reach past what counts; near the end of the
/// room, where they would reach into the next chunk's bytes, a symbol is written aside and copied.
struct SymbolWriter: SymbolSink {
    var out: ReservedBytes
    let lines: UnsafeBufferPointer<Line>
    /// The fields of the chunk's symbols, in order, and the next one's index.
    let fields: UnsafeBufferPointer<SymbolFields>
    private var next = 0
    private let runs = SymbolRuns.shared
    /// Room for the last symbols of the chunk, made when first needed.
    private var aside: [UInt8] = []

    init(_ out: ReservedBytes, lines: UnsafeBufferPointer<Line>, fields: UnsafeBufferPointer<SymbolFields>) {
        self.out = out
        self.lines = lines
        self.fields = fields
    }

    mutating func closeChildren() {
        if out.room >= ReservedBytes.blockSlack {
            out.block(runs.run(.closeChildren))
        } else {
            out.byte(UInt8(ascii: "]"))
            out.byte(UInt8(ascii: "}"))
        }
    }

    mutating func comma() { out.byte(UInt8(ascii: ",")) }

    mutating func symbol(_ item: Int, last: Int, nests: Bool) {
        let line = lines.baseAddress! + item, f = fields[next]
        next += 1
        // At most: the fixed parts and numbers, the name and the tags escaped (a tag inside the name is
        // written twice), the spaces between tags; and the block stores' reach.
        let count = Int(line.pointee.syntax.utf8Count)
        let maxCount = 2 * ReservedBytes.maxEscapedCount(count) + count + 512 + ReservedBytes.blockSlack
        let runs = self.runs
        guard out.room < maxCount else {
            return line.withUTF8Bytes { b in SymbolWriter.write(item, last, nests, line, f, b, runs, &out) }
        }
        if aside.count < maxCount { aside = [UInt8](repeating: 0, count: maxCount) }
        aside.withUnsafeMutableBufferPointer { aside in
            var scratch = ReservedBytes(aside)
            line.withUTF8Bytes { b in SymbolWriter.write(item, last, nests, line, f, b, runs, &scratch) }
            out.plain(UnsafeBufferPointer(start: aside.baseAddress, count: scratch.cursor - aside.baseAddress!))
        }
    }

    private static func write(
        _ item: Int, _ last: Int, _ nests: Bool, _ line: UnsafePointer<Line>, _ f: SymbolFields,
        _ b: UnsafeBufferPointer<UInt8>, _ runs: SymbolRuns, _ into: inout ReservedBytes
    ) {
        // A local cursor stays in a register: stores of bytes through it could alias the caller's.
        var out = into
        defer { into = out }
        out.block(runs.run(.open))
        copy(b, f.name, plain: f.plain, &out)
        // `endIndex`, inlined; `count` is a call through the generic collection.
        let tagCount = line.pointee.syntax.tags.endIndex
        if tagCount > 0 {
            out.block(runs.run(.detail))
            for k in 0..<tagCount {
                if k > 0 { out.byte(UInt8(ascii: " ")) }
                copy(b, line.pointee.syntax.tags[k].range, plain: f.plain, &out)
            }
        }
        out.block(runs.start(line.pointee.syntax.kind, done: line.pointee.syntax.knownTags.contains(.done)))
        // The item's line number is written three times: its digits made once.
        let numbers = (item, last, Int(f.endColumn), line.pointee.syntax.indentLength, Int(f.selectionEnd))
        guard let (digits, digitCount) = ReservedBytes.digitWord(item) else {
            return writeLongLine(numbers, nests, runs, &out)
        }
        out.word(digits, count: digitCount)
        out.block(runs.run(.rangeStart))
        if last == item { out.word(digits, count: digitCount) } else { out.number(last) }
        out.block(runs.run(.character))
        out.number(numbers.2)
        out.block(runs.run(.selectionStart))
        out.word(digits, count: digitCount)
        out.block(runs.run(.character))
        out.number(numbers.3)
        out.block(runs.run(.selectionEnd))
        out.word(digits, count: digitCount)
        out.block(runs.run(.character))
        out.number(numbers.4)
        out.block(runs.run(nests ? .openChildren : .closeLeaf))
    }

    /// The positions of a symbol whose line number has nine digits or more.
    private static func writeLongLine(
        _ n: (item: Int, last: Int, endColumn: Int, selectionStart: Int, selectionEnd: Int), _ nests: Bool,
        _ runs: SymbolRuns, _ out: inout ReservedBytes
    ) {
        // Each number, then the run that follows it (a rare path: the array costs nothing that matters).
        let pieces: [(Int, SymbolRuns.Run)] = [
            (n.item, .rangeStart), (n.last, .character), (n.endColumn, .selectionStart), (n.item, .character),
            (n.selectionStart, .selectionEnd), (n.item, .character),
            (n.selectionEnd, nests ? .openChildren : .closeLeaf),
        ]
        for (number, run) in pieces {
            out.digits(number)
            out.block(runs.run(run))
        }
    }

    @inline(__always) private static func copy(
        _ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: Bool, _ out: inout ReservedBytes
    ) {
        if plain {
            out.plainCopy(b.baseAddress! + range.lowerBound, count: range.count)
        } else {
            out.escaped(UnsafeBufferPointer(rebasing: b[range]))
        }
    }
}

extension ReservedBytes {
    @inline(__always) mutating func block(_ run: (UnsafeRawPointer, count: Int, blocks: Int)) {
        block(run.0, count: run.count, blocks: run.blocks)
    }
}
