import Foundation
import Testing

/// The Helix setup of `editors/helix/README.md`, run as written on a fresh account, then real Helix 25.01
/// driven in tmux against the freshly built server, read from its screen (`tmux capture-pane -e`) and its
/// log (`hx -v --log`).
///
/// Helix comes from `TASKPAPER_HX` (`.ci/run` gets Debian 13's with `debian13.sh hx`) or `hx` on PATH;
/// tmux from PATH. Without them the Helix tests skip with one line saying why, except in CI without a
/// reason given in `TASKPAPER_HX_UNAVAILABLE`: there they fail.
@Suite struct HelixTests {
    static let repository = NeovimTests.repository
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static func executable(_ name: String, variable: String) -> String? {
        if let path = environment[variable], !path.isEmpty { return path }
        for dir in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static var hx: String? { executable("hx", variable: "TASKPAPER_HX") }
    static var tmux: String? { executable("tmux", variable: "TASKPAPER_TMUX") }

    /// Why Helix can't be run here, in one line; nil when it can.
    static var missing: String? {
        if let reason = environment["TASKPAPER_HX_UNAVAILABLE"], !reason.isEmpty { return reason }
        if hx == nil {
            return "Helix not found: set TASKPAPER_HX (`debian13.sh hx` puts hx 25.01 in /tmp/debian13/bin)"
        }
        if tmux == nil { return "tmux not found: `apt-get install tmux` to run the Helix test" }
        return nil
    }

    /// Skipped with the reason as its one line, or run: in CI a missing Helix without a reason fails.
    static var runs: Bool { missing == nil || (NeovimTests.inCI && environment["TASKPAPER_HX_UNAVAILABLE"] == nil) }

    struct Failure: Error, CustomStringConvertible { var description: String }

    // MARK: Processes

    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil, input: String? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("helix-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    // MARK: A fresh account

    /// A home folder with nothing in it, and a copy of the repository's root as a user has it after
    /// `swift build -c release --static-swift-stdlib`: the release binary is `TASKPAPER_RELEASE_LSP` when
    /// set (`.ci/run` builds it), else this build's server.
    struct Account {
        let root: URL, home: URL, checkout: URL
        var path: String {
            let tools = HelixTests.hx.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "/usr/bin"
            return "\(home.path)/.local/bin:\(tools):/usr/local/bin:/usr/bin:/bin"
        }
        /// What a login shell of this account has, and nothing of the test's own environment.
        var environment: [String: String] {
            var env = ["HOME": home.path, "PATH": path, "LANG": "C.UTF-8", "USER": "helix-test"]
            for key in ["TZ", "HELIX_RUNTIME"] { env[key] = HelixTests.environment[key] }
            return env
        }
        var server: URL { home.appendingPathComponent(".local/bin/taskpaper-lsp") }
        var languagesToml: URL { home.appendingPathComponent(".config/helix/languages.toml") }

        init() throws {
            let fm = FileManager.default
            root = fm.temporaryDirectory.appendingPathComponent("taskpaper-helix-\(UUID().uuidString)")
            home = root.appendingPathComponent("home")
            checkout = root.appendingPathComponent("taskpaper-lsp")
            try fm.createDirectory(at: home, withIntermediateDirectories: true)
            let release = checkout.appendingPathComponent(".build/release")
            try fm.createDirectory(at: release, withIntermediateDirectories: true)
            try fm.createSymbolicLink(
                at: release.appendingPathComponent("taskpaper-lsp"),
                withDestinationURL: StandaloneBinaryTests.release ?? LSPClient.binary)
            for item in ["editors", "README.md"] {
                try fm.createSymbolicLink(
                    at: checkout.appendingPathComponent(item),
                    withDestinationURL: HelixTests.repository.appendingPathComponent(item))
            }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// Runs a README's shell block with `bash -e` from the repository's root, without its
        /// `swift build` line (the build is this test's own).
        func runBlock(_ block: String, from readme: String) throws {
            let script = block.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("swift build") }
                .joined(separator: "\n")
            let result = try HelixTests.run(
                "/bin/bash", ["-e", "-c", script], environment: environment,
                directory: checkout)
            guard result.status == 0 else {
                throw Failure(
                    description: "\(readme): this block fails on a fresh account (exit \(result.status)):\n"
                        + "\(script)\n--- output:\n\(result.output)")
            }
        }
    }

    /// The fenced blocks of a markdown text with the given info string, in order; their text unindented
    /// by the fence's own indentation.
    static func blocks(_ markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?  // inside a fence
        var wanted = false, indent = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                if let lines = current {
                    if wanted { blocks.append(lines.joined(separator: "\n")) }
                    current = nil
                } else {
                    current = []
                    wanted = trimmed.dropFirst(3) == language
                    indent = line.count - trimmed.count
                }
            } else if current != nil {
                current!.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
            }
        }
        return blocks
    }

    /// The part of a README from a `## title` heading to the next one.
    static func section(_ markdown: String, _ title: String) -> String {
        guard let start = markdown.range(of: "\n## \(title)\n") else { return "" }
        let rest = markdown[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    static func readme(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// A fresh account with the Helix README's Setup run as written.
    static func accountWithHelixSetup() throws -> Account {
        let account = try Account()
        let setup = section(try readme("editors/helix/README.md"), "Setup")
        let steps = blocks(setup, language: "sh")
        guard steps.count >= 3 else {
            throw Failure(description: "the Helix README's Setup has \(steps.count) sh blocks")
        }
        for step in steps { try account.runBlock(step, from: "editors/helix/README.md") }
        return account
    }

    // MARK: Every README's install block (no editor needed)

    @Test func everyInstallBlockWorksOnAFreshAccount() throws {
        let readmes = [
            "README.md", "editors/README.md", "editors/helix/README.md", "editors/neovim/README.md",
            "editors/emacs/README.md", "editors/vscode/README.md",
        ]
        for path in readmes {
            let installs = Self.blocks(try Self.readme(path), language: "sh").filter { $0.contains("~/.local/bin") }
            #expect(!installs.isEmpty, "\(path) has no block that installs taskpaper-lsp into ~/.local/bin")
            for block in installs {
                let account = try Account()
                defer { account.remove() }
                try account.runBlock(block, from: path)
                let version = try Self.run(account.server.path, ["--version"], environment: account.environment)
                #expect(
                    version.status == 0 && version.output.contains("taskpaper-lsp"),
                    "\(path): after its install block, taskpaper-lsp --version says: \(version.output)")
                let onPath = try Self.run(
                    "/bin/bash", ["-c", "taskpaper-lsp --version"],
                    environment: account.environment)
                #expect(onPath.status == 0, "\(path): taskpaper-lsp is not found on PATH with ~/.local/bin on it")
            }
        }
    }

    // MARK: Real Helix

    @Test(.enabled(if: runs, Comment(rawValue: missing ?? "")), .timeLimit(.minutes(3)))
    func setupAsWrittenGivesAHealthyLanguage() throws {
        guard let hx = try Self.requireHelix() else { return }
        let account = try Self.accountWithHelixSetup()
        defer { account.remove() }
        let health = try Self.run(hx, ["--health", "taskpaper"], environment: account.environment)
        let shown = TerminalScreen(captured: health.output).text
        #expect(health.status == 0, "hx --health taskpaper failed:\n\(shown)")
        #expect(shown.contains("✓ taskpaper-lsp: \(account.server.path)"), "\(shown)")
        // The README says what it shows: each of its lines but the server's path is there.
        let readme = Self.section(try Self.readme("editors/helix/README.md"), "Setup")
        let said = try #require(
            Self.blocks(readme, language: "").first { $0.contains("Tree-sitter parser") },
            "the Helix README doesn't show hx --health taskpaper")
        for line in said.split(separator: "\n") where !line.contains("/home/you") {
            #expect(
                shown.contains(line.trimmingCharacters(in: .whitespaces)),
                "the README says hx --health shows \"\(line)\"; it shows:\n\(shown)")
        }
    }

    /// nil (and one recorded failure) when Helix is needed and missing.
    static func requireHelix() throws -> String? {
        guard let hx, tmux != nil else {
            Issue.record("Helix is required in CI: \(missing ?? "")")
            return nil
        }
        return hx
    }

    /// The test document: a project, tasks with tags and payloads, a note, a done task, a mistake.
    static let document = """
        Home:
        \t- Buy milk @owner(Robert) @flag
        \tA note about milk
        \t- Call Bob @done(2025-01-01)
        \t- Plan the trip
        Work: @flag
        \t- Write report @due(tomorro)

        """

    @Test(.enabled(if: runs, Comment(rawValue: missing ?? "")), .timeLimit(.minutes(3)))
    func helixEditsWithTheServerIn16Colours() throws {
        guard try Self.requireHelix() != nil else { return }
        let account = try Self.accountWithHelixSetup()
        defer { account.remove() }
        let file = account.home.appendingPathComponent("notes/plan.taskpaper")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.document.write(to: file, atomically: true, encoding: .utf8)

        let helix = try HelixSession(account: account, file: file, trueColor: false)
        defer { helix.close() }

        // Diagnostics: a mark in the gutter and the mistake underlined.
        let shown = try helix.waitForScreen("a diagnostic in the gutter") { screen in
            screen.lines.contains { $0.hasPrefix("●") && $0.contains("tomorro") }
        }
        #expect(
            shown.style(of: "tomorro", at: 2)?.underline == true,
            "the malformed date isn't underlined:\n\(shown.text)")
        #expect(!(shown.lines.first { $0.contains("A note about milk") } ?? "").hasPrefix("●"))

        try Self.expectDistinctColours(shown, trueColor: false)

        // space a → Mark as done, then :w: on disk.
        try helix.command("5")
        helix.keys(" ", "a")
        var menu = try helix.waitForScreen("the code actions") { $0.row(containing: "Mark as done") != nil }
        for _ in 0..<10 where menu.style(of: "Mark as done", at: 1)?.reverse != true {
            helix.keys("Down")
            menu = try helix.waitForScreen("the next code action") { _ in true }
        }
        #expect(menu.style(of: "Mark as done", at: 1)?.reverse == true, "can't select Mark as done:\n\(menu.text)")
        helix.keys("Enter")
        _ = try helix.waitForScreen("the task marked done") { $0.row(containing: "Plan the trip @done(") != nil }
        try helix.command("w")
        let saved = try Self.waitFor("plan.taskpaper saved with @done") {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.range(of: #"\t- Plan the trip @done\(\d{4}-\d\d-\d\d\)\n"#, options: .regularExpression) != nil
                ? text : nil
        }
        #expect(saved.contains("\t- Call Bob @done(2025-01-01)\n"), "only the one task changes:\n\(saved)")

        // A setting changed the way the README says: in languages.toml, then its commands in order.
        let toml = try String(contentsOf: account.languagesToml, encoding: .utf8)
        let changed = toml.replacingOccurrences(of: "maxLineLength = 120", with: "maxLineLength = 10")
        #expect(changed != toml, "languages.toml has no `maxLineLength = 120` to change")
        try changed.write(to: account.languagesToml, atomically: true, encoding: .utf8)
        let settings = Self.section(try Self.readme("editors/helix/README.md"), "Settings")
        let commands = try #require(Self.blocks(settings, language: "").first, "the README's Settings give no commands")
        for line in commands.split(separator: "\n") where line.hasPrefix(":") {
            try helix.command(String(line.dropFirst()))
        }
        // A task longer than 10 characters (notes are not measured by default).
        _ = try helix.waitForScreen("the line-length diagnostic after the change") { screen in
            (screen.lines.first { $0.contains("Buy milk") } ?? "").hasPrefix("●")
        }
        let log = helix.log
        #expect(log.contains(#""maxLineLength":10"#), "the server never got maxLineLength 10:\n\(log.suffix(3000))")

        // Completion after @: tag names, the file's own among them.
        try helix.command("1")
        helix.keys("A")
        helix.type(" @")
        let completion = try helix.waitForScreen("the completion menu") { screen in
            screen.text.range(of: #"(^|[^@\w])owner\b"#, options: .regularExpression) != nil
        }
        #expect(
            completion.text.range(of: #"(^|[^@\w])due\b"#, options: .regularExpression) != nil,
            "no `due` offered:\n\(completion.text)")
        helix.escape()

        try helix.quitAndExpectTheServerGone()
    }

    @Test(.enabled(if: runs, Comment(rawValue: missing ?? "")), .timeLimit(.minutes(3)))
    func coloursInTrueColourAndBadInputStaysLocal() throws {
        guard try Self.requireHelix() != nil else { return }
        let account = try Self.accountWithHelixSetup()
        defer { account.remove() }
        // Bad input first: a lone @, an unclosed (, 10,000 tabs, a 1 MB line; the document after it. A screen
        // of filler on either side keeps the 1 MB line out of view: Helix takes seconds to draw it.
        let filler = (1...30).map { "Filler \($0)\n" }.joined()
        let bad =
            "@\n- x @due(2026-01-01\n" + String(repeating: "\t", count: 10_000) + "- deep\n"
            + "- " + String(repeating: "word @t(v) x@y @a(b ", count: 50_000) + "\n"
        let file = account.home.appendingPathComponent("bad.taskpaper")
        try (filler + bad + filler + Self.document).write(to: file, atomically: true, encoding: .utf8)

        let helix = try HelixSession(account: account, file: file, trueColor: true)
        defer { helix.close() }
        _ = try helix.waitForScreen("the file open") { $0.row(containing: "bad.taskpaper") != nil }
        try helix.command("65")
        helix.keys("z", "t")
        let shown = try helix.waitForScreen("the document's lines") { screen in
            screen.lines.first { $0.contains("Home:") }.map { $0.contains(" 65 ") } == true
                && screen.row(containing: "Write report") != nil
        }
        try Self.expectDistinctColours(shown, trueColor: true)
        #expect(shown.style(of: "Call", at: 1)?.strike == true, "a done task is struck through:\n\(shown.text)")
        try helix.quitAndExpectTheServerGone()
    }

    /// `space D`, as the README says: what is due in a file of the workspace that was never opened.
    @Test(.enabled(if: runs, Comment(rawValue: missing ?? "")), .timeLimit(.minutes(3)))
    func workspaceDiagnosticsPickerListsAClosedFilesDueTasks() throws {
        guard try Self.requireHelix() != nil else { return }
        let account = try Self.accountWithHelixSetup()
        defer { account.remove() }
        let project = account.home.appendingPathComponent("project")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.string(from: Date())
        try "Home:\n\t- Return books @due(2020-01-10)\n\t- Call Bob @due(\(today))\n\t- Paint\n".write(
            to: project.appendingPathComponent("later.taskpaper"), atomically: true, encoding: .utf8)
        let inbox = project.appendingPathComponent("inbox.taskpaper")
        try "- Read the news\n".write(to: inbox, atomically: true, encoding: .utf8)

        let helix = try HelixSession(account: account, file: inbox, trueColor: false)
        defer { helix.close() }
        _ = try helix.waitForScreen("the file open") { $0.row(containing: "Read the news") != nil }
        // The index is built and published within a second; the picker lists what has arrived.
        func listed(_ code: String, _ screen: TerminalScreen) -> Bool {
            screen.lines.contains { $0.range(of: " \(code) +later\\.taskpaper", options: .regularExpression) != nil }
        }
        _ = try helix.waitForScreen("later.taskpaper's tasks in the workspace diagnostics picker") { screen in
            if listed("overdue", screen) && listed("due-today", screen) { return true }
            helix.escape()
            helix.keys(" ", "D")
            Thread.sleep(forTimeInterval: 0.5)
            return false
        }
        helix.escape()
        try helix.quitAndExpectTheServerGone()
    }

    static var treeSitter: String? { executable("tree-sitter", variable: "TASKPAPER_TREE_SITTER") }

    /// What the grammar reads where the corpus can't say it: `\r\n` and `\r` line ends (the corpus
    /// stores `\n`) and a line of a megabyte, each followed by lines read as usual.
    @Test(
        .enabled(
            if: treeSitter != nil || (NeovimTests.inCI && environment["TASKPAPER_HX_UNAVAILABLE"] == nil),
            "tree-sitter-cli not found: set TASKPAPER_TREE_SITTER (`debian13.sh tree-sitter-cli`)"),
        .timeLimit(.minutes(2)))
    func grammarReadsLineEndsAndAMegabyteLine() throws {
        guard let treeSitter = Self.treeSitter else {
            Issue.record("tree-sitter-cli is required in CI: \(Self.missing ?? "set TASKPAPER_TREE_SITTER")")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("taskpaper-ts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let megabyte = "- " + String(repeating: "word @t(v) x@y @a(b ", count: 50_000)
        let file = scratch.appendingPathComponent("lines.taskpaper")
        try ("Home:\r\n- a @due(2026-01-01)\r- b\n" + megabyte + "\n- after @flag(yes)\r\n")
            .write(to: file, atomically: true, encoding: .utf8)
        // tree-sitter compiles the grammar into HOME's cache: a scratch HOME leaves the user's alone.
        let parsed = try Self.run(
            treeSitter, ["parse", file.path],
            environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin"],
            directory: Self.repository.appendingPathComponent("editors/tree-sitter-taskpaper"))
        // Only the tree: its lines start with "(" once indented; positions dropped.
        let tree = parsed.output.split(separator: "\n")
            .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("(") }
            .map {
                $0.replacingOccurrences(of: #" \[\d+, \d+\] - \[\d+, \d+\]"#, with: "", options: .regularExpression)
                    .trimmingCharacters(in: .whitespaces)
            }.joined(separator: " ")
        #expect(parsed.status == 0, "tree-sitter parse failed:\n\(parsed.output)")
        #expect(
            tree == "(document (project (text)) (task (task_marker) (text) (tag (tag_name) (tag_value))) "
                + "(task (task_marker) (text)) (long_line) (task (task_marker) (text) (tag (tag_name) (tag_value))))",
            "read as:\n\(parsed.output.prefix(3000))")
    }

    /// A project, a task's text, a tag name, its payload, a done task and a note, each in a style of its own.
    static func expectDistinctColours(_ screen: TerminalScreen, trueColor: Bool) throws {
        let probes: [(String, String, Int, String?)] = [
            ("project", "Home:", 1, nil), ("task text", "Buy", 1, nil), ("tag name", "@flag", 2, "Buy milk"),
            ("payload", "Robert", 1, nil), ("done task", "Call", 1, nil), ("note", "note", 1, nil),
        ]
        var seen: [TerminalScreen.Style: String] = [:]
        for (what, needle, offset, row) in probes {
            let style = try #require(
                screen.style(of: needle, at: offset, inRowWith: row),
                "\(needle) is not on the screen:\n\(screen.text)")
            let mode = trueColor ? "with COLORTERM=truecolor" : "in 16 colours"
            if let other = seen[style.ignoringUnderline] {
                Issue.record("\(mode): \(what) looks like \(other) (\(style)):\n\(screen.text)")
            }
            seen[style.ignoringUnderline] = what
        }
        if trueColor {
            #expect(
                seen.keys.contains { $0.foreground?.hasPrefix("2;") == true },
                "no RGB colours with COLORTERM=truecolor")
        }
    }

    static func waitFor<T>(_ what: String, timeout: TimeInterval = 20, _ probe: () -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = probe() { return value }
            if Date() > deadline { throw Failure(description: "timed out waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}

/// One `hx` in a tmux server of its own, in the account's environment.
final class HelixSession {
    let account: HelixTests.Account
    let socket = "taskpaper-helix-\(UUID().uuidString.prefix(8))"
    let logFile: URL, exitFile: URL
    let tmux: String
    private var closed = false

    init(account: HelixTests.Account, file: URL, trueColor: Bool) throws {
        self.account = account
        tmux = HelixTests.tmux!
        logFile = account.root.appendingPathComponent("hx.log")
        exitFile = account.root.appendingPathComponent("hx.exit")
        var env = account.environment
        env["TERM"] = "screen"
        if trueColor { env["COLORTERM"] = "truecolor" }
        let assignments = env.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        let command =
            "cd \(Self.quoted(file.deletingLastPathComponent().path)) && env -i \(assignments) "
            + "\(Self.quoted(HelixTests.hx!)) -v --log \(Self.quoted(logFile.path)) "
            + "\(Self.quoted(file.lastPathComponent)); "
            + "echo $? > \(Self.quoted(exitFile.path)); sleep 600"
        // The tmux server lives on after this client. It must not inherit the descriptor by which Foundation
        // learns that a child exited (the wait for this client would never end), nor the test runner's blocked
        // signals (tmux would never reap hx or exit on kill-server): a fresh signal state, no descriptors past 2.
        let freshStart =
            "import os, signal, sys\n"
            + "signal.pthread_sigmask(signal.SIG_SETMASK, [])\n"
            + "for number in (signal.SIGPIPE, signal.SIGINT): signal.signal(number, signal.SIG_DFL)\n"
            + "os.closerange(3, 65536)\n"
            + "os.execv(sys.argv[1], sys.argv[1:])\n"
        let started = try HelixTests.run(
            "/usr/bin/python3",
            [
                "-c", freshStart, tmux, "-u", "-L", socket,
                "-f", "/dev/null", "new-session", "-d", "-x", "100",
                "-y", "24", command,
            ])
        guard started.status == 0 else {
            throw HelixTests.Failure(description: "tmux did not start: \(started.output)")
        }
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    func screen() -> TerminalScreen {
        let captured = (try? HelixTests.run(tmux, ["-L", socket, "capture-pane", "-p", "-e"]).output) ?? ""
        return TerminalScreen(captured: captured)
    }

    /// Keys by tmux's names (`Enter`, `Escape`, `Down`, or a character).
    func keys(_ keys: String...) { _ = try? HelixTests.run(tmux, ["-L", socket, "send-keys"] + keys) }
    /// Escape alone: a key sent right after it would arrive with it as one Alt+key.
    func escape() {
        keys("Escape")
        Thread.sleep(forTimeInterval: 0.3)
    }

    /// Text typed as it is.
    func type(_ text: String) { _ = try? HelixTests.run(tmux, ["-L", socket, "send-keys", "-l", text]) }

    /// A typed command (`:w`), from normal mode.
    func command(_ command: String) throws {
        escape()
        keys(":")
        _ = try waitForScreen("the command line") { $0.lines.last?.hasPrefix(":") == true }
        type(command)
        keys("Enter")
        Thread.sleep(forTimeInterval: 0.3)
    }

    func waitForScreen(
        _ what: String, timeout: TimeInterval = 30,
        _ predicate: (TerminalScreen) -> Bool
    ) throws -> TerminalScreen {
        var last = TerminalScreen(captured: "")
        do {
            return try HelixTests.waitFor(what, timeout: timeout) {
                Thread.sleep(forTimeInterval: 0.2)
                last = screen()
                return predicate(last) ? last : nil
            }
        } catch {
            throw HelixTests.Failure(
                description: "timed out waiting for \(what); the screen:\n\(last.text)\n"
                    + "the log's end:\n\(log.suffix(2000))")
        }
    }

    /// Processes running this account's server.
    var serverProcesses: [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let server = account.server.resolvingSymlinksInPath().path
        return ids.filter { Int($0) != nil }.filter { id in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/exe")) == server
        }
    }

    /// `:q!` exits hx with 0, and the server goes with it.
    func quitAndExpectTheServerGone() throws {
        #expect(!serverProcesses.isEmpty, "no taskpaper-lsp running from \(account.server.path) before :q!")
        try command("q!")
        let status =
            try waitForScreen("hx to exit after :q!", timeout: 60) { _ in
                FileManager.default.fileExists(atPath: exitFile.path)
            }.text.isEmpty
            ? ""
            : (try? String(contentsOf: exitFile, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        #expect(status == "0", "hx exited with \(status) after :q!")
        let gone = try? HelixTests.waitFor("the server to exit", timeout: 10) { serverProcesses.isEmpty ? true : nil }
        #expect(gone == true, "taskpaper-lsp still runs after hx quit: \(serverProcesses)")
    }

    func close() {
        guard !closed else { return }
        closed = true
        let socketPath = (try? HelixTests.run(tmux, ["-L", socket, "display-message", "-p", "#{socket_path}"]))?
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? HelixTests.run(tmux, ["-L", socket, "kill-server"])
        if let socketPath, socketPath.hasSuffix(socket) { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    deinit { close() }
}
