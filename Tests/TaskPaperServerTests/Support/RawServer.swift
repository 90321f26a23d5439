import Foundation
import TaskPaperServer

/// A taskpaper-lsp process driven with raw bytes, for fuzzing and resource
/// tests. Everything the server sends is read at once (so it never blocks on
/// a full pipe) and counted, but only responses to ids starting with
/// `keptIDPrefix` are kept. A write that makes no progress for `timeout`
/// seconds, or a response that doesn't come, is a hang; closed output is a crash.
final class RawServer: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { var description: String }

    struct Counts {
        var messages = 0
        var responses = 0
        var errorCodes: [Int: Int] = [:]
        var notifications = 0
        var serverRequests = 0
    }

    static let keptIDPrefix = "probe-"
    let process = Process()
    let timeout: TimeInterval
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let condition = NSCondition()
    private var kept: [String: JSON] = [:]
    private var unanswered: [JSON] = []
    private var outputClosed = false
    private var stderrClosed = false
    private var stderrTail: [UInt8] = []
    private var stderrLineCount = 0
    private var counts = Counts()
    private var badOutput: String?

    init(environment: [String: String] = [:], timeout: TimeInterval = 60) throws {
        // A server that dies must fail the test with a report, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        self.timeout = timeout
        process.executableURL = LSPClient.binary
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let fd = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let out = output.fileHandleForReading.fileDescriptor, err = errors.fileHandleForReading.fileDescriptor
        Thread { [weak self] in RawServer.readAll(out) { self?.received($0) } }.start()
        Thread { [weak self] in RawServer.readAll(err) { self?.receivedStderr($0) } }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var pid: Int32 { process.processIdentifier }

    var countsSoFar: Counts { condition.withLock { counts } }

    var stderrLines: Int { condition.withLock { stderrLineCount } }

    /// The last 32 KB or more of stderr so far.
    var stderrTailText: String { condition.withLock { String(decoding: stderrTail, as: UTF8.self) } }

    // MARK: Sending

    static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    static func frame(_ json: JSON) -> [UInt8] { frame(Array(json.serialized.utf8)) }

    /// Writes bytes as they are; throws when the server stops reading or is gone.
    func write(_ bytes: [UInt8]) throws {
        let fd = input.fileHandleForWriting.fileDescriptor
        var offset = 0
        var lastProgress = Date()
        try bytes.withUnsafeBytes { p in
            while offset < p.count {
                let n = Glibc.write(fd, p.baseAddress! + offset, min(p.count - offset, 1 << 16))
                if n > 0 {
                    offset += n
                    lastProgress = Date()
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                guard n < 0 && errno == EAGAIN else {
                    throw Failure(description: "the server closed its input. \(diagnosis())")
                }
                if Date().timeIntervalSince(lastProgress) > timeout {
                    throw Failure(description: "hang: the server read nothing for \(Int(timeout)) s. \(diagnosis())")
                }
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 100)
            }
        }
    }

    /// Answers the server's own requests (configuration, applyEdit…) with null;
    /// call at a point where the stream is in sync.
    func answerServerRequests() throws {
        let ids = condition.withLock { () -> [JSON] in
            defer { unanswered.removeAll() }
            return unanswered
        }
        guard !ids.isEmpty else { return }
        try write(ids.flatMap { RawServer.frame(["jsonrpc": "2.0", "id": $0, "result": nil]) })
    }

    // MARK: Receiving

    /// The response to a kept id, waiting up to `timeout`.
    func response(_ id: String) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        while true {
            if let r = kept.removeValue(forKey: id) { condition.unlock(); return r }
            if let badOutput { condition.unlock(); throw Failure(description: badOutput) }
            if outputClosed {
                condition.unlock()
                throw Failure(
                    description: "crash: the server closed its output while \(id) was waiting. \(diagnosis())")
            }
            if !condition.wait(until: deadline) {
                condition.unlock()
                throw Failure(description: "hang: no answer to \(id) within \(Int(timeout)) s. \(diagnosis())")
            }
        }
    }

    /// How the process ended (or that it did not), and the end of its stderr.
    func diagnosis() -> String {
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let state: String
        if process.isRunning {
            state = "It is still running."
        } else if process.terminationReason == .uncaughtSignal {
            state = "It was killed by signal \(process.terminationStatus)."
        } else {
            state = "It exited with status \(process.terminationStatus)."
        }
        condition.lock()
        while !stderrClosed && !process.isRunning && Date() < deadline { _ = condition.wait(until: deadline) }
        let tail = String(decoding: stderrTail, as: UTF8.self)
        condition.unlock()
        return "\(state) The end of its stderr:\n\(tail)"
    }

    /// Closes the input and waits for the exit status (nil: still running after `timeout`).
    func closeInputAndWait() -> Int32? {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// A field of /proc/PID/status in KiB (`VmRSS`, `VmHWM`, `VmPeak`).
    func memoryKiB(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    private static func readAll(_ fd: Int32, _ deliver: ([UInt8]?) -> Void) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return deliver(nil) }
            deliver(Array(chunk[0..<n]))
        }
    }

    private var pending: [UInt8] = []

    private func received(_ chunk: [UInt8]?) {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        guard let chunk else { outputClosed = true; return }
        pending += chunk
        var start = 0
        while let (body, next) = RawServer.takeFrame(pending, from: start) {
            guard let body else {
                badOutput =
                    "the server sent a bad header: \(String(decoding: pending[start...].prefix(300), as: UTF8.self).debugDescription)"
                break
            }
            start = next
            do {
                note(try JSONParser.parse(body))
            } catch {
                badOutput =
                    "the server sent a body we can't read (\(error)): \(String(decoding: body.prefix(300), as: UTF8.self).debugDescription)"
                break
            }
        }
        pending.removeFirst(start)
    }

    private func note(_ json: JSON) {
        counts.messages += 1
        if json["method"] != nil {
            if let id = json["id"] {
                counts.serverRequests += 1; unanswered.append(id)
            } else {
                counts.notifications += 1
            }
            return
        }
        counts.responses += 1
        if let code = json["error"]?["code"]?.intValue { counts.errorCodes[code, default: 0] += 1 }
        if let id = json["id"]?.stringValue, id.hasPrefix(RawServer.keptIDPrefix) { kept[id] = json }
    }

    /// One `Content-Length` frame from `from`: its body (nil if the header is bad) and where the next starts.
    private static func takeFrame(_ b: [UInt8], from: Int) -> ([UInt8]?, Int)? {
        var k = from
        while k + 3 < b.count, !(b[k] == 13 && b[k + 1] == 10 && b[k + 2] == 13 && b[k + 3] == 10) { k += 1 }
        guard k + 3 < b.count else { return nil }
        let header = String(decoding: b[from..<k], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let n = Int(header.dropFirst(16)) else { return (nil, from) }
        guard b.count - (k + 4) >= n else { return nil }
        return (Array(b[k + 4..<k + 4 + n]), k + 4 + n)
    }

    private func receivedStderr(_ chunk: [UInt8]?) {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        guard let chunk else { stderrClosed = true; return }
        stderrLineCount += chunk.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        stderrTail += chunk
        if stderrTail.count > 64 << 10 { stderrTail.removeFirst(stderrTail.count - (32 << 10)) }
    }
}
