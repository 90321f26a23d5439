import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper
import TaskPaperServer

/// A tool's failure an assistant can act on: answered as a tool result with `isError`.
struct MCPToolError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// What a tool answers: its structured content (as its output schema says) and the same in short text.
struct MCPToolResult {
    var text: String
    var structured: ((inout JSONWriter) -> Void)?
    var isError = false

    static func failure(_ error: MCPToolError) -> MCPToolResult {
        MCPToolResult(text: error.message, structured: nil, isError: true)
    }

    /// The result's fields, in an object the caller opened.
    func write(to w: inout JSONWriter) {
        w.key("content")
        w.array { w in
            w.object { w in
                w.key("type"); w.string("text")
                w.key("text"); w.string(text)
            }
        }
        if let structured {
            w.key("structuredContent"); structured(&w)
        }
        w.key("isError"); w.bool(isError)
    }
}

/// The tools: each reads files as the command of its name does, with the same library code.
struct MCPTools {
    let roots: MCPRoots

    static let instructions =
        "TaskPaper files: search them with TaskPaper 3's query language, list the agenda, report what got done, "
        + "check them, add a task, mark a task done. Paths are relative to the first root (a file root: its folder) or absolute."

    /// Each tool's argument names, read off its `inputSchema` (`MCPToolList`).
    static let argumentNames: [String: [String]] = Dictionary(
        uniqueKeysWithValues: tools.map { tool in
            guard case .object(let schema) = tool.input, case .object(let properties)? = schema["properties"] else {
                return (tool.name, [])
            }
            return (tool.name, properties.keys.sorted())
        })

    func call(_ name: String, _ arguments: JSON) -> MCPToolResult {
        guard case .object(let fields) = arguments else {
            return .failure(MCPToolError("the arguments must be an object"))
        }
        // A misspelt optional argument would otherwise be a silent default (a search of every root).
        let known = Self.argumentNames[name] ?? []
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            return .failure(
                MCPToolError("\(name) has no argument '\(unknown)'; it takes " + known.joined(separator: ", ")))
        }
        let result: Result<MCPToolResult, MCPToolError>
        switch name {
        case "search": result = search(arguments)
        case "agenda": result = agenda(arguments)
        case "report": result = report(arguments)
        case "check": result = check(arguments)
        case "add": result = add(arguments)
        default: result = complete(arguments)
        }
        switch result {
        case .success(let answer): return answer
        case .failure(let error): return .failure(error)
        }
    }

    // MARK: Arguments

    func string(_ arguments: JSON, _ key: String) -> Result<String?, MCPToolError> {
        guard let value = arguments[key], !value.isNull else { return .success(nil) }
        guard let text = value.stringValue else { return .failure(MCPToolError("'\(key)' must be a string")) }
        return .success(text)
    }

    func required(_ arguments: JSON, _ key: String) -> Result<String, MCPToolError> {
        string(arguments, key).flatMap { $0.map { .success($0) } ?? .failure(MCPToolError("'\(key)' is required")) }
    }

    /// The files `path` names (all roots without it), with their text.
    func texts(_ arguments: JSON) -> Result<[(path: String, text: String)], MCPToolError> {
        string(arguments, "path").flatMap { path in
            roots.files(under: path).flatMap { files in
                var found: [(path: String, text: String)] = []
                for file in files {
                    guard let data = FileSystem.contents(of: file) else {
                        return .failure(MCPToolError("cannot read \(file)"))
                    }
                    found.append((file, String(decoding: data, as: UTF8.self)))
                }
                return .success(found)
            }
        }
    }

    /// The files `path` names (all roots without it), as lines.
    func documents(_ arguments: JSON) -> Result<[(path: String, lines: [Line])], MCPToolError> {
        texts(arguments).map { $0.map { ($0.path, TextDocument(text: $0.text).lines) } }
    }

    // MARK: The tools

    func search(_ arguments: JSON) -> Result<MCPToolResult, MCPToolError> {
        let queryText: String
        switch required(arguments, "query") {
        case .success(let text): queryText = text
        case .failure(let error): return .failure(error)
        }
        let query: SearchQuery
        do throws(SearchParseError) {
            query = try SearchQuery.parse(queryText)
        } catch {
            return .failure(
                MCPToolError("the query does not parse: \(error.message) (at UTF-8 offset \(error.utf8Offset))"))
        }
        let documents: [(path: String, lines: [Line])]
        switch self.documents(arguments) {
        case .success(let read): documents = read
        case .failure(let error): return .failure(error)
        }
        let clock = Clock.current()
        var items: [(path: String, line: Int, text: String, project: String, tags: [(String, String?)])] = []
        for document in documents {
            let outline = Outline(lines: document.lines, indentWidth: .auto)
            do throws(SearchEvaluationError) {
                for i in try query.evaluate(in: outline, clock: clock) {
                    let line = document.lines[i]
                    let text = String(line.text.utf8Slice(line.syntax.indentLength..<line.text.utf8.count))
                    let tags = line.syntax.tags.map { tag in
                        (String(tag.name(in: line)), tag.payload(in: line).map(String.init))
                    }
                    items.append(
                        (document.path, i + 1, text, outline.projectPath(of: i).joined(separator: " / "), tags))
                }
            } catch {
                return .failure(MCPToolError("the search stopped in \(document.path): \(error.description)"))
            }
        }
        let text =
            items.isEmpty ? "nothing found" : items.map { "\($0.path):\($0.line): \($0.text)" }.joined(separator: "\n")
        return .success(
            MCPToolResult(text: text) { w in
                w.object { w in
                    w.key("items")
                    w.array { w in
                        for item in items {
                            w.object { w in
                                w.key("path"); w.string(item.path)
                                w.key("line"); w.int(item.line)
                                w.key("text"); w.string(item.text)
                                w.key("project"); w.string(item.project)
                                w.key("tags")
                                w.object { w in
                                    var seen = Set<String>()
                                    // TaskPaper reads the first of a name twice on a line.
                                    for (name, value) in item.tags where seen.insert(name).inserted {
                                        w.key(dynamic: name)
                                        if let value { w.string(value) } else { w.null() }
                                    }
                                }
                            }
                        }
                    }
                }
            })
    }

    func agenda(_ arguments: JSON) -> Result<MCPToolResult, MCPToolError> {
        var days = Agenda.defaultDays
        if let value = arguments["days"], !value.isNull {
            guard let n = value.intValue, n >= 0 else {
                return .failure(MCPToolError("'days' must be a whole number ≥ 0"))
            }
            days = n
        }
        let documents: [(path: String, lines: [Line])]
        switch self.documents(arguments) {
        case .success(let read): documents = read
        case .failure(let error): return .failure(error)
        }
        let entries = Agenda.select(documents.map(\.lines), days: days, clock: Clock.current()).map { entry in
            let lineText = documents[entry.document].lines[entry.line].text
            return (
                path: documents[entry.document].path, line: entry.line + 1, due: entry.due?.description,
                text: String(lineText.utf8Slice(entry.offset..<lineText.utf8.count))
            )
        }
        let text =
            entries.isEmpty
            ? "nothing due"
            : entries.map { "\($0.path):\($0.line): \($0.due ?? "today") \($0.text)" }.joined(separator: "\n")
        return .success(
            MCPToolResult(text: text) { w in
                w.object { w in
                    w.key("items")
                    w.array { w in
                        for entry in entries {
                            w.object { w in
                                w.key("path"); w.string(entry.path)
                                w.key("line"); w.int(entry.line)
                                w.key("due")
                                if let due = entry.due { w.string(due) } else { w.null() }
                                w.key("text"); w.string(entry.text)
                            }
                        }
                    }
                }
            })
    }

    func report(_ arguments: JSON) -> Result<MCPToolResult, MCPToolError> {
        let clock = Clock.current()
        var since: CivilDate?, until: CivilDate?, grouping = TimeReport.Grouping.day
        for key in ["since", "until"] {
            switch string(arguments, key) {
            case .success(nil): continue
            case .success(let text?):
                guard let date = ReportCommand.readDate(text, clock: clock) else {
                    return .failure(MCPToolError("'\(key)' needs a date: 2026-11-20, -7d, last monday"))
                }
                if key == "since" { since = date.start.date } else { until = date.deadline }
            case .failure(let error): return .failure(error)
            }
        }
        switch string(arguments, "by") {
        case .success(nil): break
        case .success(let text?):
            guard let g = TimeReport.Grouping(rawValue: text) else {
                return .failure(MCPToolError("'by' needs 'day' or 'project'"))
            }
            grouping = g
        case .failure(let error): return .failure(error)
        }
        let documents: [(path: String, lines: [Line])]
        switch self.documents(arguments) {
        case .success(let read): documents = read
        case .failure(let error): return .failure(error)
        }
        let report = TimeReport.make(documents.map(\.lines), since: since, until: until, by: grouping, clock: clock)
        let paths = documents.map(\.path)
        let json = ReportWriter.json(
            report, paths: paths, window: ReportWindow(since: since, until: until), by: grouping)
        // The command's JSON, read back as a value, so the tool answers exactly what `report --format json` prints.
        let value = (try? JSONParser.parse(Array(json.utf8))) ?? .null
        return .success(
            MCPToolResult(text: ReportWriter.text(report, paths: paths, by: grouping)) { w in value.write(to: &w) })
    }

    func check(_ arguments: JSON) -> Result<MCPToolResult, MCPToolError> {
        let documents: [(path: String, text: String)]
        switch texts(arguments) {
        case .success(let read): documents = read
        case .failure(let error): return .failure(error)
        }
        let clock = Clock.current()
        var findings: [(path: String, finding: Linter.Finding)] = []
        for document in documents {
            findings += Linter.lint(document.text, settings: LintSettings(), clock: clock).map { (document.path, $0) }
        }
        let text =
            findings.isEmpty
            ? "no findings"
            : findings.map {
                FindingOutput.textLine($0.finding, column: FindingOutput.columns($0.finding).start, in: $0.path)
            }
            .joined(separator: "\n")
        return .success(
            MCPToolResult(text: text) { w in
                w.object { w in
                    w.key("findings")
                    w.array { w in for f in findings { FindingOutput.write(f.finding, in: f.path, to: &w) } }
                }
            })
    }

    func add(_ arguments: JSON) -> Result<MCPToolResult, MCPToolError> {
        let given: String, projectText: String, fileGiven: String?
        switch (required(arguments, "text"), string(arguments, "project"), string(arguments, "file")) {
        case (.success(let t), .success(let p), .success(let f)): (given, projectText, fileGiven) = (t, p ?? "Inbox", f)
        case (.failure(let e), _, _), (_, .failure(let e), _), (_, _, .failure(let e)): return .failure(e)
        }
        guard let task = CaptureEdits.taskText(given) else {
            return .failure(MCPToolError("'text' must be one line of text: one task a call"))
        }
        guard let path = AddCommand.projectPath(projectText) else {
            return .failure(MCPToolError("'project' needs " + AddCommand.projectPathForm))
        }
        // $TASKPAPER_INBOX is read as `add` reads it: a relative one from the server's working folder.
        guard let file = fileGiven ?? AddCommand.inboxFromEnvironment().map(MCPRoots.fromWorkingFolder) else {
            return .failure(MCPToolError("give 'file': no TASKPAPER_INBOX is set for this server"))
        }
        let target: String
        switch roots.resolve(file, mayBeMissing: true) {
        case .success(let real): target = real
        case .failure(let error): return .failure(error)
        }
        switch AddCommand.add([task], under: path, to: target) {
        case .success(let added):
            let (line, text) = added[0]
            return .success(
                MCPToolResult(text: "\(target):\(line + 1): \(task)") { w in
                    w.object { w in
                        w.key("path"); w.string(target)
                        w.key("line"); w.int(line + 1)
                        w.key("text"); w.string(text)
                    }
                })
        case .failure(let problem):
            return .failure(MCPToolError("\(target): \(problem.message); nothing was added or changed"))
        }
    }

    func complete(_ arguments: JSON) -> Result<MCPToolResult, MCPToolError> {
        let file: String, expected: String
        switch (required(arguments, "path"), required(arguments, "text")) {
        case (.success(let p), .success(let t)): (file, expected) = (p, t)
        case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
        }
        guard let lineNumber = arguments["line"]?.intValue, lineNumber >= 1 else {
            return .failure(MCPToolError("'line' must be a line number (1 for the first line)"))
        }
        var cancel = false
        if let value = arguments["cancel"], !value.isNull {
            guard let flag = value.boolValue else { return .failure(MCPToolError("'cancel' must be true or false")) }
            cancel = flag
        }
        let target: String
        switch roots.resolve(file) {
        case .success(let real): target = real
        case .failure(let error): return .failure(error)
        }
        let clock = Clock.current()
        let i = lineNumber - 1
        let changed = LockedRewrite.rewrite(target) {
            text -> Result<(text: String, answer: (String, [String])), LockedRewrite.Problem> in
            var document = TextDocument(text: text)
            let lines = document.lines
            guard i < lines.count else {
                return .failure(.init(message: "it has \(lines.count) lines, not \(lineNumber); read it again"))
            }
            let was = lines[i].text
            let content = String(was.utf8Slice(lines[i].syntax.indentLength..<was.utf8.count))
            guard was == expected || content == expected else {
                return .failure(
                    .init(message: "line \(lineNumber) now reads '\(was)', not '\(expected)'; read the file again"))
            }
            let edits: [TextReplacement]
            if cancel {
                edits = DoneEdits.markCancelled(lines, in: i...i, tag: DoneEdits.cancelledTag(date: clock.today))
            } else {
                switch TimeEdits.markDoneRecordingTime(
                    lines, in: i...i, indentWidth: .auto, doneTag: DoneEdits.doneTag(date: clock.today), clock: clock)
                {
                case .success(let made): edits = made
                case .failure(let failure): return .failure(.init(message: failure.message))
                }
            }
            guard !edits.isEmpty else {
                return .failure(.init(message: "line \(lineNumber) is no open task: '\(was)'"))
            }
            document.apply(edits)
            // A repeating task's next occurrence goes above it: the lines from `i` on that the edit added.
            let added = document.lines.count - lines.count
            return .success((document.text, (was, document.lines[i...(i + added)].map(\.text))))
        }
        switch changed {
        case .success(let (was, now)):
            let verb = cancel ? "cancelled" : "done"
            return .success(
                MCPToolResult(
                    text: "\(target):\(lineNumber): \(verb); it was: \(was)\nnow:\n" + now.joined(separator: "\n")
                ) { w in
                    w.object { w in
                        w.key("path"); w.string(target)
                        w.key("line"); w.int(lineNumber)
                        w.key("was"); w.string(was)
                        w.key("now"); w.array { w in for line in now { w.string(line) } }
                    }
                })
        case .failure(let problem):
            return .failure(MCPToolError("\(target): \(problem.message); the file was not changed"))
        }
    }
}
