import TaskPaper

/// A document an edit that spans files reads and changes: the open text at the version the client
/// holds, a file as it is on disk, or a file that does not exist yet (empty, to be created)
/// (Sources/TaskPaperServer/README.md, "Edits across files").
struct EditedDocument {
    let uri: String
    let snapshot: DocumentSnapshot
    /// The open document's version; nil for a file on disk or a new one.
    let version: Int?
    let isNew: Bool

    var lines: [Line] { snapshot.text.lines }
}

extension Server {
    /// The document `uri` as an edit sees it: the open text, else the file on disk, else (with
    /// `creating`) a new empty file. Nil when it is neither open nor readable and not to be created.
    func editedDocument(_ uri: String, creating: Bool = false) -> EditedDocument? {
        if let doc = documents[uri] {
            return EditedDocument(uri: uri, snapshot: doc.snapshot, version: doc.version, isNew: false)
        }
        let encoding = client.negotiatedEncoding
        guard let path = FileURI.path(uri) else { return nil }
        switch WorkspaceScanner.read(path) {
        case .text(let text):
            let snapshot = DocumentSnapshot(text: TextDocument(text: text), encoding: encoding)
            return EditedDocument(uri: uri, snapshot: snapshot, version: nil, isNew: false)
        case .missing where creating && !FileSystem.exists(path):
            let snapshot = DocumentSnapshot(text: TextDocument(text: ""), encoding: encoding)
            return EditedDocument(uri: uri, snapshot: snapshot, version: nil, isNew: true)
        case .missing, .tooLarge:
            return nil
        }
    }

    /// One WorkspaceEdit over several documents: `documentChanges`, each document's edits at the version
    /// they were made for (so the client refuses them if the text changed since), and a `CreateFile` before
    /// the edits of a new file. A client without `documentChanges` gets `changes`, which cannot create files.
    func workspaceEdit(
        _ parts: [(document: EditedDocument, replacements: [TextReplacement])]
    ) throws(ResponseError)
        -> WorkspaceEdit
    {
        let parts = parts.filter { !$0.replacements.isEmpty }
        if let new = parts.first(where: { $0.document.isNew }), !client.createFiles {
            let name = FileURI.fileName(new.document.uri)
            throw .requestFailed(
                "This editor cannot create \(name) through the language server: create it (an empty file)"
                    + " beside this one, then try again")
        }
        let edits = parts.map { part in
            (part.document.uri, part.replacements.map { part.document.snapshot.textEdit($0) })
        }
        guard client.documentChanges else { return WorkspaceEdit(changes: edits) }
        var changes: [DocumentChange] = []
        for (part, (uri, textEdits)) in zip(parts, edits) {
            if part.document.isNew { changes.append(.create(uri: uri)) }
            changes.append(.edit(uri: uri, version: part.document.version, edits: textEdits))
        }
        return WorkspaceEdit(documentChanges: changes)
    }

    /// Sends an edit with workspace/applyEdit; a client that refuses it (a stale version) says why in the log.
    func sendEdit(_ edit: WorkspaceEdit, label: String) {
        request(
            "workspace/applyEdit",
            JSONObject { w in
                w.key("label"); w.string(label)
                w.key("edit"); edit.write(to: &w)
            }
        ) { [weak self] result in
            switch result {
            case .success(let answer) where answer["applied"]?.boolValue == false:
                self?.log(
                    "\(label): the client did not apply the edit (\(answer["failureReason"]?.stringValue ?? "no reason given"))"
                )
            case .failure(let error):
                self?.log("\(label): workspace/applyEdit failed: \(error.message)")
            default:
                break
            }
        }
    }
}

extension ClientPositions {
    /// A library replacement as an LSP TextEdit in the client's encoding.
    func textEdit(_ r: TextReplacement) -> TextEdit {
        TextEdit(range: ClientRange(start: clientPosition(r.start), end: clientPosition(r.end)), newText: r.newText)
    }
}
