import TaskPaper

/// workspace/symbol: projects and tasks of every open document and
/// indexed file, matched fuzzily (the query's characters in order), best first.
/// A query that is a search (`@due and not @done`, `project Inbox//task`) runs as
/// one over the workspace instead: every item it finds, in file and line order.
extension Provider {
    static let workspaceSymbols = Provider("workspaceSymbolProvider")
}

extension Server {
    static let maxWorkspaceSymbols = 1000

    func workspaceSymbols(
        _ params: WorkspaceSymbolParams
    ) throws(ResponseError)
        -> @Sendable () throws(ResponseError) -> any JSONEncodable
    {
        let query = params.query
        if !SearchQuery.isPlainWord(query), !query.allSatisfy(\.isWhitespace), let run = try? searchRun(query) {
            return searchSymbols(run)
        }
        let open = documents.keys.sorted().map { ($0, documents[$0]!.text.lines) }
        let closed = index.closedFiles(excluding: documents.keys).map { ($0.file.uri, $0.file.summary.symbols) }
        let indentWidth = settings.indentWidth, encoding = self.encoding
        // Open documents' outlines are rebuilt per query: off the loop, on snapshots.
        return {
            let matcher = FuzzyMatcher(query)
            var found: [(score: Int, symbol: IndexedSymbol, uri: String, container: String)] = []
            func search(_ symbols: [IndexedSymbol], uri: String) {
                for (i, symbol) in symbols.enumerated() {
                    guard let score = matcher.score(symbol.name) else { continue }
                    found.append((score, symbol, uri, symbols.containerName(of: i)))
                }
            }
            for (uri, lines) in open {
                search(IndexedSymbol.symbols(of: lines, indentWidth: indentWidth, encoding: encoding), uri: uri)
            }
            for (uri, symbols) in closed { search(symbols, uri: uri) }
            // Stable: equal scores keep file and line order.
            let best = found.enumerated().sorted { a, b in
                a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
            }.prefix(Server.maxWorkspaceSymbols)
            return best.map { entry in
                let (_, symbol, uri, container) = entry.element
                return JSONObject { w in
                    w.key("name"); w.string(symbol.name)
                    w.key("kind"); w.int(SymbolKind(symbol.kind))
                    w.key("location");
                    Location(
                        uri: uri,
                        range: ClientRange(
                            start: ClientPosition(line: Int(symbol.line), character: Int(symbol.start)),
                            end: ClientPosition(line: Int(symbol.line), character: Int(symbol.end)))
                    ).write(to: &w)
                    if !container.isEmpty { w.key("containerName"); w.string(container) }
                }
            }
        }
    }

    /// The items a search finds across the workspace, as symbols: named by the
    /// item's text, contained in its project path.
    private func searchSymbols(_ run: SearchRun) -> @Sendable () throws(ResponseError) -> any JSONEncodable {
        let targets = (try? searchTargets(uri: nil)) ?? [], scanner = workspaceScanner, encoding = self.encoding
        return { () throws(ResponseError) in
            var symbols: [JSONObject] = []
            for found in try run.run(over: targets, scanner: scanner, encoding: encoding) where !found.items.isEmpty {
                let outline = Outline(document: found.doc.text, indentWidth: run.indentWidth)
                for item in found.items {
                    guard symbols.count < Server.maxWorkspaceSymbols else { return symbols }
                    let line = outline.lines[item], container = outline.projectPath(of: item)
                    let location = found.location(of: item)
                    symbols.append(
                        JSONObject { w in
                            w.key("name"); w.string(line.itemName)
                            w.key("kind"); w.int(SymbolKind(line.syntax.kind))
                            w.key("location"); location.write(to: &w)
                            if !container.isEmpty {
                                w.key("containerName"); w.string(container.joined(separator: " / "))
                            }
                        })
                }
            }
            return symbols
        }
    }
}
