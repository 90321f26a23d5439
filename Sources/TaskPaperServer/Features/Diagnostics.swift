import TaskPaper

/// Diagnostics out to the client: pushed once the input is drained (no
/// storms, no timers), or pulled with `resultId` / `unchanged`.
extension Provider {
    /// Only for clients that pull; the others get them pushed.
    static let diagnostics = Provider("diagnosticProvider") { client in
        guard client.pullDiagnostics else { return nil }
        return JSONObject { w in
            w.key("identifier"); w.string("taskpaper")
            w.key("interFileDependencies"); w.bool(false)
            w.key("workspaceDiagnostics"); w.bool(true)
        }
    }
}

extension Server {
    func publishPendingDiagnostics() {
        sendPendingWorkspaceDiagnostics()
        guard !needsPublish.isEmpty else { return }
        if client.pullDiagnostics { needsPublish.removeAll(); return }
        for uri in needsPublish.sorted() {
            guard let doc = documents[uri] else { continue }
            notify(
                "textDocument/publishDiagnostics",
                JSONObject { w in
                    w.key("uri"); w.string(uri)
                    w.key("version"); w.int(doc.version)
                    w.key("diagnostics"); self.writeDiagnostics(of: doc, to: &w)
                })
        }
        needsPublish.removeAll()
    }

    func pullDiagnostics(_ params: DocumentDiagnosticParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let resultID = "\(doc.diagnosticsGeneration)"
        let unchanged = params.previousResultID == resultID
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
}

/// One line's diagnostics as JSON with holes where the line number goes:
/// lines move when text above them changes, their findings don't.
struct EncodedDiagnostics {
    private var bytes: [UInt8]
    private var holes: [Int]

    /// The findings on line `index`, whose text is `line`, in the client's units.
    init(_ diagnostics: [LineDiagnostic], onLine index: Int, _ line: Line, encoding: PositionEncoding) {
        self.init(
            diagnostics,
            ranges: diagnostics.map { ClientRange(utf8: $0.range, onLine: index, line, encoding: encoding) })
    }

    private init(_ diagnostics: [LineDiagnostic], ranges: [ClientRange]) {
        var w = JSONWriter()
        var holes: [Int] = []
        for (d, r) in zip(diagnostics, ranges) {
            w.object { w in
                w.key("range");
                w.object { w in
                    w.key("start");
                    w.object { w in
                        w.key("line"); holes.append(w.hole())
                        w.key("character"); w.int(r.start.character)
                    }
                    w.key("end");
                    w.object { w in
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

/// One finding with its range in the client's units, kept apart from its document (a closed file's
/// workspace diagnostics, a code action's context).
struct LSPDiagnostic: JSONEncodable, Sendable, Hashable {
    var range: ClientRange
    var severity: Severity
    var code: String
    var message: String

    init(range: ClientRange, diagnostic: LineDiagnostic) {
        self.range = range
        severity = diagnostic.severity
        code = diagnostic.code.rawValue
        message = diagnostic.message
    }

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("range"); range.write(to: &w)
            w.key("severity"); w.int(severity.rawValue)
            w.key("code"); w.string(code)
            w.key("source"); w.string("taskpaper")
            w.key("message"); w.string(message)
        }
    }
}
