import TaskPaper

/// textDocument/documentHighlight and textDocument/references: the
/// tag under the cursor, by name, in this document or the whole workspace.
extension Provider {
    static let documentHighlight = Provider("documentHighlightProvider")
    static let references = Provider("referencesProvider")
}

extension Server {
    func documentHighlight(_ params: DocumentHighlightParams) throws(ResponseError) -> any JSONEncodable {
        guard let hit = try tagUnderCursor(params.at) else { return JSONNull() }
        return Server.tagSites(named: hit.name, in: hit.doc.text.lines, uri: hit.doc.uri, encoding: encoding).map { site in
            JSONObject { w in
                w.key("range"); site.atName.write(to: &w)
                w.key("kind"); w.int(DocumentHighlightKind.text)
            }
        }
    }

    func references(_ params: ReferenceParams) throws(ResponseError) -> any JSONEncodable {
        guard let hit = try tagUnderCursor(params.at) else { return JSONNull() }
        return workspaceTagSites(named: hit.name).map { Location(uri: $0.uri, range: $0.atName) }
    }
}
