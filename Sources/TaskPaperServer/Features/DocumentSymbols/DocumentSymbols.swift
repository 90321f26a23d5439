import Dispatch
import TaskPaper

/// textDocument/documentSymbol: projects and tasks as a tree; a
/// project holds its sub-projects and tasks, a task its sub-tasks. Notes are
/// no symbols: items under a note move up to the note's nearest symbol.
extension Provider {
    static let documentSymbols = Provider("documentSymbolProvider")
}

extension Server {
    /// Tens of megabytes for a large document: built off the loop, on a snapshot, so typing goes on.
    /// The outline is the kept one when the edits since it changed no line's depth (checked here, on
    /// the edited lines only); else it is read off the loop and kept for the next answer.
    func documentSymbols(_ params: DocumentSymbolParams) throws(ResponseError) -> @Sendable () -> any JSONEncodable {
        let doc = try document(params.textDocument), indentWidth = settings.indentWidth
        let snapshot = doc.snapshot, generation = doc.generation, kept = doc.keptOutline
        let outline = kept.outline(of: snapshot.text, generation: generation, indentWidth: indentWidth)
        return {
            let outline =
                outline
                ?? {
                    let outline = Outline(document: snapshot.text, indentWidth: indentWidth)
                    kept.keep(outline, generation: generation, indentWidth: indentWidth)
                    return outline
                }()
            return DocumentSymbolTree(doc: snapshot, outline: outline)
        }
    }
}

/// Writes the tree straight to JSON in one pass over the lines: document order
/// is the tree's pre-order, so a stack of open subtrees says where each symbol
/// nests. Names and tags are copied from the lines' bytes (no `String` per line).
/// A large document is written in chunks of lines on all cores: each chunk's bytes are counted
/// first, so each is then written straight into its place in the answer.
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
            chunkCount
            ?? max(1, min(4 * JSONWriter.coreCount, outline.lineCount / DocumentSymbolTree.minLinesPerChunk))
        let chunks = (0..<chunkCount).map { c in
            outline.lineCount * c / chunkCount..<outline.lineCount * (c + 1) / chunkCount
        }
        outline.withDepthsAndEnds { depths, ends in
            outline.lines.withUnsafeBufferPointer { lines in
                let walks = chunks.map {
                    SymbolWalk(outline: outline, lines: lines, depths: depths, ends: ends, range: $0)
                }
                // Counted first, on all cores: each chunk's place in the answer.
                let counts = [SymbolByteCount](unsafeUninitializedCapacity: chunkCount) { counts, initialized in
                    let shared = UnsafeSendable((counts, walks, lines)), encoding = doc.encoding
                    DispatchQueue.concurrentPerform(iterations: chunkCount) { c in
                        let (counts, walks, lines) = shared.value
                        var count = SymbolByteCount(lines: lines, encoding: encoding, lineCount: walks[c].range.count)
                        walks[c].walk(&count)
                        (counts.baseAddress! + c).initialize(to: count)
                    }
                    initialized = chunkCount
                }
                // A comma between two elements; none after an opened array or before a closing one.
                var commas = [Bool](repeating: false, count: chunkCount), afterOpen = true
                for c in 0..<chunkCount {
                    guard let startsWithClose = counts[c].startsWithClose else { continue }
                    commas[c] = !afterOpen && !startsWithClose
                    afterOpen = counts[c].endsOpen
                }
                w.openArray()
                w.parallelParts(byteCounts: (0..<chunkCount).map { counts[$0].count + (commas[$0] ? 1 : 0) }) {
                    c, out in
                    counts[c].fields.withUnsafeBufferPointer { fields in
                        var writer = SymbolWriter(out, lines: lines, fields: fields)
                        if commas[c] { writer.comma() }
                        walks[c].walk(&writer)
                        out = writer.out
                    }
                }
                w.closeArray()
            }
        }
    }
}
