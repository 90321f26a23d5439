import TaskPaper

/// textDocument/foldingRange: every item with children folds down to
/// its last owned line (blank lines after it stay visible).
extension Provider {
    static let foldingRanges = Provider("foldingRangeProvider")
}

extension Server {
    func foldingRanges(_ params: FoldingRangeParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let outline = Outline(document: doc.text, indentWidth: settings.indentWidth)
        return (0..<outline.lineCount).filter(outline.hasChildren).map { item in
            JSONObject { w in
                w.key("startLine"); w.int(item)
                w.key("endLine"); w.int(outline.subtreeEnd(of: item) - 1)
            }
        }
    }
}
