import Foundation
import Testing
import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp focus` from a shell: TaskPaper's filtered view as text, on files and folders.
@Suite struct FocusCommandLineTests {
    static let home = """
        Home:
        \t- 👍🏽 call mum @today
        \t\tabout Sunday
        \t- paint
        Errands:
        \t- stamps

        """
    static let work = """
        Work:
        \t- report @today
        \t\t- draft
        \tErrands:
        \t\t- bank @today
        \t\t- post

        """

    static func fixture() throws -> URL {
        try CalendarCommandTests.folder(["home.taskpaper": home, "work/work.taskpaper": work])
    }

    static func focus(_ args: [String], in dir: URL) throws -> CheckCommandTests.Run {
        try AgendaSearchCommandTests.run(["focus"] + args, in: dir)
    }

    @Test func oneFileShowsItsVisibleLinesAsTaskPaperText() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.focus(["@today", "home.taskpaper"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "Home:\n\t- 👍🏽 call mum @today\n")
        #expect(r.stderr.isEmpty)
    }

    @Test func severalFilesEachAfterAHeaderThatReadsAsANote() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.focus(["@today", "."], in: dir)
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "==> ./home.taskpaper <==\nHome:\n\t- 👍🏽 call mum @today\n"
                + "==> ./work/work.taskpaper <==\nWork:\n\t- report @today\n\tErrands:\n\t\t- bank @today\n")
        let header = try #require(r.stdout.split(separator: "\n").first)
        #expect(TextDocument(text: String(header)).lines[0].syntax.kind == .note)
    }

    @Test func projectFocusesIntoIt() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let errands = try Self.focus(["", "--project", "Work / Errands", "."], in: dir)
        #expect(errands.status == 0)
        // Only work.taskpaper has the project; with several files read, a header still says whose lines they are.
        #expect(errands.stdout == "==> ./work/work.taskpaper <==\nWork:\n\tErrands:\n\t\t- bank @today\n\t\t- post\n")
        let both = try Self.focus(["@today", "--project", "Work", "--format", "json", "."], in: dir)
        let json = try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [[String: Any]]
        #expect(json?.count == 1)
        #expect(json?.first?["path"] as? String == "./work/work.taskpaper")
        let lines = json?.first?["lines"] as? [[String: Any]] ?? []
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 4, 5])
        #expect(
            lines.map { $0["text"] as? String } == ["Work:", "\t- report @today", "\tErrands:", "\t\t- bank @today"])
    }

    @Test func exitCodesForNoMatchBadQueriesPathsAndProjects() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let none = try Self.focus(["@nowhere", "."], in: dir)
        #expect(none.status == 1 && none.stdout.isEmpty)
        let bad = try Self.focus(["(@today", "."], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("expected ')' to close '(' at 0"))
        let missing = try Self.focus(["@today", "missing.taskpaper"], in: dir)
        #expect(missing.status == 2 && missing.stderr.contains("missing.taskpaper"))
        let project = try Self.focus(["@today", "--project", "Work / Garden", "."], in: dir)
        #expect(project.status == 2)
        #expect(project.stderr.contains("no project 'Work / Garden'"))
        #expect(try Self.focus(["@today"], in: dir).status == 2)
        #expect(try Self.focus(["", "."], in: dir).status == 2, "an empty query needs --project")
    }
}
