/// What a line is in the outline (`Sources/TaskPaper/README.md`, "Kinds of line").
public enum LineKind: UInt8, Sendable, Hashable {
    case blank, note, task, project
}
