import TaskPaper

/// The parts of the client's capabilities the server acts on.
struct ClientCapabilities {
    var positionEncodings: [String] = []
    var pullDiagnostics = false
    var diagnosticRefresh = false
    var configuration = false
    var didChangeConfigurationDynamic = false
    var workDoneProgress = false
    var watchedFilesDynamic = false
    var markdownHover = false
    var completionInsertReplace = false
    var semanticTokensRefresh = false
    var inlayHintRefresh = false
    var codeLensRefresh = false
    /// The client sends `textDocument/prepareRename` before a rename.
    var renamePrepare = false
    /// A WorkspaceEdit may hold `documentChanges` (versioned edits; resource operations if below).
    var documentChanges = false
    /// The client creates files a WorkspaceEdit's `CreateFile` names.
    var createFiles = false

    init() {}

    init(_ json: JSON?) {
        guard let c = json else { return }
        positionEncodings = c["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        diagnosticRefresh = c["workspace"]?["diagnostics"]?["refreshSupport"]?.boolValue ?? false
        // Pull only from a client we can ask to pull again: without `workspace/diagnostic/refresh`,
        // a change of settings or of the date would never reach it (Neovim 0.11 pulls without it).
        pullDiagnostics = c["textDocument"]?["diagnostic"] != nil && diagnosticRefresh
        configuration = c["workspace"]?["configuration"]?.boolValue ?? false
        didChangeConfigurationDynamic =
            c["workspace"]?["didChangeConfiguration"]?["dynamicRegistration"]?.boolValue ?? false
        workDoneProgress = c["window"]?["workDoneProgress"]?.boolValue ?? false
        watchedFilesDynamic = c["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
        let formats = c["textDocument"]?["hover"]?["contentFormat"]?.arrayValue?.compactMap(\.stringValue) ?? []
        markdownHover = formats.contains("markdown")
        completionInsertReplace =
            c["textDocument"]?["completion"]?["completionItem"]?["insertReplaceSupport"]?.boolValue ?? false
        semanticTokensRefresh = c["workspace"]?["semanticTokens"]?["refreshSupport"]?.boolValue ?? false
        inlayHintRefresh = c["workspace"]?["inlayHint"]?["refreshSupport"]?.boolValue ?? false
        codeLensRefresh = c["workspace"]?["codeLens"]?["refreshSupport"]?.boolValue ?? false
        renamePrepare = c["textDocument"]?["rename"]?["prepareSupport"]?.boolValue ?? false
        let workspaceEdit = c["workspace"]?["workspaceEdit"]
        let resourceOperations = workspaceEdit?["resourceOperations"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // Resource operations exist only in `documentChanges`: a client that names them reads those (Neovim
        // 0.11 names `create` without saying `documentChanges: true`).
        documentChanges = workspaceEdit?["documentChanges"]?.boolValue == true || !resourceOperations.isEmpty
        createFiles = resourceOperations.contains("create")
    }

    /// UTF-16 unless the client offers UTF-8 or UTF-32 (UTF-8 first: it is our native unit).
    var negotiatedEncoding: PositionEncoding {
        if positionEncodings.contains("utf-8") { return .utf8 }
        if positionEncodings.contains("utf-32") { return .utf32 }
        return .utf16
    }
}
