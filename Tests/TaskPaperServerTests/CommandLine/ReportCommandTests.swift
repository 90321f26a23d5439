import Foundation
import Testing
import TaskPaperServer

/// `taskpaper-lsp report` from a shell, on a temp folder with archived items (TaskPaper's `@project(A / B)`
/// and Todo+'s `@project(A.B)`), in its three formats. The clock is 2026-11-21 (`AgendaSearchCommandTests.run`).
@Suite struct ReportCommandTests {
    static let work = """
        Work:
        \tSite:
        \t\t- Write intro @est(1h) @lasted(1h20m) @done(2026-11-20)
        \t\t- Fix *links* <b> @1h30m @done(2026-11-18 14:00)
        \t\t- Draft outline @est(2h30m)
        \t- Plan week @est(soon) @done(2026-11-20)
        - Loose task @done(2026-11-10) @lasted(30m)
        - Undated @done
        Archive:
        \t- Old report @project(Work / Reports) @done(2026-11-19) @est(3h) @lasted(2h)
        \t- Todo+ item @project(Home.Garden) @done(2026-11-21) @lasted(1:15)

        """
    static let home = """
        Home:
        \t- Buy paint @est(45m)
        \t- Call plumber @done(2026-11-21) @estimate(20 min) @lasted(-5h)
        \t- Mow @cancelled(2026-11-20) @lasted(1h)

        """

    static func fixture() throws -> URL {
        try CalendarCommandTests.folder(["work.taskpaper": work, "sub/home.taskpaper": home])
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func textGroupsByDayWithSumsAndTheOpenEstimateLast() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try AgendaSearchCommandTests.run(["report", "--since", "-7d", "."], in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        // 2026-11-10 is before the window; the undated @done is in no window; @lasted(-5h) counts nothing.
        #expect(
            Self.lines(r.stdout) == [
                "2026-11-18: 1 done · est 1h30m",
                "  ./work.taskpaper:4: Fix *links* <b> (Work / Site · est 1h30m)",
                "2026-11-19: 1 done · est 3h · 2h lasted",
                "  ./work.taskpaper:10: Old report (Work / Reports · est 3h · 2h lasted)",
                "2026-11-20: 2 done · est 1h · 1h20m lasted",
                "  ./work.taskpaper:3: Write intro (Work / Site · est 1h · 1h20m lasted)",
                "  ./work.taskpaper:6: Plan week (Work)",
                "2026-11-21: 2 done · est 20m · 1h15m lasted",
                "  ./sub/home.taskpaper:3: Call plumber (Home · est 20m)",
                "  ./work.taskpaper:11: Todo+ item (Home.Garden · 1h15m lasted)",
                "open: 2 estimated tasks · est 3h15m",
                "",
            ])
    }

    @Test func byProjectAndJSON() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try AgendaSearchCommandTests.run(["report", "--by", "project", "work.taskpaper"], in: dir)
        #expect(
            Self.lines(r.stdout) == [
                "Work / Site: 2 done · est 2h30m · 1h20m lasted",
                "  work.taskpaper:3: Write intro (2026-11-20 · est 1h · 1h20m lasted)",
                "  work.taskpaper:4: Fix *links* <b> (2026-11-18 · est 1h30m)",
                "Work: 1 done",
                "  work.taskpaper:6: Plan week (2026-11-20)",
                "(no project): 2 done · 30m lasted",
                "  work.taskpaper:7: Loose task (2026-11-10 · 30m lasted)",
                "  work.taskpaper:8: Undated (undated)",
                "Work / Reports: 1 done · est 3h · 2h lasted",
                "  work.taskpaper:10: Old report (2026-11-19 · est 3h · 2h lasted)",
                "Home.Garden: 1 done · 1h15m lasted",
                "  work.taskpaper:11: Todo+ item (2026-11-21 · 1h15m lasted)",
                "open: 1 estimated task · est 2h30m",
                "",
            ])
        let json = try AgendaSearchCommandTests.run(
            ["report", "--format", "json", "--since", "2026-11-20", "--until", "2026-11-20", "."], in: dir)
        #expect(json.status == 0)
        let root = try JSONParser.parse(Array(json.stdout.utf8))
        #expect(root["since"]?.stringValue == "2026-11-20")
        #expect(root["done"]?.intValue == 2)
        let group = try #require(root["groups"]?.arrayValue?.first)
        #expect(group["title"]?.stringValue == "2026-11-20")
        #expect(group["estimateSeconds"]?.intValue == 3600)
        #expect(group["lastedSeconds"]?.intValue == 4800)
        let items = try #require(group["items"]?.arrayValue)
        #expect(items.map { $0["text"]?.stringValue } == ["Write intro", "Plan week"])
        #expect(items.map { $0["project"]?.stringValue } == ["Work / Site", "Work"])
        #expect(items.map { $0["line"]?.intValue } == [3, 6])
        #expect(root["open"]?["estimateSeconds"]?.intValue == 3 * 3600 + 15 * 60)
        // JSON keeps the sums the text leaves out: 0 for a group with no estimate or time lasted.
        let byProject = try AgendaSearchCommandTests.run(
            ["report", "--format", "json", "--by", "project", "work.taskpaper"], in: dir)
        let work = try #require(
            JSONParser.parse(Array(byProject.stdout.utf8))["groups"]?.arrayValue?.first {
                $0["title"]?.stringValue == "Work"
            })
        #expect(work["estimateSeconds"]?.intValue == 0)
        #expect(work["lastedSeconds"]?.intValue == 0)
    }

    @Test func exitCodesAsAgenda() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let none = try AgendaSearchCommandTests.run(["report", "--since", "2030-01-01", "."], in: dir)
        #expect(none.status == 1)
        #expect(Self.lines(none.stdout) == ["open: 2 estimated tasks · est 3h15m", ""])
        try "- a @done(2026-11-20)\n- b\n".write(
            to: dir.appendingPathComponent("u.taskpaper"), atomically: true, encoding: .utf8)
        let bare = try AgendaSearchCommandTests.run(["report", "--since", "2026-11-01", "u.taskpaper"], in: dir)
        #expect(Self.lines(bare.stdout).suffix(2) == ["open: no estimated tasks", ""])
        #expect(try AgendaSearchCommandTests.run(["report", "--since", "soonish", "."], in: dir).status == 2)
        #expect(try AgendaSearchCommandTests.run(["report", "--by", "week", "."], in: dir).status == 2)
        #expect(try AgendaSearchCommandTests.run(["report"], in: dir).status == 2)
        let missing = try AgendaSearchCommandTests.run(["report", "missing.taskpaper", "."], in: dir)
        #expect(missing.status == 2)
        #expect(!missing.stderr.isEmpty)
    }

    static var python: String? {
        let env = ProcessInfo.processInfo.environment
        if let path = env["TASKPAPER_MARKDOWN_PYTHON"], !path.isEmpty { return path }
        return nil
    }

    /// Markdown for a weekly review, checked line by line and rendered by Python-Markdown: every task's text,
    /// escaped only where Markdown would read it as markup, comes out as written.
    @Test(
        .enabled(
            if: python != nil || NeovimTests.inCI,
            "set TASKPAPER_MARKDOWN_PYTHON to a Python with the markdown package (.ci/run does) to render the report"))
    func markdownRendersWithoutLoss() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try AgendaSearchCommandTests.run(
            ["report", "--format", "markdown", "--since", "2026-11-18", "."], in: dir)
        #expect(r.status == 0)
        #expect(
            Self.lines(r.stdout) == [
                "# Done, since 2026-11-18", "", "6 done", "",
                "## 2026-11-18", "", "1 done · est 1h30m", "",
                "- Fix \\*links\\* &lt;b> (Work / Site · est 1h30m)", "",
                "## 2026-11-19", "", "1 done · est 3h · 2h lasted", "",
                "- Old report (Work / Reports · est 3h · 2h lasted)", "",
                "## 2026-11-20", "", "2 done · est 1h · 1h20m lasted", "",
                "- Write intro (Work / Site · est 1h · 1h20m lasted)", "- Plan week (Work)", "",
                "## 2026-11-21", "", "2 done · est 20m · 1h15m lasted", "",
                "- Call plumber (Home · est 20m)", "- Todo+ item (Home.Garden · 1h15m lasted)", "",
                "**Open:** 2 estimated tasks · est 3h15m", "",
            ])
        guard let python = Self.python else {
            Issue.record("CI needs TASKPAPER_MARKDOWN_PYTHON (a Python with the markdown package)")
            return
        }
        let markdownFile = dir.appendingPathComponent("report.md")
        try r.stdout.write(to: markdownFile, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [
            "-c", "import sys, markdown; print(markdown.markdown(open(sys.argv[1]).read()))", markdownFile.path,
        ]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let html = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let expected = [
            "<h1>Done, since 2026-11-18</h1>", "<h2>2026-11-18</h2>", "<h2>2026-11-21</h2>",
            "<li>Fix *links* &lt;b&gt; (Work / Site · est 1h30m)</li>",
            "<li>Todo+ item (Home.Garden · 1h15m lasted)</li>", "<li>Plan week (Work)</li>",
            "<p>1 done · est 3h · 2h lasted</p>", "<p><strong>Open:</strong> 2 estimated tasks · est 3h15m</p>",
        ]
        for piece in expected { #expect(html.contains(piece), "\(piece) not in \(html)") }
        #expect(html.components(separatedBy: "<li>").count - 1 == 6)
    }

    /// Task texts with no markup in either renderer.
    static let plainTexts = [
        "Write intro", "Read 1.5 chapters", "x--y--z", "2 * 3 * 4", "snake_case_name", "a & b", "10 < 20",
        "C# and F#", "(a) [b", "it's 100%!", "a+b=c", "a_b_", "C++ notes", "a \\ b", "😀 done", "Call 555-0100",
        "1.5. draft", "A-B-C", "~/notes", "5*3", "`", "a ~ b",
    ]

    /// Markdown escapes only what a renderer would read as markup, so the page reads as well raw: these
    /// texts (each one shown as written by both renderers in the test below) keep every character.
    @Test func markdownLeavesTextThatIsNoMarkupAsWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = Self.plainTexts.map { "- \($0) @done(2026-11-20)\n" }.joined()
        try file.write(to: dir.appendingPathComponent("plain.taskpaper"), atomically: true, encoding: .utf8)
        let r = try AgendaSearchCommandTests.run(
            ["report", "--format", "markdown", "--by", "project", "plain.taskpaper"], in: dir)
        #expect(r.status == 0)
        let items = Self.lines(r.stdout).filter { $0.hasPrefix("- ") }
        #expect(items == Self.plainTexts.map { "- \($0) (2026-11-20)" })
        #expect(Self.lines(r.stdout).contains("## (no project)"))
    }

    /// Debian's cmark-gfm (CommonMark with GitHub's extensions): TASKPAPER_CMARK_GFM, else `/usr/bin/cmark-gfm`.
    static var cmarkGFM: String? {
        if let path = ProcessInfo.processInfo.environment["TASKPAPER_CMARK_GFM"], !path.isEmpty { return path }
        let debian = "/usr/bin/cmark-gfm"
        return FileManager.default.isExecutableFile(atPath: debian) ? debian : nil
    }

    /// Every ASCII punctuation mark alone, repeated, at word edges, inside words and between blanks, and the
    /// markup either renderer knows: list, heading and quote starts, fences, code spans, tags, autolinks,
    /// entities, backslashes.
    static var trickyTexts: [String] {
        var texts: [String] = []
        for p in ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"## {
            texts += [
                "\(p)", "\(p)\(p)", "\(p)\(p)\(p)", "a\(p)b", "\(p)a b\(p)", "a \(p)b c\(p) d", "x\(p)\(p)y\(p)\(p)z",
                "\(p) a", "a \(p)", "a \(p) b \(p) c", "\(p)word\(p)",
            ]
        }
        texts += [
            "1. one", "1) one", "12. x", "1.", "# h", "## h", "#h", "- x", "+ x", "* x", "> q", "- - -", "***", "___",
            "--", "`code`", "``a`b``", "`a` ``b``", "```fence", "~~~fence", "<a>", "<http://x>", "<a@b.c>",
            "<!-- c -->", "<div", "<pre", #"<a href="x">y</a>"#, "a < b > c", "10 < 20", "&amp;", "&#65;", "&#x41;",
            "&#65 x", "&#x41",
            "&copy;", "&copy", "a & b", #"a\*b"#, #"\"#, #"a\"#, #"\\"#, #"1\. x"#, #"\`a`"#, "😀 _x_ 😀",
            "snake_case_name", "_a snake_case b_", "é_x_é", "**bold**", "*a* b", "2 * 3 * 4", "~~del~~", "~one~",
            "[a](b)", "[a]: b", "![i](s)", "[x]", "a\tb", "Fix *links* <b>",
        ]
        // A lone `@` at the end is where the trailing tags start: the task's name leaves it out.
        return (texts + plainTexts).filter { $0 != "@" && !$0.hasSuffix(" @") }
    }

    /// The text of each `<tag>` element as a reader sees it: tags inside dropped, entities read, blanks run
    /// together (HTML shows a run of blanks as one space; Python-Markdown turns tabs into spaces).
    static func shownText(of tag: String, in html: String) -> [String] {
        html.components(separatedBy: "<\(tag)>").dropFirst().map { element in
            let inner = element.components(separatedBy: "</\(tag)>")[0]
            var text = "", inTag = false
            for c in inner {
                if c == "<" {
                    inTag = true
                } else if c == ">" && inTag {
                    inTag = false
                } else if !inTag {
                    text.append(c)
                }
            }
            return htmlUnescaped(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    static func htmlUnescaped(_ text: String) -> String {
        var out = "", rest = Substring(text)
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[rest.index(after: amp)...]
            guard let semicolon = rest.firstIndex(of: ";") else {
                out += "&"
                continue
            }
            let name = String(rest[..<semicolon])
            let number =
                name.hasPrefix("#x")
                ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            if let character = named[name] ?? number.flatMap(Unicode.Scalar.init).map({ String(Character($0)) }) {
                out += character
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
            }
        }
        return out + rest
    }

    /// Each renderer's command for a Markdown file; nil when it is not installed.
    static var renderers: [(name: String, command: [String]?)] {
        [
            (
                "Python-Markdown",
                python.map { [$0, "-c", "import sys, markdown; print(markdown.markdown(open(sys.argv[1]).read()))"] }
            ),
            ("cmark-gfm", cmarkGFM.map { [$0, "-e", "strikethrough", "-e", "tagfilter", "-e", "table"] }),
        ]
    }

    static func render(_ markdown: String, with command: [String], in dir: URL) throws -> String {
        let file = dir.appendingPathComponent("report-\(UUID().uuidString).md")
        try markdown.write(to: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: command[0])
        p.arguments = Array(command.dropFirst()) + [file.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let html = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(command[0]) failed")
        return html
    }

    /// Each task's text (with its project after it) and each project heading renders as written in both
    /// renderers, from every punctuation mark to a leading `1.`; compared with the report's own JSON.
    @Test(
        .enabled(
            if: python != nil || cmarkGFM != nil || NeovimTests.inCI,
            "set TASKPAPER_MARKDOWN_PYTHON or install cmark-gfm (.ci/run does both) to render the report"))
    func markdownShowsEveryTaskTextAsWrittenInBothRenderers() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let texts = Self.trickyTexts
        // Each text under no project (the line is the text alone), under `Site` (the text, then ` (Site)`),
        // and as a project of its own for the headings of `--by project` (but `- x:` is a task).
        let projects = texts.filter { !$0.contains("\t") && !$0.hasPrefix("- ") }
        var file = texts.map { "- \($0) @done(2026-11-20)\n" }.joined() + "Site:\n"
        file += texts.map { "\t- \($0) @done(2026-11-21)\n" }.joined()
        file += projects.map { "\($0):\n\t- Task @done(2026-11-22)\n" }.joined()
        try file.write(to: dir.appendingPathComponent("tricky.taskpaper"), atomically: true, encoding: .utf8)

        for by in ["day", "project"] {
            let markdown = try AgendaSearchCommandTests.run(
                ["report", "--format", "markdown", "--by", by, "tricky.taskpaper"], in: dir)
            let json = try AgendaSearchCommandTests.run(
                ["report", "--format", "json", "--by", by, "tricky.taskpaper"], in: dir)
            #expect(markdown.status == 0 && json.status == 0)
            let groups = try #require(JSONParser.parse(Array(json.stdout.utf8))["groups"]?.arrayValue)
            let items = groups.flatMap { $0["items"]?.arrayValue ?? [] }
            #expect(items.count == texts.count * 2 + projects.count)
            if by == "day" {
                // The report's text is the task's as written (so comparing with it below is no circle).
                #expect(groups.first?["items"]?.arrayValue?.map { $0["text"]?.stringValue ?? "" } == texts)
            }
            let written = items.map { item in
                let text = item["text"]?.stringValue ?? "", detail = item[by == "day" ? "project" : "day"]?.stringValue
                let line = detail.map { $0.isEmpty ? text : "\(text) (\($0))" } ?? text
                return line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            let titles = groups.map { $0["title"]?.stringValue ?? "" }
            for (name, command) in Self.renderers {
                guard let command else {
                    if NeovimTests.inCI { Issue.record("CI needs \(name) (.ci/run installs it)") }
                    continue
                }
                let html = try Self.render(markdown.stdout, with: command, in: dir)
                let shown = Self.shownText(of: "li", in: html)
                #expect(shown.count == written.count, "\(name): \(shown.count) list items")
                for (got, want) in zip(shown, written) where got != want {
                    Issue.record("\(name) shows \(got.debugDescription) for \(want.debugDescription)")
                }
                #expect(Self.shownText(of: "h2", in: html) == titles, "\(name): headings")
            }
        }
    }
}
