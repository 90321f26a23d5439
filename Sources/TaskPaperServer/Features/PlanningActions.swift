import TaskPaper

/// The planning code actions (see `Sources/TaskPaper/README.md`, "Planning" and "Time"): Mark as
/// cancelled, Start and Stop, the rescheduling actions on the selected tasks, and the whole-document
/// Move overdue to today. `codeActions` asks for them after the done actions.
extension Server {
    static let rescheduleOverdueKind = "source.rescheduleOverdue"

    func planningActions(
        _ doc: OpenDocument, _ lines: ClosedRange<Int>, wanted: (String) -> Bool,
        lightbulb: Bool
    ) -> [CodeAction] {
        var actions: [CodeAction] = []
        let clock = now()
        if wanted("refactor.rewrite") {
            let cancelled = DoneEdits.markCancelled(doc.text.lines, in: lines, tag: cancelledTag)
            if !cancelled.isEmpty {
                actions.append(
                    CodeAction(
                        title: ItemAction.markCancelled.title, kind: "refactor.rewrite",
                        edit: doc.workspaceEdit(cancelled)))
            }
            for (title, edits) in [
                (TimeEdits.startTitle, TimeEdits.start(doc.text.lines, in: lines, clock: clock)),
                (TimeEdits.stopTitle, TimeEdits.stop(doc.text.lines, in: lines, clock: clock)),
            ] where !edits.isEmpty {
                actions.append(CodeAction(title: title, kind: "refactor.rewrite", edit: doc.workspaceEdit(edits)))
            }
            for action in Reschedule.allCases {
                let edits = Reschedule.replacements(action, doc.text.lines, in: lines, clock: clock)
                if !edits.isEmpty {
                    actions.append(
                        CodeAction(
                            title: action.title, kind: "refactor.rewrite",
                            edit: doc.workspaceEdit(edits)))
                }
            }
        }
        // Whole-document, like archiving: not for the lightbulb on every cursor move.
        if wanted(Server.rescheduleOverdueKind), !lightbulb {
            let overdue = Reschedule.moveOverdueToToday(doc.text.lines, clock: clock)
            if !overdue.isEmpty {
                actions.append(
                    CodeAction(
                        title: Reschedule.moveOverdueTitle, kind: Server.rescheduleOverdueKind,
                        edit: doc.workspaceEdit(overdue)))
            }
        }
        return actions
    }

    /// Mark as done: a repeating task also gets its next occurrence above it, a started task its
    /// `@lasted` (as Stop writes it). A next occurrence past the year 9999 makes no edit, so the action
    /// is not offered.
    func repeatingMarkDoneEdits(_ doc: OpenDocument, _ lines: ClosedRange<Int>, doneTag: String) -> [TextReplacement] {
        let result = TimeEdits.markDoneRecordingTime(
            doc.text.lines, in: lines, indentWidth: settings.indentWidth, doneTag: doneTag,
            clock: now(), outline: outline(doc))
        if case .success(let edits) = result { return edits }
        return []
    }

    /// `@cancelled` in the format `doneFormat` gives `@done`.
    private var cancelledTag: String {
        let clock = now()
        switch settings.doneFormat {
        case .date: return DoneEdits.cancelledTag(date: clock.today)
        case .datetime: return DoneEdits.cancelledTag(date: clock.today, time: clock.now)
        case .bare: return DoneEdits.cancelledTag(date: nil)
        }
    }
}

extension Server {
    /// Hover on `@repeat` (the rule in words, the next date) and on the start date
    /// of a task that cannot start yet. Nil for other tags.
    func planningHover(_ line: Line, tagName: String, clock: LintClock) -> [HoverText]? {
        if tagName == "repeat" { return RepeatEdits.hoverText(for: line, clock: clock).map { [.plain($0)] } }
        guard StartDates.tagNames.contains(tagName),
            let start = StartDates.deferredUntil(line, clock: clock)
        else { return nil }
        return [.plain("Not available yet: " + StartDates.startsIn(start, today: clock.today))]
    }
}
