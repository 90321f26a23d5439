import TaskPaper

/// What the server derives from each line, cached per line and kept aligned
/// with the document through `LineChange`s, so an edit recomputes only the
/// lines it touches.
struct LineResults {
    var diagnostics: [LineDiagnostic]
    /// What the line's semantic token modifiers need (tokens themselves are cheap to derive).
    var facts: SemanticTokenizer.Facts
}

/// How lines are analysed: everything a line's results depend on besides its text.
struct AnalysisContext: Equatable {
    var settings: Settings
    var clock: LintClock
    var encoding: PositionEncoding

    /// The same context in storage of its own, for a worker thread.
    func isolatedCopy() -> AnalysisContext {
        var copy = self
        copy.settings.lint = settings.lint.isolatedCopy()
        return copy
    }
}

/// An open document: its text as the client holds it, and per-line results.
final class OpenDocument {
    let uri: String
    private(set) var version: Int
    private(set) var text: TextDocument
    private(set) var results: [LineResults] = []
    /// Lines that have diagnostics, ascending: publishing walks these, not every line.
    private(set) var flaggedLines: [Int] = []
    /// The diagnostics of each flagged line as JSON, once published; beside
    /// `flaggedLines` so a publish reads two dense arrays, not the whole document's.
    private var flaggedEncoded: [EncodedDiagnostics?] = []
    /// The whole diagnostics array as JSON, while no finding moved since it was written.
    var diagnosticsJSON: [UInt8]?
    /// Bumped on every change of the text (keys caches of whole-text results).
    private(set) var generation = 0
    /// Bumped only when a finding may have changed or moved: the pull `resultId`, so a
    /// keystroke that leaves every finding as it was is answered `unchanged`.
    private(set) var diagnosticsGeneration = 0
    /// The server's counter: generations are unique across documents, so a reopened
    /// document never reuses a resultId.
    private let generations: Counter
    private(set) var context: AnalysisContext
    /// Tag counts, made on first use (completion, hover) and then kept current edit by edit.
    private var cachedTagCounts: TagCounts?
    /// The last full semantic tokens sent, for delta requests.
    var semanticTokens: SemanticTokensResult?
    /// The archive edit for one generation and indent width: editors ask for
    /// actions on every cursor move, and on a large document it is a big edit.
    var archiveEdits: (key: ArchiveKey, edits: [TextReplacement])?
    /// The outline for one generation and indent width (item actions on every cursor move, project
    /// counts for inlay hints), with every project's task counts once asked for.
    var outlineCache: (generation: Int, indentWidth: IndentWidth, outline: Outline, counts: ProjectTaskCounts?)?
    /// The outline tree document symbols start from, kept while edits change no line's depth.
    let keptOutline = KeptOutline()

    private init(
        uri: String, version: Int, context: AnalysisContext, generations: Counter, text: TextDocument,
        results: [LineResults], flaggedLines: [Int], flaggedEncoded: [EncodedDiagnostics?]? = nil
    ) {
        self.uri = uri
        self.generations = generations
        self.version = version
        self.context = context
        self.text = text
        self.results = results
        self.flaggedLines = flaggedLines
        self.flaggedEncoded = flaggedEncoded ?? Array(repeating: nil, count: flaggedLines.count)
        generation = generations.next()
        diagnosticsGeneration = generation
        addOutlineFindings()
    }

    /// The outline rule's findings on a newly read document, added to its lines'.
    private func addOutlineFindings() {
        let found = SubtasksDoneRule.findings(in: text.lines, spacesPerLevel: spacesPerLevel)
        guard !found.isEmpty else { return }
        for f in found { results[f.line].diagnostics.append(f.diagnostic) }
        var flagged: [Int] = [], encoded: [EncodedDiagnostics?] = []
        var k = 0
        for f in found {
            while k < flaggedLines.count, flaggedLines[k] < f.line {
                flagged.append(flaggedLines[k])
                encoded.append(flaggedEncoded[k])
                k += 1
            }
            if k < flaggedLines.count, flaggedLines[k] == f.line { k += 1 }
            flagged.append(f.line)
            encoded.append(nil)
        }
        flagged.append(contentsOf: flaggedLines[k...])
        encoded.append(contentsOf: flaggedEncoded[k...])
        flaggedLines = flagged
        flaggedEncoded = encoded
    }

    /// Spaces per outline level under the settings, as the text is now.
    private var spacesPerLevel: Int { text.spacesPerLevel(context.settings.indentWidth) }

    convenience init(uri: String, version: Int, text: String, context: AnalysisContext, generations: Counter) {
        let document = TextDocument(text: text)
        let results = OpenDocument.analyze(document.lines, 0..<document.lineCount, context)
        self.init(
            uri: uri, version: version, context: context, generations: generations, text: document,
            results: results, flaggedLines: results.indices.filter { !results[$0].diagnostics.isEmpty })
    }

    /// Opens a document whose text is still JSON-escaped: each line is decoded (and checked: the parser
    /// left a didOpen's text unchecked) into memory the lines share, parsed and linted, in one parallel
    /// pass. Throws when the text is not a valid JSON string.
    convenience init(
        uri: String, version: Int, escapedText: JSONRawString, context: AnalysisContext,
        generations: Counter
    ) throws(JSONParseError) {
        guard let spans = escapedText.lineSpans(),
            let decoded = DecodedLines(spans, prepared: escapedText.preparedMemory)
        else {
            let text = try escapedText.decode()
            self.init(uri: uri, version: version, text: text, context: context, generations: generations)
            return
        }
        // Workers read the message and the lines' spans and parts, write their own part of the decoded
        // memory and of the two result arrays (each line in place, no merging copy), and retain only their
        // own part and settings of their own: no reference count is shared between cores. Each also notes
        // what the document keeps of its lines (space runs, flagged lines) while they are in its cache.
        let n = spans.count
        var results: [LineResults] = [], chunks: [ChunkSummary] = []
        let lines = [Line](unsafeUninitializedCapacity: HugePages.capacity(for: n, of: Line.self)) {
            lineSlots, linesDone in
            HugePages.advise(lineSlots)
            let resultCapacity = HugePages.capacity(for: n, of: LineResults.self)
            results = [LineResults](unsafeUninitializedCapacity: resultCapacity) { resultSlots, resultsDone in
                HugePages.advise(resultSlots)
                chunks = escapedText.bytes.withUnsafeBufferPointer { message in
                    parallelChunks(count: n, chunk: DecodedLines.linesPerPart) { range -> ChunkSummary in
                        let context = context.isolatedCopy()
                        let settings = context.settings.lint, clock = context.clock
                        var summary = ChunkSummary()
                        for i in range {
                            let line: Line
                            if let decodedLine = decoded.line(i, escapedIn: message) {
                                line = decodedLine
                            } else {
                                // Only a malformed text gets here: the whole text is decoded again below.
                                summary.decoded = false
                                line = Line(text: "", ending: .none)
                            }
                            let result = OpenDocument.analyze(line, settings: settings, clock: clock)
                            // Scalars only, read before the line and its results move into place (using
                            // them after would make the optimiser copy both).
                            summary.spaceRuns.add(run: line.syntax.indent.shortestSpaceRun)
                            if !result.diagnostics.isEmpty {
                                // Encoded here, while the line is at hand: the first publish only copies.
                                summary.flaggedLines.append(i)
                                summary.encoded.append(
                                    EncodedDiagnostics(result.diagnostics, onLine: i, line, encoding: context.encoding))
                            }
                            (resultSlots.baseAddress! + i).initialize(to: result)
                            (lineSlots.baseAddress! + i).initialize(to: line)
                        }
                        return summary
                    }
                }
                resultsDone = n
            }
            linesDone = n
        }
        guard chunks.allSatisfy(\.decoded) else {
            // A malformed escape or a control character somewhere: the whole decoder says which.
            let text = try escapedText.decode()
            self.init(uri: uri, version: version, text: text, context: context, generations: generations)
            return
        }
        var spaceRuns = SpaceRunCounts()
        for chunk in chunks { spaceRuns.merge(chunk.spaceRuns) }
        self.init(
            uri: uri, version: version, context: context, generations: generations,
            text: TextDocument(lines: lines, spaceRuns: spaceRuns), results: results,
            flaggedLines: chunks.flatMap(\.flaggedLines), flaggedEncoded: chunks.flatMap(\.encoded))
    }

    /// What a worker of the one-pass open notes about its chunk of lines.
    private struct ChunkSummary {
        var decoded = true
        var spaceRuns = SpaceRunCounts()
        var flaggedLines: [Int] = []
        var encoded: [EncodedDiagnostics] = []
    }

    var lineCount: Int { text.lineCount }

    /// How many lines carry each tag (and the values of the tags asked for by `tagValues`).
    func tagCounts() -> TagCounts {
        if let counts = cachedTagCounts { return counts }
        let counts = TagCounts(namesOf: text.lines)
        cachedTagCounts = counts
        return counts
    }

    /// How many lines carry each value of tag `name`; counted on first use, then kept current.
    func tagValues(_ name: String) -> [String: Int] {
        var counts = tagCounts()
        if counts.valuesCounted?.contains(name) == false {
            cachedTagCounts = nil  // one owner of the storage while it grows
            counts.countValues(of: name, in: text.lines)
            cachedTagCounts = counts
        }
        return counts.values[name] ?? [:]
    }

    func line(_ i: Int) -> Line { text.lines[i] }

    func analyzedLine(_ i: Int) -> AnalyzedLine {
        let l = text.lines[i]
        return AnalyzedLine(line: l, settings: context.settings.lint, clock: context.clock)
    }

    /// One content change; `range` nil means the whole text.
    func apply(range: ClientRange?, text newText: String) {
        let before = spacesPerLevel
        update(replaceText(range: range, text: newText), previousSpacesPerLevel: before)
    }

    /// The changes of one notification, in order. Where many of them touch findings (a formatting result,
    /// a re-indent or a multi-cursor edit on lines that all have one), the findings are noted once after
    /// the last change, in one pass over the lines' results: noted change by change, each change would
    /// copy every finding after it.
    func apply(_ changes: [DidChangeTextDocumentParams.ContentChange]) {
        guard changes.count > 1 else {
            for c in changes { apply(range: c.range, text: c.text) }
            return
        }
        // Each line's encoded findings, aligned with the lines, from the first change that touches a finding.
        var encodedByLine: [EncodedDiagnostics?]?
        for c in changes {
            let before = spacesPerLevel
            let change = replaceText(range: c.range, text: c.text)
            var fresh = OpenDocument.analyze(text.lines, change.inserted, context)
            let outside = outlineFindings(after: change, previousSpacesPerLevel: before, fresh: &fresh)
            if encodedByLine == nil, touchesFindings(change, fresh) || !outside.isEmpty {
                // Nothing has moved a finding yet: the flagged lines are still those of the lines' numbering.
                var byLine = [EncodedDiagnostics?](repeating: nil, count: results.count)
                for (k, line) in flaggedLines.enumerated() { byLine[line] = flaggedEncoded[k] }
                encodedByLine = byLine
            }
            replaceResults(change, with: fresh)
            encodedByLine?.replaceSubrange(change.removed, with: repeatElement(nil, count: change.insertedCount))
            for (line, finding) in outside where setOutlineFinding(finding, on: line) { encodedByLine?[line] = nil }
        }
        guard let encodedByLine else { return }
        var flagged: [Int] = [], encoded: [EncodedDiagnostics?] = []
        for (line, result) in results.enumerated() where !result.diagnostics.isEmpty {
            flagged.append(line)
            encoded.append(encodedByLine[line])
        }
        flaggedLines = flagged
        flaggedEncoded = encoded
        diagnosticsJSON = nil
        diagnosticsGeneration = generation
    }

    /// Replaces the text a change names and keeps the tag counts current; the caller re-derives results.
    private func replaceText(range: ClientRange?, text newText: String) -> LineChange {
        let change: LineChange
        if let range {
            change = text.replace(from: range.start.text, to: range.end.text, with: newText, encoding: context.encoding)
        } else {
            change = text.replaceAll(with: newText)
        }
        if cachedTagCounts != nil {
            for line in change.removedLines { cachedTagCounts!.count(line.text, line.syntax, sign: -1) }
            for i in change.inserted { cachedTagCounts!.count(text.lines[i].text, text.lines[i].syntax, sign: 1) }
        }
        return change
    }

    func setVersion(_ v: Int) { version = v }

    /// Re-derives everything when what lines depend on changed (settings, the day).
    func setContext(_ c: AnalysisContext) {
        guard c != context else { return }
        context = c
        reanalyzeAll()
    }

    private func reanalyzeAll() {
        results = []
        flaggedLines = []
        flaggedEncoded = []
        diagnosticsJSON = nil
        update(LineChange(removed: 0..<0, insertedCount: text.lineCount), previousSpacesPerLevel: spacesPerLevel)
    }

    private func update(_ change: LineChange, previousSpacesPerLevel: Int) {
        var fresh = OpenDocument.analyze(text.lines, change.inserted, context)
        let outside = outlineFindings(after: change, previousSpacesPerLevel: previousSpacesPerLevel, fresh: &fresh)
        replaceResults(change, with: fresh)
        noteFindings(change, fresh)
        guard !outside.isEmpty else { return }
        var changed = false
        for (line, finding) in outside where setOutlineFinding(finding, on: line) { changed = true }
        guard changed else { return }
        // Few lines (an edit's ancestors) or, when the indentation unit changed, any: flagged afresh.
        var flagged: [Int] = [], encoded: [EncodedDiagnostics?] = []
        var k = 0
        for (line, result) in results.enumerated() where !result.diagnostics.isEmpty {
            while k < flaggedLines.count, flaggedLines[k] < line { k += 1 }
            let kept = k < flaggedLines.count && flaggedLines[k] == line && !outside.keys.contains(line)
            flagged.append(line)
            encoded.append(kept ? flaggedEncoded[k] : nil)
        }
        flaggedLines = flagged
        flaggedEncoded = encoded
        diagnosticsJSON = nil
        diagnosticsGeneration = generation
    }

    /// The outline rule's findings after a change whose text is in place (the lines' own results not yet):
    /// those on the change's new lines go into `fresh`; those of the lines around it (numbered after the
    /// change) are returned.
    private func outlineFindings(
        after change: LineChange, previousSpacesPerLevel: Int, fresh: inout [LineResults]
    ) -> [Int: LineDiagnostic?] {
        let lines = text.lines, spacesPerLevel = spacesPerLevel
        let recheck =
            SubtasksDoneRule.linesToRecheck(
                after: change, in: lines, spacesPerLevel: spacesPerLevel,
                previousSpacesPerLevel: previousSpacesPerLevel) ?? Array(lines.indices)
        let found = SubtasksDoneRule.findings(on: recheck, in: lines, spacesPerLevel: spacesPerLevel)
        let inserted = change.inserted
        var outside: [Int: LineDiagnostic?] = [:]
        for (line, finding) in zip(recheck, found) {
            if inserted.contains(line) {
                if let finding { fresh[line - inserted.lowerBound].diagnostics.append(finding) }
            } else {
                outside[line] = finding
            }
        }
        return outside
    }

    /// Puts the outline rule's finding on a line whose results are in place; whether that changed them.
    private func setOutlineFinding(_ finding: LineDiagnostic?, on line: Int) -> Bool {
        var diagnostics = results[line].diagnostics
        let old = diagnostics.firstIndex { $0.code == .subtasksDone }
        if let old {
            if diagnostics[old] == finding { return false }
            diagnostics.remove(at: old)
        } else if finding == nil {
            return false
        }
        if let finding { diagnostics.append(finding) }
        results[line].diagnostics = diagnostics
        return true
    }

    /// Puts the results of a change's new lines in place of those of the lines it removed.
    private func replaceResults(_ change: LineChange, with fresh: [LineResults]) {
        if change.removed == results.indices {
            results = fresh
        } else {
            results.replaceSubrange(change.removed, with: fresh)
        }
        generation = generations.next()
        keptOutline.note(change, generation: generation)
    }

    /// Whether a change (its results not in place yet) adds, removes or moves a finding.
    private func touchesFindings(_ change: LineChange, _ fresh: [LineResults]) -> Bool {
        let shift = change.insertedCount - change.removed.count
        if shift != 0, let last = flaggedLines.last, last >= change.removed.lowerBound { return true }
        return results[change.removed].contains { !$0.diagnostics.isEmpty }
            || fresh.contains { !$0.diagnostics.isEmpty }
    }

    /// Moves the flagged lines after a change whose results are in place (the flagged lines are still
    /// numbered as before it).
    private func noteFindings(_ change: LineChange, _ fresh: [LineResults]) {
        let lo = flaggedLines.partitionPoint { $0 < change.removed.lowerBound }
        let hi = flaggedLines.partitionPoint { $0 < change.removed.upperBound }
        let shift = change.insertedCount - change.removed.count
        // Most keystrokes touch a line without findings and leave it so: every finding,
        // its JSON and the pull `resultId` stay as they are, and nothing is copied.
        if shift == 0, lo == hi, fresh.allSatisfy({ $0.diagnostics.isEmpty }) { return }
        var flagged = Array(flaggedLines[..<lo])
        var encoded = Array(flaggedEncoded[..<lo])
        for (k, r) in fresh.enumerated() where !r.diagnostics.isEmpty {
            flagged.append(change.removed.lowerBound + k)
            encoded.append(nil)
        }
        // Lines after the change move; their encodings hold no line numbers and stay.
        flagged.append(contentsOf: flaggedLines[hi...].lazy.map { $0 + shift })
        encoded.append(contentsOf: flaggedEncoded[hi...])
        flaggedLines = flagged
        flaggedEncoded = encoded
        diagnosticsJSON = nil
        diagnosticsGeneration = generation
    }

    /// Results for `range` of `lines`, on all cores when there are many.
    private static func analyze(_ lines: [Line], _ range: Range<Int>, _ context: AnalysisContext) -> [LineResults] {
        let parts = parallelChunks(count: range.count) { chunk -> [LineResults] in
            let context = chunk.count == range.count ? context : context.isolatedCopy()
            let settings = context.settings.lint, clock = context.clock
            return chunk.map { analyze(lines[range.lowerBound + $0], settings: settings, clock: clock) }
        }
        return parts.count == 1 ? parts[0] : parts.flatMap { $0 }
    }

    private static func analyze(_ line: Line, settings: LintSettings, clock: LintClock) -> LineResults {
        if let plain = PlainLine.plain(line, settings: settings, clock: clock) {
            return LineResults(diagnostics: [], facts: SemanticTokenizer.Facts(line.syntax.knownTags, plain))
        }
        let analyzed = AnalyzedLine(line: line, settings: settings, clock: clock)
        return LineResults(diagnostics: analyzed.diagnostics(), facts: SemanticTokenizer.Facts(analyzed))
    }

    /// The diagnostics of the `k`th flagged line as JSON (made on first use).
    func encodedDiagnostics(flagged k: Int) -> EncodedDiagnostics {
        if let e = flaggedEncoded[k] { return e }
        let line = flaggedLines[k]
        let e = EncodedDiagnostics(results[line].diagnostics, onLine: line, text.lines[line], encoding: encoding)
        flaggedEncoded[k] = e
        return e
    }

    /// The text as it is now, to read off the main loop (copying it is O(1)).
    var snapshot: DocumentSnapshot { DocumentSnapshot(text: text, encoding: context.encoding) }
}

extension Array {
    /// The first index whose element fails `belongs` (the array is partitioned by it).
    func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if belongs(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// A server-wide number sequence, used on the loop only.
final class Counter {
    private var last = 0

    func next() -> Int {
        last += 1
        return last
    }
}
