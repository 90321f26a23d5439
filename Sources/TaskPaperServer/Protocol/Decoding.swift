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

public struct Position: Sendable, Hashable, JSONEncodable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) { self.line = line; self.character = character }

    init(_ json: JSON) throws(ResponseError) {
        line = try json.uint("line")
        character = try json.uint("character")
    }

    init(_ p: TextPosition) { line = p.line; character = p.column }
    var text: TextPosition { TextPosition(line: line, column: character) }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("line"); w.int(line)
            w.key("character"); w.int(character)
        }
    }
}

public struct LSPRange: Sendable, Hashable, JSONEncodable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) { self.start = start; self.end = end }

    init(_ json: JSON) throws(ResponseError) {
        start = try Position(json.field("start"))
        end = try Position(json.field("end"))
    }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("start"); start.write(to: &w)
            w.key("end"); end.write(to: &w)
        }
    }
}

/// `textDocument.uri` of a params object.
func documentURI(_ params: JSON) throws(ResponseError) -> String {
    try params.field("textDocument").string("uri")
}
