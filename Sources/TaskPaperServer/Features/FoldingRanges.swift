import TaskPaper

/// textDocument/foldingRange (SPEC 6): every item with children folds down to
/// its last owned line (blank lines after it stay visible).
extension Server {
    func foldingRanges(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params)
        let outline = Outline(document: doc.text, indentWidth: settings.indentWidth)
        return (0..<outline.lineCount).filter(outline.hasChildren).map { item in
            JSONObject { w in
                w.key("startLine"); w.int(item)
                w.key("endLine"); w.int(outline.subtreeEnd(of: item) - 1)
            }
        }
    }
}

