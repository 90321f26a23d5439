/// Whole lines replaced by other lines: the unit the archive thinks in.
/// Converting to `TextReplacement`s is where line ends are handled, including
/// the document's last line, which has none.
struct LineSplice {
    /// Lines of the original document to replace (empty: insert before `range.lowerBound`).
    var range: Range<Int>
    /// Their new text, without line ends.
    var newLines: [String]

    /// Splices sorted and those that touch joined, so that no two replacements
    /// meet at one point (clients disagree about how to apply those).
    /// With no `lines` (a file that does not exist yet) or one empty line, the splices are insertions: one, of
    /// the whole text, its lines joined by line ends and none after the last, as for any insertion at the end
    /// of a text (`replacement`): the editor that saves the file adds its final line end, or not, as it does.
    static func replacements(_ splices: [LineSplice], in lines: [Line], ending: String) -> [TextReplacement] {
        if lines.isEmpty || (lines.count == 1 && lines[0].utf8Count == 0) {
            let text = splices.flatMap(\.newLines).joined(separator: ending)
            let start = TextLocation(line: 0, offset: 0)
            return text.isEmpty ? [] : [TextReplacement(start: start, end: start, newText: text)]
        }
        var joined: [LineSplice] = []
        for s in splices.sorted(by: {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }) {
            if let last = joined.last, last.range.upperBound == s.range.lowerBound {
                joined[joined.count - 1] = LineSplice(
                    range: last.range.lowerBound..<s.range.upperBound,
                    newLines: last.newLines + s.newLines)
            } else {
                joined.append(s)
            }
        }
        return joined.map { $0.replacement(in: lines, ending: ending) }
    }

    func replacement(in lines: [Line], ending: String) -> TextReplacement {
        let n = lines.count
        let (a, b) = (range.lowerBound, range.upperBound)
        if b == n - 1, a > 0, lines[b].utf8Count == 0 {
            // Up to the empty line after the final line end: from the end of the line before instead, each
            // new line after a line end. The same text, but no position on that empty line, which editors
            // that keep the final line end apart (Neovim) do not have and append one more line for.
            return TextReplacement(
                start: TextLocation(line: a - 1, offset: lines[a - 1].utf8Count),
                end: TextLocation(line: b - 1, offset: lines[b - 1].utf8Count),
                newText: newLines.map { ending + $0 }.joined())
        }
        if b < n {
            return TextReplacement(
                start: TextLocation(line: a, offset: 0), end: TextLocation(line: b, offset: 0),
                newText: newLines.map { $0 + ending }.joined())
        }
        // The range reaches past the last line, which has no line end of its own.
        let documentEnd = TextLocation(line: n - 1, offset: lines[n - 1].utf8Count)
        if a == n {
            return TextReplacement(
                start: documentEnd, end: documentEnd,
                newText: newLines.map { ending + $0 }.joined())
        }
        if newLines.isEmpty, a > 0 {
            // Removing the last lines removes the line end before them too.
            let previousEnd = TextLocation(line: a - 1, offset: lines[a - 1].utf8Count)
            return TextReplacement(start: previousEnd, end: documentEnd, newText: "")
        }
        return TextReplacement(
            start: TextLocation(line: a, offset: 0), end: documentEnd,
            newText: newLines.joined(separator: ending))
    }
}
