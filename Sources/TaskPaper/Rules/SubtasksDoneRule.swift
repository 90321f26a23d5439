/// `subtasks-done`: an open task whose subtasks are all done or cancelled, or a project whose tasks all
/// are (TaskPaper marks projects `@done` too). Every task below the item counts, however deep (a
/// subtask's subtasks, tasks under a note or a sub-project); notes and projects don't. A top-level
/// `Archive:` holds done items by design and gets none.
///
/// Unlike the line rules it reads the outline, so it is not a `LineRule`: a parent's finding follows its
/// children. After an edit, `linesToRecheck` names the items whose finding may have changed.
public enum SubtasksDoneRule {
    /// How a task line stands.
    enum TaskState: Equatable { case open, done, cancelled }

    /// The tasks of a subtree, by state.
    struct Tally {
        var open = 0, done = 0, cancelled = 0

        mutating func add(_ state: TaskState?) {
            switch state {
            case .open: open += 1
            case .done: done += 1
            case .cancelled: cancelled += 1
            case nil: break
            }
        }

        mutating func add(_ other: Tally) {
            open += other.open
            done += other.done
            cancelled += other.cancelled
        }
    }

    static func state(_ line: Line) -> TaskState? {
        let syntax = line.syntax
        guard syntax.kind == .task else { return nil }
        if syntax.knownTags.contains(.cancelled) { return .cancelled }
        return syntax.knownTags.contains(.done) ? .done : .open
    }

    /// An item that can be marked done: an open task, or an open project other than the archive.
    static func mayBeFinished(_ line: Line, depth: Int) -> Bool {
        switch line.syntax.kind {
        case .task: return !line.isClosed
        // The archive project as `ArchiveEdits` finds it.
        case .project: return !line.isClosed && !(depth == 0 && line.utf8Slice(line.syntax.contentRange) == "Archive:")
        case .note, .blank: return false
        }
    }

    static func diagnostic(_ line: Line, _ tally: Tally) -> LineDiagnostic? {
        let closed = tally.done + tally.cancelled
        guard tally.open == 0, closed > 0 else { return nil }
        let noun = line.syntax.kind == .project ? "task" : "subtask"
        let state = tally.cancelled == 0 ? "done" : tally.done == 0 ? "cancelled" : "done or cancelled"
        let message = closed == 1 ? "Its only \(noun) is \(state)" : "All \(Plural.count(closed, noun)) are \(state)"
        return LineDiagnostic(.subtasksDone, line.itemNameRange, message)
    }

    /// The finding on every line that has one, in line order (one pass).
    public static func findings(in lines: [Line], spacesPerLevel: Int) -> [(line: Int, diagnostic: LineDiagnostic)] {
        struct OpenItem {
            var line: Int, depth: Int, state: TaskState?, tally = Tally()
        }
        var out: [(line: Int, diagnostic: LineDiagnostic)] = []
        var stack: [OpenItem] = []
        func close() {
            let item = stack.removeLast()
            if mayBeFinished(lines[item.line], depth: item.depth),
                let d = diagnostic(lines[item.line], item.tally)
            {
                out.append((item.line, d))
            }
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].tally.add(item.tally)
            stack[stack.count - 1].tally.add(item.state)
        }
        for i in lines.indices where lines[i].syntax.kind != .blank {
            let depth = lines[i].syntax.depth(spacesPerLevel: spacesPerLevel)
            while let top = stack.last, top.depth >= depth { close() }
            stack.append(OpenItem(line: i, depth: depth, state: state(lines[i])))
        }
        while !stack.isEmpty { close() }
        out.sort { $0.line < $1.line }
        return out
    }

    /// The finding on line `index`: reads the item's subtree, up to its first open task.
    public static func finding(on index: Int, in lines: [Line], spacesPerLevel: Int) -> LineDiagnostic? {
        let line = lines[index]
        guard line.syntax.kind != .blank else { return nil }
        let depth = line.syntax.depth(spacesPerLevel: spacesPerLevel)
        guard mayBeFinished(line, depth: depth) else { return nil }
        var tally = Tally()
        for k in index + 1..<lines.count where lines[k].syntax.kind != .blank {
            guard lines[k].syntax.depth(spacesPerLevel: spacesPerLevel) > depth else { break }
            tally.add(state(lines[k]))
            if tally.open > 0 { return nil }
        }
        return diagnostic(line, tally)
    }

    /// The findings on `indices` (nil where a line has none); many lines are read in one pass.
    public static func findings(on indices: [Int], in lines: [Line], spacesPerLevel: Int) -> [LineDiagnostic?] {
        guard indices.count > 64 else {
            return indices.map { finding(on: $0, in: lines, spacesPerLevel: spacesPerLevel) }
        }
        var byLine: [Int: LineDiagnostic] = [:]
        for f in findings(in: lines, spacesPerLevel: spacesPerLevel) { byLine[f.line] = f.diagnostic }
        return indices.map { byLine[$0] }
    }

    /// The lines (numbered after the edit) whose finding `change` may have changed: its new lines and,
    /// when it changed the outline's shape (a depth, a task's state, a line added or removed), the items
    /// before it that held or now hold it. Items after it keep their subtrees. Nil when the indentation
    /// unit changed: every line's depth may have.
    public static func linesToRecheck(
        after change: LineChange, in lines: [Line], spacesPerLevel: Int, previousSpacesPerLevel: Int
    ) -> [Int]? {
        guard spacesPerLevel == previousSpacesPerLevel, change.removedLines.count == change.removed.count else {
            return nil
        }
        let inserted = change.inserted
        var recheck = Array(inserted)
        func shape(_ line: Line) -> (depth: Int, state: TaskState?) {
            line.syntax.kind == .blank ? (-1, nil) : (line.syntax.depth(spacesPerLevel: spacesPerLevel), state(line))
        }
        if change.removed.count == inserted.count,
            zip(change.removedLines, lines[inserted]).allSatisfy({ shape($0) == shape($1) })
        {
            return recheck
        }
        func firstDepth<C: Collection>(_ lines: C) -> Int? where C.Element == Line {
            lines.first { $0.syntax.kind != .blank }.map { $0.syntax.depth(spacesPerLevel: spacesPerLevel) }
        }
        let after = lines[inserted.upperBound...]
        let newDepth = firstDepth(lines[inserted]) ?? firstDepth(after) ?? Int.max
        let oldDepth = firstDepth(change.removedLines) ?? firstDepth(after) ?? Int.max
        // The ancestors of the edit's first item, as it was and as it is: the deeper one has them all.
        var threshold = max(newDepth, oldDepth)
        var i = inserted.lowerBound - 1
        while i >= 0, threshold > 0 {
            if lines[i].syntax.kind != .blank {
                let depth = lines[i].syntax.depth(spacesPerLevel: spacesPerLevel)
                if depth < threshold {
                    recheck.append(i)
                    threshold = depth
                }
            }
            i -= 1
        }
        return recheck
    }
}
