import TaskPaper

/// The library's item actions (convert to task, note or project; move to a
/// project, nearest first; sort by @due; add or remove @today) as code actions,
/// each carrying its edit, and as commands `taskpaper.<action>` for key
/// bindings. Titles come from `ItemAction`, the one place they are named.
extension ItemAction {
    /// Moving is `refactor.move`; every other item action rewrites lines in place.
    var codeActionKind: String { self == .moveToProject ? "refactor.move" : "refactor.rewrite" }
}

extension Server {
    /// At most this many "Move to" targets are offered.
    static let moveTargetLimit = 20

    /// The item actions that change something on the lines, as code actions of the kinds `wanted`.
    func itemActionCodeActions(
        _ doc: OpenDocument, _ lines: ClosedRange<Int>, wanted: (String) -> Bool
    ) -> [CodeAction] {
        guard wanted("refactor.rewrite") || wanted("refactor.move") else { return [] }
        let offered = offeredItemActions(doc, lines)
        var actions: [CodeAction] = offered.compactMap { offered in
            let kind = offered.action.codeActionKind
            guard wanted(kind) else { return nil }
            return CodeAction(title: offered.title, kind: kind, edit: doc.workspaceEdit(offered.replacements))
        }
        let moves = offered.count { $0.action == .moveToProject }
        if wanted("refactor.move"), moves < Server.moveTargetLimit,
            !MoveEdits.movedItems(outline(doc), in: lines).isEmpty
        {
            // Other files' edits are made when chosen (the command reads a closed file then).
            let selection = doc.wholeLinesJSON(lines)
            for target in otherFileMoveTargets(excluding: doc.uri, limit: Server.moveTargetLimit - moves) {
                let title = ItemAction.moveTitle(projectPath: target.path, fileName: target.fileName)
                let argument: JSON = ["uri": .string(target.uri), "path": .string(target.path)]
                actions.append(
                    CodeAction(
                        title: title, kind: "refactor.move",
                        command: LSPCommand(
                            title: title, command: TaskCommand.moveToProject.rawValue,
                            arguments: [.string(doc.uri), selection, argument])))
            }
        }
        return actions
    }

    /// The projects of the other open and indexed files, by file path, each file's in line order
    /// (at most `limit`): where "Move to" can send items besides this file's projects. Files are visited
    /// in path order until the menu is full, so most of a large workspace is never looked at.
    func otherFileMoveTargets(excluding uri: String, limit: Int) -> [(uri: String, fileName: String, path: String)] {
        var targets: [(uri: String, fileName: String, path: String)] = []
        guard limit > 0 else { return targets }
        let thisPath = FileURI.path(uri) ?? uri
        let open = documents.compactMap { key, doc in key == uri ? nil : (path: FileURI.path(key) ?? key, doc: doc) }
            .sorted { $0.path < $1.path }
        let openPaths = Set(open.map(\.path))
        /// Adds a file's projects (as many as there is room for); whether the menu is full.
        func add(_ fileURI: String, _ projects: (Int) -> [String]) -> Bool {
            let fileName = FileURI.fileName(fileURI)
            for project in projects(limit - targets.count) { targets.append((fileURI, fileName, project)) }
            return targets.count >= limit
        }
        func addOpen(_ file: (path: String, doc: OpenDocument)) -> Bool {
            add(file.doc.uri) { room in
                MoveEdits.projectPaths(self.outline(file.doc), limit: room).map { $0.path.joined(separator: " / ") }
            }
        }
        var nextOpen = 0
        for path in index.paths where path != thisPath && !openPaths.contains(path) {
            while nextOpen < open.count, open[nextOpen].path < path {
                if addOpen(open[nextOpen]) { return targets }
                nextOpen += 1
            }
            guard let file = index.files[path] else { continue }
            let symbols = file.summary.symbols
            let full = add(file.uri) { room in
                symbols.indices.lazy.filter { symbols[$0].kind == .project }.prefix(room).map { i in
                    let container = symbols.containerName(of: i)
                    return container.isEmpty ? symbols[i].name : container + " / " + symbols[i].name
                }
            }
            if full { return targets }
        }
        for file in open[nextOpen...] where addOpen(file) { return targets }
        return targets
    }

    func offeredItemActions(_ doc: OpenDocument, _ lines: ClosedRange<Int>) -> [OfferedAction] {
        ItemActions.offered(outline(doc), lines: lines, clock: now(), moveLimit: Server.moveTargetLimit)
    }

    /// The document's outline, made once per version and indent width and kept on the document.
    func outline(_ doc: OpenDocument) -> Outline {
        let width = settings.indentWidth
        if let cached = doc.outlineCache, cached.generation == doc.generation, cached.indentWidth == width {
            return cached.outline
        }
        let outline = Outline(document: doc.text, indentWidth: width)
        doc.outlineCache = (doc.generation, width, outline, nil)
        return outline
    }

    /// Every project's task counts (inlay hints), made on the first project a request shows.
    func projectTaskCounts(_ doc: OpenDocument) -> ProjectTaskCounts {
        let outline = outline(doc)
        if let counts = doc.outlineCache?.counts { return counts }
        let counts = ProjectTaskCounts(outline: outline)
        doc.outlineCache?.counts = counts
        return counts
    }

    /// One item action's title and edit for a command. A move goes to `target` (the project's
    /// line, or its path as the title shows it: `Work / Errands`, alone or as `{"path": …}`), or else
    /// to the nearest project.
    func itemActionEdit(
        _ action: ItemAction, _ doc: OpenDocument, _ lines: ClosedRange<Int>, target: JSON?, command: String
    ) throws(ResponseError) -> (label: String, edits: [TextReplacement]) {
        var offered = offeredItemActions(doc, lines).filter { $0.action == action }
        if action == .moveToProject, let target, !target.isNull {
            if let line = target.intValue {
                offered = offered.filter { $0.targetProject == line }
            } else if let path = target.stringValue ?? target["path"]?.stringValue {
                offered = offered.filter { $0.title == ItemAction.moveTitle(projectPath: [path]) }
            } else {
                throw .invalidParams("\(command): the target is a project's line or its path")
            }
        }
        guard let first = offered.first else { return (action.title, []) }
        return (first.title, first.replacements)
    }

    /// A move to a project of another file (`target` is `{"uri": …, "path": "Work / Errands"}`): one
    /// WorkspaceEdit over both documents, each at the version it was read at.
    func moveToOtherFile(
        _ doc: OpenDocument, _ lines: ClosedRange<Int>, target: JSON, command: String
    ) throws(ResponseError) -> (label: String, edit: WorkspaceEdit?) {
        guard let targetURI = target["uri"]?.stringValue, let path = target["path"]?.stringValue else {
            throw .invalidParams("\(command): a target in another file is {\"uri\": …, \"path\": \"A / B\"}")
        }
        guard let source = editedDocument(doc.uri), let destination = editedDocument(targetURI) else {
            throw .invalidParams("\(command): \(targetURI) is neither open nor a readable file")
        }
        let targetOutline = Outline(document: destination.snapshot.text, indentWidth: settings.indentWidth)
        guard let project = MoveEdits.project(atPath: path, in: targetOutline) else {
            throw .invalidParams("\(command): \(targetURI) has no project \(path)")
        }
        let sourceOutline = outline(doc)
        let moved = MoveEdits.move(
            sourceOutline, items: MoveEdits.movedItems(sourceOutline, in: lines), to: targetOutline, project: project)
        let label = ItemAction.moveTitle(projectPath: path, fileName: FileURI.fileName(targetURI))
        guard !moved.source.isEmpty else { return (label, nil) }
        return (label, try workspaceEdit([(source, moved.source), (destination, moved.target)]))
    }
}
