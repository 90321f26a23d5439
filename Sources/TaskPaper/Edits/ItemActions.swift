/// One item action ready to offer: its title and its edit.
public struct OfferedAction: Sendable, Hashable {
    public var action: ItemAction
    public var title: String
    /// For `moveToProject`, the project's line; nil otherwise.
    public var targetProject: Int?
    public var replacements: [TextReplacement]
}

/// The item actions that change something on a selection of lines, each with
/// its edit: what a code-action request offers. Conversions and `@today` act
/// on every item in the lines; sorting on the project of the first line;
/// moving on the selected items (each with its subtree), once per target.
public enum ItemActions {
    public static func offered(
        _ outline: Outline, lines range: ClosedRange<Int>, clock: LintClock,
        moveLimit: Int = 20
    ) -> [OfferedAction] {
        let lines = outline.lines
        guard !lines.isEmpty else { return [] }
        let range = range.clamped(to: 0...lines.count - 1)
        var out: [OfferedAction] = []
        func offer(_ action: ItemAction, _ edits: [TextReplacement]) {
            if !edits.isEmpty { out.append(OfferedAction(action: action, title: action.title, replacements: edits)) }
        }
        for kind in [LineKind.task, .note, .project] {
            offer(ItemAction.convert(to: kind)!, ConvertEdits.convert(lines, in: range, to: kind))
        }
        offer(.tagToday, TagEdits.addTag(named: "today", lines, in: range))
        offer(.removeToday, TagEdits.removeTag(named: "today", lines, in: range))
        if let project = SortEdits.project(containing: range.lowerBound, in: outline) {
            offer(.sortByDue, SortEdits.sortByDue(outline, project: project, clock: clock))
        }
        let items = MoveEdits.movedItems(outline, in: range)
        let targets = MoveEdits.targets(outline, moving: items, limit: moveLimit)
        for (target, edits) in zip(targets, MoveEdits.moves(outline, items: items, to: targets)) where !edits.isEmpty {
            let path = outline.projectPath(of: target) + [lines[target].itemName]
            out.append(
                OfferedAction(
                    action: .moveToProject, title: ItemAction.moveTitle(projectPath: path),
                    targetProject: target, replacements: edits))
        }
        return out
    }
}
