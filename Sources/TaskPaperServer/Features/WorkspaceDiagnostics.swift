import TaskPaper

/// Diagnostics of the indexed files that are not open (the `workspaceDiagnostics` setting): linted
/// as the index reads them, pulled with `workspace/diagnostic`, or pushed to a client that never asks.
/// An open document's own diagnostics stand for its file while it is open.
struct WorkspaceFinding: Sendable, Hashable {
    var diagnostic: LSPDiagnostic
    /// `overdue` or `due-today`: what `"due"` reports.
    var isDue: Bool

    /// Every finding, as an open document has them (the line rules, `due-today` among them when the
    /// settings ask, and the outline's `subtasks-done`), in line order. Runs on the disk queue.
    static func findings(
        in lines: [Line], spacesPerLevel: Int, _ lint: LintBasis, encoding: PositionEncoding
    ) -> [WorkspaceFinding] {
        var out: [WorkspaceFinding] = []
        func add(_ d: LineDiagnostic, onLine index: Int) {
            let range = ClientRange(utf8: d.range, onLine: index, lines[index], encoding: encoding)
            out.append(
                WorkspaceFinding(
                    diagnostic: LSPDiagnostic(range: range, diagnostic: d),
                    isDue: d.code == .overdue || d.code == .dueToday))
        }
        var outline = SubtasksDoneRule.findings(in: lines, spacesPerLevel: spacesPerLevel)[...]
        for (index, line) in lines.enumerated() {
            if PlainLine.plain(line, settings: lint.settings, clock: lint.clock) == nil {
                let analyzed = AnalyzedLine(line: line, settings: lint.settings, clock: lint.clock)
                for d in analyzed.diagnostics() { add(d, onLine: index) }
            }
            while let next = outline.first, next.line == index {
                add(next.diagnostic, onLine: index)
                outline.removeFirst()
            }
        }
        return out
    }
}

/// What the server sent of the closed files' diagnostics.
struct WorkspaceDiagnosticsState {
    /// Paths whose report may have changed since it was last sent.
    var pending: Set<String> = []
    /// The `resultId` pushed for each URI pushed with findings.
    var pushed: [String: String] = [:]
    /// The client asked `workspace/diagnostic`: from then on closed files are not pushed.
    var clientPulls = false
    /// The setting the reports were last made for.
    var scope = Settings().workspaceDiagnostics
}

extension Server {
    /// A closed file's report under the current setting.
    func workspaceReport(_ file: WorkspaceIndex.File) -> (resultID: String, items: [LSPDiagnostic]) {
        let scope = settings.workspaceDiagnostics
        let resultID = "\(scope.rawValue)-\(file.findingsID)"
        switch scope {
        case .off: return (resultID, [])
        case .due: return (resultID, file.summary.findings.filter(\.isDue).map(\.diagnostic))
        case .all: return (resultID, file.summary.findings.map(\.diagnostic))
        }
    }

    /// What closed files are linted with now; nil while workspace diagnostics are off.
    var workspaceLintBasis: LintBasis? {
        settings.workspaceDiagnostics == .off ? nil : LintBasis(settings: settings.lint, clock: now())
    }

    /// A new `workspaceDiagnostics` setting: every file's report may differ.
    func workspaceDiagnosticsSettingsChanged() {
        guard workspaceDiagnostics.scope != settings.workspaceDiagnostics else { return }
        workspaceDiagnostics.scope = settings.workspaceDiagnostics
        workspaceDiagnostics.pending.formUnion(index.paths)
        workspaceDiagnostics.pending.formUnion(workspaceDiagnostics.pushed.keys.compactMap(FileURI.path))
    }

    /// Sends what changed once the index is built: a push per file that changed, or one refresh for a client that pulls.
    func sendPendingWorkspaceDiagnostics() {
        guard !workspaceDiagnostics.pending.isEmpty, index.scansRunning == 0 else { return }
        let paths = workspaceDiagnostics.pending.sorted()
        workspaceDiagnostics.pending.removeAll()
        if workspaceDiagnostics.clientPulls {
            if client.diagnosticRefresh { request("workspace/diagnostic/refresh", JSONNull()) { _ in } }
            return
        }
        for path in paths { pushWorkspaceDiagnostics(FileURI.uri(path: path)) }
    }

    /// Publishes a closed file's report if it differs from the last one pushed; a file with none is cleared
    /// once (or, with `clearing`, always: it just closed and the client still shows the open document's).
    private func pushWorkspaceDiagnostics(_ uri: String, clearing: Bool = false) {
        guard documents[uri] == nil, let path = FileURI.path(uri) else { return }
        let report = index.files[path].map(workspaceReport) ?? (resultID: "", items: [])
        if report.items.isEmpty {
            guard workspaceDiagnostics.pushed.removeValue(forKey: uri) != nil || clearing else { return }
        } else {
            guard workspaceDiagnostics.pushed[uri] != report.resultID || clearing else { return }
            workspaceDiagnostics.pushed[uri] = report.resultID
        }
        notify(
            "textDocument/publishDiagnostics",
            JSONObject { w in
                w.key("uri"); w.string(uri)
                w.key("diagnostics"); report.items.write(to: &w)
            })
    }

    /// The open document's diagnostics replace the file's (a client that pulls them is cleared of the pushed ones).
    func workspaceDiagnosticsOpened(_ uri: String) {
        guard workspaceDiagnostics.pushed.removeValue(forKey: uri) != nil, client.pullDiagnostics else { return }
        clearDiagnostics(uri)
    }

    /// An empty `publishDiagnostics`: the client lets go of what it shows for the file.
    private func clearDiagnostics(_ uri: String) {
        notify(
            "textDocument/publishDiagnostics",
            JSONObject { w in
                w.key("uri"); w.string(uri)
                w.key("diagnostics"); w.array { _ in }
            })
    }

    /// A closed document hands its file back: the index's findings, or nothing.
    func workspaceDiagnosticsClosed(_ uri: String) {
        if workspaceDiagnostics.clientPulls, let path = FileURI.path(uri), index.files[path] != nil {
            index.renumber(path)
            workspaceDiagnostics.pending.insert(path)
        }
        if workspaceDiagnostics.clientPulls || FileURI.path(uri).flatMap({ index.files[$0] }) == nil {
            clearDiagnostics(uri)
        } else {
            pushWorkspaceDiagnostics(uri, clearing: true)
        }
    }

    func workspaceDiagnostics(_ params: WorkspaceDiagnosticParams) -> any JSONEncodable {
        if !workspaceDiagnostics.clientPulls {
            // What was pushed would show twice beside what the client pulls.
            workspaceDiagnostics.clientPulls = true
            for uri in workspaceDiagnostics.pushed.keys.sorted() where documents[uri] == nil { clearDiagnostics(uri) }
            workspaceDiagnostics.pushed.removeAll()
        }
        workspaceDiagnostics.pending.removeAll()
        let previous = params.previousResultIDs
        var reports: [(uri: String, resultID: String, items: [LSPDiagnostic])] = []
        var reported: Set<String> = []
        for (_, file) in index.closedFiles(excluding: documents.keys) {
            let report = workspaceReport(file)
            guard !report.items.isEmpty || previous[file.uri] != nil else { continue }
            reports.append((file.uri, report.resultID, report.items))
            reported.insert(file.uri)
        }
        // A file the client holds findings for that is gone or left the workspace: cleared.
        for uri in previous.keys.sorted() where !reported.contains(uri) && documents[uri] == nil {
            reports.append((uri, "gone", []))
        }
        return JSONObject { w in
            w.key("items");
            w.array { w in
                for report in reports {
                    let unchanged = previous[report.uri] == report.resultID
                    w.object { w in
                        w.key("kind"); w.string(unchanged ? "unchanged" : "full")
                        w.key("uri"); w.string(report.uri)
                        w.key("version"); w.null()
                        w.key("resultId"); w.string(report.resultID)
                        if !unchanged { w.key("items"); report.items.write(to: &w) }
                    }
                }
            }
        }
    }
}
