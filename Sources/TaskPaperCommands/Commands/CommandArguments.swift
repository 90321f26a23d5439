import TaskPaperServer

/// How a command prints what it found: `--format text|json` (and `markdown` where a command offers it).
enum OutputFormat: String { case text, json, markdown }

/// The exit code a command stops with before doing its work (help printed, or a usage error).
struct ExitCode: Error {
    let status: Int32
    init(_ status: Int32) { self.status = status }
}

/// How every command reads its command line: options that take a value, flags that take none, `--help`,
/// `--` (every later word is a word), and the other words in order.
struct CommandArguments {
    let command: String
    let usage: String
    /// Each option's handler gets its value and returns what is wrong with it, or nil.
    var options: [String: (String) -> String?] = [:]
    var flags: [String: () -> Void] = [:]
    /// A word starting with this that is no option is refused as an unknown one. `add` says `--`: a task's
    /// text may start with `-`.
    var optionPrefix = "-"

    init(command: String, usage: String) {
        self.command = command
        self.usage = usage
    }

    /// Adds `--format`, offering `formats` (the first is the default) and calling `set` with the one given.
    mutating func acceptFormat(_ formats: [OutputFormat] = [.text, .json], set: @escaping (OutputFormat) -> Void) {
        let names = formats.map { "'\($0.rawValue)'" }
        options["--format"] = { value in
            guard let format = OutputFormat(rawValue: value), formats.contains(format) else {
                return "--format needs " + names.dropLast().joined(separator: ", ") + " or " + names.last!
            }
            set(format)
            return nil
        }
    }

    /// The words that are not options, in order, or the exit code to stop with.
    func read(_ arguments: [String]) -> Result<[String], ExitCode> {
        var words: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "--help" || arg == "-h" {
                print(usage, terminator: "")
                return .failure(ExitCode(0))
            } else if arg == "--" {
                words.append(contentsOf: arguments[(i + 1)...])
                break
            } else if let flag = flags[arg] {
                flag()
            } else if let option = options[arg] {
                guard i + 1 < arguments.count else { return .failure(ExitCode(usageError("\(arg) needs a value"))) }
                if let problem = option(arguments[i + 1]) { return .failure(ExitCode(usageError(problem))) }
                i += 1
            } else if arg.hasPrefix(optionPrefix) && arg != "-" {
                return .failure(ExitCode(usageError("unknown option '\(arg)'")))
            } else {
                words.append(arg)
            }
            i += 1
        }
        return .success(words)
    }

    /// Says what is wrong and how the command is used, on stderr; the exit code 2.
    func usageError(_ message: String) -> Int32 {
        StandardError.write("taskpaper-lsp \(command): \(message)\n\(usage)")
        return 2
    }
}
