import Foundation

/// `taskpaper-bench`: the performance figures of README.md, in process and over stdio against the
/// release server, for generated documents of 1k, 10k and 100k lines (or a file).
///
///     swift build -c release --static-swift-stdlib
///     .build/release/taskpaper-bench [--file DOC.taskpaper] [--sizes 1000,10000,100000] [--edits 60]
///         [--server PATH] [--idle SECONDS] [--symbols-loop N]
///
/// Built as the READMEs install the server (`swift run` takes no --static-swift-stdlib, and
/// `swift run -c release` would rebuild the taskpaper-lsp beside it against the toolchain's libraries).
///
/// `--idle 65` also measures the CPU an idle server uses with the largest document open.
/// `--symbols-loop 30` times only document symbols on the largest document, 30 times (for profiling).
var sizes = [1_000, 10_000, 100_000]
var file: String?
var edits = 60
var idleSeconds = 0
var symbolsLoop = 0
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
    default:
        FileHandle.standardError.write(
            Data(
                ("usage: taskpaper-bench [--file DOC] [--sizes 1000,10000,100000] [--edits N] [--server PATH]"
                    + " [--idle SECONDS] [--symbols-loop N]\n").utf8))
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

// The targets, on the largest document: each figure against its floor from the same run.
if let s = stdio.last, let p = inProcess.last, let doc = documents.last {
    print("targets on \(doc.name): figure / floor = ratio (target)")
    func verdict(
        _ name: String, _ figure: Double, floor: Double, floorName: String, ratio target: Double,
        strict: Bool = false
    ) {
        let ratio = figure / floor
        let met = strict ? ratio < target : ratio <= target
        print(
            "  " + name.padding(toLength: 42, withPad: " ", startingAt: 0)
                + "\(f3(figure)) / \(f3(floor)) \(floorName) = \(f2(ratio))x (\(strict ? "<" : "<=") \(f2(target))x)  "
                + (met ? "met" : "MISSED"))
    }
    verdict("open -> diagnostics (stdio)", s.openMs, floor: s.openFloorMs, floorName: "doc floor", ratio: 2)
    print(
        "    (\(s.openTrials.count) fresh servers, median shown; each open / its floor: "
            + s.openTrials.map { f2($0.openMs / $0.floorMs) + "x" }.joined(separator: " ") + ")")
    // An edit may cost three empty round trips plus moving its own publish message.
    let moving = max(0, s.publishMoveMs - s.noopMs)
    verdict(
        "edit -> diagnostics (stdio)", s.editMedianMs, floor: 3 * s.noopMs + moving,
        floorName: "3x no-op + publish move", ratio: 1)
    if stdio.count > 1, let small = stdio.first {
        verdict(
            "edit, pull, \(doc.name) vs \(documents[0].name)", s.pullEditMedianMs, floor: small.pullEditMedianMs,
            floorName: "small doc", ratio: 1.5)
    } else {
        print("  edit, pull, large vs small                n/a (one document; run without --file)")
    }
    verdict("semantic tokens full (stdio)", s.tokensFullMs, floor: s.docFloorMs, floorName: "doc floor", ratio: 1)
    verdict(
        "semantic tokens range (stdio)", s.tokensRangeMs, floor: s.noopMs, floorName: "no-op floor", ratio: 10,
        strict: true)
    verdict("document symbols (in process)", p.symbolsMs, floor: s.docFloorMs, floorName: "doc floor", ratio: 0.5)
    verdict(
        "first completion (in process)", p.firstCompletionMs, floor: s.docFloorMs, floorName: "doc floor",
        ratio: 0.5)
    verdict("a search (in process)", searchMs.last!, floor: s.docFloorMs, floorName: "doc floor", ratio: 0.5)
    // Issue 31: one notification of many changes costs what it changes, whatever the findings.
    let batched = try BatchedEditBench.run(server: server, text: doc.text)
    let batchedFlagged = try BatchedEditBench.run(server: server, text: BatchedEditBench.everyLineFlagged(doc.text))
    for (name, ms) in [("", batched), (", all flagged", batchedFlagged)] {
        print(
            "  "
                + "didChange of \(BatchedEditBench.changeCount) changes\(name)".padding(
                    toLength: 42, withPad: " ", startingAt: 0)
                + "\(f3(ms)) / \(f3(s.docFloorMs)) doc floor = \(f2(ms / s.docFloorMs))x (no SPEC target)")
    }
    // Issue 30 (SPEC §10 names no code action): the actions a cursor move asks for, on a task line, on a
    // small file whose menu lists this document's projects, and on an archived item (Unarchive's edits come
    // with it), at the limit of whole-document answers; refiling one task, likewise; archiving every done
    // item to a file moves a sixth of the document through the pipe, at the open's limit.
    let across = try AcrossFilesBench.run(server: server, text: doc.text)
    for (name, ms) in [
        ("code actions, task line (stdio)", across.codeActionsMs),
        ("code actions, other file's menu (stdio)", across.otherFileMenuMs),
        ("Unarchive code action (stdio)", across.unarchiveMs),
        ("refile to another file (stdio)", across.refileMs),
    ] {
        verdict(name, ms, floor: s.docFloorMs, floorName: "doc floor", ratio: 0.5)
    }
    verdict(
        "archive done items to file (stdio)", across.archiveToFileMs, floor: s.docFloorMs, floorName: "doc floor",
        ratio: 2)
    let docMB = Double(doc.text.utf8.count) / (1024 * 1024), rssMB = Double(s.rssKB) / 1024
    let rssTarget = "< 10 x \(f2(docMB)) MB + 30 MB = \(f2(10 * docMB + 30)) MB"
    print(
        "  peak RSS                                  \(f2(rssMB)) MB (\(rssTarget))  "
            + (rssMB < 10 * docMB + 30 ? "met" : "MISSED"))
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
