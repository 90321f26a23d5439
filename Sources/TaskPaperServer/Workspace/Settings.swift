import TaskPaper

/// The `taskpaper` settings (the root README.md, "Settings").
public struct Settings: Sendable, Hashable {
    public enum DoneFormat: String, Sendable, CaseIterable { case date, datetime, bare }
    /// Where "Archive done items" moves them: the document's `Archive:` project, or `NAME_archive.taskpaper`.
    public enum ArchivePlace: String, Sendable, CaseIterable { case project, file }
    /// What is reported for the workspace's files that are not open: nothing, what is due, or every finding.
    public enum WorkspaceDiagnostics: String, Sendable, CaseIterable { case off, due, all }

    /// `due-today` follows `workspaceDiagnostics`: on unless it is "off".
    public var lint: LintSettings = {
        var lint = LintSettings()
        lint.dueToday = true
        return lint
    }()
    public var indentWidth = IndentWidth.auto
    public var doneFormat = DoneFormat.date
    public var inlayHints = InlayHintSettings()
    public var archive = ArchivePlace.project
    public var workspaceDiagnostics = WorkspaceDiagnostics.due {
        didSet { lint.dueToday = workspaceDiagnostics != .off }
    }

    public init() {}

    /// Applies the keys present in `json` over `base` (the defaults, or the
    /// settings from `initializationOptions`). A value of the wrong type or
    /// range keeps the base value and is reported in `problems`.
    public static func from(_ json: JSON?, over base: Settings = Settings()) -> (settings: Settings, problems: [String])
    {
        var s = base, problems: [String] = []
        guard let json, !json.isNull else { return (s, []) }
        // Accept both `{maxLineLength: …}` and `{taskpaper: {maxLineLength: …}}`.
        let o = json["taskpaper"]?.objectValue ?? json.objectValue
        guard let o else { return (s, ["taskpaper settings must be an object"]) }

        func bad(_ key: String, _ expected: String, _ value: JSON) {
            var w = JSONWriter()
            value.write(to: &w)
            problems.append(
                "Setting taskpaper.\(key) must be \(expected), not \(String(decoding: w.bytes, as: UTF8.self)); using the default"
            )
        }
        if let v = o["maxLineLength"], !v.isNull {
            if let n = v.intValue, n >= 0 {
                s.lint.maxLineLength = n
            } else {
                bad("maxLineLength", "a whole number ≥ 0", v)
            }
        }
        if let v = o["indentWidth"], !v.isNull {
            if v.stringValue == "auto" {
                s.indentWidth = .auto
            } else if let n = v.intValue, n >= 1, n <= 16 {
                s.indentWidth = .spaces(n)
            } else {
                bad("indentWidth", "\"auto\" or a whole number from 1 to 16", v)
            }
        }
        if let v = o["dateTags"], !v.isNull {
            if let a = v.arrayValue, let names = Optional(a.compactMap(\.stringValue)), names.count == a.count,
                names.allSatisfy(TagScanner.isValidTagName)
            {
                s.lint.dateTags = Set(names)
            } else {
                bad("dateTags", "a list of tag names", v)
            }
        }
        if let v = o["doneFormat"], !v.isNull {
            if let f = v.stringValue.flatMap(DoneFormat.init(rawValue:)) {
                s.doneFormat = f
            } else {
                bad("doneFormat", "\"date\", \"datetime\" or \"bare\"", v)
            }
        }
        if let v = o["archive"], !v.isNull {
            if let place = v.stringValue.flatMap(ArchivePlace.init(rawValue:)) {
                s.archive = place
            } else {
                bad("archive", "\"project\" or \"file\"", v)
            }
        }
        if let v = o["workspaceDiagnostics"], !v.isNull {
            if let scope = v.stringValue.flatMap(WorkspaceDiagnostics.init(rawValue:)) {
                s.workspaceDiagnostics = scope
            } else {
                bad("workspaceDiagnostics", "\"off\", \"due\" or \"all\"", v)
            }
        }
        if let v = o["lineLengthNotes"], !v.isNull {
            if let b = v.boolValue { s.lint.lineLengthNotes = b } else { bad("lineLengthNotes", "true or false", v) }
        }
        if let v = o["overdue"], !v.isNull {
            if let b = v.boolValue { s.lint.overdue = b } else { bad("overdue", "true or false", v) }
        }
        if let v = o["inlayHints"], !v.isNull {
            if let h = InlayHintSettings.from(v, over: s.inlayHints) {
                s.inlayHints = h
            } else {
                bad("inlayHints", "an object of true or false for projectCounts, dueDistance, lineGauge", v)
            }
        }
        return (s, problems)
    }
}
