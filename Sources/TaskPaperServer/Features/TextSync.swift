import TaskPaper

/// didOpen / didChange / didClose: incremental sync, changes applied in order.
extension Provider {
    static let textDocumentSync = Provider("textDocumentSync") { _ in
        JSONObject { w in
            w.key("openClose"); w.bool(true)
            w.key("change"); w.int(TextDocumentSyncKind.incremental)
        }
    }
}

extension Server {
    func didOpen(_ params: DidOpenTextDocumentParams) {
        let uri = params.uri, version = params.version
        switch params.text {
        case .escaped(let raw):
            do {
                documents[uri] = try OpenDocument(
                    uri: uri, version: version, escapedText: raw, context: analysisContext,
                    generations: documentGenerations)
            } catch {
                // What the reader answers for any malformed message (it left this text to the open to check).
                return reply(nil, error: .parseError("Malformed JSON: \(error.description)"))
            }
        case .decoded(let text):
            documents[uri] = OpenDocument(
                uri: uri, version: version, text: text, context: analysisContext,
                generations: documentGenerations)
        }
        needsPublish.insert(uri)
        workspaceDiagnosticsOpened(uri)
    }

    func didChange(_ params: DidChangeTextDocumentParams) throws(ResponseError) {
        let uri = params.uri
        guard let doc = documents[uri] else { throw .invalidParams("Document \(uri) is not open") }
        doc.apply(params.changes)
        doc.setVersion(params.version)
        needsPublish.insert(uri)
    }

    /// Closing drops the document and every cache it holds; the file's diagnostics go back to the workspace's.
    func didClose(_ params: DidCloseTextDocumentParams) {
        let uri = params.textDocument.uri
        guard documents.removeValue(forKey: uri) != nil else { return }
        needsPublish.remove(uri)
        workspaceDiagnosticsClosed(uri)
    }
}
