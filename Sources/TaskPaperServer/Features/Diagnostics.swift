import TaskPaper

/// Diagnostics out to the client: pushed once the input is drained (SPEC 2:
/// no storms, no timers), or pulled with `resultId` / `unchanged`.
extension Server {
    func publishPendingDiagnostics() {
        guard !needsPublish.isEmpty else { return }
        let clock = Clock.current()
        if let any = documents.values.first, any.context.clock.today != clock.today {
            refreshAllDocuments()
        }
        if client.pullDiagnostics { needsPublish.removeAll(); return }
        for uri in needsPublish.sorted() {
            guard let doc = documents[uri] else { continue }
            notify("textDocument/publishDiagnostics", JSONObject { w in
                w.key("uri"); w.string(uri)
                w.key("version"); w.int(doc.version)
                w.key("diagnostics"); self.writeDiagnostics(of: doc, to: &w)
            })
        }
        needsPublish.removeAll()
    }

    func pullDiagnostics(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params)
        let resultID = "\(doc.generation)"
        let unchanged = params["previousResultId"]?.stringValue == resultID
        return JSONObject { w in
            w.key("kind"); w.string(unchanged ? "unchanged" : "full")
            w.key("resultId"); w.string(resultID)
            if !unchanged { w.key("items"); self.writeDiagnostics(of: doc, to: &w) }
        }
    }

    func writeDiagnostics(of doc: OpenDocument, to w: inout JSONWriter) {
        w.array { w in
            for line in doc.flaggedLines {
                for d in doc.results[line].diagnostics {
                    LSPDiagnostic(range: doc.lspRange(line: line, d.range), diagnostic: d).write(to: &w)
                }
            }
        }
    }

    /// Every diagnostic on the lines a range touches, as the model has them.
    func diagnostics(in doc: OpenDocument, lines: ClosedRange<Int>) -> [(line: Int, LineDiagnostic)] {
        var out: [(Int, LineDiagnostic)] = []
        for line in lines where line < doc.lineCount {
            for d in doc.results[line].diagnostics { out.append((line, d)) }
        }
        return out
    }
}

struct LSPDiagnostic: JSONEncodable {
    var range: LSPRange
    var diagnostic: LineDiagnostic

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("range"); range.write(to: &w)
            w.key("severity"); w.int(diagnostic.severity.rawValue)
            w.key("code"); w.string(diagnostic.code.rawValue)
            w.key("source"); w.string("taskpaper")
            w.key("message"); w.string(diagnostic.message)
        }
    }
}
