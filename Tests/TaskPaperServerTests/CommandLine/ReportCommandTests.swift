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
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try work.write(to: dir.appendingPathComponent("work.taskpaper"), atomically: true, encoding: .utf8)
        try home.write(to: dir.appendingPathComponent("sub/home.taskpaper"), atomically: true, encoding: .utf8)
        return dir
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
                "2026-11-18: 1 done · est 1h30m · 0m lasted",
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
                "Work: 1 done · est 0m · 0m lasted",
                "  work.taskpaper:6: Plan week (2026-11-20)",
                "(no project): 2 done · est 0m · 30m lasted",
                "  work.taskpaper:7: Loose task (2026-11-10 · 30m lasted)",
                "  work.taskpaper:8: Undated (undated)",
                "Work / Reports: 1 done · est 3h · 2h lasted",
                "  work.taskpaper:10: Old report (2026-11-19 · est 3h · 2h lasted)",
                "Home.Garden: 1 done · est 0m · 1h15m lasted",
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
    }

    @Test func exitCodesAsAgenda() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let none = try AgendaSearchCommandTests.run(["report", "--since", "2030-01-01", "."], in: dir)
        #expect(none.status == 1)
        #expect(Self.lines(none.stdout) == ["open: 2 estimated tasks · est 3h15m", ""])
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
    /// escaped where Markdown would read it as markup, comes out as written.
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
                "## 2026\\-11\\-18", "", "1 done · est 1h30m · 0m lasted", "",
                "- Fix \\*links\\* &lt;b&gt; (Work / Site · est 1h30m)", "",
                "## 2026\\-11\\-19", "", "1 done · est 3h · 2h lasted", "",
                "- Old report (Work / Reports · est 3h · 2h lasted)", "",
                "## 2026\\-11\\-20", "", "2 done · est 1h · 1h20m lasted", "",
                "- Write intro (Work / Site · est 1h · 1h20m lasted)", "- Plan week (Work)", "",
                "## 2026\\-11\\-21", "", "2 done · est 20m · 1h15m lasted", "",
                "- Call plumber (Home · est 20m)", "- Todo\\+ item (Home\\.Garden · 1h15m lasted)", "",
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
}
