import TaskPaper

/// Reading params: each accessor throws `-32602` naming the field, so a
/// request whose params don't fit the protocol is answered, never guessed at.
extension JSON {
    func field(_ key: String) throws(ResponseError) -> JSON {
        guard let v = self[key], !v.isNull else { throw .invalidParams("Missing \"\(key)\"") }
        return v
    }

    func string(_ key: String) throws(ResponseError) -> String {
        guard let s = try field(key).stringValue else { throw .invalidParams("\"\(key)\" must be a string") }
        return s
    }

    func int(_ key: String) throws(ResponseError) -> Int {
        guard let i = try field(key).intValue else { throw .invalidParams("\"\(key)\" must be an integer") }
        return i
    }

    /// A `uinteger` field (line, character): negative values don't fit the protocol.
    func uint(_ key: String) throws(ResponseError) -> Int {
        let i = try int(key)
        guard i >= 0 else { throw .invalidParams("\"\(key)\" must not be negative") }
        return i
    }

    func optional(_ key: String) -> JSON? {
        guard let v = self[key], !v.isNull else { return nil }
        return v
    }
}
