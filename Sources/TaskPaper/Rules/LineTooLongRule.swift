/// `line-too-long`: a task or project (a note too with `lineLengthNotes`) of
/// more characters (grapheme clusters) than `maxLineLength`.
struct LineTooLongRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        let limit = line.settings.maxLineLength
        // No line has more characters than bytes: most stop here, before any `String` is made.
        guard limit > 0, Int(line.syntax.utf8Count) > limit, line.settings.measuresLength(of: line.syntax.kind) else {
            return
        }
        guard let count = Characters.count(ofLine: line.text, syntax: line.syntax, ifOver: limit) else { return }
        let start = Characters.utf8Offset(ofCharacter: limit, in: line.text, isASCII: line.syntax.isASCII)
        diagnostics.append(
            LineDiagnostic(
                .lineTooLong, start..<Int(line.syntax.utf8Count),
                "Line is \(count) characters long (limit \(limit), \(count - limit) over)"))
    }
}
