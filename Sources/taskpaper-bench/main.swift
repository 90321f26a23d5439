import Foundation

/// `taskpaper-bench`: the performance figures of README.md, in process and over stdio against the
/// release server, for generated documents of 1k, 10k and 100k lines (or a file).
///
///     swift run -c release taskpaper-bench [--file DOC.taskpaper] [--sizes 1000,10000,100000] [--edits 60] [--server PATH]
///                                          [--idle SECONDS]
///
/// `--idle 65` also measures the CPU an idle server uses with the largest document open.
var sizes = [1_000, 10_000, 100_000]
var file: String?
var edits = 60
var idleSeconds = 0
var server = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("taskpaper-lsp").path
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
    default:
        FileHandle.standardError.write(Data("usage: taskpaper-bench [--file DOC] [--sizes 1000,10000,100000] [--edits N] [--server PATH] [--idle SECONDS]\n".utf8))
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

func row(_ name: String, _ values: [String], target: String = "") {
    print(name.padding(toLength: 34, withPad: " ", startingAt: 0)
          + values.map { $0.leftPad(12) }.joined() + "   " + target)
}

var inProcess: [InProcessFigures] = []
var stdio: [StdioFigures] = []
for doc in documents {
    inProcess.append(try InProcessBench.run(text: doc.text, edits: edits))
    stdio.append(try StdioBench.run(server: server, text: doc.text, edits: edits))
}

let f2 = { (x: Double) in String(format: "%.2f", x) }
let f3 = { (x: Double) in String(format: "%.3f", x) }
print("taskpaper-bench: release build, \(ProcessInfo.processInfo.activeProcessorCount) cores, medians in ms unless noted")
row("document", documents.map(\.name), target: "target (100k)")
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
row("  search \"\(SearchBench.query)\"", try documents.map { f2(try SearchBench.run(text: $0.text)) })
print("over stdio, at the client")
row("  didOpen -> publishDiagnostics", stdio.map { f2($0.openMs) }, target: "< 100")
row("  edit -> publishDiagnostics", stdio.map { f3($0.editMedianMs) }, target: "< 1")
row("  edit -> publishDiagnostics p90", stdio.map { f3($0.editP90Ms) })
row("  semantic tokens full", stdio.map { f2($0.tokensFullMs) }, target: "< 60")
row("  no-op request round trip", stdio.map { f3($0.noopMs) })
row("  peak RSS (MB)", stdio.map { f2(Double($0.rssKB) / 1024) },
    target: documents.last.map { "< " + f2(Double($0.text.utf8.count) * 10 / 1e6 + 30) } ?? "")
if stdio.count > 1, let first = stdio.first, let last = stdio.last {
    print("scaling: edit over stdio \(documents.last!.name) / \(documents.first!.name) = "
          + f2(last.editMedianMs / first.editMedianMs) + "x (target <= 1.5x); in process "
          + f2(inProcess.last!.editMedianMs / inProcess.first!.editMedianMs) + "x")
}
if idleSeconds > 0, let doc = documents.last {
    let idle = try IdleBench.run(server: server, text: doc.text, seconds: idleSeconds)
    print("idle with \(doc.name) open for \(idle.seconds) s: \(f2(idle.cpuMs)) ms CPU, \(idle.messages) messages sent")
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
