import TaskPaper
import TaskPaperServer

/// What `agenda` and `search` share: their options, the files they read, and
/// how they print what they found (`path:line:column: text`, or JSON).
struct Listing {
    let command: String
    let usage: String
    /// The agenda prints each task's due date (`today` for an undated `@today` task).
    let showsDue: Bool
    var format = OutputFormat.text
    var paths: [String] = []
    /// Set when a path could not be read: the exit code is then 2.
    var unreadable = false
    private var items: [(inout JSONWriter) -> Void] = []
    private(set) var count = 0

    init(command: String, usage: String, showsDue: Bool = false) {
        self.command = command
        self.usage = usage
        self.showsDue = showsDue
    }

    /// Reads the command line (`CommandArguments`): `--format` (one of `formats`), the command's own
    /// `options` and `flags`. The other words come back in order, or the exit code to stop with.
    mutating func readArguments(
        _ arguments: [String], flags: [String: () -> Void] = [:], formats: [OutputFormat] = [.text, .json],
        options: [String: (String) -> String?] = [:]
    ) -> Result<[String], ExitCode> {
        var reader = CommandArguments(command: command, usage: usage)
        reader.options = options
        reader.flags = flags
        var chosen = format
        // A command that prints one format only (`ics`) takes no `--format`.
        if !formats.isEmpty { reader.acceptFormat(formats) { chosen = $0 } }
        let words = reader.read(arguments)
        format = chosen
        return words
    }

    /// `readArguments` for a command whose other words are all paths (at least one): nil to go on, with
    /// `paths` set, or the exit code to stop with.
    mutating func readPaths(
        _ arguments: [String], flags: [String: () -> Void] = [:], formats: [OutputFormat] = [.text, .json],
        options: [String: (String) -> String?] = [:]
    ) -> Int32? {
        switch readArguments(arguments, flags: flags, formats: formats, options: options) {
        case .success(let words): paths = words
        case .failure(let stop): return stop.status
        }
        return paths.isEmpty ? usageError("no PATH given") : nil
    }

    /// `readArguments` for a command of a query and paths (`QUERY PATH...`): the query's text, with `paths`
    /// set, or the exit code to stop with.
    mutating func readQueryAndPaths(
        _ arguments: [String], options: [String: (String) -> String?] = [:]
    ) -> Result<String, ExitCode> {
        switch readArguments(arguments, options: options) {
        case .success(let words):
            guard let query = words.first else { return .failure(ExitCode(usageError("no QUERY given"))) }
            paths = Array(words.dropFirst())
            return paths.isEmpty ? .failure(ExitCode(usageError("no PATH given"))) : .success(query)
        case .failure(let stop): return .failure(stop)
        }
    }

    /// The query, or nil after saying on stderr why it does not parse (the command then exits 2).
    func parse(query text: String) -> SearchQuery? {
        do throws(SearchParseError) {
            return try SearchQuery.parse(text)
        } catch {
            StandardError.write(
                "taskpaper-lsp \(command): the query does not parse: \(error.message) (at UTF-8 offset \(error.utf8Offset))\n"
            )
            return nil
        }
    }

    func usageError(_ message: String) -> Int32 {
        CommandArguments(command: command, usage: usage).usageError(message)
    }

    /// Each file under `paths` with its lines, in the order given (folders sorted).
    mutating func documents() -> [(path: String, lines: [Line])] {
        var found: [(path: String, lines: [Line])] = []
        for file in TaskFiles.named(paths, command: command, unreadable: &unreadable) {
            guard let data = FileSystem.contents(of: file) else {
                StandardError.write("taskpaper-lsp \(command): cannot read \(file)\n")
                unreadable = true
                continue
            }
            found.append((file, TextDocument(text: String(decoding: data, as: UTF8.self)).lines))
        }
        return found
    }

    /// One result: the line's text from `utf8Offset` on, 1-based line and column (characters).
    mutating func add(path: String, line: Int, lineText: String, utf8Offset: Int, due: DatePoint? = nil) {
        count += 1
        let isASCII = lineText.utf8.allSatisfy { $0 < 0x80 }
        let column = Characters.count(lineText, upTo: utf8Offset, isASCII: isASCII) + 1
        let text = String(lineText.utf8Slice(utf8Offset..<lineText.utf8.count))
        switch format {
        case .text, .markdown:
            let date = showsDue ? "\(due?.description ?? "today") " : ""
            print("\(path):\(line + 1):\(column): \(date)\(text)")
        case .json:
            let showsDue = self.showsDue
            items.append { w in
                w.object { w in
                    w.key("path"); w.string(path)
                    w.key("line"); w.int(line + 1)
                    w.key("column"); w.int(column)
                    if showsDue {
                        w.key("due")
                        if let due { w.string(due.description) } else { w.null() }
                    }
                    w.key("text"); w.string(text)
                }
            }
        }
    }

    /// Prints the JSON array (if asked for) and gives the exit code.
    func finish() -> Int32 {
        if format == .json {
            var json = JSONWriter()
            json.array { w in for item in items { item(&w) } }
            print(String(decoding: json.bytes, as: UTF8.self))
        }
        if unreadable { return 2 }
        return count > 0 ? 0 : 1
    }
}
