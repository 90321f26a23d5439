import TaskPaper

/// The one place that turns a parsed line into semantic tokens.
enum SemanticTokenizer {
    static let types = ["project", "task", "note", "tag", "payload"]
    static let modifiers = ["done", "overdue", "invalid", "date", "cancelled", "deferred"]

    enum Kind: UInt32 { case project, task, note, tag, payload }
    struct Modifiers: OptionSet, Sendable {
        let rawValue: UInt32
        static let done = Modifiers(rawValue: 1), overdue = Modifiers(rawValue: 2),
            invalid = Modifiers(rawValue: 4), date = Modifiers(rawValue: 8),
            cancelled = Modifiers(rawValue: 16), deferred = Modifiers(rawValue: 32)
    }

    /// What a line's token modifiers depend on beyond its syntax, kept per line
    /// (a few bytes) so tokens are computed on request without re-parsing dates.
    struct Facts: Sendable, Equatable {
        var isDone = false
        /// Cancelled and not done (`@done` wins when a task has both).
        var isCancelled = false
        /// An open task whose start date lies after today.
        var isDeferred = false
        var isOverdue = false
        /// Two bits per tag (the first 32): 1 = a valid date payload, 2 = an invalid one.
        var dateBits: UInt64 = 0
        /// The same for tags past the 32nd, on the rare line that has them.
        var laterDates: [Int: Modifiers]?

        /// Done or cancelled, as the line's tags say; nothing else yet.
        private init(closedBy known: KnownTagNames) {
            isDone = known.contains(.done)
            isCancelled = !isDone && known.contains(.cancelled)
        }

        /// The facts of a plain line (`PlainLine`): not overdue, not deferred, every date readable.
        init(_ known: KnownTagNames, _ plain: PlainLine) {
            self.init(closedBy: known)
            var tags = plain.dateTags
            while tags != 0 {
                dateBits |= 1 << UInt64(2 * tags.trailingZeroBitCount)
                tags &= tags - 1
            }
        }

        init(_ line: AnalyzedLine) {
            let known = line.syntax.knownTags
            self.init(closedBy: known)
            isOverdue = line.overdueTagIndex != nil
            // Only a task with a start tag is parsed again, to ask the one reader of start dates.
            if !known.isDisjoint(with: .startDates), line.syntax.kind == .task, !isDone, !isCancelled {
                isDeferred = StartDates.deferredUntil(line.line, clock: line.clock) != nil
            }
            for k in line.dates.indices {
                let tagIndex = line.dates[k].tagIndex, isReadable = line.dates[k].isReadable
                if tagIndex < 32 {
                    dateBits |= (isReadable ? 1 : 2) << UInt64(2 * tagIndex)
                } else {
                    laterDates = laterDates ?? [:]
                    laterDates![tagIndex] = isReadable ? .date : .invalid
                }
            }
        }

        func dateModifier(ofTag i: Int) -> Modifiers {
            guard i < 32 else { return laterDates?[i] ?? [] }
            switch (dateBits >> UInt64(2 * i)) & 3 {
            case 1: return .date
            case 2: return .invalid
            default: return []
            }
        }
    }

    /// Appends a line's tokens as (column, length, type, modifiers) quadruples
    /// in client units, in line order, never overlapping.
    @inline(__always)  // so a line read from a buffer is not copied to be passed
    static func appendTokens(of line: Line, facts: Facts, encoding: PositionEncoding, to out: inout [UInt32]) {
        let syntax = line.syntax
        guard syntax.kind != .blank, syntax.kind != .note || !syntax.tags.isEmpty else { return }
        var lineMods: Modifiers = []
        if facts.isDone { lineMods.insert(.done) }
        if facts.isOverdue { lineMods.insert(.overdue) }
        if facts.isCancelled { lineMods.insert(.cancelled) }
        if facts.isDeferred { lineMods.insert(.deferred) }
        let ascii = syntax.isASCII
        var known = (offset: 0, column: 0)  // tokens come in line order: convert columns incrementally
        func column(_ offset: Int) -> Int {
            if ascii { return offset }
            known = (offset, encoding.column(ofUTF8Offset: offset, in: line, isASCII: false, after: known))
            return known.column
        }
        func emit(_ range: Range<Int>, _ kind: Kind, _ mods: Modifiers) {
            guard !range.isEmpty else { return }
            let start = column(range.lowerBound), end = column(range.upperBound)
            out.append(UInt32(start)); out.append(UInt32(end - start)); out.append(kind.rawValue);
            out.append(mods.rawValue)
        }

        // The project's text runs up to its colon, minus any tags written inside it.
        var projectFrom = syntax.kind == .project ? syntax.indentLength : Int.max
        let projectEnd = syntax.contentRange.upperBound
        if syntax.kind == .task { emit(syntax.taskMarkerRange, .task, lineMods) }
        // By index: iterating `enumerated()` copies the tag list into an iterator per line.
        for i in syntax.tags.indices {
            let tag = syntax.tags[i]
            if projectFrom < projectEnd, tag.range.lowerBound < projectEnd {
                emit(projectFrom..<tag.range.lowerBound, .project, lineMods)
                projectFrom = tag.end
            }
            if projectFrom < projectEnd, tag.range.lowerBound >= projectEnd {
                emit(projectFrom..<projectEnd, .project, lineMods)
                projectFrom = Int.max
            }
            emit(tag.atNameRange, .tag, lineMods)
            if let payload = tag.payloadRange { emit(payload, .payload, lineMods.union(facts.dateModifier(ofTag: i))) }
        }
        if projectFrom < projectEnd { emit(projectFrom..<projectEnd, .project, lineMods) }
    }

    /// LSP's relative encoding of the tokens on `lines`; with `from` / `to`, only those overlapping
    /// the client range between them. A whole large document is encoded in chunks on all cores.
    static func encode(
        _ doc: OpenDocument, lines: Range<Int>, from: ClientPosition? = nil,
        to: ClientPosition? = nil, linesPerChunk: Int = SemanticTokenizer.linesPerChunk
    ) -> [UInt32] {
        let encoding = doc.context.encoding
        return doc.text.lines.withUnsafeBufferPointer { texts in
            doc.results.withUnsafeBufferPointer { results in
                guard from == nil, to == nil, lines.count > 2 * linesPerChunk else {
                    var chunk = TokenChunk(expectedLines: from == nil ? lines.count : 0)
                    chunk.encode(lines, texts: texts, results: results, encoding: encoding, from: from, to: to)
                    return chunk.data
                }
                let chunks = parallelChunks(count: lines.count, chunk: linesPerChunk) { range in
                    var chunk = TokenChunk(expectedLines: range.count)
                    let shifted = range.lowerBound + lines.lowerBound..<range.upperBound + lines.lowerBound
                    chunk.encode(shifted, texts: texts, results: results, encoding: encoding, from: nil, to: nil)
                    return chunk
                }
                return TokenChunk.joined(chunks)
            }
        }
    }

    /// Lines encoded by one worker at a time.
    static let linesPerChunk = 16384
}

/// The tokens of a run of lines, delta-encoded as if no token came before them: the first
/// token's line and start are absolute, and are made relative when chunks are joined.
struct TokenChunk {
    var data: [UInt32] = []
    /// The last token's line and start (what the next chunk's first token is relative to).
    var last: (line: Int, start: UInt32)?

    /// About three tokens of five numbers a line, and some room: the data is rarely moved.
    init(expectedLines: Int) { data.reserveCapacity(expectedLines * 20) }

    mutating func encode(
        _ lines: Range<Int>, texts: UnsafeBufferPointer<Line>, results: UnsafeBufferPointer<LineResults>,
        encoding: PositionEncoding, from: ClientPosition?, to: ClientPosition?
    ) {
        var quads: [UInt32] = []
        var prevLine = 0, prevStart: UInt32 = 0
        for line in lines {
            quads.removeAll(keepingCapacity: true)
            SemanticTokenizer.appendTokens(
                of: texts[line], facts: results[line].facts, encoding: encoding, to: &quads)
            var k = 0
            while k < quads.count {
                let col = quads[k], len = quads[k + 1]
                defer { k += 4 }
                if let from, line == from.line, Int(col + len) <= from.character { continue }
                if let to, line == to.line, Int(col) >= to.character { continue }
                let deltaLine = UInt32(line - prevLine)
                data.append(deltaLine)
                data.append(deltaLine > 0 ? col : col - prevStart)
                data.append(len)
                data.append(quads[k + 2])
                data.append(quads[k + 3])
                prevLine = line
                prevStart = col
            }
        }
        if !data.isEmpty { last = (prevLine, prevStart) }
    }

    /// The chunks' data in order, each chunk's first token made relative to the last token before it.
    static func joined(_ chunks: [TokenChunk]) -> [UInt32] {
        let count = chunks.reduce(0) { $0 + $1.data.count }
        return [UInt32](unsafeUninitializedCapacity: count) { out, written in
            var before: (line: Int, start: UInt32) = (0, 0)
            for chunk in chunks {
                guard let last = chunk.last else { continue }
                let first = written
                _ = UnsafeMutableBufferPointer(rebasing: out[written...]).initialize(from: chunk.data)
                written += chunk.data.count
                // Encoded after (0, 0): the first token holds its own line and start.
                let line = Int(out[first]), start = out[first + 1]
                let deltaLine = UInt32(line - before.line)
                out[first] = deltaLine
                out[first + 1] = deltaLine > 0 ? start : start - before.start
                before = last
            }
        }
    }
}

/// The previous full result of a document, for delta requests.
struct SemanticTokensResult {
    var resultID: String
    var data: [UInt32]
}

extension Provider {
    static let semanticTokens = Provider("semanticTokensProvider") { _ in
        JSONObject { w in
            w.key("legend");
            w.object { w in
                w.key("tokenTypes"); SemanticTokenizer.types.write(to: &w)
                w.key("tokenModifiers"); SemanticTokenizer.modifiers.write(to: &w)
            }
            w.key("full");
            w.object { w in
                w.key("delta"); w.bool(true)
            }
            w.key("range"); w.bool(true)
        }
    }
}

extension Server {
    func semanticTokensFull(_ params: SemanticTokensParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let data = SemanticTokenizer.encode(doc, lines: 0..<doc.lineCount)
        let id = rememberTokens(doc, data)
        return TokensResponse(resultID: id, data: data)
    }

    func semanticTokensDelta(_ params: SemanticTokensDeltaParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let data = SemanticTokenizer.encode(doc, lines: 0..<doc.lineCount)
        guard let old = doc.semanticTokens, old.resultID == params.previousResultID else {
            return TokensResponse(resultID: rememberTokens(doc, data), data: data)
        }
        // One splice: the common prefix and suffix stay, the middle is replaced.
        var prefix = 0
        let limit = min(old.data.count, data.count)
        while prefix < limit, old.data[prefix] == data[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix, old.data[old.data.count - 1 - suffix] == data[data.count - 1 - suffix] {
            suffix += 1
        }
        let inserted = Array(data[prefix..<data.count - suffix])
        let deleteCount = old.data.count - suffix - prefix
        let id = rememberTokens(doc, data)
        return JSONObject { w in
            w.key("resultId"); w.string(id)
            w.key("edits");
            w.array { w in
                if deleteCount > 0 || !inserted.isEmpty {
                    w.object { w in
                        w.key("start"); w.int(prefix)
                        w.key("deleteCount"); w.int(deleteCount)
                        w.key("data"); w.intArray(inserted)
                    }
                }
            }
        }
    }

    func semanticTokensRange(_ params: SemanticTokensRangeParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        // Clamped into the document, in order.
        let range = doc.locations(params.range)
        let start = range.lowerBound, end = range.upperBound
        let data = SemanticTokenizer.encode(
            doc, lines: start.line..<end.line + 1,
            from: doc.clientPosition(start), to: doc.clientPosition(end))
        return TokensResponse(resultID: nil, data: data)
    }

    /// Keeps the full result on the document for the next delta; result ids are unique across documents.
    private func rememberTokens(_ doc: OpenDocument, _ data: [UInt32]) -> String {
        lastTokensResultID += 1
        let id = "\(lastTokensResultID)"
        doc.semanticTokens = SemanticTokensResult(resultID: id, data: data)
        return id
    }
}

struct TokensResponse: JSONEncodable {
    var resultID: String?
    var data: [UInt32]

    func write(to w: inout JSONWriter) {
        w.object { w in
            if let resultID { w.key("resultId"); w.string(resultID) }
            w.key("data"); w.intArray(data)
        }
    }
}
