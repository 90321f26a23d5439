/// Open, done and cancelled tasks under an item (for project counts).
public struct TaskCounts: Sendable, Hashable {
    public var open = 0
    public var done = 0
    public var cancelled = 0

    public init(open: Int = 0, done: Int = 0, cancelled: Int = 0) {
        self.open = open
        self.done = done
        self.cancelled = cancelled
    }

    /// The tasks among `lines` (a subtree, without its head, or a whole document).
    public init<Lines: Sequence>(_ lines: Lines) where Lines.Element == Line {
        for line in lines where line.syntax.kind == .task {
            switch line.state {
            case .open: open += 1
            case .done: done += 1
            case .cancelled: cancelled += 1
            }
        }
    }

    /// `3 open · 2 done`, with `· 1 cancelled` only when there are some; nil when there are no tasks.
    public var label: String? {
        guard open + done + cancelled > 0 else { return nil }
        return "\(open) open · \(done) done" + (cancelled > 0 ? " · \(cancelled) cancelled" : "")
    }
}
