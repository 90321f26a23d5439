import TaskPaper

/// One kind of request or notification: its method and what its params hold.
/// Decoding runs before the handler and throws `-32602` naming the field, so a
/// handler reads typed values and never guesses at JSON.
protocol LSPParams: Sendable {
    static var method: String { get }
    init(_ params: JSON) throws(ResponseError)
}

/// `textDocument.uri`, which most requests start with.
struct TextDocumentIdentifier: Sendable {
    var uri: String

    init(uri: String) { self.uri = uri }

    init(_ params: JSON) throws(ResponseError) {
        uri = try params.field("textDocument").string("uri")
    }
}

/// A document and a cursor in it, in client columns.
struct TextDocumentPositionParams: Sendable {
    var textDocument: TextDocumentIdentifier
    var position: ClientPosition

    init(_ params: JSON) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params)
        position = try ClientPosition(params.field("position"))
    }
}

/// A document and a range in it, in client columns.
struct TextDocumentRangeParams: Sendable {
    var textDocument: TextDocumentIdentifier
    var range: ClientRange

    init(_ params: JSON) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params)
        range = try ClientRange(params.field("range"))
    }
}

/// Requests that name only a document.
protocol DocumentParams: LSPParams {
    var textDocument: TextDocumentIdentifier { get }
}

/// Requests at a cursor.
protocol PositionParams: LSPParams {
    var at: TextDocumentPositionParams { get }
}

extension PositionParams {
    var textDocument: TextDocumentIdentifier { at.textDocument }
    var position: ClientPosition { at.position }
}

/// Requests over a range of a document.
protocol RangeParams: LSPParams {
    var span: TextDocumentRangeParams { get }
}

extension RangeParams {
    var textDocument: TextDocumentIdentifier { span.textDocument }
    var range: ClientRange { span.range }
}
