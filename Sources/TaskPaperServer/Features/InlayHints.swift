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
            guard doc.context.settings.lint.measuresLength(of: l.syntax.kind),
                  let gauge = LineGauge(text: l.text, syntax: l.syntax, limit: limit) else { continue }
            hints.append(InlayHint(position: doc.lspRange(line: line, end..<end).start, gauge: gauge))
        }
        return hints
    }
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
