/// `tag-reserved`: `@id`, `@text` and `@type` name an item's own attributes in
/// TaskPaper 3, which therefore never records them as tags.
struct ReservedTagRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        for i in line.syntax.reservedTagIndices(in: line.line) {
            let tag = line.syntax.tags[i]
            diagnostics.append(
                LineDiagnostic(
                    .tagReserved, tag.range,
                    "TaskPaper ignores @\(tag.name(in: line.line)): the name is reserved for its own item attributes"))
        }
    }
}
