import TaskPaper

/// textDocument/documentHighlight and textDocument/references: the
/// tag under the cursor, by name, in this document or the whole workspace;
/// references on a saved search list what it finds.
extension Provider {
    static let documentHighlight = Provider("documentHighlightProvider")
    static let references = Provider("referencesProvider")
}

extension Server {
    func documentHighlight(_ params: DocumentHighlightParams) throws(ResponseError) -> any JSONEncodable {
        guard let hit = try tagUnderCursor(params.at) else { return JSONNull() }
        return Server.tagSites(named: hit.name, in: hit.doc.text.lines, uri: hit.doc.uri, encoding: encoding).map {
            site in
            JSONObject { w in
                w.key("range"); site.atName.write(to: &w)
                w.key("kind"); w.int(DocumentHighlightKind.text)
            }
        }
    }

    /// On a saved search (`@search(QUERY)`), the items it finds (Features/SavedSearches.swift), off the loop.
    func references(
        _ params: ReferenceParams
    ) throws(ResponseError)
        -> @Sendable () throws(ResponseError) -> any JSONEncodable
    {
        if let saved = try savedSearch(at: params.at), let locations = savedSearchLocations(saved) { return locations }
        guard let hit = try tagUnderCursor(params.at) else { return { JSONNull() } }
        let locations = workspaceTagSites(named: hit.name).map { Location(uri: $0.uri, range: $0.atName) }
        return { locations }
    }
}
