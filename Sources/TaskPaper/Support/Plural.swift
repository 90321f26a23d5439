/// A count with its noun, for messages: `1 day`, `3 days`, `1 item carries`.
public enum Plural {
    /// `plural` defaults to `singular` + "s". Inlinable: completion labels every item with a count.
    @inlinable
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        if n == 1 { return "1 \(singular)" }
        if let plural { return "\(n) \(plural)" }
        return "\(n) \(singular)s"
    }
}
