/// The actions on items an editor offers (code actions and commands), with
/// the one title each is shown under. The server names its actions from here.
public enum ItemAction: String, Sendable, CaseIterable {
    case markDone, markNotDone, markCancelled, archiveDone
    case convertToTask, convertToNote, convertToProject
    case moveToProject, sortByDue, tagToday, removeToday
    case unarchive, unarchiveAndReopen
    case format

    public var title: String {
        switch self {
        case .markDone: "Mark as done"
        case .markNotDone: "Mark as not done"
        case .markCancelled: "Mark as cancelled"
        case .archiveDone: "Archive done items"
        case .convertToTask: "Convert to task"
        case .convertToNote: "Convert to note"
        case .convertToProject: "Convert to project"
        case .moveToProject: "Move to project"
        case .sortByDue: "Sort by due date"
        case .tagToday: "Tag with @today"
        case .removeToday: "Remove @today"
        case .unarchive: "Unarchive"
        case .unarchiveAndReopen: "Unarchive and reopen"
        case .format: "Format document"
        }
    }

    /// The title of moving to one project, named by its path: `Move to Work / Errands`.
    public static func moveTitle(projectPath: [String]) -> String {
        "Move to \(projectPath.joined(separator: " / "))"
    }

    /// Moving to a project of another file: `Move to Work / Errands (work.taskpaper)`.
    public static func moveTitle(projectPath: String, fileName: String) -> String {
        "Move to \(projectPath) (\(fileName))"
    }

    /// The conversion to a kind (nil for blank).
    public static func convert(to kind: LineKind) -> ItemAction? {
        switch kind {
        case .task: .convertToTask
        case .note: .convertToNote
        case .project: .convertToProject
        case .blank: nil
        }
    }
}
