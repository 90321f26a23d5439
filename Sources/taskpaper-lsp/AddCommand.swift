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
        var words: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--to", "--project":
                guard i + 1 < arguments.count else { return usageError("\(arg) needs a value") }
                if arg == "--to" { file = arguments[i + 1] } else { projectText = arguments[i + 1] }
                i += 2
            case "--help", "-h":
                print(usage, terminator: "")
                return 0
            case "--":
                words.append(contentsOf: arguments[(i + 1)...])
                i = arguments.count
            default:
                // Only `--` words are options: a task may start with `- ` or `-`.
                if arg.hasPrefix("--") { return usageError("unknown option '\(arg)'") }
                words.append(arg)
                i += 1
            }
        }
        let path = UnarchiveEdits.projectPath(projectText[...])
        guard !path.isEmpty else {
            return usageError("--project needs project names separated by ' / ' ('Work / Errands')")
        }
        guard let file = file ?? inboxFromEnvironment() else {
            StandardError.write(
                "taskpaper-lsp add: no file to add to: give --to FILE, or set TASKPAPER_INBOX"
                    + " (export TASKPAPER_INBOX=~/inbox.taskpaper)\n")
            return 2
        }
        guard !words.isEmpty else { return usageError("no TEXT given") }
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
                StandardError.write(Check.textLine(f, column: column, in: file) + "\n")
            }
        }
        return 0
    }

    static func usageError(_ message: String) -> Int32 {
        StandardError.write("taskpaper-lsp add: \(message)\n\(usage)")
        return 2
    }

    static func refuse(_ message: String) -> Int32 {
        StandardError.write("taskpaper-lsp add: \(message); nothing was added\n")
        return 2
    }

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
}
