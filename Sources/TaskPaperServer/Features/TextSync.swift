import TaskPaper

/// didOpen / didChange / didClose (SPEC 7: incremental sync, changes in order).
extension Server {
    func didOpen(_ params: JSON) throws(ResponseError) {
        let item = try params.field("textDocument")
        let uri = try item.string("uri")
        let version = try item.int("version")
        if case .rawString(let raw) = try item.field("text") {
            documents[uri] = OpenDocument(uri: uri, version: version, escapedText: raw, context: analysisContext)
        } else {
            documents[uri] = OpenDocument(uri: uri, version: version, text: try item.string("text"), context: analysisContext)
        }
        needsPublish.insert(uri)
    }

    func didChange(_ params: JSON) throws(ResponseError) {
        let id = try params.field("textDocument")
        let uri = try id.string("uri")
        let version = try id.int("version")
        guard let changes = try params.field("contentChanges").arrayValue else {
            throw .invalidParams("\"contentChanges\" must be an array")
        }
        // Read every change before applying any: a bad one drops the whole notification.
        var edits: [((TextPosition, TextPosition)?, String)] = []
        for change in changes {
            let text = try change.string("text")
            if let range = change.optional("range") {
                let r = try LSPRange(range)
                edits.append(((r.start.text, r.end.text), text))
            } else {
                edits.append((nil, text))
            }
        }
        guard let doc = documents[uri] else { throw .invalidParams("Document \(uri) is not open") }
        for (range, text) in edits { doc.apply(range: range, text: text) }
        doc.setVersion(version)
        needsPublish.insert(uri)
    }

    func didClose(_ params: JSON) throws(ResponseError) {
        let uri = try documentURI(params)
        guard documents.removeValue(forKey: uri) != nil else { return }
        needsPublish.remove(uri)
        forgetSemanticTokens(uri)
        archiveCache[uri] = nil
        notify("textDocument/publishDiagnostics", JSONObject { w in
            w.key("uri"); w.string(uri)
            w.key("diagnostics"); w.array { _ in }
        })
    }
}
