/// What a line is in the outline (SPEC 1: "Kinds of line").
public enum LineKind: UInt8, Sendable, Hashable {
    case blank, note, task, project
}
