/// Closing a task: `@done` or `@cancelled`. Both close it the same way (no
/// `overdue`, archived with done items); counts keep them apart.
/// See `Sources/TaskPaper/README.md`, "Planning".
public enum ItemState: Sendable, Hashable {
    case open, done, cancelled
}

extension Line {
    public var isCancelled: Bool { syntax.knownTags.contains(.cancelled) }
    /// Done or cancelled.
    public var isClosed: Bool { !syntax.knownTags.isDisjoint(with: .closing) }
    /// `done` wins when an item has both tags.
    public var state: ItemState { isDone ? .done : isCancelled ? .cancelled : .open }
}

extension DoneEdits {
    /// How `@cancelled` is written, in the same format as `@done` (`doneFormat` applies).
    public static func cancelledTag(date: CivilDate?, time: TimeOfDay? = nil) -> String {
        "@cancelled" + doneTag(date: date, time: time).dropFirst("@done".count)
    }

    /// Whether `markCancelled` would change the line: an open task whose tag values all close.
    public static func canMarkCancelled(_ line: Line) -> Bool {
        line.syntax.kind == .task && line.syntax.unbalancedTagStart < 0 && !line.isClosed
    }

    /// Whether `markNotDone` would change the line: it is done or cancelled.
    public static func canMarkNotDone(_ line: Line) -> Bool { line.isClosed }

    /// Appends ` <tag>` (from `cancelledTag`) to every open task in `lines[range]`,
    /// before any trailing white space.
    public static func markCancelled(_ lines: [Line], in range: ClosedRange<Int>, tag: String) -> [TextReplacement] {
        guard !lines.isEmpty else { return [] }
        return range.clamped(to: 0...lines.count - 1).compactMap { i -> TextReplacement? in
            guard canMarkCancelled(lines[i]) else { return nil }
            let end = trimmedEnd(lines[i])
            return TextReplacement(line: i, end..<end, " " + tag)
        }
    }
}
