import Foundation
import TaskPaper
import Testing

/// `taskpaper-lsp ics` from a shell: every calendar it writes is checked by PyPI's `icalendar` 7.x and its
/// repeats expanded by `recurring-ical-events` (`Tests/Calendar/ics_check.py`). The Python with both comes
/// from `TASKPAPER_ICS_PYTHON` (CI's venv) or `python3` on PATH; without them the checks that need them are
/// skipped with the reason, except when `CI` is set: there they fail.
@Suite struct CalendarCommandTests {
    static let checker = NeovimTests.repository.appendingPathComponent("Tests/Calendar/ics_check.py")

    /// The Python that has both packages, or nil.
    static let python: String? = {
        let named = ProcessInfo.processInfo.environment["TASKPAPER_ICS_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        let candidate = named ?? "python3"
        let probe = try? run(candidate, ["-c", "import icalendar, recurring_ical_events"], in: nil)
        return probe?.status == 0 || named != nil ? candidate : nil
    }()

    static let pythonReason =
        "Python with icalendar 7.x and recurring-ical-events not found: set TASKPAPER_ICS_PYTHON "
        + "(pip install 'icalendar>=7,<8' recurring-ical-events) to validate ics output"

    static func run(
        _ executable: String, _ args: [String], in dir: URL?, env: [String: String] = [:]
    ) throws
        -> CheckCommandTests.Run
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [executable] + args
        if let dir { p.currentDirectoryURL = dir }
        p.environment = ProcessInfo.processInfo.environment.merging(env) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read stderr on a thread of its own: a full pipe would stall the program.
        nonisolated(unsafe) var e = Data()
        let reader = Thread { e = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return .init(
            status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }

    /// `taskpaper-lsp ics ARGS` on the clock of 2026-11-21, UTC.
    static func ics(_ args: [String], in dir: URL) throws -> CheckCommandTests.Run {
        try run(LSPClient.binary.path, ["ics"] + args, in: dir, env: ["TASKPAPER_NOW": "2026-11-21", "TZ": "UTC"])
    }

    /// The calendar's components as `ics_check.py` reads them, by summary (the first of a summary); nil
    /// (after recording why) when it finds a problem or can't run.
    static func validated(_ calendar: String) throws -> [String: [String: Any]]? {
        try validatedComponents(calendar).map { all in
            Dictionary(all.map { ($0["summary"] as? String ?? "", $0) }) { a, _ in a }
        }
    }

    /// Every component `ics_check.py` read, in order; nil (after recording why) on a problem.
    static func validatedComponents(_ calendar: String) throws -> [[String: Any]]? {
        guard let python else {
            if NeovimTests.inCI { Issue.record("CI needs \(pythonReason)") }
            return nil
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tp-ics-\(UUID().uuidString).ics")
        try calendar.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try run(python, [checker.path, file.path], in: nil)
        guard r.status == 0 else {
            Issue.record("ics_check.py: \(r.stderr)")
            return nil
        }
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// A new temp folder holding the files (a name may have folders: `work/work.taskpaper`).
    static func folder(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static let home = """
        Home:
        \t- pay rent @due(2026-11-20) @money @repeat(monthly)
        \t\tTransfer to Jane; account, "x\\y"
        \t- plumber @due(2026-11-23 09:30) @start(2026-11-22)
        \t- paint @due(2026-12-30) @start(2027-01-05)
        \t- dentist @due(2026-11-25 10:00-11:00) @cancelled(2026-11-20)
        \t- trip @due(2026-12-01 thru 2026-12-03)
        \t- filed taxes @due(2026-11-01) @done(2026-11-02 14:30) @money
        \t- long done @due(2026-01-01) @done(2026-01-02)
        \t- broken @due(2026-13-45)
        \t- someday
        \tGarden:
        \t\t- seeds @due(tomorrow) @today

        """

    @Test(.enabled(if: python != nil || NeovimTests.inCI, Comment(rawValue: pythonReason)))
    func todosCarryDatesStatusTagsAndDescription() throws {
        let dir = try Self.folder(["home.taskpaper": Self.home])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.ics(["."], in: dir)
        #expect(r.status == 0)
        #expect(r.stderr == "taskpaper-lsp ics: 1 unreadable date skipped\n")
        guard let c = try Self.validated(r.stdout) else { return }
        // Undated and unreadable tasks, and a task done more than 30 days back, are left out.
        #expect(Set(c.keys) == ["pay rent", "plumber", "paint", "dentist", "trip", "filed taxes", "seeds"])
        #expect(c["pay rent"]?["due"] as? String == "2026-11-20")
        #expect(c["pay rent"]?["rrule"] as? String == "FREQ=MONTHLY")
        #expect(c["pay rent"]?["categories"] as? [String] == ["money"])
        #expect(c["pay rent"]?["description"] as? String == "Home\nTransfer to Jane; account, \"x\\y\"")
        // A time on DUE makes DTSTART a DATE-TIME too; a start after the due date is left out.
        #expect(c["plumber"]?["start"] as? String == "2026-11-22T00:00:00")
        #expect(c["plumber"]?["due"] as? String == "2026-11-23T09:30:00")
        #expect(c["paint"]?["start"] is NSNull)
        // An appointment is due at its end and starts at its start.
        #expect(c["dentist"]?["start"] as? String == "2026-11-25T10:00:00")
        #expect(c["dentist"]?["due"] as? String == "2026-11-25T11:00:00")
        #expect(c["dentist"]?["status"] as? String == "CANCELLED")
        #expect(c["trip"]?["start"] as? String == "2026-12-01")
        #expect(c["trip"]?["due"] as? String == "2026-12-03")
        #expect(c["filed taxes"]?["status"] as? String == "COMPLETED")
        #expect(c["filed taxes"]?["completed"] as? String == "2026-11-02T14:30:00Z")
        #expect(c["filed taxes"]?["rrule"] is NSNull)
        #expect(c["seeds"]?["due"] as? String == "2026-11-22")
        #expect(c["seeds"]?["description"] as? String == "Home / Garden")
        #expect(c["seeds"]?["categories"] as? [String] == ["today"])

        let all = try Self.ics(["--days-back", "400", "home.taskpaper"], in: dir)
        #expect(all.stdout.contains("SUMMARY:long done\r\n"))
    }

    @Test(.enabled(if: python != nil || NeovimTests.inCI, Comment(rawValue: pythonReason)))
    func eventsAreAllDayTimedOrSpans() throws {
        let dir = try Self.folder(["home.taskpaper": Self.home])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.ics(["--events", "home.taskpaper"], in: dir)
        #expect(r.status == 0)
        guard let c = try Self.validated(r.stdout) else { return }
        #expect(c.values.allSatisfy { $0["kind"] as? String == "VEVENT" })
        // Events have no done state: a done task's title says it.
        #expect(Set(c.keys) == ["pay rent", "plumber", "paint", "dentist", "trip", "✓ filed taxes", "seeds"])
        // A day is an all-day event (it ends the next morning), a time a timed one, ranges end at theirs.
        #expect(c["pay rent"]?["start"] as? String == "2026-11-20")
        #expect(c["pay rent"]?["end"] as? String == "2026-11-21")
        #expect(c["pay rent"]?["rrule"] as? String == "FREQ=MONTHLY")
        #expect(c["plumber"]?["start"] as? String == "2026-11-23T09:30:00")
        #expect(c["plumber"]?["end"] as? String == "2026-11-23T10:30:00", "a time with no end lasts an hour")
        #expect(c["dentist"]?["start"] as? String == "2026-11-25T10:00:00")
        #expect(c["dentist"]?["end"] as? String == "2026-11-25T11:00:00")
        #expect(c["dentist"]?["status"] as? String == "CANCELLED")
        #expect(c["trip"]?["start"] as? String == "2026-12-01")
        #expect(c["trip"]?["end"] as? String == "2026-12-04")
        #expect(c["trip"]?["description"] as? String == "Home")
    }

    @Test(.enabled(if: python != nil || NeovimTests.inCI, Comment(rawValue: pythonReason)))
    func endsLengthsInstantsAndClosedTasks() throws {
        let text = """
            - span @due(2026-12-14 09:00 thru 2026-12-16)
            - zulu @due(2026-12-04T10:00Z) @start(2026-12-01)
            - estimated @due(2026-12-03 14:00) @est(30m)
            - bare time @due(2026-12-03 15:00)
            - weekly @due(2026-12-02 10:00) @repeat(weekly)
            - done @due(2026-11-20) @done(2026-11-21)
            - cancelled @due(2026-11-22) @cancelled(2026-11-21)

            """
        let dir = try Self.folder(["t.taskpaper": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        // TASKPAPER_NOW pins the clock as UTC: an instant reads as the same local time.
        let todos = try #require(try Self.validated(try Self.ics(["t.taskpaper"], in: dir).stdout))
        #expect(todos["span"]?["start"] as? String == "2026-12-14T09:00:00")
        #expect(todos["span"]?["due"] as? String == "2026-12-16T23:59:59", "due by the end of its last day")
        #expect(todos["zulu"]?["due"] as? String == "2026-12-04T10:00:00Z")
        #expect(todos["zulu"]?["start"] as? String == "2026-12-01T00:00:00Z", "one value type: UTC")
        #expect(todos["weekly"]?["start"] as? String == "2026-12-02T00:00:00", "a repeating to-do has a DTSTART")
        #expect(todos["weekly"]?["due"] as? String == "2026-12-02T10:00:00")
        #expect(todos["done"]?["status"] as? String == "COMPLETED")

        let events = try #require(try Self.validated(try Self.ics(["--events", "t.taskpaper"], in: dir).stdout))
        #expect(events["span"]?["end"] as? String == "2026-12-17T00:00:00", "the last day is whole")
        #expect(events["zulu"]?["start"] as? String == "2026-12-04T10:00:00Z")
        #expect(events["zulu"]?["end"] as? String == "2026-12-04T11:00:00Z")
        #expect(events["estimated"]?["end"] as? String == "2026-12-03T14:30:00", "as long as its estimate")
        #expect(events["bare time"]?["end"] as? String == "2026-12-03T16:00:00")
        #expect(events["✓ done"] != nil)
        #expect(events["cancelled"]?["status"] as? String == "CANCELLED")

        let longer = try Self.ics(["--events", "--event-length", "1h30m", "--open-only", "t.taskpaper"], in: dir)
        let open = try #require(try Self.validated(longer.stdout))
        #expect(open["bare time"]?["end"] as? String == "2026-12-03T16:30:00")
        #expect(open["estimated"]?["end"] as? String == "2026-12-03T14:30:00")
        #expect(open["✓ done"] == nil && open["cancelled"] == nil)
        let openTodos = try #require(try Self.validated(try Self.ics(["--open-only", "t.taskpaper"], in: dir).stdout))
        #expect(Set(openTodos.keys) == ["span", "zulu", "estimated", "bare time", "weekly"])
        #expect(try Self.ics(["--event-length", "soon", "t.taskpaper"], in: dir).status == 2)
    }

    /// Each rule with its first due day (and a start), and whether an RRULE says the same.
    static let repeats: [(rule: String, due: String, start: String?, maps: Bool)] = [
        ("daily", "2026-11-21", nil, true), ("every 3 days", "2026-11-21", nil, true),
        ("weekly", "2026-11-24", nil, true), ("every 2 weeks", "2026-11-27", nil, true),
        ("monthly", "2026-11-15", nil, true), ("every 2 months", "2026-11-28", nil, true),
        ("monthly", "2026-01-31", nil, false), ("every 3 months", "2026-11-30", nil, false),
        ("yearly", "2026-12-24", nil, true), ("yearly", "2028-02-29", nil, false),
        ("every 2 years", "2027-03-01", nil, true), ("weekdays", "2026-11-21", nil, true),
        ("weekdays", "2026-11-24", nil, true), ("every mon, thu", "2026-11-24", nil, true),
        ("every sunday", "2026-11-21", nil, true), ("every fri, tue, fri", "2026-11-25", nil, true),
        ("every mon", "2026-11-28", nil, true), ("every mon, wed", "2026-11-28", nil, true),
        ("weekly from done", "2026-11-23", nil, false),
        // A start moves by the rule on its own: no RRULE keeps a start-to-due length that changes.
        ("every tue", "2026-12-01", "2026-11-30", true), ("monthly", "2026-12-05", "2026-11-30", true),
        ("weekdays", "2026-11-30", "2026-11-28", true),
    ]

    /// Every client reads a set as undefined when its DTSTART is not one of the rule's days, and an
    /// RRULE keeps the start-to-due length: such a task is its due occurrence alone, then the series
    /// from the next one. Together they give the days TaskPaper moves the task to, for a year.
    @Test(.enabled(if: python != nil || NeovimTests.inCI, Comment(rawValue: pythonReason)))
    func repeatsExpandAsOurNextOccurrenceForAYear() throws {
        let text = Self.repeats.enumerated().map { i, r in
            "- r\(i) \(r.rule) @due(\(r.due))\(r.start.map { " @start(\($0))" } ?? "") @repeat(\(r.rule))\n"
        }
        let dir = try Self.folder(["r.taskpaper": text.joined()])
        defer { try? FileManager.default.removeItem(at: dir) }
        for mode in [[], ["--events"]] {
            let r = try Self.ics(mode + ["r.taskpaper"], in: dir)
            guard let all = try Self.validatedComponents(r.stdout) else { return }
            let bySummary = Dictionary(grouping: all) { $0["summary"] as? String ?? "" }
            #expect(bySummary.count == Self.repeats.count)
            #expect(Set(all.map { $0["uid"] as? String ?? "" }).count == all.count, "a UID each")
            for (i, entry) in Self.repeats.enumerated() {
                let components = try #require(bySummary["r\(i) \(entry.rule)"])
                let series = components.filter { $0["rrule"] is String }
                #expect(series.count == (entry.maps ? 1 : 0), "\(entry.rule) from \(entry.due) \(mode)")
                guard entry.maps else { continue }
                let rule = try #require(RepeatRule.parse(Substring(entry.rule)))
                let first = try #require(Self.day(entry.due))
                // Done on each due day: the days TaskPaper moves the task to, within a year.
                var expected: [CivilDate] = [first]
                while let next = rule.nextOccurrence(of: expected.last!, today: expected.last!),
                    next.dayNumber < first.dayNumber + 366
                {
                    expected.append(next)
                }
                let days = components.flatMap { $0["occurrences"] as? [String] ?? [] }.filter {
                    Self.day($0).map { $0.dayNumber < first.dayNumber + 366 } ?? false
                }
                #expect(days.sorted() == expected.map(\.description), "\(entry.rule) from \(entry.due) \(mode)")
                // A series starts on one of its days, and a to-do in it is due that day.
                let seriesStart = try #require(
                    (series[0]["start"] as? String).flatMap { Self.day(String($0.prefix(10))) })
                #expect(rule.isOneOfItsDays(seriesStart))
                if mode.isEmpty {
                    #expect((series[0]["due"] as? String)?.prefix(10) == seriesStart.description.prefix(10))
                }
                #expect(
                    components.count == (rule.isOneOfItsDays(first) && (entry.start == nil || !mode.isEmpty) ? 1 : 2))
            }
        }
    }

    static func day(_ text: String) -> CivilDate? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        return parts.count == 3 ? CivilDate(year: parts[0], month: parts[1], day: parts[2]) : nil
    }

    @Test(.enabled(if: python != nil || NeovimTests.inCI, Comment(rawValue: pythonReason)))
    func foldsNeverSplitACharacterAndTextIsEscaped() throws {
        let summary = String(repeating: "👍🏽 日本語, ; \\ ", count: 12) + "🎉"
        let noteLines = (0..<40).map { n in
            "\(n): 家族 👨‍👩‍👧‍👦 notes; with, commas \\ and more text " + String(repeating: "é", count: n + 1)
        }
        let file = "Lists:\n\t- \(summary) @due(2026-11-21) @家\n" + noteLines.map { "\t\t\($0)\n" }.joined()
        let dir = try Self.folder(["f.taskpaper": file])
        defer { try? FileManager.default.removeItem(at: dir) }
        for mode in [[], ["--events"]] {
            let r = try Self.ics(mode + ["f.taskpaper"], in: dir)
            #expect(r.status == 0)
            // Folded: more physical lines than properties.
            #expect(r.stdout.split(separator: "\r\n").contains { $0.hasPrefix(" ") })
            guard let c = try Self.validated(r.stdout) else { return }
            let component = try #require(c[summary])
            #expect(component["description"] as? String == (["Lists"] + noteLines).joined(separator: "\n"))
            #expect(component["categories"] as? [String] == ["家"])
        }
    }

    static func uids(_ calendar: String) -> [String: String] {
        var found: [String: String] = [:]
        var uid = ""
        // Unfolded: a line starting with a space continues the one before.
        let unfolded = calendar.replacingOccurrences(of: "\r\n ", with: "")
        for line in unfolded.split(separator: "\r\n") {
            if line.hasPrefix("UID:") { uid = String(line.dropFirst(4)) }
            if line.hasPrefix("SUMMARY:") { found[String(line.dropFirst(8))] = uid }
        }
        return found
    }

    @Test func uidsStayAcrossRunsFoldersAndEditsOfOtherLines() throws {
        let dir = try Self.folder(["home.taskpaper": Self.home])
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = Self.uids(try Self.ics(["home.taskpaper"], in: dir).stdout)
        #expect(before.count == 7)
        #expect(Set(before.values).count == 7)
        #expect(Self.uids(try Self.ics(["."], in: dir).stdout) == before)
        #expect(Self.uids(try Self.ics([dir.path], in: dir.deletingLastPathComponent()).stdout) == before)

        // Other lines added and changed, the task's own tags and dates changed: the UIDs stay.
        let edited =
            "- first @due(2026-11-22)\n"
            + Self.home
            .replacingOccurrences(of: "- paint @due(2026-12-30)", with: "- paint the shed @due(2026-12-30)")
            .replacingOccurrences(of: "- plumber @due(2026-11-23 09:30)", with: "- plumber @due(2026-11-24) @flag")
        try edited.write(to: dir.appendingPathComponent("home.taskpaper"), atomically: true, encoding: .utf8)
        let after = Self.uids(try Self.ics(["home.taskpaper"], in: dir).stdout)
        for (summary, uid) in before where summary != "paint" { #expect(after[summary] == uid, "\(summary)") }
        #expect(after["paint the shed"] != before["paint"])

        // Two identical tasks in one project, and one with an @id moved to another project.
        let twins = "A:\n\t- call @due(2026-11-22)\n\t- call @due(2026-11-23)\nB:\n\t- x @id(42) @due(2026-11-22)\n"
        try twins.write(to: dir.appendingPathComponent("home.taskpaper"), atomically: true, encoding: .utf8)
        let once = try Self.ics(["home.taskpaper"], in: dir).stdout
        let uidLines = once.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(Set(uidLines).count == 3)
        try twins.replacingOccurrences(of: "B:\n", with: "C:\n")
            .write(to: dir.appendingPathComponent("home.taskpaper"), atomically: true, encoding: .utf8)
        #expect(Self.uids(try Self.ics(["home.taskpaper"], in: dir).stdout)["x"] == Self.uids(once)["x"])
    }

    @Test func exitCodesAndUsage() throws {
        let dir = try Self.folder(["none.taskpaper": "- undated\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let none = try Self.ics(["none.taskpaper"], in: dir)
        #expect(none.status == 1)
        #expect(none.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(none.stdout.hasSuffix("END:VCALENDAR\r\n"))
        #expect(try Self.ics([], in: dir).status == 2)
        #expect(try Self.ics(["--days-back", "x", "."], in: dir).status == 2)
        #expect(try Self.ics(["missing.taskpaper"], in: dir).status == 2)
        // A calendar has one format: `--format` is no option of `ics`.
        let format = try Self.ics(["--format", "json", "none.taskpaper"], in: dir)
        #expect(format.status == 2 && format.stderr.contains("unknown option '--format'") && format.stdout.isEmpty)
    }

    /// A file of several 256 KB blocks, with a line longer than a block in the middle, gives every task
    /// whole: none lost or cut where a block ends, each with its own project and note.
    @Test func tasksAcrossBlockEndsComeOutWhole() throws {
        let tasks = (0..<12_000).map { "P\($0):\n\t- task \($0) @due(2026-12-02)\n\t\tnote \($0)\n" }
        let words = String(repeating: " word", count: 60_000)
        let text = tasks[..<6000].joined() + "- long\(words) @due(2026-12-01)\n" + tasks[6000...].joined()
        let dir = try Self.folder(["big.taskpaper": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Self.ics(["big.taskpaper"], in: dir)
        #expect(r.status == 0)
        let lines = r.stdout.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n").map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("SUMMARY:") } == (0..<6000).map { "SUMMARY:task \($0)" }
                + ["SUMMARY:long\(words)"] + (6000..<12_000).map { "SUMMARY:task \($0)" })
        #expect(lines.filter { $0.hasPrefix("DESCRIPTION:") } == (0..<12_000).map { "DESCRIPTION:P\($0)\\nnote \($0)" })
    }

    /// Memory does not grow with the file: the peak for 8 MB is the peak for 1 MB (a 100 MB file, measured by
    /// hand on a release build, is in `Sources/TaskPaper/README.md`, "Calendar"; a debug build reads 1 MB a second).
    @Test(.timeLimit(.minutes(3))) func memoryStaysBoundedAsTheFileGrows() throws {
        let dir = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let block = (0..<1000).map { i in
            i % 50 == 0
                ? "Project \(i):\n"
                : i % 10 == 1
                    ? "\t- task \(i) with some words @due(2026-12-\(i % 28 + 1)) @tag\n\t\tA note\n"
                    : "\t- task \(i) with some words @tag\n"
        }.joined()
        var peaks: [Int] = []
        for megabytes in [1, 8] {
            let path = dir.appendingPathComponent("big\(megabytes).taskpaper")
            try String(repeating: block, count: megabytes * 1_000_000 / block.utf8.count)
                .write(to: path, atomically: true, encoding: .utf8)
            // Python's getrusage reads the peak of its child alone (this test process runs others in parallel).
            let r = try Self.run(
                "python3",
                [
                    "-c",
                    "import resource,subprocess,sys;"
                        + "p=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.PIPE);"
                        + "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
                    LSPClient.binary.path, "ics", path.path,
                ], in: dir)
            let fields = r.stdout.split(separator: " ").map {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            #expect(fields.first == 0, "\(r.stdout) \(r.stderr)")
            peaks.append(try #require(fields.last ?? nil))
        }
        // Eight times the bytes, not 2 MB more memory (the whole file alone would be 7 MB more).
        #expect(peaks[1] - peaks[0] < 2_000, "peak resident memory \(peaks) KB for 1 and 8 MB")
    }
}
