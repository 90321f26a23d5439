/// `duplicate-tag`: the same tag name twice on a line; TaskPaper reads only the first.
struct DuplicateTagRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        let tags = line.syntax.tags
        guard tags.count > 1 else { return }
        var seen = Set<Substring>()
        for tag in tags {
            let name = tag.name(in: line.text)
            if !seen.insert(name).inserted {
                diagnostics.append(LineDiagnostic(.duplicateTag, tag.range,
                    "Duplicate tag @\(name): TaskPaper reads only the first"))
            }
        }
    }
}
