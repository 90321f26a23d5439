#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drives the server without stdio: the benchmark's in-process figures go
/// through the same dispatch as real messages, minus the transport.
extension Server {
    /// A server whose outgoing messages are discarded.
    public static func inProcess() -> Server {
        Server(output: MessageWriter(fd: open("/dev/null", O_WRONLY)))
    }

    /// Handles a request and returns its encoded response.
    @discardableResult
    public func perform(_ method: String, _ params: JSON) throws(ResponseError) -> [UInt8] {
        guard let handler = Server.requestHandlers[method] else { throw .methodNotFound(method) }
        return OutgoingMessage.response(id: .int(0), result: try handler(self, params))
    }

    /// Handles a notification, then publishes what it changed (as the loop does once the input is drained).
    public func deliver(_ method: String, _ params: JSON) {
        handle(.message(.notification(method: method, params: params)), cancelled: false)
        publishPendingDiagnostics()
    }
}
