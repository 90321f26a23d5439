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
        return offeredItemActions(doc, lines).compactMap { offered in
            let kind = offered.action.codeActionKind
            guard wanted(kind) else { return nil }
            return CodeAction(title: offered.title, kind: kind, edit: doc.workspaceEdit(offered.replacements))
        }
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
    /// line, or its path as the title shows it: `Work / Errands`), or else to the nearest project.
    func itemActionEdit(
        _ action: ItemAction, _ doc: OpenDocument, _ lines: ClosedRange<Int>, target: JSON?, command: String
    ) throws(ResponseError) -> (label: String, edits: [TextReplacement]) {
        var offered = offeredItemActions(doc, lines).filter { $0.action == action }
        if action == .moveToProject, let target, !target.isNull {
            if let line = target.intValue {
                offered = offered.filter { $0.targetProject == line }
            } else if let path = target.stringValue {
                offered = offered.filter { $0.title == ItemAction.moveTitle(projectPath: [path]) }
            } else {
                throw .invalidParams("\(command): the target is a project's line or its path")
            }
        }
        guard let first = offered.first else { return (action.title, []) }
        return (first.title, first.replacements)
    }
}
