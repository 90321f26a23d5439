import TaskPaper
import TaskPaperServer

/// The days a report covers, for its title.
struct ReportWindow {
    var since: CivilDate?
    var until: CivilDate?

    var description: String {
        switch (since, until) {
        case (nil, nil): "all time"
        case (let s?, nil): "since \(s)"
        case (nil, let u?): "until \(u)"
        case (let s?, let u?): "\(s) to \(u)"
        }
    }
}

/// `report`'s three outputs: text (one `path:line: text` a task under each group's line), JSON, and
/// Markdown for a weekly review.
enum ReportWriter {
    /// `3 done · est 4h30m · 2h10m lasted`; a sum no task in the group contributes to is left out, as in
    /// `details`.
    static func summary(_ group: TimeReport.Group) -> String {
        var parts = ["\(group.entries.count) done"]
        if let estimate = group.estimate { parts.append("est \(estimate)") }
        if let lasted = group.lasted { parts.append("\(lasted) lasted") }
        return parts.joined(separator: " · ")
    }

    /// What an entry adds to its text: the project (by day) or the day (by project), and its time.
    static func details(_ entry: TimeReport.Entry, by grouping: TimeReport.Grouping) -> [String] {
        var parts: [String] = []
        switch grouping {
        case .day: if !entry.project.isEmpty { parts.append(entry.project) }
        case .project: parts.append(entry.day?.description ?? "undated")
        }
        if let estimate = entry.time.estimate { parts.append("est \(estimate)") }
        if let lasted = entry.time.lasted { parts.append("\(lasted) lasted") }
        return parts
    }

    static func openLine(_ report: TimeReport, label: String = "open:") -> String {
        // Like a group, no estimate says nothing about one.
        report.openCount == 0
            ? "\(label) no estimated tasks"
            : "\(label) \(report.openCount) estimated \(report.openCount == 1 ? "task" : "tasks") · est \(report.openEstimate)"
    }

    static func text(_ report: TimeReport, paths: [String], by grouping: TimeReport.Grouping) -> String {
        var out = ""
        for group in report.groups {
            out += "\(group.title): \(summary(group))\n"
            for entry in group.entries {
                let details = details(entry, by: grouping)
                let tail = details.isEmpty ? "" : " (" + details.joined(separator: " · ") + ")"
                out += "  \(paths[entry.document]):\(entry.line + 1): \(entry.text)\(tail)\n"
            }
        }
        return out + openLine(report) + "\n"
    }

    static func markdown(_ report: TimeReport, window: ReportWindow, by grouping: TimeReport.Grouping) -> String {
        var out = "# Done, \(window.description)\n\n"
        out += "\(report.doneCount) done\n\n"
        for group in report.groups {
            out += "## \(MarkdownText.escaped(group.title, at: .heading))\n\n\(summary(group))\n\n"
            for entry in group.entries {
                // Escaped as one text: the details' project is the user's too, and a code span or
                // emphasis could pair across the parenthesis.
                let details = details(entry, by: grouping)
                let line = entry.text + (details.isEmpty ? "" : " (" + details.joined(separator: " · ") + ")")
                out += "- " + MarkdownText.escaped(line, at: .lineStart) + "\n"
            }
            out += "\n"
        }
        return out + openLine(report, label: "**Open:**") + "\n"
    }

    static func json(
        _ report: TimeReport, paths: [String], window: ReportWindow, by grouping: TimeReport.Grouping
    )
        -> String
    {
        var w = JSONWriter()
        w.object { w in
            w.key("since")
            if let since = window.since { w.string(since.description) } else { w.null() }
            w.key("until")
            if let until = window.until { w.string(until.description) } else { w.null() }
            w.key("by"); w.string(grouping.rawValue)
            w.key("done"); w.int(report.doneCount)
            w.key("groups")
            w.array { w in
                for group in report.groups {
                    w.object { w in
                        w.key("title"); w.string(group.title)
                        w.key("count"); w.int(group.entries.count)
                        w.key("estimateSeconds"); w.int((group.estimate ?? .zero).seconds)
                        w.key("lastedSeconds"); w.int((group.lasted ?? .zero).seconds)
                        w.key("items")
                        w.array { w in for entry in group.entries { item(entry, path: paths[entry.document], &w) } }
                    }
                }
            }
            w.key("open")
            w.object { w in
                w.key("count"); w.int(report.openCount)
                w.key("estimateSeconds"); w.int(report.openEstimate.seconds)
            }
        }
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private static func item(_ entry: TimeReport.Entry, path: String, _ w: inout JSONWriter) {
        w.object { w in
            w.key("path"); w.string(path)
            w.key("line"); w.int(entry.line + 1)
            w.key("day")
            if let day = entry.day { w.string(day.description) } else { w.null() }
            w.key("project"); w.string(entry.project)
            w.key("text"); w.string(entry.text)
            w.key("estimateSeconds")
            if let e = entry.time.estimate { w.int(e.seconds) } else { w.null() }
            w.key("lastedSeconds")
            if let l = entry.time.lasted { w.int(l.seconds) } else { w.null() }
        }
    }
}
