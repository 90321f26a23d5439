import TaskPaper
import TaskPaperServer

/// What `agenda` and `search` share: their options, the files they read, and
/// how they print what they found (`path:line:column: text`, or JSON).
struct Listing {
    let command: String
    /// The agenda prints each task's due date (`today` for an undated `@today` task).
    let showsDue: Bool
    var format = Check.Format.text
    var paths: [String] = []
    /// Set when a path could not be read: the exit code is then 2.
    var unreadable = false
    private var items: [(inout JSONWriter) -> Void] = []
    private(set) var count = 0

    init(command: String, showsDue: Bool) { self.command = command; self.showsDue = showsDue }

    /// Reads the command line: `--format`, `--help`, `--`, and the command's own `options` (each takes a
    /// value; its handler returns an error message or nil). The other words come back in order, or the
    /// exit code to stop with (help printed, or a usage error).
    mutating func readArguments(
        _ arguments: [String], usage: String, options: [String: (String) -> String?] = [:]
    ) -> Result<[String], ExitCode> {
        var words: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--format":
                guard i + 1 < arguments.count, let f = Check.Format(rawValue: arguments[i + 1]) else {
                    return .failure(ExitCode(usageError("--format needs 'text' or 'json'")))
                }
                format = f
                i += 2
            case "--help", "-h":
                print(usage, terminator: "")
                return .failure(ExitCode(0))
            case "--":
                words.append(contentsOf: arguments[(i + 1)...])
                i = arguments.count
            default:
                if let read = options[arg] {
                    guard i + 1 < arguments.count else { return .failure(ExitCode(usageError("\(arg) needs a value"))) }
                    if let problem = read(arguments[i + 1]) { return .failure(ExitCode(usageError(problem))) }
                    i += 2
                    continue
                }
                if arg.hasPrefix("-") && arg != "-" { return .failure(ExitCode(usageError("unknown option '\(arg)'"))) }
                words.append(arg)
                i += 1
            }
        }
        return .success(words)
    }

    /// `readArguments` for a command whose other words are all paths (at least one): nil to go on, with
    /// `paths` set, or the exit code to stop with.
    mutating func readPaths(
        _ arguments: [String], usage: String, options: [String: (String) -> String?] = [:]
    ) -> Int32? {
        switch readArguments(arguments, usage: usage, options: options) {
        case .success(let words): paths = words
        case .failure(let stop): return stop.status
        }
        return paths.isEmpty ? usageError("no PATH given") : nil
    }

    /// `readArguments` for a command of a query and paths (`QUERY PATH...`): the query's text, with `paths`
    /// set, or the exit code to stop with.
    mutating func readQueryAndPaths(
        _ arguments: [String], usage: String, options: [String: (String) -> String?] = [:]
    ) -> Result<String, ExitCode> {
        switch readArguments(arguments, usage: usage, options: options) {
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

    /// The exit code a command stops with before listing anything.
    struct ExitCode: Error {
        let status: Int32
        init(_ status: Int32) { self.status = status }
    }

    func usageError(_ message: String) -> Int32 {
        StandardError.write("taskpaper-lsp \(command): \(message)\n\(usage)")
        return 2
    }

    /// Each file under `paths` with its lines, in the order given (folders sorted).
    mutating func documents() -> [(path: String, lines: [Line])] {
        var found: [(path: String, lines: [Line])] = []
        for file in Check.files(paths, command: command, unreadable: &unreadable) {
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
        case .text:
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
