import TaskPaper

/// A document a search runs over, captured on the loop: an open document's
/// snapshot, or an indexed file that isn't open, read from disk when the search
/// runs (the index keeps no text).
struct SearchTarget: Sendable {
    let uri: String
    let snapshot: DocumentSnapshot?
    let path: String?

    func load(_ scanner: WorkspaceScanner, encoding: PositionEncoding) -> DocumentSnapshot? {
        if let snapshot { return snapshot }
        guard let path, case .text(let text) = scanner.read(path) else { return nil }
        return DocumentSnapshot(text: TextDocument(text: text), encoding: encoding)
    }
}

/// The items one search finds in one document.
struct SearchFound: Sendable {
    let uri: String
    let doc: DocumentSnapshot
    /// Line indices, in document order.
    let items: [Int]

    /// An item as a location: its line without indentation, tags included.
    func location(of item: Int) -> Location {
        let columns = doc.text.lines.withUnsafeBufferPointer { lines in
            Self.columns(of: lines.baseAddress! + item, encoding: doc.encoding)
        }
        return Location(
            uri: uri,
            range: ClientRange(
                start: ClientPosition(line: item, character: columns.start),
                end: ClientPosition(line: item, character: columns.end)))
    }

    /// `columns(of:encoding:)` of every item, in a pass that does nothing else: the
    /// items' lines lie far apart in memory, and a short loop lets the processor
    /// fetch many of them at once.
    func columns() -> [(start: Int, end: Int)] {
        doc.text.lines.withUnsafeBufferPointer { lines in
            items.map { Self.columns(of: lines.baseAddress! + $0, encoding: doc.encoding) }
        }
    }

    /// Where an item's location starts and ends on its line, in client columns, read
    /// from the line's parse alone: the indentation (spaces and tabs) is as many columns
    /// as bytes in every encoding, and so is an ASCII line.
    private static func columns(of line: UnsafePointer<Line>, encoding: PositionEncoding) -> (start: Int, end: Int) {
        let length = Int(line.pointee.syntax.utf8Count)
        let end =
            line.pointee.syntax.isASCII
            ? length : encoding.column(ofUTF8Offset: length, in: line.pointee, isASCII: false)
        return (line.pointee.syntax.indentLength, end)
    }
}

/// What a search answers with: every item found, as `Location`s in target order.
/// Thousands of them differ only in their numbers, so each is written from a
/// template (`Location.write`'s shape; `SearchLocationsTests` holds them equal).
struct SearchLocations: JSONEncodable {
    let found: [SearchFound]

    func write(to w: inout JSONWriter) {
        w.openArray()
        for one in found {
            var head = JSONWriter()
            head.openObject()
            head.key("uri")
            head.string(one.uri)
            head.key("range")
            head.openObject()
            head.key("start")
            head.openObject()
            head.key("line")
            let prefix = head.bytes
            w.reserveCapacity(additional: one.items.count * (prefix.count + 64))
            for (item, columns) in zip(one.items, one.columns()) {
                w.rawElements { b in
                    b.append(contentsOf: prefix)
                    JSONWriter.appendInt(item, to: &b)
                    Self.append(",\"character\":", to: &b)
                    JSONWriter.appendInt(columns.start, to: &b)
                    Self.append("},\"end\":{\"line\":", to: &b)
                    JSONWriter.appendInt(item, to: &b)
                    Self.append(",\"character\":", to: &b)
                    JSONWriter.appendInt(columns.end, to: &b)
                    Self.append("}}}", to: &b)
                }
            }
        }
        w.closeArray()
    }

    private static func append(_ s: StaticString, to b: inout [UInt8]) {
        b.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }
}

/// A parsed query with what it needs to run off the loop. Every search the
/// server runs (saved searches, the command, workspace symbols) goes through
/// here, so all share one time limit (`SearchQuery.evaluate`'s, for the whole run).
struct SearchRun: Sendable {
    static let timeLimit = Duration.seconds(2)

    let query: SearchQuery
    let clock: LintClock
    let indentWidth: IndentWidth

    /// Parses on the loop: a query that does not parse is the caller's error.
    init(_ text: String, clock: LintClock, indentWidth: IndentWidth) throws(ResponseError) {
        do throws(SearchParseError) {
            query = try SearchQuery.parse(text)
        } catch {
            throw .invalidParams("Search does not parse: \(error.message) (at UTF-8 offset \(error.utf8Offset))")
        }
        self.clock = clock
        self.indentWidth = indentWidth
    }

    /// The items of one document, in document order.
    func run(
        in doc: DocumentSnapshot, uri: String,
        timeLimit: Duration = SearchRun.timeLimit
    ) throws(ResponseError) -> SearchFound {
        do throws(SearchEvaluationError) {
            let items = try query.evaluate(in: doc.text, indentWidth: indentWidth, clock: clock, timeLimit: timeLimit)
            return SearchFound(uri: uri, doc: doc, items: items)
        } catch {
            throw .requestFailed("Search stopped: \(error.description) (limit \(SearchRun.timeLimit))")
        }
    }

    /// The items of every target, target by target; the time limit holds for the whole run.
    func run(
        over targets: [SearchTarget], scanner: WorkspaceScanner,
        encoding: PositionEncoding
    ) throws(ResponseError) -> [SearchFound] {
        let clock = ContinuousClock(), deadline = clock.now + SearchRun.timeLimit
        var found: [SearchFound] = []
        for target in targets {
            guard let doc = target.load(scanner, encoding: encoding) else { continue }
            let left = deadline - clock.now
            guard left > .zero else { throw .requestFailed("Search stopped: \(SearchEvaluationError.tooSlow)") }
            found.append(try run(in: doc, uri: target.uri, timeLimit: left))
        }
        return found
    }
}

extension Server {
    /// Parses a query with today's clock and the settings' indent width.
    func searchRun(_ query: String) throws(ResponseError) -> SearchRun {
        try SearchRun(query, clock: now(), indentWidth: settings.indentWidth)
    }

    /// One document (open, else an indexed file), or every open and indexed one
    /// (open documents first, by URI, then the files not open, by path).
    func searchTargets(uri: String?) throws(ResponseError) -> [SearchTarget] {
        if let uri {
            if let doc = documents[uri] { return [SearchTarget(uri: uri, snapshot: doc.snapshot, path: nil)] }
            guard let path = FileURI.path(uri), let file = index.files[path] else {
                throw .invalidParams("Document \(uri) is neither open nor in the workspace")
            }
            return [SearchTarget(uri: file.uri, snapshot: nil, path: path)]
        }
        let open = documents.keys.sorted().map { SearchTarget(uri: $0, snapshot: documents[$0]!.snapshot, path: nil) }
        let closed = index.closedFiles(excluding: documents.keys).map {
            SearchTarget(uri: $0.file.uri, snapshot: nil, path: $0.path)
        }
        return open + closed
    }

    var workspaceScanner: WorkspaceScanner { WorkspaceScanner(roots: index.roots) }
}
