/// The task counts of every project, from one pass over the outline: running
/// totals per line, so a project's counts are the difference across its
/// subtree. Built once per document version, then each project line costs
/// two lookups, whatever the document's size or depth.
public struct ProjectTaskCounts: Sendable {
    private let outline: Outline
    /// Per category, the number of such tasks on lines before index `i` (one more entry than lines).
    private let openBefore: [Int32], doneBefore: [Int32], cancelledBefore: [Int32]
    /// Seconds, the same way: open tasks' estimates, done tasks' estimates, `@lasted`. Empty when no task of
    /// the document has a time tag (most documents: no memory spent on them).
    private let openEstimateBefore: [Int], doneEstimateBefore: [Int], lastedBefore: [Int]

    public init(outline: Outline) {
        let n = outline.lineCount
        var open = [Int32](repeating: 0, count: n + 1)
        var done = open, cancelled = open
        var openEstimate: [Int] = [], doneEstimate: [Int] = [], lasted: [Int] = []
        for i in 0..<n {
            if !openEstimate.isEmpty {
                openEstimate[i + 1] = openEstimate[i]
                doneEstimate[i + 1] = doneEstimate[i]
                lasted[i + 1] = lasted[i]
            }
            open[i + 1] = open[i]
            done[i + 1] = done[i]
            cancelled[i + 1] = cancelled[i]
            let line = outline.lines[i]
            guard line.syntax.kind == .task else { continue }
            let time = ItemTime(of: line)
            if time.estimate != nil || time.lasted != nil {
                if openEstimate.isEmpty {
                    openEstimate = [Int](repeating: 0, count: n + 1)
                    (doneEstimate, lasted) = (openEstimate, openEstimate)
                }
                let estimate = time.estimate?.seconds ?? 0
                if line.state == .open { openEstimate[i + 1] += estimate }
                if line.state == .done { doneEstimate[i + 1] += estimate }
                lasted[i + 1] += time.lasted?.seconds ?? 0
            }
            switch line.state {
            case .open: open[i + 1] += 1
            case .done: done[i + 1] += 1
            case .cancelled: cancelled[i + 1] += 1
            }
        }
        self.outline = outline
        openBefore = open
        doneBefore = done
        cancelledBefore = cancelled
        openEstimateBefore = openEstimate
        doneEstimateBefore = doneEstimate
        lastedBefore = lasted
    }

    /// The counts of the tasks under a project line; nil when the line is no project.
    public func counts(ofProject line: Int) -> TaskCounts? {
        guard line >= 0, line < outline.lineCount, outline.lines[line].syntax.kind == .project else { return nil }
        let a = line + 1, b = outline.subtreeEnd(of: line)
        return TaskCounts(
            open: Int(openBefore[b] - openBefore[a]), done: Int(doneBefore[b] - doneBefore[a]),
            cancelled: Int(cancelledBefore[b] - cancelledBefore[a]))
    }

    /// The estimates and `@lasted` of the tasks under a project line; nil when the line is no project or
    /// none of its tasks has any.
    public func time(ofProject line: Int) -> ProjectTime? {
        guard !lastedBefore.isEmpty, line >= 0, line < outline.lineCount,
            outline.lines[line].syntax.kind == .project
        else { return nil }
        let a = line + 1, b = outline.subtreeEnd(of: line)
        let time = ProjectTime(
            openEstimate: TimeSpan(seconds: openEstimateBefore[b] - openEstimateBefore[a]),
            doneEstimate: TimeSpan(seconds: doneEstimateBefore[b] - doneEstimateBefore[a]),
            lasted: TimeSpan(seconds: lastedBefore[b] - lastedBefore[a]))
        return time.isEmpty ? nil : time
    }
}

/// A project's time (`Sources/TaskPaper/README.md`, Time): what its tasks were estimated to take and took.
public struct ProjectTime: Sendable, Hashable {
    public var openEstimate: TimeSpan
    public var doneEstimate: TimeSpan
    public var lasted: TimeSpan

    public var isEmpty: Bool { openEstimate == .zero && doneEstimate == .zero && lasted == .zero }

    /// `est 4h30m · 2h10m spent` (open and done estimates together), each part only when it is not zero.
    public var label: String {
        var parts: [String] = []
        let estimate = openEstimate + doneEstimate
        if estimate != .zero { parts.append("est \(estimate)") }
        if lasted != .zero { parts.append("\(lasted) spent") }
        return parts.joined(separator: " · ")
    }

    /// The hover's breakdown: what is left, and the done tasks' estimate against the time they took.
    public var breakdown: [String] {
        [
            "Open: \(openEstimate) estimated, left to do",
            "Done: \(doneEstimate) estimated, \(lasted) spent",
        ]

    }
}
