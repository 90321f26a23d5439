import TaskPaper

// Two units meet in the server. A client counts columns in its position
// encoding (`ClientPosition`, `ClientRange`: what LSP messages carry); the
// model counts UTF-8 bytes (`TextLocation`: line and UTF-8 offset).
// `OpenDocument` and `DocumentSnapshot` convert between them, through
// `PositionEncoding`, the one converter.

/// LSP `Position`: a line and a column in the client's position encoding.
public struct ClientPosition: Sendable, Hashable, JSONEncodable {
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

/// LSP `Range`, in client columns.
public struct ClientRange: Sendable, Hashable, JSONEncodable {
    public var start: ClientPosition
    public var end: ClientPosition

    public init(start: ClientPosition, end: ClientPosition) { self.start = start; self.end = end }

    init(_ json: JSON) throws(ResponseError) {
        start = try ClientPosition(json.field("start"))
        end = try ClientPosition(json.field("end"))
    }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("start"); start.write(to: &w)
            w.key("end"); end.write(to: &w)
        }
    }
}
