import Foundation

/// `taskpaper-bench`: the performance figures of `Sources/TaskPaperServer/PERFORMANCE.md`, in process and
/// over stdio against the release server, for generated documents of 1k, 10k and 100k lines (or a file),
/// each checked against its target (`Targets.swift`).
///
///     swift build -c release --static-swift-stdlib
///     .build/release/taskpaper-bench [--file DOC.taskpaper] [--sizes 1000,10000,100000] [--edits 60]
///         [--server PATH] [--idle SECONDS] [--symbols-loop N] [--workspace-files N]
///
/// Built as the READMEs install the server (`swift run` takes no --static-swift-stdlib, and
/// `swift run -c release` would rebuild the taskpaper-lsp beside it against the toolchain's libraries).
///
/// `--idle 65` also measures the CPU an idle server uses with the largest document open.
/// `--symbols-loop 30` times only document symbols on the largest document, 30 times (for profiling).
/// `--workspace-files 1000` times only workspace diagnostics, over 1,000 generated files of 200 lines.
var sizes = [1_000, 10_000, 100_000]
var file: String?
var edits = 60
var idleSeconds = 0
var symbolsLoop = 0
var workspaceFiles = 0
var server = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
    "taskpaper-lsp"
).path
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let arg = args.removeFirst()
    let value = args.isEmpty ? "" : args.removeFirst()
    switch arg {
    case "--file": file = value
    case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }
    case "--edits": edits = Int(value) ?? edits
    case "--server": server = value
    case "--idle": idleSeconds = Int(value) ?? 0
    case "--symbols-loop": symbolsLoop = Int(value) ?? 0
    case "--workspace-files": workspaceFiles = Int(value) ?? 0
    default:
        FileHandle.standardError.write(
            Data(
                ("usage: taskpaper-bench [--file DOC] [--sizes 1000,10000,100000] [--edits N] [--server PATH]"
                    + " [--idle SECONDS] [--symbols-loop N] [--workspace-files N]\n").utf8))
        exit(2)
    }
}

var documents: [(name: String, text: String)] = []
if let file {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        FileHandle.standardError.write(Data("taskpaper-bench: cannot read \(file)\n".utf8))
        exit(2)
    }
    documents.append(((file as NSString).lastPathComponent, text))
} else {
    for n in sizes {
        var generator = DocumentGenerator()
        documents.append(("\(n / 1000)k lines", generator.document(lines: n)))
    }
}

func row(_ name: String, _ values: [String]) {
    print(name.padding(toLength: 40, withPad: " ", startingAt: 0) + values.map { $0.leftPad(12) }.joined())
}

if workspaceFiles > 0 {
    let root = try WorkspaceDiagnosticsBench.makeWorkspace(files: workspaceFiles)
    defer { try? FileManager.default.removeItem(at: root) }
    print("workspace diagnostics: \(workspaceFiles) files of 200 lines, pushed over stdio, ms from initialized")
    print(
        "setting   index built   last publish   publishes   diagnostics   RSS after (MB)   peak (MB)"
            + "   one file changed")
    for scope in ["off", "due", "all"] {
        let f = try WorkspaceDiagnosticsBench.run(server: server, root: root, scope: scope)
        print(
            [
                scope.padding(toLength: 6, withPad: " ", startingAt: 0), String(format: "%10.0f", f.indexedMs),
                String(format: "%14.0f", f.lastPublishMs), String(format: "%11d", f.publishes),
                String(format: "%13d", f.diagnostics), String(format: "%16.1f", Double(f.rssKB) / 1024),
                String(format: "%11.1f", Double(f.peakRSSKB) / 1024),
                String(format: "%10d publish", f.oneFilePublishes),
            ].joined(separator: "  "))
    }
    exit(0)
}

if symbolsLoop > 0, let doc = documents.last {
    try SymbolsLoop.run(text: doc.text, count: symbolsLoop)
    exit(0)
}

var inProcess: [InProcessFigures] = []
var stdio: [StdioFigures] = []
for doc in documents {
    inProcess.append(try InProcessBench.run(text: doc.text, edits: edits))
    stdio.append(try StdioBench.run(server: server, text: doc.text, edits: edits))
}

let f2 = { (x: Double) in String(format: "%.2f", x) }
let f3 = { (x: Double) in String(format: "%.3f", x) }
print(
    "taskpaper-bench: release build, \(ProcessInfo.processInfo.activeProcessorCount) cores, medians in ms unless noted")
row("document", documents.map(\.name))
row("size (MB)", documents.map { f2(Double($0.text.utf8.count) / 1e6) })
print("in process")
row("  parse (MB/s)", inProcess.map { String(format: "%.0f", $0.parseMBps) })
row("  open: JSON + parse + lint + publish", inProcess.map { f2($0.openMs) })
row("  one-character edit + publish", inProcess.map { f3($0.editMedianMs) })
row("  semantic tokens full", inProcess.map { f2($0.tokensFullMs) })
row("  semantic tokens range (60 lines)", inProcess.map { f3($0.tokensRangeMs) })
row("  first completion (counts tags)", inProcess.map { f2($0.firstCompletionMs) })
row("  completion after @", inProcess.map { f3($0.completionMs) })
row("  document symbols", inProcess.map { f2($0.symbolsMs) })
let searchMs = try documents.map { try SearchBench.run(text: $0.text) }
row("  search \"\(SearchBench.query)\"", searchMs.map(f2))
print("over stdio, at the client")
row("  didOpen -> publishDiagnostics", stdio.map { f2($0.openMs) })
row("  (its doc floor, same server)", stdio.map { f2($0.openFloorMs) })
row("  edit -> publishDiagnostics", stdio.map { f3($0.editMedianMs) })
row("  edit -> publishDiagnostics p90", stdio.map { f3($0.editP90Ms) })
row("  edit -> pulled diagnostics", stdio.map { f3($0.pullEditMedianMs) })
row("  semantic tokens full", stdio.map { f2($0.tokensFullMs) })
row("  semantic tokens range (60 lines)", stdio.map { f3($0.tokensRangeMs) })
row("  peak RSS (MB)", stdio.map { f2(Double($0.rssKB) / 1024) })
print("floors, over stdio in the same run")
row("  no-op floor (empty request)", stdio.map { f3($0.noopMs) })
row("  doc floor (request carrying the doc)", stdio.map { f2($0.docFloorMs) })
row("  publish move (request of its size)", stdio.map { f3($0.publishMoveMs) })

// The targets (Targets.swift), on the largest document: each figure against its floor from the same run.
if let s = stdio.last, let p = inProcess.last, let doc = documents.last {
    print("targets on \(doc.name): figure / floor = ratio (target)")
    let batched = try BatchedEditBench.run(server: server, text: doc.text)
    let batchedFlagged = try BatchedEditBench.run(server: server, text: BatchedEditBench.everyLineFlagged(doc.text))
    let across = try AcrossFilesBench.run(server: server, text: doc.text)
    let focus = try FocusBench.run(server: server, text: doc.text)
    let figures: [Target.Figure: Double] = [
        .open: s.openMs, .edit: s.editMedianMs, .pulledEdit: s.pullEditMedianMs, .tokensFull: s.tokensFullMs,
        .tokensRange: s.tokensRangeMs, .symbols: p.symbolsMs, .firstCompletion: p.firstCompletionMs,
        .search: searchMs.last!, .focus: focus, .batchedEdit: batched, .batchedEditFlagged: batchedFlagged,
        .codeActions: across.codeActionsMs, .otherFileMenu: across.otherFileMenuMs, .unarchive: across.unarchiveMs,
        .refile: across.refileMs, .archiveToFile: across.archiveToFileMs,
    ]
    var floors: [Target.Floor: Double] = [
        .doc: s.docFloorMs, .noop: s.noopMs, .edit: 3 * s.noopMs + max(0, s.publishMoveMs - s.noopMs),
    ]
    if stdio.count > 1 { floors[.smallDocument] = stdio[0].pullEditMedianMs }
    for target in Target.all {
        let label = "  " + target.figure.rawValue.padding(toLength: 42, withPad: " ", startingAt: 0)
        let figure = figures[target.figure]!
        // The open is timed on fresh servers, each against the doc floor of its own server.
        guard let floor = target.figure == .open ? s.openFloorMs : floors[target.floor] else {
            print(label + "n/a (one document; run without --file)")
            continue
        }
        let ratio = figure / floor
        let line = label + "\(f3(figure)) / \(f3(floor)) \(target.floor.rawValue) = \(f2(ratio))x"
        guard let limit = target.ratio else {
            print(line + " (no target)")
            continue
        }
        let met = target.strict ? ratio < limit : ratio <= limit
        print(line + " (\(target.strict ? "<" : "<=") \(f2(limit))x)  " + (met ? "met" : "MISSED"))
        if target.figure == .open {
            print(
                "    (\(s.openTrials.count) fresh servers, median shown; each open / its floor: "
                    + s.openTrials.map { f2($0.openMs / $0.floorMs) + "x" }.joined(separator: " ") + ")")
        }
    }
    let docMB = Double(doc.text.utf8.count) / (1024 * 1024), rssMB = Double(s.rssKB) / 1024
    let rssLimit = Target.memoryPerDocumentSize * docMB + Target.memoryAllowanceMB
    let rssTarget =
        "< \(Int(Target.memoryPerDocumentSize)) x \(f2(docMB)) MB + \(Int(Target.memoryAllowanceMB)) MB = \(f2(rssLimit)) MB"
    print(
        "  peak RSS                                  \(f2(rssMB)) MB (\(rssTarget))  "
            + (rssMB < rssLimit ? "met" : "MISSED"))
    if stdio.count > 1, let small = stdio.first, let smallP = inProcess.first {
        print(
            "scaling: edit over stdio (push) \(doc.name) / \(documents[0].name) = "
                + f2(s.editMedianMs / small.editMedianMs) + "x; in process "
                + f2(p.editMedianMs / smallP.editMedianMs) + "x")
    }
}
if idleSeconds > 0, let doc = documents.last {
    let idle = try IdleBench.run(server: server, text: doc.text, seconds: idleSeconds)
    print("idle with \(doc.name) open for \(idle.seconds) s: \(f2(idle.cpuMs)) ms CPU, \(idle.messages) messages sent")
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
