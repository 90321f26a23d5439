import TaskPaper

/// Inlay hints, each kind turned off by the `inlayHints` setting: after a
/// project its task counts (`3 open · 2 done`); after a future `@due` its
/// distance (`in 3 days`); and the line-length gauge: within 10 characters of
/// `maxLineLength`, what is left (`7 left`), past it the overflow (`-3`).
/// Computed per requested line, so an edit costs only the lines on screen;
/// the project counts come from one pass per document version (Features/ItemActionOffers.swift).
extension Provider {
    static let inlayHints = Provider("inlayHintProvider")
}

extension Server {
    func inlayHints(_ params: InlayHintParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let show = settings.inlayHints, lint = doc.context.settings.lint
        let requested = doc.locations(params.range)
        let a = requested.lowerBound, b = requested.upperBound
        var hints: [InlayHint] = []
        let clock = now()
        func add(_ line: Int, at offset: Int, _ label: String, tooltip: String? = nil) {
            // A hint outside the requested stretch of its line is left out.
            guard line > a.line || offset >= a.offset, line < b.line || offset <= b.offset else { return }
            let position = doc.lspRange(line: line, offset..<offset).start
            hints.append(InlayHint(position: position, label: label, tooltip: tooltip))
        }
        for line in a.line...b.line {
            let l = doc.line(line)
            let end = Int(l.syntax.utf8Count)
            if show.dueDistance, l.syntax.kind != .blank, !l.syntax.tags.isEmpty,
                let due = DueDistance.hint(for: doc.analyzedLine(line))
            {
                add(line, at: l.syntax.tags[due.tagIndex].end, due.label)
            }
            // A started task: how long ago (refreshed once a minute, `refreshStartedHints`).
            if show.dueDistance, l.syntax.kind == .task, l.syntax.knownTags.contains(.started), !l.isClosed,
                let started = ItemTime(of: l).started,
                let tag = l.syntax.tags.first(where: { $0.hasName("started", in: l) && $0.payloadRange != nil })
            {
                add(line, at: tag.end, TimeEdits.startedAgo(started, clock: clock))
            }
            if show.projectCounts, l.syntax.kind == .project,
                let label = projectTaskCounts(doc).counts(ofProject: line)?.label
            {
                // The time only when there is some to show (ProjectTime).
                let time = projectTaskCounts(doc).time(ofProject: line)?.label ?? ""
                add(line, at: end, time.isEmpty ? label : label + " · " + time)
            }
            if show.lineGauge, lint.maxLineLength > 0, lint.measuresLength(of: l.syntax.kind),
                let gauge = LineGauge(text: l.text, syntax: l.syntax, limit: lint.maxLineLength)
            {
                add(line, at: end, gauge.label, tooltip: gauge.tooltip)
            }
        }
        return hints
    }
}

struct InlayHint: JSONEncodable {
    var position: ClientPosition
    var label: String
    var tooltip: String?

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("position"); position.write(to: &w)
            w.key("label"); w.string(label)
            if let tooltip { w.key("tooltip"); w.string(tooltip) }
            w.key("paddingLeft"); w.bool(true)
        }
    }
}
