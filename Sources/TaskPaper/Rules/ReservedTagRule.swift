/// `tag-reserved`: `@id`, `@text` and `@type` name an item's own attributes in
/// TaskPaper 3, which therefore never records them as tags.
struct ReservedTagRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        for tag in line.syntax.tags where tag.nameEnd - tag.start <= 5 && tag.isReserved(in: line.text) {
            diagnostics.append(LineDiagnostic(.tagReserved, tag.range,
                "TaskPaper ignores @\(tag.name(in: line.text)): the name is reserved for its own item attributes"))
        }
    }
}
