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

/// A WorkspaceEdit as `changes`: edits per document URI.
public struct WorkspaceEdit: Sendable, JSONEncodable {
    public var changes: [(uri: String, edits: [TextEdit])]

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("changes");
            w.object { w in
                for (uri, edits) in changes {
                    w.key(dynamic: uri); edits.write(to: &w)
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
