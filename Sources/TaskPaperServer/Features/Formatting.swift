import TaskPaper

/// textDocument/formatting and rangeFormatting: the library's `Formatting`
/// (tabs a level, no trailing blanks, zero-padded dates, never a change in
/// what TaskPaper reads) as text edits, one per changed line.
extension Provider {
    static let formatting = Provider("documentFormattingProvider")
    static let rangeFormatting = Provider("documentRangeFormattingProvider")
}

extension Server {
    func formatting(_ params: DocumentFormattingParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        return formattingEdits(doc, in: nil)
    }

    func rangeFormatting(_ params: DocumentRangeFormattingParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        return formattingEdits(doc, in: doc.lines(of: params.range))
    }

    private func formattingEdits(_ doc: OpenDocument, in lines: ClosedRange<Int>?) -> [TextEdit] {
        let replacements = Formatting.format(
            doc.text.lines, in: lines, indentWidth: settings.indentWidth, settings: settings.lint)
        return replacements.map { r in
            TextEdit(
                range: ClientRange(start: doc.clientPosition(r.start), end: doc.clientPosition(r.end)),
                newText: r.newText)
        }
    }
}
