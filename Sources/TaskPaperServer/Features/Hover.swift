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
        guard let index = analyzed.syntax.tagIndex(at: cursor.offset) else { return JSONNull() }
        let tag = analyzed.syntax.tags[index]
        let name = String(tag.name(in: analyzed.text))

        var paragraphs: [[HoverText]] = []
        if analyzed.settings.dateTags.contains(name) {
            paragraphs.append(DateDescription.describe(analyzed, tagIndex: index))
        }
        let carriers = tagUsage()[name] ?? 0
        var usage: [HoverText] = [.plain(Plural.count(carriers, "item carries", "items carry") + " "), .code("@\(name)")]
        if !analyzed.settings.dateTags.contains(name), let value = tag.payload(in: analyzed.text), !value.isEmpty {
            let withValue = tagValues(name)[String(value)] ?? 0
            usage += [.plain(", \(withValue) of them with "), .code("@\(name)(\(value))")]
        }
        paragraphs.append(usage)
        return HoverResult(paragraphs: paragraphs, markdown: client.markdownHover, range: doc.lspRange(line: line, tag.range))
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
            w.key("contents"); w.object { w in
                w.key("kind"); w.string(markdown ? "markdown" : "plaintext")
                w.key("value"); w.string(value)
            }
            w.key("range"); range.write(to: &w)
        }
    }
}

/// A date tag's payload in words: `Tuesday 12 May 2025, 3 days overdue`.
enum DateDescription {
    static func describe(_ line: AnalyzedLine, tagIndex: Int) -> [HoverText] {
        guard let date = line.date(ofTag: tagIndex) else { return [.plain("No specific date")] }
        let today = line.clock.today
        switch date.result {
        case .failure(.malformed):
            return [.plain("Not a date: expected YYYY-MM-DD, an optional time, a range, or a relative date like 'tomorrow'")]
        case .failure(.invalid):
            return [.plain("Not a real date: no such day or time")]
        case .failure(.inverted):
            return [.plain("Not a valid range: it ends at or before its start")]
        case .success(let value):
            let overdue = line.overdueTagIndex == tagIndex
            switch (value.form, value.end) {
            case (.appointment, let end?):
                return [.strong("\(day(value.start.date)), \(value.start.time ?? .midnight) to \(end.time ?? .midnight)"),
                        .plain(" (\(duration(from: value.start, to: end))), \(distance(today, value.start.date, overdue: overdue))")]
            case (_, let end?):
                return [.strong("\(point(value.start)) thru \(point(end))"),
                        .plain(" (\(spanLength(value.start, end))), \(spanDistance(today, value.start.date, end.date, overdue: overdue))")]
            default:
                return [.strong(point(value.start)), .plain(", \(distance(today, value.start.date, overdue: overdue))")]
            }
        }
    }

    /// "Tuesday 12 May 2025"
    static func day(_ d: CivilDate) -> String { "\(d.weekdayName) \(d.day) \(d.monthName) \(d.year)" }

    /// "Tuesday 12 May 2025" or "Tuesday 12 May 2025 at 10:00"
    static func point(_ p: DatePoint) -> String {
        guard let time = p.time else { return day(p.date) }
        return "\(day(p.date)) at \(time)"
    }

    /// "today", "tomorrow", "in 2 days", "3 days ago", or "3 days overdue" for an overdue `@due`.
    static func distance(_ today: CivilDate, _ d: CivilDate, overdue: Bool) -> String {
        let days = d.dayNumber - today.dayNumber
        if overdue { return "\(plural(-days, "day")) overdue" }
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(plural(days, "day"))"
        default: return "\(plural(-days, "day")) ago"
        }
    }

    /// Where today stands against a span: before it, inside it, or after it. An overdue
    /// task's `@due` span counts from its end, as the diagnostic does.
    static func spanDistance(_ today: CivilDate, _ start: CivilDate, _ end: CivilDate, overdue: Bool) -> String {
        if today < start { return "starts \(distance(today, start, overdue: false))" }
        let overdueText = distance(today, end, overdue: true)
        if end < today { return overdue ? overdueText : "ended \(distance(today, end, overdue: false))" }
        let ends = end == today ? "ends today" : "ends \(distance(today, end, overdue: false))"
        return "\(overdue ? overdueText : "under way"), \(ends)"
    }

    /// A span of whole days counts both ends (`12 thru 19` is 8 days); with times, the time between them.
    static func spanLength(_ start: DatePoint, _ end: DatePoint) -> String {
        if start.time == nil, end.time == nil {
            return plural(end.date.dayNumber - start.date.dayNumber + 1, "day")
        }
        return duration(from: start, to: end)
    }

    /// "1 hour", "7 days, 10 hours, 59 minutes" (a missing time counts as 00:00).
    static func duration(from start: DatePoint, to end: DatePoint) -> String {
        func minutes(_ p: DatePoint) -> Int {
            let t = p.time ?? .midnight
            return p.date.dayNumber * 1440 + t.hour * 60 + t.minute
        }
        let total = minutes(end) - minutes(start)
        let parts = [(total / 1440, "day"), (total % 1440 / 60, "hour"), (total % 60, "minute")]
            .filter { $0.0 > 0 }.map { plural($0.0, $0.1) }
        return parts.isEmpty ? "0 minutes" : parts.joined(separator: ", ")
    }

    static func plural(_ n: Int, _ unit: String) -> String { n == 1 ? "1 \(unit)" : "\(n) \(unit)s" }
}
