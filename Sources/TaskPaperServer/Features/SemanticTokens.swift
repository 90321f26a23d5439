import TaskPaper

/// The one place that turns a parsed line into semantic tokens (SPEC 4).
enum SemanticTokenizer {
    static let types = ["project", "task", "note", "tag", "payload"]
    static let modifiers = ["done", "overdue", "invalid", "date"]

    enum Kind: UInt32 { case project, task, note, tag, payload }
    struct Modifiers: OptionSet {
        let rawValue: UInt32
        static let done = Modifiers(rawValue: 1), overdue = Modifiers(rawValue: 2),
            invalid = Modifiers(rawValue: 4), date = Modifiers(rawValue: 8)
    }

    static var providerOptions: JSONObject { JSONObject { w in
        w.key("legend"); w.object { w in
            w.key("tokenTypes"); types.write(to: &w)
            w.key("tokenModifiers"); modifiers.write(to: &w)
        }
        w.key("full"); w.object { w in w.key("delta"); w.bool(true) }
        w.key("range"); w.bool(true)
    } }

    /// A line's tokens as flat (column, length, type, modifiers) quadruples in
    /// client units, in line order, never overlapping.
    static func tokens(for line: AnalyzedLine, encoding: PositionEncoding) -> [UInt32] {
        let syntax = line.syntax
        guard syntax.kind != .blank, syntax.kind != .note || !syntax.tags.isEmpty else { return [] }
        var lineMods: Modifiers = []
        if line.isDone { lineMods.insert(.done) }
        if line.overdueTagIndex != nil { lineMods.insert(.overdue) }
        var spans: [(Range<Int>, Kind, Modifiers)] = []

        switch syntax.kind {
        case .task:
            spans.append((syntax.indentLength..<syntax.indentLength + 2, .task, lineMods))
        case .project:
            // The project's text, minus any tags written inside it.
            var from = syntax.indentLength
            for tag in syntax.tags where tag.end <= syntax.contentRange.upperBound {
                if from < tag.range.lowerBound { spans.append((from..<tag.range.lowerBound, .project, lineMods)) }
                from = tag.end
            }
            if from < syntax.contentRange.upperBound { spans.append((from..<syntax.contentRange.upperBound, .project, lineMods)) }
        case .note, .blank:
            break
        }
        var dateIndex = 0
        for (i, tag) in syntax.tags.enumerated() {
            spans.append((tag.atNameRange, .tag, lineMods))
            guard let payload = tag.payloadRange, !payload.isEmpty else { continue }
            var mods = lineMods
            while dateIndex < line.dates.count, line.dates[dateIndex].tagIndex < i { dateIndex += 1 }
            if dateIndex < line.dates.count, line.dates[dateIndex].tagIndex == i {
                mods.insert(line.dates[dateIndex].value == nil ? .invalid : .date)
            }
            spans.append((payload, .payload, mods))
        }
        spans.sort { $0.0.lowerBound < $1.0.lowerBound }

        var out: [UInt32] = []
        out.reserveCapacity(spans.count * 4)
        for (range, kind, mods) in spans {
            let start = encoding.column(ofUTF8Offset: range.lowerBound, in: line.text, isASCII: syntax.isASCII)
            let end = encoding.column(ofUTF8Offset: range.upperBound, in: line.text, isASCII: syntax.isASCII)
            out.append(contentsOf: [UInt32(start), UInt32(end - start), kind.rawValue, mods.rawValue])
        }
        return out
    }

    /// LSP's relative encoding of the tokens on `lines` (only those starting at or after `fromColumn`
    /// on the first line and before `toColumn` on the last, for range requests).
    static func encode(_ doc: OpenDocument, lines: Range<Int>, from: (line: Int, column: Int)? = nil,
                       to: (line: Int, column: Int)? = nil) -> [UInt32] {
        var data: [UInt32] = []
        var prevLine = 0, prevStart: UInt32 = 0
        for line in lines {
            let quads = doc.results[line].tokens
            var k = 0
            while k < quads.count {
                let col = quads[k], len = quads[k + 1]
                defer { k += 4 }
                if let from, line == from.line, Int(col + len) <= from.column { continue }
                if let to, line == to.line, Int(col) >= to.column { continue }
                let deltaLine = UInt32(line - prevLine)
                data.append(deltaLine)
                data.append(deltaLine > 0 ? col : col - prevStart)
                data.append(len)
                data.append(quads[k + 2])
                data.append(quads[k + 3])
                prevLine = line
                prevStart = col
            }
        }
        return data
    }
}

/// The previous full result per document, for delta requests.
struct SemanticTokensResult {
    var resultID: String
    var data: [UInt32]
}

extension Server {
    nonisolated(unsafe) static var lastTokensResultID = 0

    func semanticTokensFull(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params)
        let data = SemanticTokenizer.encode(doc, lines: 0..<doc.lineCount)
        let id = rememberTokens(doc.uri, data)
        return TokensResponse(resultID: id, data: data)
    }

    func semanticTokensDelta(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params)
        let previous = try params.string("previousResultId")
        let data = SemanticTokenizer.encode(doc, lines: 0..<doc.lineCount)
        guard let old = semanticTokens[doc.uri], old.resultID == previous else {
            return TokensResponse(resultID: rememberTokens(doc.uri, data), data: data)
        }
        // One splice: the common prefix and suffix stay, the middle is replaced.
        var prefix = 0
        let limit = min(old.data.count, data.count)
        while prefix < limit, old.data[prefix] == data[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix, old.data[old.data.count - 1 - suffix] == data[data.count - 1 - suffix] { suffix += 1 }
        let inserted = Array(data[prefix..<data.count - suffix])
        let deleteCount = old.data.count - suffix - prefix
        let id = rememberTokens(doc.uri, data)
        return JSONObject { w in
            w.key("resultId"); w.string(id)
            w.key("edits"); w.array { w in
                if deleteCount > 0 || !inserted.isEmpty {
                    w.object { w in
                        w.key("start"); w.int(prefix)
                        w.key("deleteCount"); w.int(deleteCount)
                        w.key("data"); w.intArray(inserted)
                    }
                }
            }
        }
    }

    func semanticTokensRange(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params)
        let range = try LSPRange(params.field("range"))
        var start = doc.location(range.start), end = doc.location(range.end)
        // A range given end first still names the same text (and must not build an inverted line range).
        if (end.line, end.offset) < (start.line, start.offset) { swap(&start, &end) }
        let startCol = doc.context.encoding.column(ofUTF8Offset: start.offset, in: doc.line(start.line).text,
                                                  isASCII: doc.line(start.line).syntax.isASCII)
        let endCol = doc.context.encoding.column(ofUTF8Offset: end.offset, in: doc.line(end.line).text,
                                                isASCII: doc.line(end.line).syntax.isASCII)
        let data = SemanticTokenizer.encode(doc, lines: start.line..<end.line + 1,
                                            from: (start.line, startCol), to: (end.line, endCol))
        return TokensResponse(resultID: nil, data: data)
    }

    private func rememberTokens(_ uri: String, _ data: [UInt32]) -> String {
        Server.lastTokensResultID += 1
        let id = "\(Server.lastTokensResultID)"
        semanticTokens[uri] = SemanticTokensResult(resultID: id, data: data)
        return id
    }

    func forgetSemanticTokens(_ uri: String) { semanticTokens.removeValue(forKey: uri) }
}

struct TokensResponse: JSONEncodable {
    var resultID: String?
    var data: [UInt32]

    func write(to w: inout JSONWriter) {
        w.object { w in
            if let resultID { w.key("resultId"); w.string(resultID) }
            w.key("data"); w.intArray(data)
        }
    }
}
