import TaskPaper

/// textDocument/codeAction: quick fixes, mark done / not done, the item
/// actions (Features/ItemActionOffers.swift), planning actions, and archive.
/// Every action carries its edit. The edits themselves are computed
/// in TaskPaper/Edits; this file picks them for a range and speaks LSP.
extension Provider {
    static let codeActions = Provider("codeActionProvider") { _ in
        JSONObject { w in
            w.key("codeActionKinds"); Server.codeActionKinds.write(to: &w)
            w.key("resolveProvider"); w.bool(false)
        }
    }
}

/// What an archive edit depends on besides the text's version.
struct ArchiveKey: Equatable {
    var generation: Int
    var indentWidth: IndentWidth
}

extension Server {
    static let codeActionKinds = [
        "quickfix", "refactor.rewrite", "refactor.move", "source.archiveDone", Server.rescheduleOverdueKind,
    ]
    /// A selection of this many lines answers in a few milliseconds.
    static let lightbulbLineLimit = 1_000

    func codeActions(_ params: CodeActionParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let lines = doc.lines(of: params.range)
        let only = params.only
        // Editors ask on every cursor or selection move to decide on a lightbulb (automatic, no
        // `only`); that answer must stay cheap, so it leaves out the whole-document archive and
        // long selections. Asking explicitly, or with `only` (as on save), gets everything.
        let lightbulb = params.triggerKind == .automatic && only == nil
        if lightbulb, lines.count > Server.lightbulbLineLimit { return [CodeAction]() }
        // `only: ["source"]` asks for `source.archiveDone` too: kinds are dot-separated hierarchies.
        func wanted(_ kind: String) -> Bool {
            only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
        }
        var actions: [CodeAction] = []
        let done = wanted("refactor.rewrite") ? markDoneEdits(doc, lines) : []
        // One Mark as done an answer: a selection's marks the hinted tasks too; on one line the hint's fix is it.
        if wanted("quickfix") {
            actions += quickFixActions(doc, lines, subtasksDoneFix: lines.count == 1 || done.isEmpty)
        }
        let markedByFix = actions.contains { $0.kind == "quickfix" && $0.title == ItemAction.markDone.title }
        if wanted("refactor.rewrite") {
            if !done.isEmpty, !markedByFix {
                actions.append(
                    CodeAction(
                        title: ItemAction.markDone.title, kind: "refactor.rewrite", edit: doc.workspaceEdit(done)))
            }
            let notDone = markNotDoneEdits(doc, lines)
            if !notDone.isEmpty {
                actions.append(
                    CodeAction(
                        title: ItemAction.markNotDone.title, kind: "refactor.rewrite", edit: doc.workspaceEdit(notDone))
                )
            }
        }
        actions += planningActions(doc, lines, wanted: wanted, lightbulb: lightbulb)
        actions += itemActionCodeActions(doc, lines, wanted: wanted)
        if wanted("refactor.move") { actions += unarchiveCodeActions(doc, lines) }
        if wanted("source.archiveDone"), !lightbulb {
            let title = ItemAction.archiveDone.title
            if archiveFile(of: doc) == nil {
                let archive = archiveEdits(doc)
                if !archive.isEmpty {
                    actions.append(
                        CodeAction(title: title, kind: "source.archiveDone", edit: doc.workspaceEdit(archive)))
                }
            } else if ArchiveEdits.hasItemsToArchive(outline(doc)) {
                // To a file: the command reads (or creates) the archive file when chosen (Features/Archiving.swift).
                actions.append(
                    CodeAction(
                        title: title, kind: "source.archiveDone",
                        command: LSPCommand(
                            title: title, command: TaskCommand.archiveDone.rawValue, arguments: [.string(doc.uri)])))
            }
        }
        return actions
    }

    /// The fixes for every diagnostic on the lines, and zero-padding, which no diagnostic asks for.
    private func quickFixActions(
        _ doc: OpenDocument, _ lines: ClosedRange<Int>, subtasksDoneFix: Bool
    ) -> [CodeAction] {
        var fixes: [(line: Int, QuickFix)] = []
        for line in lines where line < doc.lineCount {
            let analyzed = doc.analyzedLine(line)
            for diagnostic in doc.results[line].diagnostics {
                fixes += QuickFixes.fixes(for: diagnostic, on: analyzed, index: line).map { (line, $0) }
                if subtasksDoneFix, diagnostic.code == .subtasksDone,
                    let fix = QuickFixes.markDone(diagnostic, replacements: subtasksDoneEdits(doc, line))
                {
                    fixes.append((line, fix))
                }
            }
            fixes += QuickFixes.zeroPad(on: analyzed, index: line).map { (line, $0) }
        }
        return fixes.map { line, fix in
            let attached = fix.diagnostic.map {
                [LSPDiagnostic(range: doc.lspRange(line: line, $0.range), diagnostic: $0)]
            }
            return CodeAction(
                title: fix.title, kind: "quickfix", diagnostics: attached ?? [],
                isPreferred: fix.isPreferred, edit: doc.workspaceEdit(fix.replacements))
        }
    }

    // MARK: The task edits, shared with workspace/executeCommand

    func markDoneEdits(_ doc: OpenDocument, _ lines: ClosedRange<Int>) -> [TextReplacement] {
        repeatingMarkDoneEdits(doc, lines, doneTag: doneTag)
    }

    /// Mark as done for `subtasks-done`'s fix: a project too (TaskPaper marks projects `@done`).
    private func subtasksDoneEdits(_ doc: OpenDocument, _ line: Int) -> [TextReplacement] {
        let item = doc.line(line)
        if item.syntax.kind == .project { return DoneEdits.markProjectDone(item, index: line, tag: doneTag) }
        return markDoneEdits(doc, line...line)
    }

    func markNotDoneEdits(_ doc: OpenDocument, _ lines: ClosedRange<Int>) -> [TextReplacement] {
        DoneEdits.markNotDone(doc.text.lines, in: lines)
    }

    /// Computed once per document version (kept on the document).
    func archiveEdits(_ doc: OpenDocument) -> [TextReplacement] {
        let key = ArchiveKey(generation: doc.generation, indentWidth: settings.indentWidth)
        if let cached = doc.archiveEdits, cached.key == key { return cached.edits }
        let edits = ArchiveEdits.archiveDone(doc.text.lines, indentWidth: settings.indentWidth)
        doc.archiveEdits = (key, edits)
        return edits
    }

    /// `@done` as `doneFormat` asks, stamped with the local time now.
    private var doneTag: String {
        let clock = now()
        switch settings.doneFormat {
        case .date: return DoneEdits.doneTag(date: clock.today)
        case .datetime: return DoneEdits.doneTag(date: clock.today, time: clock.now)
        case .bare: return DoneEdits.doneTag(date: nil)
        }
    }
}

/// A code action carries its edit, or, when the edit spans other files (read from disk only if
/// chosen), the command that makes it.
struct CodeAction: JSONEncodable {
    var title: String
    var kind: String
    var diagnostics: [LSPDiagnostic] = []
    var isPreferred = false
    var edit: WorkspaceEdit?
    var command: LSPCommand?

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("title"); w.string(title)
            w.key("kind"); w.string(kind)
            if !diagnostics.isEmpty { w.key("diagnostics"); diagnostics.write(to: &w) }
            if isPreferred { w.key("isPreferred"); w.bool(true) }
            if let edit { w.key("edit"); edit.write(to: &w) }
            if let command { w.key("command"); command.write(to: &w) }
        }
    }
}

/// An LSP `Command`: one of ours (Features/Commands.swift) with its arguments.
struct LSPCommand: JSONEncodable {
    var title: String
    var command: String
    var arguments: [JSON]

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("title"); w.string(title)
            w.key("command"); w.string(command)
            w.key("arguments"); arguments.write(to: &w)
        }
    }
}
