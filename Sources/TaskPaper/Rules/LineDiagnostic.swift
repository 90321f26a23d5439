public enum Severity: Int, Sendable, Comparable {
    case error = 1, warning, information, hint
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var name: String {
        switch self {
        case .error: "error";
        case .warning: "warning";
        case .information: "info";
        case .hint: "hint"
        }
    }
}

/// The stable codes (the table in `Sources/TaskPaper/README.md`).
public enum DiagnosticCode: String, Sendable, CaseIterable {
    case dateMalformed = "date-malformed"
    case dateInvalid = "date-invalid"
    case rangeInverted = "range-inverted"
    case dateOverflow = "date-overflow"
    case tagValueUnbalanced = "tag-value-unbalanced"
    case tagReserved = "tag-reserved"
    case lineTooLong = "line-too-long"
    case overdue = "overdue"
    case dueToday = "due-today"
    case duplicateTag = "duplicate-tag"
    case projectTrailingSpace = "project-trailing-space"
    case searchMalformed = "search-malformed"
    case repeatMalformed = "repeat-malformed"
    case durationMalformed = "duration-malformed"
    case subtasksDone = "subtasks-done"

    public var severity: Severity {
        switch self {
        case .dateMalformed, .dateInvalid, .rangeInverted, .searchMalformed: .error
        case .dateOverflow, .tagValueUnbalanced, .tagReserved, .lineTooLong, .duplicateTag, .repeatMalformed,
            .durationMalformed:
            .warning
        case .overdue, .dueToday: .information
        case .projectTrailingSpace, .subtasksDone: .hint
        }
    }
}

/// A finding on one line; the range is in UTF-8 offsets of the line's text.
public struct LineDiagnostic: Sendable, Hashable {
    /// A rule that could fire many times on one line (a megabyte of `@a(b ` or of `@t @t`) reports
    /// the first ones only: each is a message for a person, and thousands would flood the editor.
    public static let maxPerRuleAndLine = 100

    public var code: DiagnosticCode
    public var range: Range<Int>
    public var message: String
    public var severity: Severity { code.severity }

    public init(_ code: DiagnosticCode, _ range: Range<Int>, _ message: String) {
        self.code = code
        self.range = range
        self.message = message
    }
}
