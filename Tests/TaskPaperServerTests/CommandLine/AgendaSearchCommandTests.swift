import Foundation
import Testing
import TaskPaperServer

/// `taskpaper-lsp agenda` and `taskpaper-lsp search` from a shell, on a temp folder.
@Suite struct AgendaSearchCommandTests {
    static func run(
        _ args: [String], in dir: URL, environment: [String: String] = [:], input: String? = nil
    ) throws -> CheckCommandTests.Run {
        let p = Process()
        p.executableURL = LSPClient.binary
        p.arguments = args
        p.currentDirectoryURL = dir
        p.environment = ["TASKPAPER_NOW": "2026-11-21"].merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = stdin
        try p.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return .init(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }

    static let home = """
        Home:
        \t- pay rent @due(2026-11-20)
        \t- 👍🏽 call mum @today
        \t- paint @due(2026-12-30)
        \t- dentist @due(2026-11-25 10:00) @cancelled
        \t- plumber @due(2026-11-23 09:30)
        \t- old @due(2026-11-01) @done

        """
    static let work = """
        Work:
        \t- report @due(2026-11-19) @next
        \t\t- draft @next
        \t- review @due(2026-11-27)

        """

    /// A temp folder: two task files (one nested) and a text file the folder walk skips.
    static func fixture() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-agenda-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("work"),
            withIntermediateDirectories: true)
        try home.write(to: dir.appendingPathComponent("home.taskpaper"), atomically: true, encoding: .utf8)
        try work.write(to: dir.appendingPathComponent("work/work.taskpaper"), atomically: true, encoding: .utf8)
        try "- skipped @today\n".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        return dir
    }

    /// A cron line that grew names a file twice (`DIR DIR/a.taskpaper`), or by a link or `..`: every
    /// command that takes paths reads it once, under the first name it was given.
    @Test(arguments: [["check"], ["agenda"], ["search", "@due"], ["report"], ["ics"]])
    func aFileNamedTwiceIsReadOnce(command: [String]) throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = "- bad @due(2026-13-45)\n- late @due(2026-11-20) @done(2026-11-20)\n- due @due(2026-11-22)\n"
        try lines.write(to: dir.appendingPathComponent("home.taskpaper"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.taskpaper").path, withDestinationPath: "home.taskpaper")
        let once = try Self.run(command + ["home.taskpaper"], in: dir)
        let names = ["home.taskpaper", ".", "./home.taskpaper", "work/../home.taskpaper", "link.taskpaper"]
        let twice = try Self.run(command + names, in: dir)
        #expect(twice.status == once.status)
        // The folder adds work/work.taskpaper's own lines and nothing of home.taskpaper's.
        // A calendar's tasks are its SUMMARY lines (a UID's hex digits may spell "bad").
        let homeLines = { (r: CheckCommandTests.Run) in
            command == ["ics"]
                ? r.stdout.split(separator: "\r\n").filter { ["SUMMARY:late", "SUMMARY:due"].contains($0) }
                : r.stdout.split(separator: "\n").filter {
                    $0.contains("bad") || $0.contains("2026-13-45") || $0.contains("late") || $0.contains("due @due")
                }
        }
        #expect(!homeLines(once).isEmpty)
        #expect(homeLines(twice) == homeLines(once), "\(twice.stdout)")
    }

    @Test func agendaListsUndatedTodayFirstThenByDateAcrossFiles() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["agenda", "."], in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        // Closed tasks and tasks due after the 7 days are left out; 👍🏽 is one column.
        #expect(
            r.stdout.split(separator: "\n").map(String.init) == [
                "./home.taskpaper:3:2: today - 👍🏽 call mum @today",
                "./work/work.taskpaper:2:2: 2026-11-19 - report @due(2026-11-19) @next",
                "./home.taskpaper:2:2: 2026-11-20 - pay rent @due(2026-11-20)",
                "./home.taskpaper:6:2: 2026-11-23 09:30 - plumber @due(2026-11-23 09:30)",
                "./work/work.taskpaper:4:2: 2026-11-27 - review @due(2026-11-27)",
            ])
        let shortHorizon = try Self.run(["agenda", "--days", "0", "home.taskpaper"], in: dir)
        #expect(shortHorizon.stdout.split(separator: "\n").count == 2)
        let longHorizon = try Self.run(["agenda", "--days", "60", "home.taskpaper"], in: dir)
        #expect(longHorizon.stdout.contains("2026-12-30 - paint"))
    }

    @Test func agendaJSONAndExitCodes() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["agenda", "--format", "json", "home.taskpaper"], in: dir)
        #expect(r.status == 0)
        let items = try #require(try JSONParser.parse(Array(r.stdout.utf8)).arrayValue)
        #expect(items.map { $0["line"] } == [3, 2, 6])
        #expect(items[0]["due"] == .null)
        #expect(items[1]["due"] == "2026-11-20")
        #expect(items[1]["path"] == "home.taskpaper")
        #expect(items[1]["column"] == 2)
        #expect(items[1]["text"] == "- pay rent @due(2026-11-20)")

        try "- nothing due\n".write(
            to: dir.appendingPathComponent("empty.taskpaper"), atomically: true,
            encoding: .utf8)
        let none = try Self.run(["agenda", "empty.taskpaper"], in: dir)
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        let noneJSON = try Self.run(["agenda", "--format", "json", "empty.taskpaper"], in: dir)
        #expect(noneJSON.status == 1)
        #expect(noneJSON.stdout == "[]\n")

        let missing = try Self.run(["agenda", "home.taskpaper", "missing.taskpaper"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("taskpaper-lsp agenda: no such file or folder: missing.taskpaper"))
        #expect(missing.stdout.contains("pay rent"))  // what could be read is still listed
        #expect(try Self.run(["agenda", "--days", "soon", "."], in: dir).status == 2)
        #expect(try Self.run(["agenda"], in: dir).status == 2)
    }

    @Test func searchPrintsItemsAndExitCodes() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.run(["search", "@next", "."], in: dir)
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                ./work/work.taskpaper:2:2: - report @due(2026-11-19) @next
                ./work/work.taskpaper:3:3: - draft @next

                """)
        let json = try Self.run(["search", "--format", "json", "project Work//@next", "work"], in: dir)
        #expect(json.status == 0)
        let items = try #require(try JSONParser.parse(Array(json.stdout.utf8)).arrayValue)
        #expect(items.map { $0["line"] } == [2, 3])
        #expect(items[1]["column"] == 3)
        #expect(items[1]["text"] == "- draft @next")
        #expect(items[1]["due"] == nil)

        #expect(try Self.run(["search", "@nothing", "."], in: dir).status == 1)
        let bad = try Self.run(["search", "(@next", "."], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("taskpaper-lsp search: the query does not parse"))
        #expect(bad.stdout.isEmpty)
        let missing = try Self.run(["search", "@next", "nowhere"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or folder: nowhere"))
        #expect(try Self.run(["search"], in: dir).status == 2)
        #expect(try Self.run(["search", "@next"], in: dir).status == 2)
    }

    /// The shell and the editor find the same items for the same query.
    @Test func searchAgreesWithTheLSPCommand() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = ["home.taskpaper": Self.home, "work/work.taskpaper": Self.work]
        let queries = [
            "@due", "not @done and @due < today", "//task except //@next", "@today or project Work",
            "@due >=[d] 2026-11-23", "descendant::task",
        ]
        let c = TestClient(now: "2026-11-21")
        try c.initialize()
        for (path, text) in files { c.open("file:///\(path)", text) }
        for query in queries {
            var fromCommand: [String] = []
            for path in files.keys.sorted() {
                let found = try c.request(
                    "workspace/executeCommand",
                    [
                        "command": "taskpaper.search",
                        "arguments": [["query": .string(query), "uri": .string("file:///\(path)")]],
                    ])
                for location in found.arrayValue ?? [] {
                    let start = location.rangeTuple
                    // The command counts UTF-16 units, the shell characters; 👍🏽 is never before a start.
                    fromCommand.append("\(path):\(start[0] + 1):\(start[1] + 1)")
                }
            }
            let shell = try Self.run(["search", query] + files.keys.sorted(), in: dir)
            let fromShell = shell.stdout.split(separator: "\n").map {
                $0.split(separator: ":").prefix(3).joined(separator: ":")
            }
            #expect(fromShell == fromCommand, "query \(query)")
            #expect(!fromCommand.isEmpty, "query \(query)")
            #expect(shell.status == 0)
        }
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Hostile queries and a large file: a clear answer and the right exit code, never a hang.
    @Test func badQueriesAndALargeFileAnswerAtOnce() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nested = String(repeating: "(", count: 10_000) + "@next" + String(repeating: ")", count: 10_000)
        let deep = try Self.run(["search", nested, "."], in: dir)
        #expect(deep.status == 2)
        #expect(deep.stderr.contains("nest too deeply"))
        let runaway = try Self.run(["search", #"@text matches "(a+)+$""#, "."], in: dir)
        #expect(runaway.status == 2)
        #expect(runaway.stderr.contains("exponential"))
        let slice = try Self.run(["search", "(//@next)[0:1000000000]", "."], in: dir)
        #expect(slice.status == 0)
        #expect(slice.stdout.split(separator: "\n").count == 2)

        // 200,000 lines (about 6 MB) with one overdue task at the end.
        let big = String(repeating: "- routine @home @due(2030-01-01)\n", count: 200_000) + "- late @due(2026-11-01)\n"
        try big.write(to: dir.appendingPathComponent("big.taskpaper"), atomically: true, encoding: .utf8)
        let agenda = try Self.run(["agenda", "big.taskpaper"], in: dir)
        #expect(agenda.status == 0)
        #expect(agenda.stdout == "big.taskpaper:200001:1: 2026-11-01 - late @due(2026-11-01)\n")
    }
}
