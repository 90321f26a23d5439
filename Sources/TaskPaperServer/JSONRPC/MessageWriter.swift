import Glibc

/// Writes whole framed messages to the protocol descriptor, or hands their
/// bodies to a sink (the in-process server). Thread-safe: the indexer's
/// progress, the loop and the off-loop queue may all send.
public final class MessageWriter: @unchecked Sendable {
    /// Receives each body and, for a response, the id it answers.
    public typealias Sink = @Sendable (_ body: [UInt8], _ answering: RequestID?) -> Void

    private enum Output {
        case descriptor(Int32)
        case sink(Sink)
    }

    private let output: Output
    private let lock = Condition()

    public init(fd: Int32) { output = .descriptor(fd) }

    public init(sink: @escaping Sink) { output = .sink(sink) }

    /// Sends one message; `answering` names the request a response answers.
    public func send(_ body: [UInt8], answering id: RequestID? = nil) {
        switch output {
        case .sink(let sink):
            sink(body, id)
        case .descriptor(let fd):
            let header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
            lock.lock()
            defer { lock.unlock() }
            // Header and body go out back to back under the lock; the body is not copied.
            writeAll(header, to: fd)
            writeAll(body, to: fd)
        }
        AnswerMemory.keep(body)
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { p in
            var off = 0
            while off < p.count {
                let n = write(fd, p.baseAddress! + off, p.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // The client is gone; EOF on input will end the server.
                }
                off += n
            }
        }
    }
}
