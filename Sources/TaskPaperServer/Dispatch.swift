/// Every method the server answers, in one place. A feature adds its line here.
extension Server {
    static let requestHandlers: [String: RequestHandler] = [
        "initialize": { s, p throws(ResponseError) in try s.initialize(p) },
        "shutdown": { s, _ in s.shutdown() },
        "textDocument/diagnostic": { s, p throws(ResponseError) in try s.pullDiagnostics(p) },
        "textDocument/semanticTokens/full": { s, p throws(ResponseError) in try s.semanticTokensFull(p) },
        "textDocument/semanticTokens/full/delta": { s, p throws(ResponseError) in try s.semanticTokensDelta(p) },
        "textDocument/semanticTokens/range": { s, p throws(ResponseError) in try s.semanticTokensRange(p) },
        "textDocument/documentSymbol": { s, p throws(ResponseError) in try s.documentSymbols(p) },
        "textDocument/foldingRange": { s, p throws(ResponseError) in try s.foldingRanges(p) },
        "textDocument/documentHighlight": { s, p throws(ResponseError) in try s.documentHighlight(p) },
        "textDocument/references": { s, p throws(ResponseError) in try s.references(p) },
        "textDocument/prepareRename": { s, p throws(ResponseError) in try s.prepareRename(p) },
        "textDocument/rename": { s, p throws(ResponseError) in try s.rename(p) },
        "workspace/symbol": { s, p throws(ResponseError) in try s.workspaceSymbols(p) },
        "textDocument/completion": { s, p throws(ResponseError) in try s.completion(p) },
        "textDocument/hover": { s, p throws(ResponseError) in try s.hover(p) },
        "textDocument/inlayHint": { s, p throws(ResponseError) in try s.inlayHints(p) },
        "textDocument/codeAction": { s, p throws(ResponseError) in try s.codeActions(p) },
        "workspace/executeCommand": { s, p throws(ResponseError) in try s.executeCommand(p) },
    ]

    static let notificationHandlers: [String: NotificationHandler] = [
        "initialized": { s, _ in s.initialized() },
        "textDocument/didOpen": { s, p throws(ResponseError) in try s.didOpen(p) },
        "textDocument/didChange": { s, p throws(ResponseError) in try s.didChange(p) },
        "textDocument/didClose": { s, p throws(ResponseError) in try s.didClose(p) },
        "workspace/didChangeConfiguration": { s, p throws(ResponseError) in try s.didChangeConfiguration(p) },
        "workspace/didChangeWatchedFiles": { s, p throws(ResponseError) in try s.didChangeWatchedFiles(p) },
    ]
}
