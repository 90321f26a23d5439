import TaskPaper

/// Hover on a tag: for a date tag the date in words and how far it
/// is from today; for every tag how many items carry it. Markdown when the
/// client accepts it, plain text otherwise; the range is the whole tag.
extension Provider {
    static let hover = Provider("hoverProvider")
}

extension Server {
    func hover(_ params: HoverParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let cursor = doc.location(params.position), line = cursor.line
        let analyzed = doc.analyzedLine(line)
        guard let index = analyzed.syntax.tagIndex(at: cursor.offset),
            !analyzed.syntax.tags[index].hasEmptyName
        else { return projectTimeHover(doc, line: line) }
        let tag = analyzed.syntax.tags[index]
        let name = String(tag.name(in: analyzed.text))

        var paragraphs: [[HoverText]] = []
        if analyzed.settings.dateTags.contains(name) {
            let date = DateDescription.describe(analyzed, tagIndex: index)
            paragraphs.append(
                date.reading.isEmpty
                    ? [.plain(date.detail)]
                    : [.strong(date.reading), .plain(date.detail)])
        }
        if let planning = planningHover(doc.line(line), tagName: name, clock: analyzed.clock) {
            paragraphs.append(planning)
        }
        let carriers = tagUsage()[name] ?? 0
        var usage: [HoverText] = [
            .plain(Plural.count(carriers, "item carries", "items carry") + " "), .code("@\(name)"),
        ]
        if !analyzed.settings.dateTags.contains(name), let value = tag.payload(in: analyzed.text), !value.isEmpty {
            let withValue = tagValues(name)[String(value)] ?? 0
            usage += [.plain(", \(withValue) of them with "), .code("@\(name)(\(value))")]
        }
        paragraphs.append(usage)
        return HoverResult(
            paragraphs: paragraphs, markdown: client.markdownHover, range: doc.lspRange(line: line, tag.range))
    }
}

extension Server {
    /// Hover on a project (off its tags) whose tasks have time: the estimate left and the done
    /// tasks' estimate against the time they took (`ProjectTime.breakdown`).
    func projectTimeHover(_ doc: OpenDocument, line: Int) -> any JSONEncodable {
        guard doc.line(line).syntax.kind == .project, let time = projectTaskCounts(doc).time(ofProject: line) else {
            return JSONNull()
        }
        return HoverResult(
            paragraphs: time.breakdown.map { [.plain($0)] }, markdown: client.markdownHover,
            range: doc.lspRange(line: line, doc.line(line).syntax.contentRange))
    }
}

/// A piece of hover text, rendered as Markdown or plain text.
enum HoverText {
    case plain(String), strong(String), code(String)

    func render(markdown: Bool) -> String {
        switch self {
        case .plain(let s): s
        case .strong(let s): markdown ? "**\(s)**" : s
        case .code(let s): markdown ? "`\(s)`" : s
        }
    }
}

struct HoverResult: JSONEncodable {
    var paragraphs: [[HoverText]]
    var markdown: Bool
    var range: ClientRange

    func write(to w: inout JSONWriter) {
        let value = paragraphs.map { $0.map { $0.render(markdown: markdown) }.joined() }.joined(separator: "\n\n")
        w.object { w in
            w.key("contents");
            w.object { w in
                w.key("kind"); w.string(markdown ? "markdown" : "plaintext")
                w.key("value"); w.string(value)
            }
            w.key("range"); range.write(to: &w)
        }
    }
}
