/// `duplicate-tag`: the same tag name twice on a line; TaskPaper reads only the first.
struct DuplicateTagRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        for i in line.syntax.repeatedTagIndices(in: line.line).prefix(LineDiagnostic.maxPerRuleAndLine) {
            let tag = line.syntax.tags[i]
            diagnostics.append(
                LineDiagnostic(
                    .duplicateTag, tag.range,
                    "Duplicate tag @\(tag.name(in: line.line)): TaskPaper reads only the first"))
        }
    }
}
