import TaskPaper

/// workspace/executeCommand: the task and item actions as commands, so an editor can
/// bind them to a key without a menu. Each sends its edit to the client with
/// workspace/applyEdit (one edit over both files for a move to another file, an
/// archive to a file, an unarchive from one). Arguments: the document URI, then
/// (except for archive) an LSP range or position saying which lines.
extension Provider {
    static let executeCommand = Provider("executeCommandProvider") { _ in
        JSONObject { w in
            w.key("commands")
            (Server.TaskCommand.allCases.map(\.rawValue) + [Server.searchCommand, Server.focusCommand]).write(to: &w)
        }
    }
}

extension Server {
    enum TaskCommand: String, CaseIterable {
        case markDone = "taskpaper.markDone"
        case markNotDone = "taskpaper.markNotDone"
        /// Done when any task in the lines is not done yet, else not done.
        case toggleDone = "taskpaper.toggleDone"
        case archiveDone = "taskpaper.archiveDone"
        // The item actions (Features/ItemActionOffers.swift); moveToProject takes a target third.
        case convertToTask = "taskpaper.convertToTask", convertToNote = "taskpaper.convertToNote"
        case convertToProject = "taskpaper.convertToProject", moveToProject = "taskpaper.moveToProject"
        case sortByDue = "taskpaper.sortByDue", tagToday = "taskpaper.tagToday", removeToday = "taskpaper.removeToday"
        // Archived items back under their @project path (Features/Archiving.swift).
        case unarchive = "taskpaper.unarchive", unarchiveAndReopen = "taskpaper.unarchiveAndReopen"
    }

    func executeCommand(_ params: ExecuteCommandParams) throws(ResponseError) -> any JSONEncodable {
        let name = params.command
        guard let command = TaskCommand(rawValue: name) else { throw .invalidParams("Unknown command \(name)") }
        let arguments = params.arguments
        guard let uri = arguments.first?.stringValue else {
            throw .invalidParams("\(name) needs the document URI as its first argument")
        }
        guard let doc = documents[uri] else { throw .invalidParams("Document \(uri) is not open") }

        let lines = { () throws(ResponseError) in
            try doc.lines(ofArgument: arguments.count > 1 ? arguments[1] : nil, command: name)
        }
        let label: String, edit: WorkspaceEdit?
        switch command {
        case .archiveDone:
            label = ItemAction.archiveDone.title
            if let archiveURI = archiveFile(of: doc) {
                edit = try archiveToFileEdit(doc, archiveURI: archiveURI)
            } else {
                edit = doc.workspaceEdit(orNil: archiveEdits(doc))
            }
        case .unarchive, .unarchiveAndReopen:
            label = (command == .unarchive ? ItemAction.unarchive : .unarchiveAndReopen).title
            edit = try unarchiveEdit(doc, try lines(), reopen: command == .unarchiveAndReopen)
        case .markDone, .markNotDone, .toggleDone:
            let lines = try lines()
            let done = markDoneEdits(doc, lines)
            if command == .markDone || (command == .toggleDone && !done.isEmpty) {
                (label, edit) = (ItemAction.markDone.title, doc.workspaceEdit(orNil: done))
            } else {
                (label, edit) = (ItemAction.markNotDone.title, doc.workspaceEdit(orNil: markNotDoneEdits(doc, lines)))
            }
        case .moveToProject where arguments.count > 2 && arguments[2]["uri"].map { $0.stringValue != uri } == true:
            (label, edit) = try moveToOtherFile(doc, try lines(), target: arguments[2], command: name)
        case .convertToTask, .convertToNote, .convertToProject, .moveToProject, .sortByDue, .tagToday, .removeToday:
            let action = ItemAction(rawValue: String(name.dropFirst("taskpaper.".count)))!
            let edits: [TextReplacement]
            (label, edits) = try itemActionEdit(
                action, doc, try lines(), target: arguments.count > 2 ? arguments[2] : nil, command: name)
            edit = doc.workspaceEdit(orNil: edits)
        }
        if let edit { sendEdit(edit, label: label) }
        return JSONNull()
    }
}

extension OpenDocument {
    /// The lines a command argument names: an LSP range, or a position for its line.
    fileprivate func lines(ofArgument json: JSON?, command: String) throws(ResponseError) -> ClosedRange<Int> {
        guard let json else { throw .invalidParams("\(command) needs a range or a position as its second argument") }
        if json["start"] != nil { return lines(of: try ClientRange(json)) }
        let line = location(try ClientPosition(json)).line
        return line...line
    }
}
