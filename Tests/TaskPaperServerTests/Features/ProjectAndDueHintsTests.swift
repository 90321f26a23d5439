import Testing
import TaskPaperServer

/// Project counts and due distances as inlay hints, in process, on Saturday 2026-11-21,
/// each kind turned off by the `inlayHints` setting.
@Suite struct ProjectAndDueHintsTests {
    static let uri = "file:///hints.taskpaper"
    static let text = """
        Home:1️⃣
        \t- Pay rent @due(2026-11-24)2️⃣ @home
        \t- Call Bob @done
        \tErrands:3️⃣
        \t\t- Bank @due(2026-11-01)
        \t\t- Post @due(2026-12-25)4️⃣
        \t\t- Old @due(2026-11-30) @done
        Empty:

        """

    /// Every hint in the document as `position label`, in order.
    static func hints(_ c: TestClient, _ doc: MarkedDocument, from: Int = 0, to: Int = 99) throws -> [String] {
        let range: JSON = ["start": ["line": .int(from), "character": 0], "end": ["line": .int(to), "character": 0]]
        let result = try c.request(
            "textDocument/inlayHint", ["textDocument": ["uri": .string(doc.uri)], "range": range])
        return (result.arrayValue ?? []).map { h in
            let p = h["position"]!
            return "\(p["line"]!.intValue!):\(p["character"]!.intValue!) \(h["label"]!.stringValue!)"
        }
    }

    static func at(_ doc: MarkedDocument, _ marker: String, _ label: String) -> String {
        let p = doc.position(marker)
        return "\(p["line"]!.intValue!):\(p["character"]!.intValue!) \(label)"
    }

    @Test func countsAfterProjectsAndDistancesAfterFutureDueDates() throws {
        let c = TestClient(now: "2026-11-21T09:30")
        try c.initialize()
        let doc = c.open(Self.uri, marked: Self.text)
        #expect(
            try Self.hints(c, doc) == [
                Self.at(doc, "1️⃣", "3 open · 2 done"),
                Self.at(doc, "2️⃣", "in 3 days"),
                Self.at(doc, "3️⃣", "2 open · 1 done"),
                Self.at(doc, "4️⃣", "in 4 weeks"),
            ])
        // Only the requested lines.
        #expect(try Self.hints(c, doc, from: 3, to: 4) == [Self.at(doc, "3️⃣", "2 open · 1 done")])
        // An edit changes the counts.
        c.change(Self.uri, version: 2, [LSPClient.edit(5, 8, 5, 8, " @done")])
        #expect(
            try Self.hints(c, doc, from: 0, to: 2)
                == [Self.at(doc, "1️⃣", "2 open · 3 done"), Self.at(doc, "2️⃣", "in 3 days")])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func eachKindIsTurnedOffByTheSetting() throws {
        let c = TestClient(now: "2026-11-21T09:30")
        try c.initialize(options: ["inlayHints": ["projectCounts": false]])
        let doc = c.open(Self.uri, marked: Self.text)
        #expect(try Self.hints(c, doc) == [Self.at(doc, "2️⃣", "in 3 days"), Self.at(doc, "4️⃣", "in 4 weeks")])
        let countsOnly: JSON = ["projectCounts": true, "dueDistance": false]
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["inlayHints": countsOnly]]])
        #expect(
            try Self.hints(c, doc)
                == [Self.at(doc, "1️⃣", "3 open · 2 done"), Self.at(doc, "3️⃣", "2 open · 1 done")])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func theGaugeIsTurnedOffByTheSetting() throws {
        let c = TestClient(now: "2026-11-21T09:30")
        try c.initialize(options: ["maxLineLength": 10, "inlayHints": ["lineGauge": false]])
        let doc = c.open(Self.uri, marked: "- a long task line\n")
        #expect(try Self.hints(c, doc).isEmpty)
        c.notify("workspace/didChangeConfiguration", ["settings": ["taskpaper": ["inlayHints": ["lineGauge": true]]]])
        #expect(try Self.hints(c, doc) == ["0:18 -8"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aBadValueIsShownAndTheDefaultKept() throws {
        let c = TestClient(now: "2026-11-21T09:30")
        try c.initialize(options: ["inlayHints": ["projectCounts": "no"]])
        let shown = try c.waitForNotification("window/showMessage")
        #expect(shown["message"]?.stringValue?.contains("inlayHints") == true)
        let doc = c.open(Self.uri, marked: "Home:1️⃣\n\t- a\n")
        #expect(try Self.hints(c, doc) == [Self.at(doc, "1️⃣", "1 open · 0 done")])
        #expect(try c.shutdownAndExit() == 0)
    }
}

/// A project's time in its hint and hover, only when its tasks have some (Saturday 2026-11-21).
@Suite struct ProjectTimeHintTests {
    @Test func hintAddsEstimateAndSpentAndHoverBreaksThemDown() throws {
        let c = TestClient(now: "2026-11-21T09:30")
        try c.initialize()
        let text = """
            Work:1️⃣
            \t- Draft @est(2h)
            \t- Write @est(1h30m) @lasted(2h10m) @done
            \t- Check @1h
            \tSite:2️⃣
            \t\t- Deploy @est(soon)
            Home:3️⃣
            \t- Sweep

            """
        let doc = c.open(ProjectAndDueHintsTests.uri, marked: text)
        #expect(
            try ProjectAndDueHintsTests.hints(c, doc) == [
                ProjectAndDueHintsTests.at(doc, "1️⃣", "3 open · 1 done · est 4h30m · 2h10m spent"),
                ProjectAndDueHintsTests.at(doc, "2️⃣", "1 open · 0 done"),
                ProjectAndDueHintsTests.at(doc, "3️⃣", "1 open · 0 done"),
            ])
        func hover(_ line: Int) throws -> JSON {
            try c.request(
                "textDocument/hover",
                [
                    "textDocument": ["uri": .string(doc.uri)],
                    "position": ["line": .int(line), "character": 1],
                ])
        }
        #expect(
            try hover(0)["contents"]?["value"]?.stringValue
                == "Open: 3h estimated, left to do\n\nDone: 1h30m estimated, 2h10m spent")
        #expect(try hover(4) == .null)
        #expect(try hover(6) == .null)
        #expect(try c.shutdownAndExit() == 0)
    }
}

/// A started task's hint, after its `@started` (Saturday 2026-11-21 09:30).
@Suite struct StartedHintTests {
    @Test func saysHowLongAgoWorkBegan() throws {
        let c = TestClient(now: "2026-11-21T09:30")
        try c.initialize()
        let text = """
            - Write @started(2026-11-21 09:05)1️⃣ @est(1h)
            - Read @started(26-11-21 07:20)2️⃣
            - Plan @started(2026-11-21 09:30)3️⃣
            - Later @started(2026-11-22 10:00)4️⃣
            - Closed @started(2026-11-21 09:00) @done
            - Bare @started

            """
        let doc = c.open(ProjectAndDueHintsTests.uri, marked: text)
        #expect(
            try ProjectAndDueHintsTests.hints(c, doc) == [
                ProjectAndDueHintsTests.at(doc, "1️⃣", "started 25 min ago"),
                ProjectAndDueHintsTests.at(doc, "2️⃣", "started 2h10m ago"),
                ProjectAndDueHintsTests.at(doc, "3️⃣", "started just now"),
                ProjectAndDueHintsTests.at(doc, "4️⃣", "starts in the future"),
            ])
        #expect(try c.shutdownAndExit() == 0)
    }
}
