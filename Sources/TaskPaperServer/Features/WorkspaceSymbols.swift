import TaskPaper

/// workspace/symbol: projects and tasks of every open document and
/// indexed file, matched fuzzily (the query's characters in order), best first.
extension Provider {
    static let workspaceSymbols = Provider("workspaceSymbolProvider")
}

extension Server {
    static let maxWorkspaceSymbols = 1000

    func workspaceSymbols(_ params: WorkspaceSymbolParams) -> @Sendable () -> any JSONEncodable {
        let query = params.query
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
                    w.key("location"); Location(uri: uri, range: ClientRange(
                        start: ClientPosition(line: Int(symbol.line), character: Int(symbol.start)),
                        end: ClientPosition(line: Int(symbol.line), character: Int(symbol.end)))).write(to: &w)
                    if !container.isEmpty { w.key("containerName"); w.string(container) }
                }
            }
        }
    }
}
