import Foundation
import Testing
import TaskPaperServer

/// `taskpaper-lsp check` from a shell.
@Suite struct CheckCommandTests {
    struct Run { var status: Int32; var stdout: String; var stderr: String }

    static func check(_ args: [String], in dir: URL) throws -> Run {
        let p = Process()
        p.executableURL = LSPClient.binary
        p.arguments = ["check"] + args
        p.currentDirectoryURL = dir
        p.environment = ["TASKPAPER_NOW": "2026-11-21"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }

    /// A temp folder with a few files; removed by the caller.
    static func fixture() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-check-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("nested/deeper"), withIntermediateDirectories: true)
        try "Home:\n\t- 👍🏽 a @due(2025-02-30)\n".write(
            to: dir.appendingPathComponent("a.taskpaper"), atomically: true, encoding: .utf8)
        try "- b @next @next\n".write(
            to: dir.appendingPathComponent("nested/deeper/b.taskpaper"), atomically: true, encoding: .utf8)
        try "- c @due(2025-02-30)\n".write(
            to: dir.appendingPathComponent("nested/notes.txt"), atomically: true, encoding: .utf8)
        try "- clean @due(2030-01-01)\n".write(
            to: dir.appendingPathComponent("clean.taskpaper"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func textOutputLinesAndErrorExitCode() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.check(["a.taskpaper"], in: dir)
        #expect(r.status == 1)
        // Column 13 counts 👍🏽 as one character.
        #expect(
            r.stdout
                == "a.taskpaper:2:13: error: Invalid date '2025-02-30' in @due: no such day or time [date-invalid]\n")
    }

    @Test func foldersRecurseOverTaskPaperFilesOnly() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.check(["."], in: dir)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "./a.taskpaper:2:13: error: Invalid date '2025-02-30' in @due: no such day or time [date-invalid]",
                "./nested/deeper/b.taskpaper:1:11: warning: Duplicate tag @next: TaskPaper reads only the first [duplicate-tag]",
            ])
    }

    @Test func warningsAloneExitZero() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.check(["nested", "clean.taskpaper"], in: dir).status == 0)
        let clean = try Self.check(["clean.taskpaper"], in: dir)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
    }

    @Test func jsonFormat() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.check(["--format", "json", "--max-line-length", "10", "a.taskpaper"], in: dir)
        #expect(r.status == 1)
        let items = try #require(try JSONParser.parse(Array(r.stdout.utf8)).arrayValue)
        #expect(items.map { $0["code"]?.stringValue } == ["date-invalid", "line-too-long"])
        let invalid = items[0]
        #expect(invalid["path"] == "a.taskpaper")
        #expect(invalid["line"] == 2)
        #expect(invalid["column"] == 13)
        #expect(invalid["endLine"] == 2)
        #expect(invalid["endColumn"] == 23)
        #expect(invalid["severity"] == "error")
        #expect(invalid["message"]?.stringValue?.contains("2025-02-30") == true)
        let long = items[1]
        #expect(long["message"] == "Line is 23 characters long (limit 10, 13 over)")
        #expect(long["column"] == 11)
        #expect(long["endColumn"] == 24)
    }

    @Test func unreadableAndUsageErrorsExitTwo() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try Self.check(["a.taskpaper", "nope.taskpaper"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.taskpaper"))
        #expect(missing.stdout.contains("date-invalid"))  // the readable file is still linted
        for args in [
            [], ["--format", "xml", "a.taskpaper"], ["--max-line-length", "x", "a.taskpaper"],
            ["--bogus", "a.taskpaper"],
        ] {
            let r = try Self.check(args, in: dir)
            #expect(r.status == 2, "\(args)")
            #expect(!r.stderr.isEmpty)
        }
    }

    /// The outline's rule runs too, its hint on the parent's line.
    @Test func printsSubtasksDone() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "Trip:\n\t- Pack\n\t\t- Passport @done\n\t\t- Tickets @cancelled\nHome:\n\t- Paint @done\n".write(
            to: dir.appendingPathComponent("trip.taskpaper"), atomically: true, encoding: .utf8)
        let r = try Self.check(["trip.taskpaper"], in: dir)
        #expect(r.status == 0)
        #expect(
            r.stdout.split(separator: "\n") == [
                "trip.taskpaper:2:4: hint: All 2 subtasks are done or cancelled [subtasks-done]",
                "trip.taskpaper:5:1: hint: Its only task is done [subtasks-done]",
            ])
    }

    @Test func bundledExampleShowsEveryCode() throws {
        let r = try Self.check(["examples/errands.taskpaper"], in: NeovimTests.repository)
        #expect(r.status == 1)
        for code in [
            "date-malformed", "date-invalid", "range-inverted", "tag-value-unbalanced", "line-too-long",
            "overdue", "duplicate-tag", "project-trailing-space", "subtasks-done",
        ] {
            #expect(r.stdout.contains("[\(code)]"), "\(code)")
        }
    }
}
