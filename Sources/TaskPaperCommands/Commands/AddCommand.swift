import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp add [--to FILE] [--project PATH] TEXT...`: one task into a project of a file, from a
/// shell, a script or a mail rule. The file is replaced atomically under an advisory lock, so concurrent
/// adds all land and a reader never sees half a file.
enum AddCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var file: String?
        var projectText = "Inbox"
        var reader = CommandArguments(command: "add", usage: usage)
        reader.options["--to"] = { value in
            file = value
            return nil
        }
        reader.options["--project"] = { value in
            projectText = value
            return nil
        }
        // Only `--` words are options: a task may start with `- ` or `-`.
        reader.optionPrefix = "--"
        let words: [String]
        switch reader.read(arguments) {
        case .success(let read): words = read
        case .failure(let stop): return stop.status
        }
        guard let path = projectPath(projectText) else {
            return reader.usageError("--project needs " + projectPathForm)
        }
        guard let file = file ?? inboxFromEnvironment() else {
            StandardError.write(
                "taskpaper-lsp add: no file to add to: give --to FILE, or set TASKPAPER_INBOX"
                    + " (export TASKPAPER_INBOX=~/inbox.taskpaper)\n")
            return 2
        }
        guard !words.isEmpty else { return reader.usageError("no TEXT given") }
        let tasks: [String]
        if words == ["-"] {
            let input = TextDocument(text: String(decoding: LockedRewrite.readAll(STDIN_FILENO) ?? [], as: UTF8.self))
            let lines = input.lines.map(\.text).filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            var read: [String] = []
            for line in lines {
                guard let task = CaptureEdits.taskText(line) else { return refuse("'\(line)' is no task") }
                read.append(task)
            }
            guard !read.isEmpty else { return refuse("standard input holds no task") }
            tasks = read
        } else {
            let text = words.joined(separator: " ")
            guard let task = CaptureEdits.taskText(text) else {
                return refuse(
                    text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
                        ? "the text spans lines (give '-' to read one task a line from standard input)"
                        : "the text is empty")
            }
            tasks = [task]
        }

        let added: Added
        switch add(tasks, under: path, to: file) {
        case .success(let done): added = done
        case .failure(let problem):
            StandardError.write("taskpaper-lsp add: \(file): \(problem.message); nothing was added or changed\n")
            return 2
        }
        let clock = Clock.current()
        for ((line, lineText), task) in zip(added, tasks) {
            print("\(file):\(line + 1): \(task)")
            // The rules read one line at a time: the new line alone finds what the whole file would.
            for var f in Linter.lint(lineText, settings: LintSettings(), clock: clock) {
                f.line = line
                let column = Characters.count(f.text, upTo: f.diagnostic.range.lowerBound, isASCII: f.isASCII) + 1
                StandardError.write(FindingOutput.textLine(f, column: column, in: file) + "\n")
            }
        }
        return 0
    }

    static func refuse(_ message: String) -> Int32 {
        StandardError.write("taskpaper-lsp add: \(message); nothing was added\n")
        return 2
    }

    /// The project path `--project` (and the MCP tool's `project`) names, or nil when it names none or
    /// spans lines (a line break would write a stray line above the project).
    static func projectPath(_ text: String) -> [String]? {
        guard !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        let path = UnarchiveEdits.projectPath(text[...])
        return path.isEmpty ? nil : path
    }

    static let projectPathForm = "project names separated by ' / ', on one line ('Work / Errands')"

    static func inboxFromEnvironment() -> String? {
        guard let value = getenv("TASKPAPER_INBOX").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }

    /// Each task's 0-based line in the file's new text, and that line's text.
    typealias Added = [(line: Int, text: String)]

    /// Adds the tasks, each the last of the project `path` names, through `LockedRewrite` (nothing lost
    /// to a concurrent add).
    static func add(_ tasks: [String], under path: [String], to file: String) -> Result<Added, LockedRewrite.Problem> {
        LockedRewrite.rewrite(file) { text in
            var document = TextDocument(text: text)
            var lines: [Int] = []
            for task in tasks {
                let capture = CaptureEdits.capture(task, under: path, in: document.lines, indentWidth: .auto)
                document.apply(capture.replacements)
                lines.append(capture.line)
            }
            return .success((document.text, lines.map { ($0, document.lines[$0].text) }))
        }
    }

    static let usage = """
        Usage: taskpaper-lsp add [--to FILE] [--project PATH] TEXT...
          TEXT as a task, the last of project PATH (default Inbox; 'Work / Errands'; missing
          projects are made) in FILE (default $TASKPAPER_INBOX); prints where it went:
          path:line: task. TEXT '-' reads one task a line from standard input.
          Exit 2 on a refused file or text, nothing changed.

        """
}
