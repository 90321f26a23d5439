import TaskPaper

/// Saved searches (`@search(QUERY)` items, as TaskPaper 3 keeps them): go to
/// definition and references list the items the search finds, hover counts them
/// and shows the first ten, a code lens on the line says `N items` and runs
/// `taskpaper.search`. Searches run off the loop, on snapshots.
extension Provider {
    static let definition = Provider("definitionProvider")
    static let codeLens = Provider("codeLensProvider") { _ in
        JSONObject { w in
            w.key("resolveProvider"); w.bool(false)
        }
    }
}

/// The saved search a cursor means, captured on the loop.
struct SavedSearchAtCursor {
    let doc: DocumentSnapshot
    let uri: String
    let line: Int
    let search: SavedSearch
    let tag: Tag
}

/// An answer computed on the loop, sent from the off-loop queue with the searches'
/// answers (the method's route runs off the loop). Nothing touches it after it is made.
struct PreparedAnswer: @unchecked Sendable {
    let value: any JSONEncodable
    var send: @Sendable () throws(ResponseError) -> any JSONEncodable { { [self] () throws(ResponseError) in value } }
}

extension Server {
    static let hoverSearchItems = 10

    /// The `@search` under the cursor, or the line's first when the cursor is on no other tag.
    func savedSearch(at: TextDocumentPositionParams) throws(ResponseError) -> SavedSearchAtCursor? {
        let doc = try document(at.textDocument)
        let cursor = doc.location(at.position)
        let line = doc.line(cursor.line)
        guard let search = SavedSearch.at(cursor.offset, in: line) else { return nil }
        return SavedSearchAtCursor(
            doc: doc.snapshot, uri: doc.uri, line: cursor.line, search: search,
            tag: line.syntax.tags[search.tagIndex])
    }

    /// The items a saved search finds, in document order; nil when its query does not parse: its
    /// `search-malformed` diagnostic says why, and the request answers as on any other item.
    func savedSearchLocations(
        _ saved: SavedSearchAtCursor
    ) -> (@Sendable () throws(ResponseError) -> any JSONEncodable)? {
        guard let run = try? searchRun(saved.search.query) else { return nil }
        return { () throws(ResponseError) in SearchLocations(found: [try run.run(in: saved.doc, uri: saved.uri)]) }
    }

    func definition(
        _ params: DefinitionParams
    ) throws(ResponseError)
        -> @Sendable () throws(ResponseError) -> any JSONEncodable
    {
        guard let saved = try savedSearch(at: params.at), let locations = savedSearchLocations(saved) else {
            return { JSONNull() }
        }
        return locations
    }

    /// Hover on a saved search: how many items it finds and the first ten; any other tag's hover otherwise.
    func hoverAnswer(
        _ params: HoverParams
    ) throws(ResponseError)
        -> @Sendable () throws(ResponseError) -> any JSONEncodable
    {
        guard let saved = try savedSearch(at: params.at) else { return PreparedAnswer(value: try hover(params)).send }
        let range = saved.doc.lspRange(line: saved.line, saved.tag.range), markdown = client.markdownHover
        let run: SearchRun
        do throws(ResponseError) { run = try searchRun(saved.search.query) } catch {
            return PreparedAnswer(
                value: HoverResult(
                    paragraphs: [[.plain(error.message)]], markdown: markdown,
                    range: range)
            ).send
        }
        return {
            var paragraphs: [[HoverText]]
            do throws(ResponseError) {
                let found = try run.run(in: saved.doc, uri: saved.uri)
                paragraphs = [
                    [
                        .strong(Plural.count(found.items.count, "item", "items")), .plain(" found by "),
                        .code(saved.search.query),
                    ]
                ]
                let shown = found.items.prefix(Server.hoverSearchItems).map { i -> [HoverText] in
                    [.plain("- "), .plain(found.doc.text.lines[i].itemName), .plain(" (line \(i + 1))")]
                }
                if !shown.isEmpty { paragraphs.append(Array(shown.joined(separator: [.plain("\n")]))) }
                if found.items.count > shown.count {
                    paragraphs.append([.plain("and \(found.items.count - shown.count) more")])
                }
            } catch {
                paragraphs = [[.plain(error.message)]]
            }
            return HoverResult(paragraphs: paragraphs, markdown: markdown, range: range)
        }
    }

    /// `N items` over each saved search that parses (one that doesn't has its diagnostic).
    func codeLenses(
        _ params: CodeLensParams
    ) throws(ResponseError)
        -> @Sendable () throws(ResponseError) -> any JSONEncodable
    {
        let doc = try document(params.textDocument), uri = doc.uri, snapshot = doc.snapshot
        let clock = now(), indentWidth = settings.indentWidth
        return {
            let outline = Outline(document: snapshot.text, indentWidth: indentWidth)
            let started = ContinuousClock.now
            var lenses: [CodeLens] = []
            for (i, line) in snapshot.text.lines.enumerated() where !line.syntax.tags.isEmpty {
                for search in SavedSearch.all(in: line) {
                    guard let query = try? SearchQuery.parse(search.query) else { continue }
                    let range = snapshot.lspRange(line: i, line.syntax.tags[search.tagIndex].range)
                    let left = SearchRun.timeLimit - (ContinuousClock.now - started)
                    let title: String
                    if left > .zero, let items = try? query.evaluate(in: outline, clock: clock, timeLimit: left) {
                        title = Plural.count(items.count, "item", "items")
                    } else {
                        title = "search stopped: it takes too long"
                    }
                    lenses.append(CodeLens(range: range, title: title, query: search.query, uri: uri))
                }
            }
            return lenses
        }
    }
}

/// A code lens with its command: `taskpaper.search` on this document's query.
struct CodeLens: JSONEncodable {
    let range: ClientRange
    let title: String
    let query: String
    let uri: String

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("range"); range.write(to: &w)
            w.key("command");
            w.object { w in
                w.key("title"); w.string(title)
                w.key("command"); w.string(Server.searchCommand)
                w.key("arguments");
                w.array { w in
                    w.object { w in
                        w.key("query"); w.string(query)
                        w.key("uri"); w.string(uri)
                    }
                }
            }
        }
    }
}
