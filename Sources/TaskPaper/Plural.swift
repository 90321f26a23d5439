/// A count with its noun, for messages: `1 day`, `3 days`, `1 item carries`.
public enum Plural {
    /// `plural` defaults to `singular` + "s".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        n == 1 ? "1 \(singular)" : "\(n) \(plural ?? singular + "s")"
    }
}
