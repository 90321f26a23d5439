/// `tag-value-unbalanced`: `@tag(` that never closes, or a bare parenthesis
/// inside a value. The value swallows the rest of the line.
struct UnbalancedTagRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        let start = Int(line.syntax.unbalancedTagStart)
        guard start >= 0 else { return }
        diagnostics.append(LineDiagnostic(.tagValueUnbalanced, start..<Int(line.syntax.utf8Count),
            "Tag value has unbalanced parentheses: close it with ')' or escape parentheses inside it as '\\(' and '\\)'"))
    }
}
