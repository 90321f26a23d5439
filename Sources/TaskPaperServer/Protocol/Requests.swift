import TaskPaper

// The params of every request the server answers, one type per method.
// Lifecycle and text sync are in Notifications.swift.

struct InitializeParams: LSPParams {
    static let method = "initialize"
    /// Read by `ClientCapabilities`, `Settings` and `WorkspaceScanner` (each takes its part).
    var json: JSON

    init(_ params: JSON) throws(ResponseError) {
        guard params.objectValue != nil else { throw .invalidParams("initialize needs params") }
        json = params
    }
}

struct ShutdownParams: LSPParams {
    static let method = "shutdown"
    init(_ params: JSON) {}
}

struct DocumentDiagnosticParams: DocumentParams {
    static let method = "textDocument/diagnostic"
    var textDocument: TextDocumentIdentifier
    var previousResultID: String?

    init(_ params: JSON) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params)
        previousResultID = params["previousResultId"]?.stringValue
    }
}

struct WorkspaceDiagnosticParams: LSPParams {
    static let method = "workspace/diagnostic"
    /// The `resultId` the client holds for each file, by URI.
    var previousResultIDs: [String: String] = [:]

    init(_ params: JSON) throws(ResponseError) {
        guard let previous = params["previousResultIds"], !previous.isNull else { return }
        guard let list = previous.arrayValue else { throw .invalidParams("\"previousResultIds\" must be an array") }
        for item in list { previousResultIDs[try item.string("uri")] = try item.string("value") }
    }
}

struct SemanticTokensParams: DocumentParams {
    static let method = "textDocument/semanticTokens/full"
    var textDocument: TextDocumentIdentifier
    init(_ params: JSON) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params) }
}

struct SemanticTokensDeltaParams: DocumentParams {
    static let method = "textDocument/semanticTokens/full/delta"
    var textDocument: TextDocumentIdentifier
    var previousResultID: String

    init(_ params: JSON) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params)
        previousResultID = try params.string("previousResultId")
    }
}

struct SemanticTokensRangeParams: DocumentParams, RangeParams {
    static let method = "textDocument/semanticTokens/range"
    var span: TextDocumentRangeParams
    init(_ params: JSON) throws(ResponseError) { span = try TextDocumentRangeParams(params) }
}

struct DocumentSymbolParams: DocumentParams {
    static let method = "textDocument/documentSymbol"
    var textDocument: TextDocumentIdentifier
    init(_ params: JSON) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params) }
}

struct FoldingRangeParams: DocumentParams {
    static let method = "textDocument/foldingRange"
    var textDocument: TextDocumentIdentifier
    init(_ params: JSON) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params) }
}

struct DocumentLinkParams: DocumentParams {
    static let method = "textDocument/documentLink"
    var textDocument: TextDocumentIdentifier
    init(_ params: JSON) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params) }
}

struct DocumentHighlightParams: PositionParams {
    static let method = "textDocument/documentHighlight"
    var at: TextDocumentPositionParams
    init(_ params: JSON) throws(ResponseError) { at = try TextDocumentPositionParams(params) }
}

struct ReferenceParams: PositionParams {
    static let method = "textDocument/references"
    var at: TextDocumentPositionParams
    init(_ params: JSON) throws(ResponseError) { at = try TextDocumentPositionParams(params) }
}

struct PrepareRenameParams: PositionParams {
    static let method = "textDocument/prepareRename"
    var at: TextDocumentPositionParams
    init(_ params: JSON) throws(ResponseError) { at = try TextDocumentPositionParams(params) }
}

struct RenameParams: PositionParams {
    static let method = "textDocument/rename"
    var at: TextDocumentPositionParams
    var newName: String

    init(_ params: JSON) throws(ResponseError) {
        newName = try params.string("newName")
        at = try TextDocumentPositionParams(params)
    }
}

struct WorkspaceSymbolParams: LSPParams {
    static let method = "workspace/symbol"
    var query: String
    init(_ params: JSON) throws(ResponseError) { query = try params.string("query") }
}

struct CompletionParams: PositionParams {
    static let method = "textDocument/completion"
    var at: TextDocumentPositionParams
    init(_ params: JSON) throws(ResponseError) { at = try TextDocumentPositionParams(params) }
}

struct HoverParams: PositionParams {
    static let method = "textDocument/hover"
    var at: TextDocumentPositionParams
    init(_ params: JSON) throws(ResponseError) { at = try TextDocumentPositionParams(params) }
}

struct InlayHintParams: DocumentParams, RangeParams {
    static let method = "textDocument/inlayHint"
    var span: TextDocumentRangeParams
    init(_ params: JSON) throws(ResponseError) { span = try TextDocumentRangeParams(params) }
}

struct CodeActionParams: DocumentParams, RangeParams {
    static let method = "textDocument/codeAction"
    var span: TextDocumentRangeParams
    /// The kinds the client wants (nil: all).
    var only: [String]?
    var triggerKind: CodeActionTriggerKind?

    init(_ params: JSON) throws(ResponseError) {
        span = try TextDocumentRangeParams(params)
        only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        triggerKind = params["context"]?["triggerKind"]?.intValue.flatMap(CodeActionTriggerKind.init)
    }
}

struct ExecuteCommandParams: LSPParams {
    static let method = "workspace/executeCommand"
    var command: String
    var arguments: [JSON]

    init(_ params: JSON) throws(ResponseError) {
        command = try params.string("command")
        arguments = params["arguments"]?.arrayValue ?? []
    }
}

struct SelectionRangeParams: DocumentParams {
    static let method = "textDocument/selectionRange"
    var textDocument: TextDocumentIdentifier
    var positions: [ClientPosition]

    init(_ params: JSON) throws(ResponseError) {
        textDocument = try TextDocumentIdentifier(params)
        guard let list = try params.field("positions").arrayValue else {
            throw .invalidParams("\"positions\" must be an array")
        }
        var positions: [ClientPosition] = []
        for p in list { positions.append(try ClientPosition(p)) }
        self.positions = positions
    }
}

struct DefinitionParams: PositionParams {
    static let method = "textDocument/definition"
    var at: TextDocumentPositionParams
    init(_ params: JSON) throws(ResponseError) { at = try TextDocumentPositionParams(params) }
}

struct CodeLensParams: DocumentParams {
    static let method = "textDocument/codeLens"
    var textDocument: TextDocumentIdentifier
    init(_ params: JSON) throws(ResponseError) { textDocument = try TextDocumentIdentifier(params) }
}
