/// Adding a task to a project from outside the document (`taskpaper-lsp add`).
public enum CaptureEdits {
    /// What adding a task does: the edit, and the line the task has once it is applied.
    public struct Capture: Sendable {
        public var replacements: [TextReplacement]
        public var line: Int
        /// The task as written, without its indentation.
        public var task: String
    }

    /// The task text as a task: trimmed, with `- ` in front unless it has it already. Nil when nothing is
    /// left to add or the text spans lines.
    public static func taskText(_ text: String) -> String? {
        guard !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        let body = text.trimmingBlanks
        guard !body.isEmpty, body != "-" else { return nil }
        return body.hasPrefix("- ") ? body : "- " + body
    }

    /// `task` (already a task, see `taskText`) as the last child of the project at `path`. The projects
    /// of the path that are missing are created under the deepest one that exists, as its last children,
    /// or at the top of the document when none does. Indented and ended as the document is.
    public static func capture(
        _ task: String, under path: [String], in lines: [Line], indentWidth: IndentWidth
    )
        -> Capture
    {
        let outline = Outline(lines: lines, indentWidth: indentWidth)
        // As unarchiving finds a path: projects inside a top-level `Archive:` are not candidates.
        let (parent, missing) = UnarchiveEdits.resolve(
            path, in: UnarchiveEdits.projectsByPath(outline, along: [path]))
        let indent = MoveEdits.indentation(outline, keeping: [])
        let firstDepth = parent.map { (outline.depth(of: $0) ?? 0) + 1 } ?? 0
        var newLines: [String] = []
        for (k, name) in missing.enumerated() {
            newLines.append(indent(firstDepth + k) + name + ":")
        }
        newLines.append(indent(firstDepth + newLines.count) + task)
        let at = parent.map { outline.subtreeEnd(of: $0) } ?? 0
        let isEmpty = lines.isEmpty || (lines.count == 1 && lines[0].utf8Count == 0)
        var replacements = LineSplice.replacements(
            [LineSplice(range: at..<at, newLines: newLines)], in: lines, ending: ArchiveEdits.documentEnding(lines))
        if isEmpty {
            // A new file ends its last line, as files on disk do.
            replacements[0].newText += ArchiveEdits.documentEnding(lines)
        }
        return Capture(replacements: replacements, line: at + newLines.count - 1, task: task)
    }
}
