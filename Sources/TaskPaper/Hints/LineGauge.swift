/// How a line's length stands against `maxLineLength`, in characters as a
/// person counts them: the inlay hint near the limit (`7 left`, `-3`).
public struct LineGauge: Sendable, Equatable {
    public var count: Int
    public var limit: Int

    /// How close to the limit a line must come to get a gauge.
    public static let window = 10

    /// Nil when the line is more than `window` characters short of the limit.
    public init?(text: String, syntax: LineSyntax, limit: Int) {
        guard limit > 0 else { return nil }
        let threshold = limit - LineGauge.window - 1
        guard let count = Characters.count(ofLine: text, syntax: syntax, ifOver: threshold) else { return nil }
        self.count = count
        self.limit = limit
    }

    public var label: String { count <= limit ? "\(limit - count) left" : "-\(count - limit)" }
    public var tooltip: String { "Line is \(count) characters long (limit \(limit))" }
}

extension Characters {
    /// A line's length in characters when it is over `threshold`, else nil.
    /// Bytes bound characters from above, so most lines are decided without
    /// counting: what `line-too-long` and the gauge both rely on.
    public static func count(ofLine text: String, syntax: LineSyntax, ifOver threshold: Int) -> Int? {
        guard Int(syntax.utf8Count) > threshold else { return nil }
        let count = Characters.count(text, isASCII: syntax.isASCII)
        return count > threshold ? count : nil
    }
}
