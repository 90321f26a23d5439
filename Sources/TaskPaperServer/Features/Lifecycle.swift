import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper

/// initialize / initialized / shutdown, and settings (the root README.md, "Settings").
extension Server {
    public static let version = "0.1.0"

    func initialize(_ p: InitializeParams) -> any JSONEncodable {
        let params = p.json
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
        let capabilities = Server.capabilities(for: client, encoding: encoding)
        return JSONObject { w in
            w.key("capabilities"); capabilities.write(to: &w)
            w.key("serverInfo");
            w.object { w in
                w.key("name"); w.string("taskpaper-lsp")
                w.key("version"); w.string(Server.version)
            }
        }
    }

    func initialized(_: InitializedParams) {
        if client.didChangeConfigurationDynamic {
            registerCapability(id: "taskpaper-configuration", method: DidChangeConfigurationParams.method) { w in
                w.key("section"); w.string("taskpaper")
            }
        }
        fetchConfiguration()
        startWorkspaceIndex()
    }

    /// Asks the client to send `method` (dynamic registration), with its register options.
    func registerCapability(id: String, method: String, options: @escaping (inout JSONWriter) -> Void) {
        request(
            "client/registerCapability",
            JSONObject { w in
                w.key("registrations");
                w.array { w in
                    w.object { w in
                        w.key("id"); w.string(id)
                        w.key("method"); w.string(method)
                        w.key("registerOptions"); w.object(options)
                    }
                }
            }
        ) { _ in }
    }

    func shutdown(_: ShutdownParams) -> any JSONEncodable {
        lifecycle = .shuttingDown
        return JSONNull()
    }

    /// Asks the client for the `taskpaper` section, when it can answer.
    func fetchConfiguration() {
        guard client.configuration else { return }
        request(
            "workspace/configuration",
            JSONObject { w in
                w.key("items");
                w.array { w in
                    w.object { w in
                        w.key("section"); w.string("taskpaper")
                    }
                }
            }
        ) { [weak self] result in
            guard let self, case .success(let items) = result, let first = items.arrayValue?.first, !first.isNull else {
                return
            }
            self.applySettings(first)
        }
    }

    func didChangeConfiguration(_ params: DidChangeConfigurationParams) {
        if let section = params.section {
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
        refreshAllDocuments()
    }

    /// After midnight (or a jump of the clock), `overdue` and relative dates mean
    /// something else: re-derive every document, once per change of date.
    /// Checked on every message and on the date watcher's ticks (DateWatcher.swift).
    func refreshIfNewDay() {
        // The local date costs more than most answers; within the same second it cannot have changed.
        let second = time(nil)
        guard second != lastDayCheck else { return }
        lastDayCheck = second
        let today = now().today
        guard dateWatcher.dayChanged(today: today) else { return }
        log("the date is now \(today); refreshing open documents")
        refreshAllDocuments()
    }

    /// `started 25 min ago` goes stale as time passes: on the date watcher's ticks (never on a keystroke),
    /// at most once a minute, the client is asked to refresh its hints when an open document has a
    /// started task.
    func refreshStartedHints() {
        let minute = time(nil) / 60
        guard minute != lastStartedRefreshMinute, client.inlayHintRefresh, settings.inlayHints.dueDistance else {
            return
        }
        lastStartedRefreshMinute = minute
        let anyStarted = documents.values.contains { doc in
            doc.text.lines.contains { $0.syntax.knownTags.contains(.started) }
        }
        if anyStarted { request("workspace/inlayHint/refresh", JSONNull()) { _ in } }
    }

    /// Re-derives every open document after settings or the day changed, and the closed files' findings.
    func refreshAllDocuments() {
        workspaceIndexSettingsChanged()
        workspaceDiagnosticsSettingsChanged()
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
