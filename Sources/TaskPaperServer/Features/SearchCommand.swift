import TaskPaper

/// The command `taskpaper.search`: arguments `[{"query": Q, "uri": U?}]`, the
/// items the query finds as `Location[]`, in one document or (without `uri`) in
/// every open and indexed one. The code lens of a saved search runs it.
extension Server {
    static let searchCommand = "taskpaper.search"

    /// workspace/executeCommand: the search and focus off the loop, the task commands on it
    /// (they edit the open document as it is now).
    func executeCommandAnswer(
        _ params: ExecuteCommandParams
    ) throws(ResponseError)
        -> @Sendable () throws(ResponseError) -> any JSONEncodable
    {
        if params.command == Server.focusCommand { return try focusAnswer(params) }
        guard params.command == Server.searchCommand else {
            return PreparedAnswer(value: try executeCommand(params)).send
        }
        guard let argument = params.arguments.first, case .object = argument else {
            throw .invalidParams("\(Server.searchCommand) needs [{\"query\": QUERY, \"uri\": URI (optional)}]")
        }
        let run = try searchRun(try argument.string("query"))
        let uri = argument["uri"].flatMap { $0.isNull ? nil : $0 }
        guard uri == nil || uri?.stringValue != nil else { throw .invalidParams("uri: expected a string") }
        let targets = try searchTargets(uri: uri?.stringValue)
        let scanner = workspaceScanner, encoding = self.encoding
        return { () throws(ResponseError) in
            SearchLocations(found: try run.run(over: targets, scanner: scanner, encoding: encoding))
        }
    }
}
