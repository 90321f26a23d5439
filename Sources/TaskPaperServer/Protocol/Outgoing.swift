import TaskPaper

public struct TextEdit: Sendable, Hashable, JSONEncodable {
    public var range: ClientRange
    public var newText: String

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("range"); range.write(to: &w)
            w.key("newText"); w.string(newText)
        }
    }
}

/// A WorkspaceEdit: edits per document URI (`changes`), or, for an edit that spans documents,
/// `documentChanges` (each document's edits at the version they were made for, files to create).
public struct WorkspaceEdit: Sendable, JSONEncodable {
    public var changes: [(uri: String, edits: [TextEdit])]
    /// When set, written instead of `changes`.
    public var documentChanges: [DocumentChange]?

    public init(changes: [(uri: String, edits: [TextEdit])]) { self.changes = changes }

    public init(documentChanges: [DocumentChange]) {
        changes = []
        self.documentChanges = documentChanges
    }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            if let documentChanges {
                w.key("documentChanges"); documentChanges.write(to: &w)
                return
            }
            w.key("changes");
            w.object { w in
                for (uri, edits) in changes {
                    w.key(dynamic: uri); edits.write(to: &w)
                }
            }
        }
    }
}

/// One entry of `documentChanges`.
public enum DocumentChange: Sendable, JSONEncodable {
    /// A `TextDocumentEdit`: the client applies it only to `version` of the open document (null: the
    /// file as it is on disk), so an edit made for text that changed since is refused, not misapplied.
    case edit(uri: String, version: Int?, edits: [TextEdit])
    /// A `CreateFile` operation (an empty file; an existing one is left as it is).
    case create(uri: String)

    public func write(to w: inout JSONWriter) {
        w.object { w in
            switch self {
            case .edit(let uri, let version, let edits):
                w.key("textDocument")
                w.object { w in
                    w.key("uri"); w.string(uri)
                    w.key("version")
                    if let version { w.int(version) } else { w.null() }
                }
                w.key("edits"); edits.write(to: &w)
            case .create(let uri):
                w.key("kind"); w.string("create")
                w.key("uri"); w.string(uri)
                w.key("options");
                w.object { w in
                    w.key("ignoreIfExists"); w.bool(true)
                }
            }
        }
    }
}

public struct Location: Sendable, Hashable, JSONEncodable {
    public var uri: String
    public var range: ClientRange

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("uri"); w.string(uri)
            w.key("range"); range.write(to: &w)
        }
    }
}

/// Writes an object from a builder closure: for results too small to deserve a type.
public struct JSONObject: JSONEncodable {
    let body: (inout JSONWriter) -> Void
    public init(_ body: @escaping (inout JSONWriter) -> Void) { self.body = body }
    public func write(to w: inout JSONWriter) { w.object(body) }
}

/// A literal `null` result.
public struct JSONNull: JSONEncodable {
    public init() {}
    public func write(to w: inout JSONWriter) { w.null() }
}
