import TaskPaper

/// The line-length gauge: within 10 characters of `maxLineLength`, a
/// hint at the line end shows what is left (`7 left`); past it, the overflow (`-3`).
/// Computed per requested line, so an edit costs only the lines on screen.
extension Provider {
    static let inlayHints = Provider("inlayHintProvider")
}

extension Server {
    func inlayHints(_ params: InlayHintParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let limit = doc.context.settings.lint.maxLineLength
        guard limit > 0 else { return [InlayHint]() }
        let requested = doc.locations(params.range)
        let a = requested.lowerBound, b = requested.upperBound
        var hints: [InlayHint] = []
        for line in a.line...b.line {
            let l = doc.line(line)
            let end = Int(l.syntax.utf8Count)
            // The hint sits at the line end: a range stopping short of it leaves it out.
            if line == b.line, b.offset < end { continue }
            guard let gauge = LineGauge(text: l.text, syntax: l.syntax, limit: limit) else { continue }
            hints.append(InlayHint(position: doc.lspRange(line: line, end..<end).start, gauge: gauge))
        }
        return hints
    }
}

/// How a line's length stands against the limit, in characters as a person counts them.
struct LineGauge {
    var count: Int
    var limit: Int

    static let window = 10

    /// Nil when the line is more than `window` characters short of the limit.
    init?(text: String, syntax: LineSyntax, limit: Int) {
        // Bytes bound characters from above: most lines are decided without counting.
        guard Int(syntax.utf8Count) >= limit - LineGauge.window else { return nil }
        let count = Characters.count(text, isASCII: syntax.isASCII)
        guard count >= limit - LineGauge.window else { return nil }
        self.count = count
        self.limit = limit
    }

    var label: String { count <= limit ? "\(limit - count) left" : "-\(count - limit)" }
    var tooltip: String { "Line is \(count) characters long (limit \(limit))" }
}

struct InlayHint: JSONEncodable {
    var position: ClientPosition
    var gauge: LineGauge

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("position"); position.write(to: &w)
            w.key("label"); w.string(gauge.label)
            w.key("tooltip"); w.string(gauge.tooltip)
            w.key("paddingLeft"); w.bool(true)
        }
    }
}
