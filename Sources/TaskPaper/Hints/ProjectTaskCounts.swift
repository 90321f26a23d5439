/// The task counts of every project, from one pass over the outline: running
/// totals per line, so a project's counts are the difference across its
/// subtree. Built once per document version, then each project line costs
/// two lookups, whatever the document's size or depth.
public struct ProjectTaskCounts: Sendable {
    private let outline: Outline
    /// Per category, the number of such tasks on lines before index `i` (one more entry than lines).
    private let openBefore: [Int32], doneBefore: [Int32], cancelledBefore: [Int32]

    public init(outline: Outline) {
        let n = outline.lineCount
        var open = [Int32](repeating: 0, count: n + 1)
        var done = open, cancelled = open
        for i in 0..<n {
            open[i + 1] = open[i]
            done[i + 1] = done[i]
            cancelled[i + 1] = cancelled[i]
            let line = outline.lines[i]
            guard line.syntax.kind == .task else { continue }
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
    }

    /// The counts of the tasks under a project line; nil when the line is no project.
    public func counts(ofProject line: Int) -> TaskCounts? {
        guard line >= 0, line < outline.lineCount, outline.lines[line].syntax.kind == .project else { return nil }
        let a = line + 1, b = outline.subtreeEnd(of: line)
        return TaskCounts(
            open: Int(openBefore[b] - openBefore[a]), done: Int(doneBefore[b] - doneBefore[a]),
            cancelled: Int(cancelledBefore[b] - cancelledBefore[a]))
    }
}
