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
            let input = TextDocument(text: String(decoding: readAll(STDIN_FILENO) ?? [], as: UTF8.self))
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

    struct Problem: Error { let message: String }

    /// Each task's 0-based line in the file's new text, and that line's text.
    typealias Added = [(line: Int, text: String)]

    /// Adds the tasks under the file's lock, replacing the file by a new one renamed over it; when the
    /// file changed while the new text was made (an editor does not take the lock), reads it again.
    static func add(_ tasks: [String], under path: [String], to file: String) -> Result<Added, Problem> {
        let target = followingLinks(file)
        // Another add replacing the file is progress, and so never counted: only rereads after changes
        // by a writer that takes no lock are, so that one rewriting the file all the time stops it.
        var rereads = 0
        while rereads < 100 {
            let fd: Int32
            let before: stat
            switch openLocked(target) {
            case .success(let opened): (fd, before) = opened
            case .failure(let problem) where problem.message.isEmpty: continue
            case .failure(let problem): return .failure(problem)
            }
            defer { close(fd) }
            guard let bytes = readAll(fd) else { return .failure(Problem(message: errorText("cannot read it"))) }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else { return .failure(Problem(message: "it is not UTF-8 text")) }
            var document = TextDocument(text: text)
            var lines: [Int] = []
            for task in tasks {
                let capture = CaptureEdits.capture(task, under: path, in: document.lines, indentWidth: .auto)
                document.apply(capture.replacements)
                lines.append(capture.line)
            }
            let newText = document.text
            switch replace(target, with: newText, mode: before.st_mode & 0o7777, unlessChangedSince: before) {
            case .success:
                return .success(lines.map { ($0, document.lines[$0].text) })
            case .failure(let problem) where problem.message.isEmpty: rereads += 1
            case .failure(let problem): return .failure(problem)
            }
        }
        return .failure(Problem(message: "it kept changing while the task was being added"))
    }

    /// The file, opened (created when missing) and locked, with what `fstat` says of it then. A failure
    /// with an empty message means: try again (another writer replaced the file meanwhile).
    static func openLocked(_ target: String) -> Result<(Int32, stat), Problem> {
        var fd = open(target, O_RDONLY | O_CLOEXEC)
        if fd < 0 && errno == ENOENT {
            fd = open(target, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 && errno == EEXIST { return .failure(Problem(message: "")) }
            if fd < 0 && errno == ENOENT { return .failure(Problem(message: "its folder does not exist")) }
        }
        guard fd >= 0 else { return .failure(Problem(message: errorText("cannot open it"))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            close(fd)
            return .failure(Problem(message: errorText("cannot read it")))
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            close(fd)
            return .failure(Problem(message: "it is a folder, not a file"))
        default:
            close(fd)
            return .failure(Problem(message: "it is not a regular file"))
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(fd)
                return .failure(Problem(message: errorText("cannot lock it")))
            }
        }
        // The lock is on this inode: if another add renamed a new file over it meanwhile, lock that one.
        var now = stat()
        guard stat(target, &now) == 0, now.st_ino == st.st_ino, now.st_dev == st.st_dev, fstat(fd, &st) == 0 else {
            close(fd)
            return .failure(Problem(message: ""))
        }
        return .success((fd, st))
    }

    /// Writes `text` beside `target`, flushed and with `mode`, and renames it over `target`, unless
    /// `target` is no longer the file `before` describes (failure with an empty message: read it again).
    static func replace(
        _ target: String, with text: String, mode: mode_t, unlessChangedSince before: stat
    )
        -> Result<Void, Problem>
    {
        let (folder, name) = split(target)
        let temporary = folder + "/." + name + ".add-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            return .failure(Problem(message: errorText("cannot write beside it in \(folder)")))
        }
        let bytes = Array(text.utf8)
        let written = writeAll(fd, bytes) && fchmod(fd, mode) == 0 && fsync(fd) == 0
        let writeProblem = errorText("cannot write beside it in \(folder)")
        close(fd)
        guard written else {
            unlink(temporary)
            return .failure(Problem(message: writeProblem))
        }
        var now = stat()
        guard stat(target, &now) == 0, !changed(before, now) else {
            unlink(temporary)
            return .failure(Problem(message: ""))
        }
        guard rename(temporary, target) == 0 else {
            let problem = errorText("cannot rename the new file over it")
            unlink(temporary)
            return .failure(Problem(message: problem))
        }
        // The rename itself lasts once the folder is flushed.
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        return .success(())
    }

    static func changed(_ a: stat, _ b: stat) -> Bool {
        a.st_ino != b.st_ino || a.st_dev != b.st_dev || a.st_size != b.st_size
            || a.st_mtim.tv_sec != b.st_mtim.tv_sec || a.st_mtim.tv_nsec != b.st_mtim.tv_nsec
    }

    /// The file a path names once symbolic links are followed (the link stays a link: its target is
    /// written); the path itself when it is no link. A link to a missing file names that file.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : split(current).folder + "/" + destination
        }
        return current
    }

    /// A path's folder (`.` when it names none) and last name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    static func errorText(_ what: String) -> String { "\(what) (\(String(cString: strerror(errno))))" }

    static func readAll(_ fd: Int32) -> [UInt8]? {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return result }
            result.append(contentsOf: chunk[..<n])
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { p in
            var offset = 0
            while offset < p.count {
                let n = write(fd, p.baseAddress! + offset, p.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }
}
