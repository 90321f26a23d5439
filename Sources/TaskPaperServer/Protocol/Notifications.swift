import TaskPaper

// The params of every notification the server acts on.

struct InitializedParams: LSPParams {
    static let method = "initialized"
    init(_ params: JSON) {}
}

struct DidOpenTextDocumentParams: LSPParams {
    static let method = "textDocument/didOpen"
    var uri: String
    var version: Int
    /// The text still JSON-escaped when the reader kept it so (opened on all cores), else decoded.
    var text: Text

    enum Text: Sendable {
        case escaped(JSONRawString)
        case decoded(String)
    }

    init(_ params: JSON) throws(ResponseError) {
        let item = try params.field("textDocument")
        uri = try item.string("uri")
        version = try item.int("version")
        if case .rawString(let raw) = try item.field("text") {
            text = .escaped(raw)
        } else {
            text = .decoded(try item.string("text"))
        }
    }
}

struct DidChangeTextDocumentParams: LSPParams {
    static let method = "textDocument/didChange"
    var uri: String
    var version: Int
    /// Every change is read before any is applied: a bad one drops the whole notification.
    var changes: [ContentChange]

    struct ContentChange: Sendable {
        /// nil: the whole text.
        var range: ClientRange?
        var text: String
    }

    init(_ params: JSON) throws(ResponseError) {
        let id = try params.field("textDocument")
        uri = try id.string("uri")
        version = try id.int("version")
        guard let list = try params.field("contentChanges").arrayValue else {
            throw .invalidParams("\"contentChanges\" must be an array")
        }
        var changes: [ContentChange] = []
        changes.reserveCapacity(list.count)
        for change in list {
            let text = try change.string("text")
            let range = try change.optional("range").map { json throws(ResponseError) in try ClientRange(json) }
            changes.append(ContentChange(range: range, text: text))
        }
        self.changes = changes
    }
}

struct DidCloseTextDocumentParams: LSPParams {
    static let method = "textDocument/didClose"
    var textDocument: TextDocumentIdentifier
    init(_ params: JSON) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params) }
}

struct DidChangeConfigurationParams: LSPParams {
    static let method = "workspace/didChangeConfiguration"
    /// The `taskpaper` section when the client pushed one; nil asks us to pull it.
    var section: JSON?

    init(_ params: JSON) {
        if let s = params["settings"], let section = s["taskpaper"], !section.isNull { self.section = section }
    }
}

struct DidChangeWorkspaceFoldersParams: LSPParams {
    static let method = "workspace/didChangeWorkspaceFolders"
    /// The folders' paths (`file:` URIs only).
    var added: [String], removed: [String]

    init(_ params: JSON) throws(ResponseError) {
        let event = try params.field("event")
        func paths(_ key: String) throws(ResponseError) -> [String] {
            guard let folders = try event.field(key).arrayValue else {
                throw .invalidParams("\"\(key)\" must be an array")
            }
            var paths: [String] = []
            for folder in folders {
                if let path = FileURI.path(try folder.string("uri")) { paths.append(WorkspaceScanner.folderPath(path)) }
            }
            return paths
        }
        added = try paths("added")
        removed = try paths("removed")
    }
}

struct DidChangeWatchedFilesParams: LSPParams {
    static let method = "workspace/didChangeWatchedFiles"
    var uris: [String]

    init(_ params: JSON) throws(ResponseError) {
        guard let changes = try params.field("changes").arrayValue else {
            throw .invalidParams("\"changes\" must be an array")
        }
        var uris: [String] = []
        for change in changes {
            uris.append(try change.string("uri"))
            _ = try change.int("type")
        }
        self.uris = uris
    }
}
