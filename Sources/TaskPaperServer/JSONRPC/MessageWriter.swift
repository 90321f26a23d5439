#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole framed messages to the protocol descriptor. Thread-safe: the
/// indexer's progress and the main loop may both send.
public final class MessageWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = Condition()

    public init(fd: Int32) { self.fd = fd }

    public func send(_ body: [UInt8]) {
        let header = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        lock.lock()
        defer { lock.unlock() }
        // Header and body go out back to back under the lock; the body is not copied.
        writeAll(header)
        writeAll(body)
    }

    private func writeAll(_ bytes: [UInt8]) {
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
