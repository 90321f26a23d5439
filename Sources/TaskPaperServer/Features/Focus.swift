import TaskPaper

/// The command `taskpaper.focus`: TaskPaper's filtered view for an editor to fold or hide. One argument
/// object: `{"uri": U, "query": Q}` (the items Q finds and their ancestors stay visible),
/// `{"uri": U, "line": N}` (focus into the item at line N: it, its subtree and its ancestors), or both
/// (the query runs within that item's subtree). Answer: `{"matches": M, "hidden": [{"start": A, "end": B}]}`,
/// runs of whole lines, both ends included; nothing hidden when nothing matches.
extension Server {
    static let focusCommand = "taskpaper.focus"

    /// Reads the arguments on the loop (a query that does not parse is answered -32602 here); the view is
    /// made off the loop from the document as it is now, already parsed.
    func focusAnswer(
        _ params: ExecuteCommandParams
    ) throws(ResponseError) -> @Sendable () throws(ResponseError) -> any JSONEncodable {
        let usage = "\(Server.focusCommand) needs [{\"uri\": URI, \"query\": QUERY, \"line\": LINE}] (query or line)"
        guard params.arguments.count == 1, let argument = params.arguments.first, case .object = argument else {
            throw .invalidParams(usage)
        }
        let uri = try argument.string("uri")
        let query = try argument.optional("query").map { (json) throws(ResponseError) in
            guard let text = json.stringValue else { throw .invalidParams("\"query\" must be a string") }
            return try searchRun(text)
        }
        let line = try argument.optional("line").map { _ throws(ResponseError) in try argument.uint("line") }
        guard query != nil || line != nil else { throw .invalidParams(usage) }
        let target = try searchTargets(uri: uri)[0]
        let scanner = workspaceScanner, encoding = self.encoding
        let clock = query?.clock ?? now(), indentWidth = settings.indentWidth
        return { () throws(ResponseError) in
            guard let doc = target.load(scanner, encoding: encoding) else {
                throw .requestFailed("Cannot read \(uri)")
            }
            if let line, line >= doc.text.lines.count {
                throw .invalidParams("line \(line) is outside the document (\(doc.text.lines.count) lines)")
            }
            do throws(SearchEvaluationError) {
                let focus = try Focus.view(
                    of: doc.text, indentWidth: indentWidth, query: query?.query, item: line, clock: clock,
                    timeLimit: SearchRun.timeLimit)
                return FocusAnswer(focus: focus)
            } catch {
                throw .requestFailed("Focus stopped: \(error.description) (limit \(SearchRun.timeLimit))")
            }
        }
    }
}

struct FocusAnswer: JSONEncodable {
    let focus: Focus

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("matches"); w.int(focus.matches)
            w.key("hidden")
            w.array { w in
                for run in focus.hiddenLines {
                    w.object { w in
                        w.key("start"); w.int(run.lowerBound)
                        w.key("end"); w.int(run.upperBound)
                    }
                }
            }
        }
    }
}
