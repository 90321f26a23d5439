/// Every method the server answers, in one place. A feature adds its line here.
extension Server {
    static let requestHandlers: [String: RequestHandler] = [
        "initialize": { s, p throws(ResponseError) in try s.initialize(p) },
        "shutdown": { s, _ in s.shutdown() },
        "textDocument/diagnostic": { s, p throws(ResponseError) in try s.pullDiagnostics(p) },
        "textDocument/semanticTokens/full": { s, p throws(ResponseError) in try s.semanticTokensFull(p) },
        "textDocument/semanticTokens/full/delta": { s, p throws(ResponseError) in try s.semanticTokensDelta(p) },
        "textDocument/semanticTokens/range": { s, p throws(ResponseError) in try s.semanticTokensRange(p) },
    ]

    static let notificationHandlers: [String: NotificationHandler] = [
        "initialized": { s, _ in s.initialized() },
        "textDocument/didOpen": { s, p throws(ResponseError) in try s.didOpen(p) },
        "textDocument/didChange": { s, p throws(ResponseError) in try s.didChange(p) },
        "textDocument/didClose": { s, p throws(ResponseError) in try s.didClose(p) },
        "workspace/didChangeConfiguration": { s, p throws(ResponseError) in try s.didChangeConfiguration(p) },
    ]
}
