import Foundation
import TaskPaperServer

/// Workspace diagnostics over a generated workspace (`--workspace-files N`, 200 lines each, seeds 1 to N),
/// pushed to a client that never pulls, over stdio: from `initialized` to the index built and to the last
/// publish, the publishes, the server's memory, and what one file changed on disk sends.
enum WorkspaceDiagnosticsBench {
    struct Figures {
        var scope = ""
        var indexedMs = 0.0
        var lastPublishMs = 0.0
        var publishes = 0
        var diagnostics = 0
        var rssKB = 0
        var peakRSSKB = 0
        var oneFilePublishes = 0
    }

    /// The files of the benchmark's shape; today is pinned (`TASKPAPER_NOW`) in their year, so many are due.
    static func makeWorkspace(files: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("taskpaper-bench-ws-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for i in 1...files {
            var generator = DocumentGenerator(seed: UInt64(i))
            try generator.document(lines: 200).write(
                to: root.appendingPathComponent("file\(i).taskpaper"), atomically: false, encoding: .utf8)
        }
        return root
    }

    static func run(server: String, root: URL, scope: String) throws -> Figures {
        setenv("TASKPAPER_NOW", "2030-07-01", 1)
        let c = try StdioClient(server: server)
        let initID = c.request(
            "initialize",
            [
                "processId": nil, "capabilities": [:], "rootUri": .string(root.absoluteString),
                "initializationOptions": ["workspaceDiagnostics": .string(scope)],
            ])
        _ = try c.waitForResponse(initID)
        var figures = Figures(scope: scope)
        let t0 = Measure.now()
        c.notify("initialized", [:])
        func isIndexed(_ m: JSON) -> Bool {
            m["method"] == "window/logMessage" && m["params"]?["message"]?.stringValue?.hasPrefix("Indexed ") == true
        }
        figures.indexedMs = Measure.ms(t0, try c.wait(until: isIndexed))
        var last = t0
        try countPublishes(c, expectingSome: scope != "off") { m in
            figures.publishes += 1
            figures.diagnostics += m["params"]?["diagnostics"]?.arrayValue?.count ?? 0
            last = Measure.now()
        }
        figures.lastPublishMs = figures.publishes > 0 ? Measure.ms(t0, last) : 0
        figures.rssKB = c.rssKB
        figures.peakRSSKB = c.peakRSSKB

        // One file changed on disk: a finding added.
        let changed = root.appendingPathComponent("file1.taskpaper")
        let text = try String(contentsOf: changed, encoding: .utf8) + "- pay rent @due(2030-06-01)\n"
        try text.write(to: changed, atomically: false, encoding: .utf8)
        c.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(changed.absoluteString), "type": 2]]])
        _ = try c.wait { m in
            m["method"] == "window/logMessage"
                && m["params"]?["message"]?.stringValue?.hasPrefix("Workspace index: re-read") == true
        }
        try countPublishes(c, expectingSome: scope != "off") { _ in figures.oneFilePublishes += 1 }
        let shutdownID = c.request("shutdown", nil)
        _ = try c.waitForResponse(shutdownID)
        c.notify("exit", nil)
        c.process.waitUntilExit()
        return figures
    }
}

/// Counts the publishes the loop sends in one go: they all precede the answer to a request sent after the
/// first of them (a request sent before it could be answered first).
private func countPublishes(_ c: StdioClient, expectingSome: Bool, _ each: (JSON) -> Void) throws {
    if expectingSome {
        _ = try c.wait { m in
            guard m["method"] == "textDocument/publishDiagnostics" else { return false }
            each(m)
            return true
        }
    }
    let probe = c.request("taskpaper/benchProbe", nil)
    _ = try c.wait { m in
        if m["method"] == "textDocument/publishDiagnostics" { each(m) }
        return m["id"] == .int(probe)
    }
}

extension StdioClient {
    var rssKB: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return Int(line?.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
