/// Drives the server without stdio, for the benchmark and the in-process test
/// client. Every message goes through the same inbox, lifecycle checks,
/// request table and off-loop queue as the binary's; only the transport differs.
extension Server {
    /// A server whose outgoing messages go to an `InProcessOutbox`. With
    /// `keepingMessages` false only responses are kept (the benchmark's case).
    /// `now` pins the day as `TASKPAPER_NOW` does (`2026-11-21` or `2026-11-21T09:30`).
    public static func inProcess(keepingMessages: Bool = false, now pinned: String? = nil) -> Server {
        let outbox = InProcessOutbox(keepingMessages: keepingMessages)
        let clock = pinned.flatMap(Clock.parse)
        let server = Server(
            output: MessageWriter(sink: { body, id in outbox.receive(body, answering: id) }),
            now: { clock ?? Clock.current() })
        server.outbox = outbox
        return server
    }

    /// Handles a request as the loop would and returns its response message
    /// (a `result` or an `error`), waiting for an answer computed off the loop.
    @discardableResult
    public func perform(_ method: String, _ params: JSON) -> [UInt8] {
        nextInProcessID += 1
        let id = RequestID.int(-nextInProcessID)  // apart from the ids a test client sends
        submit(.message(.request(id: id, method: method, params: params)))
        return outbox!.takeResponse(to: id)
    }

    /// Handles a notification (publishing what it changed, as the loop does once the input is drained).
    public func deliver(_ method: String, _ params: JSON) {
        submit(.message(.notification(method: method, params: params)))
    }

    /// Handles one framed body exactly as the reader thread would pass it on.
    /// Returns the response to a request in it, if it was one.
    public func submit(body: [UInt8]) -> [UInt8]? {
        let event = Server.decode(body)
        submit(event)
        switch event {
        case .message(.request(let id, _, _)), .badMessage(let id?, _): return outbox!.takeResponse(to: id)
        default: return nil
        }
    }

    /// Runs events already queued (work finished off the loop: the workspace index, the settings' problems).
    public func runQueuedWork() {
        submit(nil)
    }

    /// Everything but responses the server sent since the last call, in order.
    public func takeMessages() -> [[UInt8]] { outbox!.takeMessages() }

    public var hasExited: Bool { exitCode != nil }
    /// The status the binary would exit with (after `exit`).
    public var exitStatus: Int32 { exitCode ?? -1 }

    /// Runs the event as the loop would: after anything already queued, then
    /// publishing once nothing is left, then waiting for answers computed off the loop.
    private func submit(_ event: Event?) {
        while exitCode == nil, !inbox.isEmpty { step() }
        if let event, exitCode == nil {
            // The inbox is empty: handling the event directly is what `step` would do, minus the queue.
            handle(event, cancelled: false)
            if inbox.isEmpty {
                if exitCode == nil { publishPendingDiagnostics() }
            } else {
                while exitCode == nil, !inbox.isEmpty { step() }
            }
        }
        if sentOffLoop {
            Server.offLoopQueue.sync {}
            sentOffLoop = false
        }
    }
}

/// What an in-process server sent: responses by the id they answer, other messages in order.
public final class InProcessOutbox: @unchecked Sendable {
    private let lock = Condition()
    private let keepingMessages: Bool
    /// One request is handled at a time, so at most one response waits (the dictionary is for the rare others).
    private var lastResponse: (id: RequestID, body: [UInt8])?
    private var responses: [RequestID: [UInt8]] = [:]
    private var messages: [[UInt8]] = []

    init(keepingMessages: Bool) { self.keepingMessages = keepingMessages }

    func receive(_ body: [UInt8], answering id: RequestID?) {
        lock.lock()
        defer { lock.unlock() }
        if let id {
            if let last = lastResponse { responses[last.id] = last.body }
            lastResponse = (id, body)
        } else if keepingMessages {
            messages.append(body)
        }
    }

    func takeResponse(to id: RequestID) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let last = lastResponse, last.id == id {
            lastResponse = nil
            return last.body
        }
        return responses.removeValue(forKey: id) ?? []
    }

    func takeMessages() -> [[UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        defer { messages.removeAll() }
        return messages
    }
}
