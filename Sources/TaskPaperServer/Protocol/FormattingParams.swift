/// textDocument/formatting. The client's `options` (tab size, spaces) are not
/// read: TaskPaper indents with one tab a level.
struct DocumentFormattingParams: DocumentParams {
    static let method = "textDocument/formatting"
    var textDocument: TextDocumentIdentifier
    init(_ params: JSON) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params) }
}

/// textDocument/rangeFormatting: the lines the range touches.
struct DocumentRangeFormattingParams: DocumentParams, RangeParams {
    static let method = "textDocument/rangeFormatting"
    var span: TextDocumentRangeParams
    init(_ params: JSON) throws(ResponseError) { span = try TextDocumentRangeParams(params) }
}
