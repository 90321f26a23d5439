/// `duplicate-tag`: the same tag name twice on a line; TaskPaper reads only the first.
struct DuplicateTagRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        let tags = line.syntax.tags
        guard tags.count > 1 else { return }
        // Lines carry a handful of tags: comparing pairs beats building a set.
        for (i, tag) in tags.enumerated() where i > 0 {
            if tags[..<i].contains(where: { $0.hasSameName(as: tag, in: line.text) }) {
                diagnostics.append(LineDiagnostic(.duplicateTag, tag.range,
                    "Duplicate tag @\(tag.name(in: line.text)): TaskPaper reads only the first"))
            }
        }
    }
}
