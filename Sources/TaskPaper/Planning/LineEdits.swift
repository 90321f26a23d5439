/// Edits within one line's text, in UTF-8 offsets of that text: what the
/// planning edits compose before they become `TextReplacement`s.
struct LineEdits {
    var edits: [(range: Range<Int>, text: String)] = []

    mutating func replace(_ range: Range<Int>, with text: String) { edits.append((range, text)) }

    /// `@name(value)`: the first such tag's value replaced (or given to a tag
    /// without one), else the tag appended before any trailing white space.
    mutating func setTag(_ name: String, to value: String, in line: Line) {
        if let tag = line.syntax.firstTag(named: name, in: line) {
            if let payload = tag.payloadRange {
                replace(payload, with: value)
            } else {
                replace(Int(tag.nameEnd)..<Int(tag.nameEnd), with: "(\(value))")
            }
        } else {
            append("@\(name)(\(value))", to: line)
        }
    }

    /// ` <text>` before the line's trailing white space.
    mutating func append(_ text: String, to line: Line) {
        let end = DoneEdits.trimmedEnd(line)
        replace(end..<end, with: " " + text)
    }

    /// Every tag of these names, with the blank that separated it.
    mutating func removeTags(named names: [String], in line: Line) {
        let ranges = line.syntax.tags
            .filter { tag in names.contains { tag.hasName($0, in: line) } }
            .map { DoneEdits.removalRange(of: $0, in: line) }
        for range in DoneEdits.merged(ranges) { replace(range, with: "") }
    }

    private var inOrder: [(range: Range<Int>, text: String)] {
        edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// The line's text with the edits made (back to front, so earlier offsets hold).
    func applied(to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in inOrder.reversed() {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The edits as replacements on line `index` of a document, in order.
    func replacements(line index: Int) -> [TextReplacement] {
        inOrder.map { TextReplacement(line: index, $0.range, $0.text) }
    }
}
