import Foundation
import TaskPaperServer

/// `--symbols-loop N`: only document symbols, N times after an edit on the largest document, as the
/// bench times them; the median and the CPU time of all threads (for profilers: nothing else runs).
enum SymbolsLoop {
    /// User and system time of every thread of the process so far.
    static func cpuMs() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    static func f2(_ x: Double) -> String { String(format: "%.2f", x) }

    static func run(text: String, count: Int) throws {
        let server = Server.inProcess()
        server.perform("initialize", ["capabilities": [:]])
        server.deliver("initialized", [:])
        let uri: JSON = "file:///bench.taskpaper"
        let open: JSON = ["textDocument": ["uri": uri, "languageId": "taskpaper", "version": 1, "text": .string(text)]]
        // As the bench opens it: the message's bytes, read by the server's own JSON reader.
        server.deliver("textDocument/didOpen", try JSONParser.parse(Array(open.serialized.utf8)))
        var versions = EditSequence(uri: uri)
        var cpu: [Double] = []
        var answerBytes = 0
        var times = (0..<count).map { _ in
            server.deliver("textDocument/didChange", versions.next(line: 0, from: 0, to: 0, insert: "x"))
            server.deliver("textDocument/didChange", versions.next(line: 0, from: 0, to: 1, insert: ""))
            let cpu0 = cpuMs()
            defer { cpu.append(cpuMs() - cpu0) }
            return Measure.time {
                answerBytes = server.perform("textDocument/documentSymbol", ["textDocument": ["uri": uri]]).count
            }
        }
        times.sort()
        print(
            "document symbols: min \(f2(times.first!)) median \(f2(Measure.median(times))) ms over \(times.count)"
                + ", CPU median \(f2(Measure.median(cpu))) ms, answer \(f2(Double(answerBytes) / 1e6)) MB")
    }
}
