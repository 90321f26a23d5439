import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp check`: the server's rules, from a shell.
enum Check {
    enum Format: String { case text, json }

    static func run(_ arguments: [String]) -> Int32 {
        var settings = LintSettings()
        var format = Format.text
        var paths: [String] = []
        var i = 0
        func usageError(_ message: String) -> Int32 {
            StandardError.write("taskpaper-lsp check: \(message)\n\(usage)")
            return 2
        }
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--max-line-length":
                guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n >= 0 else {
                    return usageError("--max-line-length needs a whole number ≥ 0")
                }
                settings.maxLineLength = n
                i += 2
            case "--format":
                guard i + 1 < arguments.count, let f = Format(rawValue: arguments[i + 1]) else {
                    return usageError("--format needs 'text' or 'json'")
                }
                format = f
                i += 2
            case "--help", "-h":
                print(usage, terminator: "")
                return 0
            case "--":
                paths.append(contentsOf: arguments[(i + 1)...])
                i = arguments.count
            default:
                if arg.hasPrefix("-") && arg != "-" { return usageError("unknown option '\(arg)'") }
                paths.append(arg)
                i += 1
            }
        }
        guard !paths.isEmpty else { return usageError("no PATH given") }

        let clock = Clock.current()
        var unreadable = false, anyError = false
        var json = JSONWriter()
        var jsonItems: [(inout JSONWriter) -> Void] = []
        for file in files(paths, unreadable: &unreadable) {
            guard let data = FileSystem.contents(of: file) else {
                StandardError.write("taskpaper-lsp check: cannot read \(file)\n")
                unreadable = true
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            for f in Linter.lint(text, settings: settings, clock: clock) {
                if f.diagnostic.severity == .error { anyError = true }
                switch format {
                case .text:
                    print(textLine(f, column: columns(f).start, in: file))
                case .json:
                    jsonItems.append { w in write(f, in: file, to: &w) }
                }
            }
        }
        if format == .json {
            json.array { w in for item in jsonItems { item(&w) } }
            print(String(decoding: json.bytes, as: UTF8.self))
        }
        if unreadable { return 2 }
        return anyError ? 1 : 0
    }

    /// A finding's first and last columns, 1-based, in characters.
    static func columns(_ f: Linter.Finding) -> (start: Int, end: Int) {
        let range = f.diagnostic.range
        return (
            Characters.count(f.text, upTo: range.lowerBound, isASCII: f.isASCII) + 1,
            Characters.count(f.text, upTo: range.upperBound, isASCII: f.isASCII) + 1
        )
    }

    /// A finding as `check --format json` prints it.
    static func write(_ f: Linter.Finding, in file: String, to w: inout JSONWriter) {
        let d = f.diagnostic
        let (column, endColumn) = columns(f)
        w.object { w in
            w.key("path"); w.string(file)
            w.key("line"); w.int(f.line + 1)
            w.key("column"); w.int(column)
            w.key("endLine"); w.int(f.line + 1)
            w.key("endColumn"); w.int(endColumn)
            w.key("severity"); w.string(d.severity.name)
            w.key("code"); w.string(d.code.rawValue)
            w.key("message"); w.string(d.message)
        }
    }

    /// A finding as `check` prints it: `path:line:column: severity: message [code]`.
    static func textLine(_ f: Linter.Finding, column: Int, in file: String) -> String {
        let d = f.diagnostic
        return "\(file):\(f.line + 1):\(column): \(d.severity.name): \(d.message) [\(d.code.rawValue)]"
    }

    /// The files of `paths` (each expanded as `expand` does) in the order given, each once however it is
    /// named (`./a.taskpaper`, `a.taskpaper`, a folder holding it, a symbolic link to it): the first
    /// name wins.
    static func files(_ paths: [String], command: String = "check", unreadable: inout Bool) -> [String] {
        var seen = Set<String>()
        var found: [String] = []
        for path in paths {
            for file in expand(path, command: command, unreadable: &unreadable)
            where seen.insert(absolute(file)).inserted {
                found.append(file)
            }
        }
        return found
    }

    /// The path with links and `.`/`..` resolved; as given when it can't be resolved.
    static func absolute(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A file as given, or a folder's `*.taskpaper` files, recursively and sorted.
    static func expand(_ path: String, command: String = "check", unreadable: inout Bool) -> [String] {
        let isFolder: Bool
        switch FileSystem.kind(of: path) {
        case .folder: isFolder = true
        case .file: isFolder = false
        case .other: isFolder = FileSystem.names(in: path) != nil  // a link to a folder named on the command line
        }
        guard isFolder else {
            if FileSystem.kind(of: path) == .file || FileSystem.contents(of: path) != nil { return [path] }
            StandardError.write("taskpaper-lsp \(command): no such file or folder: \(path)\n")
            unreadable = true
            return []
        }
        let (files, unreadableFolders) = FileSystem.taskPaperFiles(under: path)
        for folder in unreadableFolders {
            StandardError.write("taskpaper-lsp \(command): cannot read folder \(folder)\n")
            unreadable = true
        }
        return files
    }
}
