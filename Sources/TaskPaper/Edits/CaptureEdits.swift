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
        let trimmed = text.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
        let body = String(trimmed.reversed())
        guard !body.isEmpty, body != "-" else { return nil }
        return body.hasPrefix("- ") ? body : "- " + body
    }

    /// `Work / Errands` as the names it holds; nil when one of them is empty.
    public static func projectPath(_ text: String) -> [String]? {
        let names = text.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        }
        return names.contains(where: \.isEmpty) ? nil : names
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
        let known = MoveEdits.projectPaths(outline)
        var existing = 0
        var parent: Int?
        for depth in stride(from: path.count, to: 0, by: -1) {
            let prefix = Array(path.prefix(depth))
            if let found = known.first(where: { $0.path == prefix }) {
                (existing, parent) = (depth, found.line)
                break
            }
        }
        let indent = MoveEdits.indentation(outline, keeping: [])
        let firstDepth = parent.map { (outline.depth(of: $0) ?? 0) + 1 } ?? 0
        var newLines: [String] = []
        for (k, name) in path.dropFirst(existing).enumerated() {
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
