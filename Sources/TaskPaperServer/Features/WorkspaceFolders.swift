import TaskPaper

/// Workspace folders added and removed while the server runs (`workspace/didChangeWorkspaceFolders`): the
/// index is built again over the new set, so a removed folder's files leave workspace symbols, searches,
/// completion and the workspace diagnostics (cleared as a deleted file's are).
extension Provider {
    static let workspaceFolders = Provider("workspace") { _ in
        JSONObject { w in
            w.key("workspaceFolders")
            w.object { w in
                w.key("supported"); w.bool(true)
                w.key("changeNotifications"); w.bool(true)
            }
        }
    }
}

extension Server {
    func didChangeWorkspaceFolders(_ params: DidChangeWorkspaceFoldersParams) {
        var roots = index.roots.filter { !params.removed.contains($0) }
        for root in params.added where !roots.contains(root) { roots.append(root) }
        guard roots != index.roots else { return }
        index.roots = roots
        log("Workspace folders: \(roots.isEmpty ? "none" : roots.joined(separator: ", "))")
        // Before `initialized` the first scan is still to come, over these roots.
        if index.started { startWorkspaceIndex() }
    }
}
