/// Everything the main loop reacts to, in arrival order.
enum Event: Sendable {
    case message(Message)
    /// A frame that is not JSON or not a JSON-RPC message: answer with this error.
    case badMessage(RequestID?, ResponseError)
    /// Work finished off the loop (e.g. the workspace index) to apply on it.
    case task(@Sendable (Server) -> Void)
    /// The date watcher's timer: look whether the local date changed.
    case clockTick
    case endOfInput
}

/// The queue between the reader thread and the main loop. It also tracks
/// which requests are still waiting, so `$/cancelRequest` can cancel exactly
/// those and leaves nothing behind for requests already answered.
final class Inbox: @unchecked Sendable {
    private let condition = Condition()
    private var events: [Event] = []
    private var head = 0
    private var waitingRequests: Set<RequestID> = []
    private var cancelled: Set<RequestID> = []

    func push(_ event: Event) { push([event]) }

    /// Pushes events that arrived together at once, so the loop sees them all
    /// before it decides the input is drained and publishes.
    func push(_ batch: [Event]) {
        condition.lock()
        for event in batch {
            if case .message(.request(let id, _, _)) = event { waitingRequests.insert(id) }
            events.append(event)
        }
        condition.signal()
        condition.unlock()
    }

    /// Marks a waiting request cancelled; ids not waiting are ignored.
    func cancel(_ id: RequestID) {
        condition.lock()
        if waitingRequests.contains(id) { cancelled.insert(id) }
        condition.unlock()
    }

    /// The next event, blocking until there is one. For a request, also
    /// whether it was cancelled while it waited.
    func pop() -> (Event, cancelled: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while head == events.count { condition.wait() }
        let event = events[head]
        head += 1
        if head == events.count || head > 1024 {
            events.removeSubrange(0..<head)
            head = 0
        }
        var wasCancelled = false
        if case .message(.request(let id, _, _)) = event {
            waitingRequests.remove(id)
            wasCancelled = cancelled.remove(id) != nil
        }
        return (event, wasCancelled)
    }

    /// Drops every event still waiting (the loop has stopped).
    func discardAll() {
        condition.lock()
        events.removeAll()
        head = 0
        condition.unlock()
    }

    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head == events.count
    }
}
