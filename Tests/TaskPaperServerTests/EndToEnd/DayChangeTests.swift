import Foundation
import Testing

/// The day changes while the server runs (Sources/TaskPaperServer/README.md, "The date"):
/// the real binary under libfaketime, whose clock starts just before midnight or
/// jumps two days, must notice within 60 s with no message from the client.
///
/// libfaketime comes from `TASKPAPER_FAKETIME_LIB` (a path; `.ci/run` installs
/// Debian's `faketime` and sets it) or Debian's usual path. Without it the tests
/// are skipped, except when the variable names a library: then they fail.
@Suite struct DayChangeTests {
    static var faketimeLibrary: String? {
        if let path = ProcessInfo.processInfo.environment["TASKPAPER_FAKETIME_LIB"], !path.isEmpty { return path }
        let debian = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
        return FileManager.default.fileExists(atPath: debian) ? debian : nil
    }

    /// The server's environment: a fake clock, UTC, and no pinned date.
    static func fakeClock(_ spec: [String: String]) -> [String: String] {
        var env = spec
        env["LD_PRELOAD"] = faketimeLibrary
        env["TZ"] = "UTC"
        env["TASKPAPER_NOW"] = ""  // empty: the real (here: faked) clock
        return env
    }

    static let uri = "file:///tmp/day-change.taskpaper"

    /// Midnight in a plain zone, in one half an hour off the hour, and on a day
    /// whose midnight a DST change skips (São Paulo went from 00:00 to 01:00 on 2018-11-04).
    static let midnights: [(zone: String, day: String)] = [
        ("UTC", "2026-11-24"), ("Asia/Kolkata", "2026-11-24"), ("America/Sao_Paulo", "2018-11-03"),
    ]

    @Test(
        .enabled(if: faketimeLibrary != nil, "libfaketime not found: apt-get install faketime"),
        .timeLimit(.minutes(2)), arguments: midnights)
    func midnightMakesATaskDueTodayOverdueWithoutAnEdit(zone: String, day: String) throws {
        // libfaketime reads the start in the local zone: five seconds before that zone's midnight.
        var environment = Self.fakeClock(["FAKETIME": "@\(day) 23:59:55"])
        environment["TZ"] = zone
        let client = try LSPClient(environment: environment)
        try client.initialize()
        client.open(Self.uri, "- pay rent @due(\(day))\n- later @due(2030-01-01)\n")
        let before = try client.waitForDiagnostics(Self.uri)
        #expect(before.map(\.code) == ["due-today"], "due today is not overdue yet: \(before)")

        let started = Date()
        let after = try client.waitForDiagnostics(Self.uri, timeout: 70)
        let waited = Date().timeIntervalSince(started)
        #expect(after.map(\.code) == ["overdue"])
        #expect(after.first.map(\.rangeTuple) == [0, 11, 0, 27])
        // Midnight was 5 s after the start; the contract is 60 s after midnight.
        #expect(waited < 65, "noticed \(waited) s after the start")
        #expect(try client.shutdownAndExit() == 0)
        // One publish for the open and one for the change of date: none per tick.
        let publishes = client.received.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        #expect(publishes.count == 2)
    }

    @Test(
        .enabled(if: faketimeLibrary != nil, "libfaketime not found: apt-get install faketime"),
        .timeLimit(.minutes(2)))
    func aJumpOfTwoDaysRefreshesAPullClient() throws {
        let clockFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("taskpaper-faketime-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try "@2026-11-24 10:00:00\n".write(to: clockFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: clockFile) }
        let client = try LSPClient(
            environment: Self.fakeClock([
                "FAKETIME_TIMESTAMP_FILE": clockFile.path, "FAKETIME_NO_CACHE": "1",
            ]))
        try client.initialize(capabilities: [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]],
            "workspace": [
                "diagnostics": ["refreshSupport": true], "semanticTokens": ["refreshSupport": true],
                "inlayHint": ["refreshSupport": true], "codeLens": ["refreshSupport": true],
            ],
        ])
        client.open(Self.uri, "- call Bob @due(tomorrow)\n- pay rent @due(2026-11-24)\n")
        let first = try client.request("textDocument/diagnostic", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(first["kind"]?.stringValue == "full")
        #expect(first["items"]?.arrayValue?.map(\.code) == ["due-today"])
        let oldResultID = first["resultId"] ?? nil

        // Asking again the same day: nothing changed.
        let same = try client.request(
            "textDocument/diagnostic",
            ["textDocument": ["uri": .string(Self.uri)], "previousResultId": oldResultID])
        #expect(same["kind"]?.stringValue == "unchanged")

        try "@2026-11-26 10:00:00\n".write(to: clockFile, atomically: true, encoding: .utf8)
        // The server's requests are answered by the client as they come; look for it among them.
        let deadline = Date().addingTimeInterval(70)
        while !client.received.contains(where: { $0["method"]?.stringValue == "workspace/diagnostic/refresh" }) {
            try #require(Date() < deadline, "no workspace/diagnostic/refresh within 70 s of the jump")
            usleep(100_000)
        }
        let report = try client.request(
            "textDocument/diagnostic",
            ["textDocument": ["uri": .string(Self.uri)], "previousResultId": oldResultID])
        #expect(report["kind"]?.stringValue == "full")
        #expect(report["resultId"] != oldResultID)
        let items = report["items"]?.arrayValue ?? []
        // `tomorrow` is read anew each day (on the 26th it is the 27th); the fixed date is overdue.
        #expect(items.map(\.code) == ["overdue"])
        #expect(items.first.map { $0.rangeTuple[0] } == 1)
        let refreshes = Set(
            client.received.compactMap { $0["method"]?.stringValue }.filter { $0.hasSuffix("/refresh") })
        #expect(
            refreshes == [
                "workspace/diagnostic/refresh", "workspace/semanticTokens/refresh",
                "workspace/inlayHint/refresh", "workspace/codeLens/refresh",
            ])
        #expect(try client.shutdownAndExit() == 0)
    }
}
