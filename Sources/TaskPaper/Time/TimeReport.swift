/// What got done in a window of days, across documents, with its time: `taskpaper-lsp report`
/// (`Sources/TaskPaper/README.md`, Time).
public struct TimeReport: Sendable, Hashable {
    public enum Grouping: String, Sendable, CaseIterable { case day, project }

    /// A done task.
    public struct Entry: Sendable, Hashable {
        public var document: Int
        public var line: Int
        /// The `@done` day; nil when its value is no date (only in an unbounded report).
        public var day: CivilDate?
        /// `@project(A / B)` as archiving wrote it, else the enclosing projects joined with ` / `; empty
        /// for a task under no project.
        public var project: String
        /// The task's name (`Line.itemName`: no marker, no trailing tags).
        public var text: String
        public var time: ItemTime
    }

    public struct Group: Sendable, Hashable {
        /// The day (`2026-11-20`) or the project path (`(no project)` for none).
        public var title: String
        public var entries: [Entry]
        /// The sum of its tasks' estimates; nil when none has one.
        public var estimate: TimeSpan? { sum(\.estimate) }
        /// The sum of its tasks' `@lasted`; nil when none has one.
        public var lasted: TimeSpan? { sum(\.lasted) }

        private func sum(_ part: KeyPath<ItemTime, TimeSpan?>) -> TimeSpan? {
            entries.reduce(nil) { total, entry in
                guard let span = entry.time[keyPath: part] else { return total }
                return (total ?? .zero) + span
            }
        }
    }

    public var groups: [Group]
    /// Open tasks (neither done nor cancelled) with an estimate, and the estimates' sum.
    public var openCount: Int
    public var openEstimate: TimeSpan

    public var doneCount: Int { groups.reduce(0) { $0 + $1.entries.count } }

    public static let noProject = "(no project)"

    /// Done tasks whose `@done` day lies in `since...until` (either end open when nil); a `@done` without
    /// a readable date is in no window but the unbounded one, where it comes last by day (`undated`). Days run oldest first; projects in the order they first appear.
    public static func make(
        _ documents: [[Line]], since: CivilDate?, until: CivilDate?, by grouping: Grouping, clock: LintClock
    ) -> TimeReport {
        var entries: [Entry] = [], undated: [Entry] = []
        var openCount = 0, openEstimate = TimeSpan.zero
        for (d, lines) in documents.enumerated() {
            var outline: Outline?
            for (i, line) in lines.enumerated() where line.syntax.kind == .task {
                if !line.isClosed {
                    if let estimate = ItemTime(of: line).estimate {
                        openCount += 1
                        openEstimate += estimate
                    }
                    continue
                }
                guard line.isDone, let doneTag = line.syntax.firstTagIndex(.done, in: line) else { continue }
                let done = line.syntax.tags[doneTag].payloadRange.flatMap { range in
                    if case .success(let value) = DateValue.parse(line.utf8Slice(range), clock: clock) {
                        value.start.date
                    } else {
                        nil
                    }
                }
                if let done {
                    if let since, done < since { continue }
                    if let until, until < done { continue }
                } else if since != nil || until != nil {
                    continue
                }
                if outline == nil { outline = Outline(lines: lines, indentWidth: .auto) }
                let entry = Entry(
                    document: d, line: i, day: done, project: project(of: i, in: lines, outline!),
                    text: line.itemName, time: ItemTime(of: line))
                if done == nil { undated.append(entry) } else { entries.append(entry) }
            }
        }
        var groups: [Group] = []
        switch grouping {
        case .day:
            // Indices sorted, not entries (each holds strings); stable: entries already run in document order.
            let order = entries.indices.sorted { a, b in
                entries[a].day! != entries[b].day! ? entries[a].day! < entries[b].day! : a < b
            }
            for k in order {
                let entry = entries[k], title = entry.day!.description
                if groups.last?.title == title {
                    groups[groups.count - 1].entries.append(entry)
                } else {
                    groups.append(Group(title: title, entries: [entry]))
                }
            }
            if !undated.isEmpty { groups.append(Group(title: "undated", entries: undated)) }
        case .project:
            var index: [String: Int] = [:]
            for entry in entries + undated {
                let title = entry.project.isEmpty ? noProject : entry.project
                if let k = index[title] {
                    groups[k].entries.append(entry)
                } else {
                    index[title] = groups.count
                    groups.append(Group(title: title, entries: [entry]))
                }
            }
        }
        return TimeReport(groups: groups, openCount: openCount, openEstimate: openEstimate)
    }

    /// The archived path when the task carries one, else its projects in the outline.
    private static func project(of line: Int, in lines: [Line], _ outline: Outline) -> String {
        if let tag = lines[line].syntax.firstTag(named: "project", in: lines[line]), let range = tag.payloadRange {
            return String(lines[line].utf8Slice(range)).replacingEscapedParentheses
        }
        return outline.projectPath(of: line).joined(separator: " / ")
    }
}

extension String {
    /// `\(` and `\)` as archiving escapes them in `@project(...)`, read back.
    fileprivate var replacingEscapedParentheses: String {
        guard contains("\\") else { return self }
        var out = "", escaped = false
        for c in self {
            if escaped || c != "\\" {
                out.append(c)
                escaped = false
            } else {
                escaped = true
            }
        }
        return out
    }
}
