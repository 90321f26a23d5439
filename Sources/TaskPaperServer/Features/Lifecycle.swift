import TaskPaper

/// initialize / initialized / shutdown, and settings (SPEC 7).
extension Server {
    public static let version = "0.1.0"

    func initialize(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        guard params.objectValue != nil else { throw .invalidParams("initialize needs params") }
        client = ClientCapabilities(params["capabilities"])
        encoding = client.negotiatedEncoding
        let (initial, problems) = Settings.from(params["initializationOptions"])
        initialSettings = initial
        settings = initial
        index.roots = WorkspaceScanner.roots(fromInitialize: params)
        lifecycle = .running
        for problem in problems {
            inbox.push(.task { $0.showMessage(problem) })
        }
        let pull = client.pullDiagnostics
        let encoding = self.encoding
        let renameProvider = Server.renameProvider(params["capabilities"])
        return JSONObject { w in
            w.key("capabilities"); w.object { w in
                w.key("positionEncoding"); w.string(encoding.rawValue)
                w.key("textDocumentSync"); w.object { w in
                    w.key("openClose"); w.bool(true)
                    w.key("change"); w.int(2)
                }
                if pull {
                    w.key("diagnosticProvider"); w.object { w in
                        w.key("identifier"); w.string("taskpaper")
                        w.key("interFileDependencies"); w.bool(false)
                        w.key("workspaceDiagnostics"); w.bool(false)
                    }
                }
                w.key("semanticTokensProvider"); SemanticTokenizer.providerOptions.write(to: &w)
                w.key("completionProvider"); w.object { w in
                    w.key("triggerCharacters"); Server.completionTriggerCharacters.write(to: &w)
                }
                w.key("hoverProvider"); w.bool(true)
                w.key("inlayHintProvider"); w.bool(true)
                w.key("codeActionProvider"); Server.codeActionOptions.write(to: &w)
                w.key("executeCommandProvider"); Server.executeCommandOptions.write(to: &w)
                w.key("documentSymbolProvider"); w.bool(true)
                w.key("foldingRangeProvider"); w.bool(true)
                w.key("documentHighlightProvider"); w.bool(true)
                w.key("referencesProvider"); w.bool(true)
                w.key("renameProvider"); renameProvider.write(to: &w)
                w.key("workspaceSymbolProvider"); w.bool(true)
            }
            w.key("serverInfo"); w.object { w in
                w.key("name"); w.string("taskpaper-lsp")
                w.key("version"); w.string(Server.version)
            }
        }
    }

    func initialized() {
        if client.didChangeConfigurationDynamic {
            request("client/registerCapability", JSONObject { w in
                w.key("registrations"); w.array { w in
                    w.object { w in
                        w.key("id"); w.string("taskpaper-configuration")
                        w.key("method"); w.string("workspace/didChangeConfiguration")
                        w.key("registerOptions"); w.object { w in w.key("section"); w.string("taskpaper") }
                    }
                }
            }) { _ in }
        }
        fetchConfiguration()
        startWorkspaceIndex()
    }

    func shutdown() -> any JSONEncodable {
        lifecycle = .shuttingDown
        return JSONNull()
    }

    /// Asks the client for the `taskpaper` section, when it can answer.
    func fetchConfiguration() {
        guard client.configuration else { return }
        request("workspace/configuration", JSONObject { w in
            w.key("items"); w.array { w in w.object { w in w.key("section"); w.string("taskpaper") } }
        }) { [weak self] result in
            guard let self, case .success(let items) = result, let first = items.arrayValue?.first, !first.isNull else { return }
            self.applySettings(first)
        }
    }

    func didChangeConfiguration(_ params: JSON) throws(ResponseError) {
        if let s = params["settings"], let section = s["taskpaper"], !section.isNull {
            applySettings(section)
        } else {
            // Pull-model clients send an empty notification and expect us to ask.
            fetchConfiguration()
        }
    }

    /// Applies new settings; a bad value is shown to the user and its default kept.
    func applySettings(_ json: JSON) {
        // Layered: defaults, then initializationOptions, then the client's current section.
        let (new, problems) = Settings.from(json, over: initialSettings)
        for problem in problems { showMessage(problem) }
        guard new != settings else { return }
        settings = new
        workspaceIndexSettingsChanged()
        refreshAllDocuments()
    }

    /// Re-derives every open document after settings or the day changed.
    func refreshAllDocuments() {
        let context = analysisContext
        for (uri, doc) in documents {
            doc.setContext(context)
            needsPublish.insert(uri)
        }
        if client.pullDiagnostics, client.diagnosticRefresh {
            request("workspace/diagnostic/refresh", JSONNull()) { _ in }
        }
        // Tokens (dates, overdue) and the gauge depend on settings and the day too.
        if client.semanticTokensRefresh { request("workspace/semanticTokens/refresh", JSONNull()) { _ in } }
        if client.inlayHintRefresh { request("workspace/inlayHint/refresh", JSONNull()) { _ in } }
        if client.codeLensRefresh { request("workspace/codeLens/refresh", JSONNull()) { _ in } }
    }
}
