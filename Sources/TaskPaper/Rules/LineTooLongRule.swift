/// `line-too-long`: a task or project (a note too with `lineLengthNotes`) of
/// more characters (grapheme clusters) than `maxLineLength`.
struct LineTooLongRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        let limit = line.settings.maxLineLength
        // Bytes bound characters from above: most lines are decided without counting.
        guard limit > 0, Int(line.syntax.utf8Count) > limit,
              line.settings.measuresLength(of: line.syntax.kind) else { return }
        let count = Characters.count(line.text, isASCII: line.syntax.isASCII)
        guard count > limit else { return }
        let start = Characters.utf8Offset(ofCharacter: limit, in: line.text, isASCII: line.syntax.isASCII)
        diagnostics.append(LineDiagnostic(.lineTooLong, start..<Int(line.syntax.utf8Count),
            "Line is \(count) characters long (limit \(limit), \(count - limit) over)"))
    }
}
