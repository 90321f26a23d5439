/// Every method the server handles, one line each: its params type, where its
/// handler runs (on the loop, or off it on snapshots), and the capability it
/// advertises. Adding a request: a params type in Protocol/, a feature file,
/// a line here (Sources/TaskPaperServer/README.md, "Adding a request").
extension Server {
    static let requestTable: [RequestRoute] = [
        .onLoop(InitializeParams.self, Server.initialize),
        .onLoop(ShutdownParams.self, Server.shutdown),
        .onLoop(DocumentDiagnosticParams.self, advertising: .diagnostics, Server.pullDiagnostics),
        .onLoop(WorkspaceDiagnosticParams.self, Server.workspaceDiagnostics),
        .onLoop(SemanticTokensParams.self, advertising: .semanticTokens, Server.semanticTokensFull),
        .onLoop(SemanticTokensDeltaParams.self, Server.semanticTokensDelta),
        .onLoop(SemanticTokensRangeParams.self, Server.semanticTokensRange),
        .offLoop(DocumentSymbolParams.self, advertising: .documentSymbols, Server.documentSymbols),
        .onLoop(FoldingRangeParams.self, advertising: .foldingRanges, Server.foldingRanges),
        .offLoop(SelectionRangeParams.self, advertising: .selectionRanges, Server.selectionRanges),
        .onLoop(DocumentHighlightParams.self, advertising: .documentHighlight, Server.documentHighlight),
        .offLoop(ReferenceParams.self, advertising: .references, Server.references),
        .offLoop(DefinitionParams.self, advertising: .definition, Server.definition),
        .onLoop(PrepareRenameParams.self, Server.prepareRename),
        .onLoop(RenameParams.self, advertising: .rename, Server.rename),
        .offLoop(WorkspaceSymbolParams.self, advertising: .workspaceSymbols, Server.workspaceSymbols),
        .onLoop(CompletionParams.self, advertising: .completion, Server.completion),
        .offLoop(HoverParams.self, advertising: .hover, Server.hoverAnswer),
        .onLoop(InlayHintParams.self, advertising: .inlayHints, Server.inlayHints),
        .onLoop(CodeActionParams.self, advertising: .codeActions, Server.codeActions),
        .offLoop(ExecuteCommandParams.self, advertising: .executeCommand, Server.executeCommandAnswer),
        .offLoop(CodeLensParams.self, advertising: .codeLens, Server.codeLenses),
        .offLoop(DocumentLinkParams.self, advertising: .documentLinks, Server.documentLinks),
        .onLoop(DocumentFormattingParams.self, advertising: .formatting, Server.formatting),
        .onLoop(DocumentRangeFormattingParams.self, advertising: .rangeFormatting, Server.rangeFormatting),
    ]

    static let notificationTable: [NotificationRoute] = [
        NotificationRoute(InitializedParams.self, Server.initialized),
        NotificationRoute(DidOpenTextDocumentParams.self, advertising: .textDocumentSync, Server.didOpen),
        NotificationRoute(DidChangeTextDocumentParams.self, Server.didChange),
        NotificationRoute(DidCloseTextDocumentParams.self, Server.didClose),
        NotificationRoute(DidChangeConfigurationParams.self, Server.didChangeConfiguration),
        NotificationRoute(DidChangeWatchedFilesParams.self, Server.didChangeWatchedFiles),
        NotificationRoute(
            DidChangeWorkspaceFoldersParams.self, advertising: .workspaceFolders, Server.didChangeWorkspaceFolders),
    ]

    static let requestRoutes = Dictionary(uniqueKeysWithValues: requestTable.map { ($0.method, $0) })
    static let notificationRoutes = Dictionary(uniqueKeysWithValues: notificationTable.map { ($0.method, $0) })
}
