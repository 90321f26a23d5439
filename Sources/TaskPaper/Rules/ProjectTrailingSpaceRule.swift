/// `project-trailing-space`: `Home: ` would be a project but for the white
/// space after its colon.
struct ProjectTrailingSpaceRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard let space = ProjectTrailingSpaceRule.trailingSpace(line.text, line.syntax) else { return }
        diagnostics.append(LineDiagnostic(.projectTrailingSpace, space,
            "White space after ':' makes this line a note; remove it to make a project"))
    }

    /// The white space after a would-be project's colon.
    static func trailingSpace(_ text: String, _ syntax: LineSyntax) -> Range<Int>? {
        guard syntax.kind == .note, syntax.unbalancedTagStart < 0 else { return nil }
        return text.withUTF8Bytes { u -> Range<Int>? in
            let end = max(syntax.indentLength, TagScanner.trimTrailingBlanks(u, end: u.count))
            guard end < u.count, end > syntax.indentLength, u[end - 1] == 0x3A else { return nil }
            return end..<u.count
        }
    }
}
