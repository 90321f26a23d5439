import Foundation
import TaskPaperServer

/// At the client side of stdio, on the largest document: the code actions on a task line, and on a
/// small file whose "Move to" menu lists the large one's projects, and each edit across files from the command to the
/// last byte of its workspace/applyEdit: refile a task to the other file, archive every done item to
/// `NAME_archive.taskpaper`, and Unarchive (a code action whose edit comes with it) of an item in the
/// document's `Archive:` project.
struct AcrossFilesFigures {
    var codeActionsMs = 0.0
    /// On a small file, whose "Move to" menu lists the large document's projects.
    var otherFileMenuMs = 0.0
    var refileMs = 0.0
    var archiveToFileMs = 0.0
    var unarchiveMs = 0.0
}

enum AcrossFilesBench {
    static let uri: JSON = "file:///bench.taskpaper"
    static let work: JSON = "file:///work.taskpaper"

    static func run(server: String, text: String) throws -> AcrossFilesFigures {
        let c = try StdioClient(server: server)
        let initID = c.request(
            "initialize",
            [
                "processId": nil,
                "capabilities": [
                    "workspace": [
                        "applyEdit": true,
                        "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create"]],
                    ]
                ],
                "initializationOptions": ["archive": "file"],
            ])
        _ = try c.waitForResponse(initID)
        c.notify("initialized", [:])
        // An archived item at the end, its project path one of the document's.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let project = lines.first { $0.hasSuffix(":") && !$0.hasPrefix("\t") }.map { String($0.dropLast()) } ?? "Inbox"
        let archived = "Archive:\n\t- An old task @done(2026-11-01) @project(\(project))\n"
        let document = (text.hasSuffix("\n") ? text : text + "\n") + archived
        let archivedLine = document.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } - 1
        for (uri, body) in [(uri, document), (work, "Work:\n\t- Send the report\n")] {
            c.notify(
                "textDocument/didOpen",
                ["textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(body)]])
            _ = try c.wait { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == uri }
        }
        let task = lines.indices.first { $0 >= lines.count / 2 && lines[$0].hasPrefix("\t- ") } ?? 1

        func timed(_ times: Int, _ body: () throws -> Double) rethrows -> Double {
            Measure.median(try (0..<times).map { _ in try body() })
        }
        func codeActions(line: Int, in document: JSON = uri) throws -> (ms: Double, titles: [String]) {
            let t = Measure.now()
            let id = c.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": document],
                    "range": [
                        "start": ["line": .int(line), "character": 2], "end": ["line": .int(line), "character": 2],
                    ],
                    "context": ["diagnostics": [], "triggerKind": 2],
                ])
            var answer: JSON = nil
            let stamp = try c.wait { message in
                guard message["id"] == .int(id) else { return false }
                answer = message
                return true
            }
            return (Measure.ms(t, stamp), (answer["result"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue })
        }
        /// A command, timed to its workspace/applyEdit (answered as applied; the texts are left as they
        /// were, so each run makes the same edit).
        func command(_ name: String, _ arguments: [JSON]) throws -> Double {
            let t = Measure.now()
            let id = c.request("workspace/executeCommand", ["command": .string(name), "arguments": .array(arguments)])
            let stamp = try c.waitForServerRequest("workspace/applyEdit")
            _ = try c.waitForResponse(id)
            return Measure.ms(t, stamp)
        }

        var f = AcrossFilesFigures()
        // The large document's own projects fill its menu; the small file's menu lists the large one's.
        f.codeActionsMs = try timed(20) { try codeActions(line: task).ms }
        guard try codeActions(line: 1, in: work).titles.contains(where: { $0.hasSuffix("(bench.taskpaper)") }) else {
            throw AcrossFilesBenchError.missing("Move to … (bench.taskpaper) on line 1 of work.taskpaper")
        }
        f.otherFileMenuMs = try timed(20) { try codeActions(line: 1, in: work).ms }
        f.refileMs = try timed(10) {
            try command(
                "taskpaper.moveToProject",
                [uri, ["line": .int(task), "character": 2], ["uri": work, "path": "Work"]])
        }
        f.archiveToFileMs = try timed(5) { try command("taskpaper.archiveDone", [uri]) }
        guard try codeActions(line: archivedLine).titles.contains("Unarchive") else {
            throw AcrossFilesBenchError.missing("Unarchive on line \(archivedLine)")
        }
        f.unarchiveMs = try timed(20) { try codeActions(line: archivedLine).ms }
        c.close()
        return f
    }
}

enum AcrossFilesBenchError: Error { case missing(String) }
