import Dispatch
import TaskPaper

/// Keeps the workspace index current: a scan on `initialized`, off
/// the main loop, with `$/progress` when the client shows it; watched-file
/// events; a rescan when `indentWidth` changes what the outlines are, or the
/// date or lint settings what the closed files' findings are.
extension Server {
    /// All disk reads run here, one after another, so the newest read of a file always lands last.
    static let diskQueue = DispatchQueue(label: "taskpaper-lsp.workspace-index")

    /// Called once on `initialized`, and again when workspace folders come or go.
    func startWorkspaceIndex() {
        index.started = true
        guard !index.roots.isEmpty || index.scans > 0 else { return }
        if !index.watching {
            index.watching = true
            registerWatchedFiles()
        }
        startWorkspaceScan()
    }

    /// Rescans when the summaries were built with another indent width, or linted with other settings or
    /// on another day (workspace diagnostics).
    func workspaceIndexSettingsChanged() {
        let lint = workspaceLintBasis
        guard index.scans > 0,
            index.indentWidth != settings.indentWidth || (lint != nil && lint != index.lintedWith)
        else { return }
        startWorkspaceScan()
    }

    private func startWorkspaceScan() {
        index.scans += 1
        index.scansRunning += 1
        index.indentWidth = settings.indentWidth
        index.lintedWith = workspaceLintBasis
        guard client.workDoneProgress else { return scanWorkspace(progress: nil) }
        let token = "taskpaper-index-\(index.scans)"
        request(
            "window/workDoneProgress/create",
            JSONObject { w in
                w.key("token"); w.string(token)
            }
        ) { [weak self] result in
            // A client that refuses the token still gets its index, just without progress.
            if case .success = result {
                self?.scanWorkspace(progress: token)
            } else {
                self?.scanWorkspace(progress: nil)
            }
        }
    }

    private func scanWorkspace(progress token: String?) {
        let scanner = WorkspaceScanner(roots: index.roots)
        let indentWidth = index.indentWidth, lint = index.lintedWith, encoding = self.encoding, inbox = self.inbox
        let started = DispatchTime.now()
        if let token { sendProgress(token, kind: "begin", message: "Looking for .taskpaper files", percentage: 0) }
        Server.diskQueue.async {
            let paths = scanner.findFiles()
            var lastPercent = 0
            for (i, path) in paths.enumerated() {
                let update = Server.read(path, with: scanner, indentWidth: indentWidth, lint: lint, encoding: encoding)
                let percent = (i + 1) * 100 / paths.count
                let report = token != nil && percent > lastPercent
                lastPercent = percent
                inbox.push(
                    .task { s in
                        s.apply(update, to: path)
                        if report, let token {
                            s.sendProgress(
                                token, kind: "report", message: "\(i + 1)/\(paths.count) files", percentage: percent)
                        }
                    })
            }
            inbox.push(
                .task { s in
                    s.workspaceDiagnostics.pending.formUnion(s.index.keepOnly(Set(paths)))
                    s.index.scansRunning -= 1
                    let ms = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
                    let done = "Indexed \(Plural.count(paths.count, "TaskPaper file")) in \(ms) ms"
                    if let token { s.sendProgress(token, kind: "end", message: done) }
                    s.log(done)
                })
        }
    }

    private func registerWatchedFiles() {
        guard client.watchedFilesDynamic else { return }
        registerCapability(id: "taskpaper-watched-files", method: DidChangeWatchedFilesParams.method) { w in
            w.key("watchers");
            w.array { w in
                w.object { w in
                    w.key("globPattern"); w.string("**/*.taskpaper")
                }
            }
        }
    }

    /// Re-reads each changed file: what is on disk now decides, whatever the event's type says.
    func didChangeWatchedFiles(_ params: DidChangeWatchedFilesParams) {
        var changed: [String] = []
        for uri in params.uris {
            if let path = FileURI.path(uri), !changed.contains(path) { changed.append(path) }
        }
        let scanner = WorkspaceScanner(roots: index.roots)
        let paths = changed.filter(scanner.covers)
        let indentWidth = index.indentWidth, lint = index.lintedWith, encoding = self.encoding, inbox = self.inbox
        Server.diskQueue.async {
            let updates = paths.map {
                ($0, Server.read($0, with: scanner, indentWidth: indentWidth, lint: lint, encoding: encoding))
            }
            inbox.push(
                .task { s in
                    for (path, update) in updates { s.apply(update, to: path) }
                    s.log("Workspace index: re-read \(Plural.count(updates.count, "changed file"))")
                })
        }
    }

    enum IndexUpdate: Sendable {
        case summary(FileSummary)
        case tooLarge(bytes: Int)
        case missing
    }

    /// Runs on the disk queue.
    private static func read(
        _ path: String, with scanner: WorkspaceScanner, indentWidth: IndentWidth, lint: LintBasis?,
        encoding: PositionEncoding
    ) -> IndexUpdate {
        switch scanner.read(path) {
        case .text(let text):
            .summary(
                FileSummary(
                    lines: TextDocument(text: text).lines, indentWidth: indentWidth, encoding: encoding, lint: lint))
        case .tooLarge(let bytes): .tooLarge(bytes: bytes)
        case .missing: .missing
        }
    }

    private func apply(_ update: IndexUpdate, to path: String) {
        switch update {
        case .summary(let summary):
            if index.set(path, WorkspaceIndex.File(uri: FileURI.uri(path: path), summary: summary)) {
                workspaceDiagnostics.pending.insert(path)
            }
        case .tooLarge(let bytes):
            index.remove(path)
            workspaceDiagnostics.pending.insert(path)
            log(
                "Not indexing \(path): \(bytes >> 20) MB is over the \(WorkspaceScanner.maxFileSize >> 20) MB limit",
                type: .info)
        case .missing:
            index.remove(path)
            workspaceDiagnostics.pending.insert(path)
        }
    }

    private func sendProgress(_ token: String, kind: String, message: String, percentage: Int? = nil) {
        notify(
            "$/progress",
            JSONObject { w in
                w.key("token"); w.string(token)
                w.key("value");
                w.object { w in
                    w.key("kind"); w.string(kind)
                    if kind == "begin" {
                        w.key("title"); w.string("Indexing TaskPaper files")
                        w.key("cancellable"); w.bool(false)
                    }
                    w.key("message"); w.string(message)
                    if let percentage { w.key("percentage"); w.int(percentage) }
                }
            })
    }
}
