import Foundation
import TaskPaper
import Testing

/// `taskpaper-lsp ics` imported into the calendar clients people use, as a user would: calcurse, khal,
/// Emacs' icalendar.el (into a diary), ical2html (libical) and todoman (through vdirsyncer), each in a
/// fresh HOME (`Tests/Calendar/clients.py` drives them and prints what each shows). Each task must show on
/// its days at its time, a repeating one on exactly the days `RepeatRule.nextOccurrence` gives for a year,
/// with nothing skipped or warned about. To-do clients don't expand repeats: todoman's to-dos are checked
/// for their dates. A missing client skips its test with the reason, except in CI: there it fails.
@Suite struct CalendarClientTests {
    static let driver = NeovimTests.repository.appendingPathComponent("Tests/Calendar/clients.py")
    static let first = CivilDate(year: 2026, month: 11, day: 27)
    /// The window the clients are asked about: a year from `first`.
    static let days = 365
    static let env = ["TASKPAPER_NOW": "2026-11-27T12:00", "TZ": "Europe/Berlin"]

    static func onPath(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// Why a test skips: its programs are not on PATH, and the Debian packages that have them.
    static func missing(_ programs: [String], package: String? = nil) -> Comment {
        let packages = package ?? programs.joined(separator: " ")
        return Comment(rawValue: "\(programs.joined(separator: ", ")) not found: apt-get install \(packages)")
    }

    static func enabled(_ programs: String...) -> Bool {
        NeovimTests.inCI || programs.allSatisfy(onPath)
    }

    /// A task of the fixture: its line, and what a client shows for it.
    struct Task {
        var summary: String
        var tags: String
        /// The days (and times) an event client shows it on, as `clients.py` labels them.
        var shows: [String]
        /// todoman's to-dos for it: due, start, and the rule of a series.
        var todos: [ToDo]
        var status = "NEEDS-ACTION"
    }

    struct ToDo: Equatable, CustomStringConvertible {
        var due: String
        var start: String?
        var rrule: String?
        var description: String { "due \(due) start \(start ?? "-") rrule \(rrule ?? "-")" }
    }

    /// A repeating task, all day or `at` a time (as written, as shown): its due day, then TaskPaper's next
    /// occurrences within the window. Where the due day is not one of the rule's days, or the to-do has a
    /// start, the to-do is the due occurrence alone and a series from the next occurrence.
    static func repeating(
        _ summary: String, due: CivilDate, start: CivilDate? = nil, rule text: String, offRule: Bool = false,
        at time: (due: String, shown: String)? = nil
    ) -> Task {
        let rule = RepeatRule.parse(Substring(text))!
        var shows = [due]
        while let next = rule.nextOccurrence(of: shows.last!, today: shows.last!),
            next.dayNumber < first.dayNumber + days
        {
            shows.append(next)
        }
        let dueTag = time.map { "\(due) \($0.due)" } ?? due.description
        let tags = (start.map { "@start(\($0)) " } ?? "") + "@due(\(dueTag)) @repeat(\(text))"
        // A timed repeating to-do starts at its due day's midnight (a DTSTART on one of the rule's days).
        let todoDue = time.map { "\(due)T\($0.due):00" } ?? due.description
        var todos = [
            ToDo(
                due: todoDue, start: time.map { _ in "\(due)T00:00:00" } ?? start?.description,
                rrule: rule.calendarRule(from: due))
        ]
        if offRule || start != nil, let next = rule.nextOccurrence(of: due, today: due) {
            // todoman drops a start that is not before the due (the series starts on its due day).
            todos = [
                ToDo(due: due.description, start: start?.description),
                ToDo(due: next.description, rrule: rule.calendarRule(from: next)),
            ]
        }
        let labels = shows.map { d in time.map { "\(d) \($0.shown)" } ?? d.description }
        return Task(summary: summary, tags: tags, shows: labels, todos: todos)
    }

    static func day(_ m: Int, _ d: Int, year: Int = 2026) -> CivilDate { CivilDate(year: year, month: m, day: d) }

    static let errands: [Task] = [
        Task(summary: "all day", tags: "@due(2026-12-02)", shows: ["2026-12-02"], todos: [ToDo(due: "2026-12-02")]),
        // No end: an hour, the default --event-length.
        Task(
            summary: "timed", tags: "@due(2026-12-03 14:00)", shows: ["2026-12-03 14:00-15:00"],
            todos: [ToDo(due: "2026-12-03T14:00:00")]),
        // No end, an estimate: that long.
        Task(
            summary: "timed estimate", tags: "@due(2026-12-03 16:00) @est(45m)", shows: ["2026-12-03 16:00-16:45"],
            todos: [ToDo(due: "2026-12-03T16:00:00")]),
        Task(
            summary: "appointment", tags: "@due(2026-12-04 10:00-11:30)", shows: ["2026-12-04 10:00-11:30"],
            todos: [ToDo(due: "2026-12-04T11:30:00", start: "2026-12-04T10:00:00")]),
        Task(
            summary: "day span", tags: "@due(2026-12-07 thru 2026-12-09)",
            shows: ["2026-12-07", "2026-12-08", "2026-12-09"],
            todos: [ToDo(due: "2026-12-09", start: "2026-12-07")]),
        // From a time to a day: through the whole last day.
        Task(
            summary: "time to day", tags: "@due(2026-12-14 09:00 thru 2026-12-16)",
            shows: ["2026-12-14 09:00-", "2026-12-15", "2026-12-16"],
            todos: [ToDo(due: "2026-12-16T23:59:59", start: "2026-12-14T09:00:00")]),
        // 10:00 UTC is 11:00 in Berlin.
        Task(
            summary: "utc call", tags: "@due(2026-12-04T10:00Z)", shows: ["2026-12-04 11:00-12:00"],
            todos: [ToDo(due: "2026-12-04T11:00:00")]),
        Task(
            summary: "cancelled one", tags: "@due(2026-12-10) @cancelled(2026-11-26)",
            shows: ["2026-12-10 [CANCELLED]"], todos: [ToDo(due: "2026-12-10")], status: "CANCELLED"),
        Task(
            summary: "done one", tags: "@due(2026-11-30) @done(2026-11-26)", shows: ["2026-11-30"],
            todos: [ToDo(due: "2026-11-30")], status: "COMPLETED"),
    ]

    static let repeats: [Task] = [
        repeating("r daily", due: day(11, 27), rule: "daily"),
        repeating("r every 3 days", due: day(11, 28), rule: "every 3 days"),
        repeating("r weekly", due: day(12, 1), rule: "weekly"),
        repeating("r every 2 weeks", due: day(12, 2), rule: "every 2 weeks"),
        repeating("r monthly", due: day(12, 5), rule: "monthly"),
        repeating("r every 2 months", due: day(12, 10), rule: "every 2 months"),
        repeating("r yearly", due: day(12, 24), rule: "yearly"),
        repeating("r weekdays", due: day(12, 1), rule: "weekdays"),
        repeating("r weekly at 8", due: day(12, 1), rule: "weekly", at: ("08:00", "08:00-09:00")),
        // Due on a Saturday: not one of the rule's days.
        repeating("r sat every mon", due: day(11, 28), rule: "every mon", offRule: true),
        repeating("r sat every mon wed", due: day(11, 28), rule: "every mon, wed", offRule: true),
        repeating("r sat weekdays", due: day(11, 28), rule: "weekdays", offRule: true),
        repeating("r start tue", due: day(12, 1), start: day(11, 30), rule: "every tue"),
        repeating("r start monthly", due: day(12, 5), start: day(11, 30), rule: "monthly"),
        repeating("r start weekdays", due: day(11, 30), start: day(11, 28), rule: "weekdays"),
    ]

    static let notes = Task(
        summary: "with notes", tags: "@due(2026-12-11)", shows: ["2026-12-11"], todos: [ToDo(due: "2026-12-11")])

    static var tasks: [Task] { errands + repeats + [notes] }

    static var fixture: String {
        "Errands:\n" + errands.map { "\t- \($0.summary) \($0.tags)\n" }.joined()
            + "Repeats:\n" + repeats.map { "\t- \($0.summary) \($0.tags)\n" }.joined()
            + "Home:\n\tGarden:\n\t\t- \(notes.summary) \(notes.tags)\n\t\t\tfirst note\n\t\t\tsecond note\n"
    }

    /// What `client` shows of `taskpaper-lsp ics ARGS` run on `files`: the driver's JSON for it.
    static func shown(
        by client: String, _ args: [String], files: [String: String] = ["tasks.taskpaper": fixture],
        links: [String: String] = [:]
    ) throws -> [String: Any]? {
        let dir = try CalendarCommandTests.folder(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(
                atPath: dir.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let ics = try CalendarCommandTests.run(LSPClient.binary.path, ["ics"] + args, in: dir, env: env)
        #expect(ics.status == 0, "\(ics.stderr)")
        #expect(ics.stderr.isEmpty)
        try ics.stdout.write(to: dir.appendingPathComponent("tasks.ics"), atomically: true, encoding: .utf8)
        let r = try CalendarCommandTests.run(
            "python3",
            [driver.path, "--client", client, "--from", first.description, "--days", "\(days)", "tasks.ics"],
            in: dir, env: env)
        guard r.status == 0, let all = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
            let result = all[client] as? [String: Any]
        else {
            Issue.record("clients.py: \(r.status) \(r.stderr)")
            return nil
        }
        if let reason = result["missing"] as? String {
            Issue.record("CI needs \(client): \(reason)")
            return nil
        }
        #expect(result["messages"] as? [String] == [], "\(client) warned or skipped")
        return result
    }

    /// `client`'s events in `--events`: each task on its days (`adjust` gives what this client can show
    /// instead; nil leaves the task out), and nothing else.
    @discardableResult
    static func checkEvents(_ client: String, adjust: (Task) -> [String]? = { $0.shows }) throws -> [String: Any]? {
        guard let result = try shown(by: client, ["--events", "tasks.taskpaper"]) else { return nil }
        let shows = result["shows"] as? [String: [String]] ?? [:]
        var summaries: Set<String> = []
        for task in tasks {
            // A done task's event says so in its summary.
            let summary = task.status == "COMPLETED" ? "✓ \(task.summary)" : task.summary
            summaries.insert(summary)
            guard let expected = adjust(task) else { continue }
            #expect(shows[summary] ?? [] == expected, "\(client): \(task.summary) \(task.tags)")
        }
        #expect(Set(shows.keys).subtracting(summaries).isEmpty, "\(client) showed \(shows.keys.sorted())")
        return result
    }

    /// The task with notes: its project path and notes, a line each, where the client keeps a note.
    static func checkNotes(_ result: [String: Any]?, _ client: String) {
        guard let result else { return }
        let notes = result["notes"] as? [String: String] ?? [:]
        #expect(notes[Self.notes.summary] == "Home / Garden\nfirst note\nsecond note", "\(client)")
    }

    @Test(.enabled(if: enabled("calcurse"), missing(["calcurse"])))
    func calcurseShowsEachEventOnItsDays() throws {
        // calcurse has no cancelled state: a cancelled event shows as any other.
        let result = try Self.checkEvents("calcurse") { task in
            task.status == "CANCELLED"
                ? task.shows.map { $0.replacingOccurrences(of: " [CANCELLED]", with: "") }
                : task.shows
        }
        Self.checkNotes(result, "calcurse")
    }

    @Test(.enabled(if: enabled("calcurse"), missing(["calcurse"])))
    func calcurseListsEachToDo() throws {
        guard let result = try Self.shown(by: "calcurse", ["tasks.taskpaper"]) else { return }
        let todos = result["todos"] as? [String: [[String: Any]]] ?? [:]
        // calcurse's to-dos have no dates (nothing to check there) and no cancelled state: it is open. A
        // repeating to-do written as its due occurrence and a series is listed twice, the same.
        for task in Self.tasks {
            let listed = todos[task.summary]?.map { $0["completed"] as? Bool }
            let completed = task.status == "COMPLETED"
            #expect(listed == task.todos.map { _ in completed }, "calcurse: \(task.summary)")
        }
        #expect(Set(todos.keys) == Set(Self.tasks.map(\.summary)))
    }

    @Test(.enabled(if: enabled("khal"), missing(["khal"])))
    func khalShowsEachEventOnItsDays() throws {
        try Self.checkEvents("khal")
        // --open-only: no done or cancelled task. --event-length: a time with no end or estimate lasts that.
        let open = try Self.shown(by: "khal", ["--events", "--open-only", "--event-length", "30m", "tasks.taskpaper"])
        if let shows = open?["shows"] as? [String: [String]] {
            #expect(Set(shows.keys) == Set(Self.tasks.filter { $0.status == "NEEDS-ACTION" }.map(\.summary)))
            #expect(shows["timed"] == ["2026-12-03 14:00-14:30"])
            #expect(shows["timed estimate"] == ["2026-12-03 16:00-16:45"])
        }
    }

    @Test(.enabled(if: enabled("emacs"), missing(["emacs"], package: "emacs-nox")))
    func emacsDiaryShowsEachEventOnItsDays() throws {
        try Self.checkEvents("emacs") { task in
            switch task.summary {
            // icalendar.el ignores INTERVAL in a monthly rule (it writes every month).
            case "r every 2 months": return nil
            // A timed span across days becomes a block of whole days (icalendar.el drops its times).
            case "time to day": return task.shows.map { String($0.prefix(10)) }
            // The diary has no cancelled state.
            case "cancelled one": return task.shows.map { $0.replacingOccurrences(of: " [CANCELLED]", with: "") }
            default: return task.shows
            }
        }
    }

    @Test(.enabled(if: enabled("ical2html"), missing(["ical2html"])))
    func ical2htmlShowsEachEventOnItsDays() throws {
        try Self.checkEvents("ical2html") { task in
            switch task.summary {
            // ical2html leaves cancelled events out of the table.
            case "cancelled one": return []
            // A timed span across days shows its start time on every day.
            case "time to day": return task.shows.map { String($0.prefix(10)) + " 09:00-" }
            default: return task.shows
            }
        }
    }

    @Test(.enabled(if: enabled("vdirsyncer", "todoman"), missing(["vdirsyncer", "todoman"])))
    func todomanShowsEachToDoWithItsDates() throws {
        guard let result = try Self.shown(by: "todoman", ["tasks.taskpaper"]) else { return }
        let todos = result["todos"] as? [String: [[String: Any]]] ?? [:]
        for task in Self.tasks {
            let found = (todos[task.summary] ?? []).map {
                ToDo(due: $0["due"] as? String ?? "", start: $0["start"] as? String, rrule: $0["rrule"] as? String)
            }
            #expect(found == task.todos, "todoman: \(task.summary) \(task.tags)")
            #expect(todos[task.summary]?.first?["status"] as? String == task.status, "todoman: \(task.summary)")
        }
        #expect(Set(todos.keys) == Set(Self.tasks.map(\.summary)))
        Self.checkNotes(result, "todoman")

        // --open-only: no done or cancelled task.
        let open = try Self.shown(by: "todoman", ["--open-only", "tasks.taskpaper"])
        if let todos = open?["todos"] as? [String: [[String: Any]]] {
            #expect(Set(todos.keys) == Set(Self.tasks.filter { $0.status == "NEEDS-ACTION" }.map(\.summary)))
        }
    }

    /// A folder, a file in it and a link to that file on one command line: each to-do once, none read-only
    /// (todoman warns of a file holding two to-dos of one UID).
    @Test(.enabled(if: enabled("vdirsyncer", "todoman"), missing(["vdirsyncer", "todoman"])))
    func todomanListsAFileNamedTwiceOnce() throws {
        let file = "- call Ann @due(2026-12-02)\n- water plants @due(2026-12-01) @repeat(every 3 days)\n"
        guard
            let result = try Self.shown(
                by: "todoman", [".", "./a.taskpaper", "b.taskpaper"], files: ["a.taskpaper": file],
                links: ["b.taskpaper": "a.taskpaper"])
        else { return }
        let todos = result["todos"] as? [String: [[String: Any]]] ?? [:]
        #expect(todos.mapValues(\.count) == ["call Ann": 1, "water plants": 1])
    }
}
