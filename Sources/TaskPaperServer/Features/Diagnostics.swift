import TaskPaper

/// Diagnostics out to the client: pushed once the input is drained (SPEC 2:
/// no storms, no timers), or pulled with `resultId` / `unchanged`.
extension Server {
    /// After midnight (or a jump of the clock), `overdue` and relative dates mean
    /// something else: re-derive every document, once per change of date.
    /// Checked on every message and on the date watcher's ticks.
    func refreshIfNewDay() {
        guard dateWatcher.dayChanged(today: clockSource().today) else { return }
        log("the date is now \(clockSource().today); refreshing open documents")
        refreshAllDocuments()
    }

    func publishPendingDiagnostics() {
        guard !needsPublish.isEmpty else { return }
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

    /// All of a document's diagnostics. The array is kept as JSON while no
    /// finding moves, and each line's findings are encoded once (only line
    /// numbers are spliced in), so an edit's publish costs about a copy.
    func writeDiagnostics(of doc: OpenDocument, to w: inout JSONWriter) {
        if doc.diagnosticsJSON == nil {
            var list = JSONWriter(capacity: doc.flaggedLines.count * 256)
            list.array { w in
                for (k, line) in doc.flaggedLines.enumerated() {
                    let encoded = doc.encodedDiagnostics(flagged: k)
                    w.rawElements { bytes in encoded.write(line: line, to: &bytes) }
                }
            }
            doc.diagnosticsJSON = list.bytes
        }
        w.rawElements { $0.append(contentsOf: doc.diagnosticsJSON!) }
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

/// One line's diagnostics as JSON with holes where the line number goes:
/// lines move when text above them changes, their findings don't.
struct EncodedDiagnostics {
    private var bytes: [UInt8]
    private var holes: [Int]

    init(_ diagnostics: [LineDiagnostic], ranges: [LSPRange]) {
        var w = JSONWriter()
        var holes: [Int] = []
        for (d, r) in zip(diagnostics, ranges) {
            w.object { w in
                w.key("range"); w.object { w in
                    w.key("start"); w.object { w in
                        w.key("line"); holes.append(w.hole())
                        w.key("character"); w.int(r.start.character)
                    }
                    w.key("end"); w.object { w in
                        w.key("line"); holes.append(w.hole())
                        w.key("character"); w.int(r.end.character)
                    }
                }
                w.key("severity"); w.int(d.severity.rawValue)
                w.key("code"); w.string(d.code.rawValue)
                w.key("source"); w.string("taskpaper")
                w.key("message"); w.string(d.message)
            }
        }
        bytes = w.bytes
        self.holes = holes
    }

    func write(line: Int, to out: inout [UInt8]) {
        var from = 0
        for hole in holes {
            out.append(contentsOf: bytes[from..<hole])
            JSONWriter.appendInt(line, to: &out)
            from = hole
        }
        out.append(contentsOf: bytes[from...])
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
