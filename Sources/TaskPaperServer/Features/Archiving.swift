import TaskPaper

/// Archive done items to `NAME_archive.taskpaper` (setting `archive: "file"`), and Unarchive / Unarchive
/// and reopen: archived items back under their `@project` path, in this document (its `Archive:`
/// project) or, from an archive file, in the file it archives. Edits that span two files go through
/// `workspaceEdit(_:)` (Workspace/EditedDocuments.swift); the logic is TaskPaper's `ArchiveEdits` and
/// `UnarchiveEdits`.
extension Server {
    static let archiveSuffix = "_archive.taskpaper"

    /// `file:///notes/home_archive.taskpaper` for `file:///notes/home.taskpaper`; nil for a document that is
    /// an archive file itself or is not a `.taskpaper` file on disk (those archive to their `Archive:` project).
    static func archiveURI(of uri: String) -> String? {
        let lower = uri.lowercased()
        guard lower.hasPrefix("file://"), lower.hasSuffix(".taskpaper"), !lower.hasSuffix(archiveSuffix) else {
            return nil
        }
        return String(uri.dropLast(".taskpaper".count)) + archiveSuffix
    }

    /// The file an archive file archives: `home.taskpaper` for `home_archive.taskpaper`; nil for any other.
    static func archivedURI(of uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://"), uri.lowercased().hasSuffix(archiveSuffix) else { return nil }
        return String(uri.dropLast(archiveSuffix.count)) + ".taskpaper"
    }

    /// Where this document's done items go: another file, with the setting and a file to name it after.
    func archiveFile(of doc: OpenDocument) -> String? {
        settings.archive == .file ? Server.archiveURI(of: doc.uri) : nil
    }

    /// Archive done items to the archive file: one edit over this document and that file (created when
    /// missing). Nil when nothing is done.
    func archiveToFileEdit(_ doc: OpenDocument, archiveURI: String) throws(ResponseError) -> WorkspaceEdit? {
        guard ArchiveEdits.hasItemsToArchive(outline(doc)) else { return nil }
        guard let source = editedDocument(doc.uri), let archive = editedDocument(archiveURI, creating: true) else {
            throw .requestFailed("\(ItemAction.archiveDone.title): cannot read \(archiveURI)")
        }
        let edits = ArchiveEdits.archiveDone(
            source.lines, toFile: archive.isNew ? nil : archive.lines, indentWidth: settings.indentWidth)
        return try workspaceEdit([(source, edits.source), (archive, edits.archive)])
    }

    /// Unarchive (or Unarchive and reopen) the archived items the lines touch. In this document's `Archive:`
    /// project: the edit, offered with the code action. In an archive file: the items go to the file it
    /// archives, read here, when the command runs (`unarchiveCodeActions` offers the command).
    func unarchiveEdit(
        _ doc: OpenDocument, _ lines: ClosedRange<Int>, reopen: Bool
    ) throws(ResponseError) -> WorkspaceEdit? {
        let outline = outline(doc)
        let items = UnarchiveEdits.archivedItems(outline, in: lines)
        guard !items.isEmpty else { return nil }
        guard let targetURI = Server.archivedURI(of: doc.uri) else {
            return doc.workspaceEdit(orNil: UnarchiveEdits.unarchive(outline, items: items, reopen: reopen))
        }
        guard let archive = editedDocument(doc.uri), let target = editedDocument(targetURI, creating: true) else {
            throw .requestFailed("Unarchive: cannot read \(targetURI)")
        }
        let edits = UnarchiveEdits.unarchive(
            from: outline, items: items,
            into: Outline(document: target.snapshot.text, indentWidth: settings.indentWidth), reopen: reopen)
        return try workspaceEdit([(archive, edits.archive), (target, edits.target)])
    }

    /// The Unarchive actions on the lines: with their edit in a document's own archive, as commands in an
    /// archive file (the other file is read only if one is chosen).
    func unarchiveCodeActions(_ doc: OpenDocument, _ lines: ClosedRange<Int>) -> [CodeAction] {
        guard !UnarchiveEdits.archivedItems(outline(doc), in: lines).isEmpty else { return [] }
        return [ItemAction.unarchive, .unarchiveAndReopen].compactMap { action in
            let reopen = action == .unarchiveAndReopen
            if Server.archivedURI(of: doc.uri) != nil {
                let command = reopen ? TaskCommand.unarchiveAndReopen : .unarchive
                return CodeAction(
                    title: action.title, kind: "refactor.move",
                    command: LSPCommand(
                        title: action.title, command: command.rawValue,
                        arguments: [.string(doc.uri), doc.wholeLinesJSON(lines)]))
            }
            guard let edit = try? unarchiveEdit(doc, lines, reopen: reopen) else { return nil }
            return CodeAction(title: action.title, kind: "refactor.move", edit: edit)
        }
    }
}
