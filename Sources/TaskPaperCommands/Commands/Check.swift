import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp check`: the server's rules, from a shell.
enum Check {
    static func run(_ arguments: [String]) -> Int32 {
        var settings = LintSettings()
        var format = OutputFormat.text
        var reader = CommandArguments(command: "check", usage: usage)
        reader.options["--max-line-length"] = { value in
            guard let n = Int(value), n >= 0 else { return "--max-line-length needs a whole number ≥ 0" }
            settings.maxLineLength = n
            return nil
        }
        reader.acceptFormat { format = $0 }
        let paths: [String]
        switch reader.read(arguments) {
        case .success(let words): paths = words
        case .failure(let stop): return stop.status
        }
        guard !paths.isEmpty else { return reader.usageError("no PATH given") }

        let clock = Clock.current()
        var unreadable = false, anyError = false
        var json = JSONWriter()
        var jsonItems: [(inout JSONWriter) -> Void] = []
        for file in TaskFiles.named(paths, unreadable: &unreadable) {
            guard let data = FileSystem.contents(of: file) else {
                StandardError.write("taskpaper-lsp check: cannot read \(file)\n")
                unreadable = true
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            for f in Linter.lint(text, settings: settings, clock: clock) {
                if f.diagnostic.severity == .error { anyError = true }
                switch format {
                case .text, .markdown:
                    print(FindingOutput.textLine(f, column: FindingOutput.columns(f).start, in: file))
                case .json:
                    jsonItems.append { w in FindingOutput.write(f, in: file, to: &w) }
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

    static let usage = """
        Usage: taskpaper-lsp check [--max-line-length N] [--format text|json] PATH...
          The language server's diagnostics for files and folders (recursively, *.taskpaper):
          path:line:column: severity: message [code].
          Exit 1 if any error, 0 otherwise, 2 on a usage error or unreadable path.

        """
}
