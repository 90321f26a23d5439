/// Which inlay hints to show (`taskpaper.inlayHints`, the root README.md,
/// "Settings"): each kind on unless turned off.
public struct InlayHintSettings: Sendable, Hashable {
    /// `3 open · 2 done` after a project.
    public var projectCounts = true
    /// `in 3 days` after a future `@due`.
    public var dueDistance = true
    /// What is left of `maxLineLength` near a line's end.
    public var lineGauge = true

    public init() {}

    static let keys = ["projectCounts", "dueDistance", "lineGauge"]

    /// The keys present in `json` over `base`; nil when `json` is no object of
    /// booleans with known keys (then the base stays, as for any bad setting).
    static func from(_ json: JSON, over base: InlayHintSettings) -> InlayHintSettings? {
        guard let o = json.objectValue else { return nil }
        var s = base
        for (key, value) in o {
            guard let on = value.boolValue else { return nil }
            switch key {
            case "projectCounts": s.projectCounts = on
            case "dueDistance": s.dueDistance = on
            case "lineGauge": s.lineGauge = on
            default: return nil
            }
        }
        return s
    }
}
