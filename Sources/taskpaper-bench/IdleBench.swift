import Foundation
import TaskPaperServer

/// What an idle server costs: the CPU time it uses and the messages it sends
/// while a document is open and the client says nothing (the date watcher
/// looks at the clock every 30 s; nothing else should run).
struct IdleFigures {
    var seconds = 0
    var cpuMs = 0.0
    var messages = 0
}

enum IdleBench {
    static func run(server: String, text: String, seconds: Int) throws -> IdleFigures {
        let c = try StdioClient(server: server)
        let initID = c.request("initialize", ["processId": nil, "capabilities": [:]])
        _ = try c.waitForResponse(initID)
        c.notify("initialized", [:])
        let uri: JSON = "file:///bench.taskpaper"
        c.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": uri, "languageId": "taskpaper", "version": 1,
                    "text": .string(text),
                ]
            ])
        _ = try c.wait { $0["method"] == "textDocument/publishDiagnostics" }
        let before = cpuTicks(of: c.process.processIdentifier)
        sleep(UInt32(seconds))
        let after = cpuTicks(of: c.process.processIdentifier)
        // Anything sent while idle arrives before the shutdown answer.
        var messages = 0
        let shutdownID = c.request("shutdown", nil)
        _ = try c.wait { message in
            if message["id"] == .int(shutdownID) { return true }
            messages += 1
            return false
        }
        c.notify("exit", nil)
        c.process.waitUntilExit()
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return IdleFigures(seconds: seconds, cpuMs: Double(after - before) * 1000 / ticksPerSecond, messages: messages)
    }

    /// User plus system time of a process, in clock ticks (`/proc/PID/stat` fields 14 and 15).
    private static func cpuTicks(of pid: Int32) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }
}
