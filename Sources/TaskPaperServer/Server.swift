import Dispatch
import TaskPaper

/// The language server: lifecycle, dispatch, and the state features share.
/// One loop handles every message in order on one thread; reading and JSON
/// decoding happen on a reader thread, the workspace scan on another.
public final class Server: @unchecked Sendable {
    enum Lifecycle { case uninitialized, running, shuttingDown }

    let writer: MessageWriter
    let inbox = Inbox()
    var lifecycle = Lifecycle.uninitialized
    var client = ClientCapabilities()
    var settings = Settings()
    /// What `initializationOptions` set; configuration changes apply over these.
    var initialSettings = Settings()
    var encoding = PositionEncoding.utf16
    var documents: [String: OpenDocument] = [:]
    /// Documents whose diagnostics changed since they were last pushed.
    var needsPublish: Set<String> = []
    /// What was sent of the closed files' diagnostics (Features/WorkspaceDiagnostics.swift).
    var workspaceDiagnostics = WorkspaceDiagnosticsState()
    /// The last semantic tokens `resultId` handed out, across documents (each
    /// document keeps its own last result: `OpenDocument.semanticTokens`).
    var lastTokensResultID = 0
    /// Numbers each document state (the pull diagnostics `resultId`), across documents.
    let documentGenerations = Counter()
    /// The workspace's `.taskpaper` files on disk (Workspace/WorkspaceIndex.swift).
    let index = WorkspaceIndex()
    /// Computes `.offLoop` answers one at a time (RequestTable.swift says which).
    static let offLoopQueue = DispatchQueue(label: "taskpaper-lsp.off-loop")
    var nextOutgoingID = 1
    var awaitingResponses: [RequestID: (Result<JSON, ResponseError>) -> Void] = [:]
    var exitCode: Int32?
    /// Where an in-process server's messages go (InProcess.swift); nil for the binary.
    var outbox: InProcessOutbox?
    var nextInProcessID = 0
    /// Work went to the off-loop queue since an in-process caller last waited for it.
    var sentOffLoop = false
    /// Notices a change of the local date (Workspace/DateWatcher.swift).
    var dateWatcher = DateWatcher()

    /// Today and the time now: `Clock.current` but for an in-process server given a pinned day.
    let now: @Sendable () -> LintClock
    /// The wall-clock second of the last check for a new day (`refreshIfNewDay`).
    var lastDayCheck = 0
    /// The minute (seconds since 1970 / 60) the started tasks' hints were last refreshed.
    var lastStartedRefreshMinute = 0

    public init(output: MessageWriter, now: @escaping @Sendable () -> LintClock = Clock.current) {
        writer = output
        self.now = now
    }

    /// Reads framed messages from `inputFD` until `exit` or end of input; returns the exit code.
    public func run(inputFD: Int32) -> Int32 {
        let inbox = self.inbox
        let reader = FrameReader(fd: inputFD) { Server.logToStderr($0) }
        DispatchQueue(label: "taskpaper-lsp.reader").async {
            var batch: [Event] = []
            while let frame = reader.next() {
                let event = Server.decode(frame.body, lineEnds: frame.lineEnds)
                if case .message(.notification("$/cancelRequest", let params)) = event,
                    let id = params["id"].flatMap(RequestID.init)
                {
                    // The request it cancels may still be in this batch: queue that first.
                    inbox.push(batch)
                    batch.removeAll()
                    inbox.cancel(id)
                }
                batch.append(event)
                if !reader.hasBufferedInput || batch.count >= 256 {
                    inbox.push(batch)
                    batch.removeAll()
                }
            }
            batch.append(.endOfInput)
            inbox.push(batch)
        }
        let dateTicks = DateWatcher.startTicking(into: inbox)
        defer { dateTicks.stop() }
        while exitCode == nil { step() }
        // Answers still being computed off the loop go out before the process ends.
        Server.offLoopQueue.sync {}
        // What they handed back to a loop that has stopped is let go now, not by the process's end: a leak
        // checker cannot follow a closure held in an `Event` (Sources/TaskPaperServer/README.md, "Threads").
        inbox.discardAll()
        return exitCode!
    }

    /// Handles the next event (waiting for one); publishes once the input is drained.
    func step() {
        let (event, cancelled) = inbox.pop()
        handle(event, cancelled: cancelled)
        if exitCode == nil, inbox.isEmpty { publishPendingDiagnostics() }
    }

    /// Runs on the reader thread: JSON and message shape are checked there (all but a didOpen's text,
    /// which the open checks as it decodes its lines).
    static func decode(_ body: [UInt8], lineEnds: ScannedLineEnds? = nil) -> Event {
        let json: JSON
        do { json = try JSONParser.parse(body, lineEnds: lineEnds) } catch {
            return .badMessage(nil, .parseError("Malformed JSON: \(error.description)"))
        }
        switch Message.classify(json) {
        case .success(let message):
            return .message(message)
        case .failure(let e):
            return .badMessage(e.id, e.error)
        }
    }

    func handle(_ event: Event, cancelled: Bool) {
        switch event {
        case .message(.request(let id, let method, let params)):
            if cancelled { return reply(id, error: .requestCancelled) }
            handleRequest(id: id, method: method, params: params)
        case .message(.notification(let method, let params)):
            handleNotification(method: method, params: params)
        case .message(.response(let id, let result)):
            awaitingResponses.removeValue(forKey: id)?(result)
        case .badMessage(let id, let error):
            reply(id, error: error)
        case .task(let work):
            work(self)
        case .clockTick:
            refreshIfNewDay()
            refreshStartedHints()
        case .endOfInput:
            log("input ended; stopping")
            exitCode = lifecycle == .shuttingDown ? 0 : 1
        }
    }

    private func handleRequest(id: RequestID, method: String, params: JSON) {
        switch (lifecycle, method) {
        case (.uninitialized, "initialize"):
            break
        case (.uninitialized, _):
            return reply(id, error: .serverNotInitialized)
        case (.shuttingDown, _):
            return reply(id, error: .invalidRequest("The server is shutting down"))
        case (.running, "initialize"):
            return reply(id, error: .invalidRequest("initialize was already sent"))
        case (.running, _):
            break
        }
        guard let route = Server.requestRoutes[method] else {
            return reply(id, error: .methodNotFound(method))
        }
        refreshIfNewDay()
        do {
            switch try route.answer(self, params) {
            case .ready(let result):
                writer.send(OutgoingMessage.response(id: id, result: result), answering: id)
            case .offLoop(let compute):
                sentOffLoop = true
                let writer = self.writer, inbox = self.inbox, work = OffLoopWork(compute)
                Server.offLoopQueue.async {
                    work.answer(id, to: writer)
                    // What the work borrowed (snapshots) goes back to the loop and is dropped there
                    // (Sources/TaskPaperServer/README.md, "Threads": an off-loop request returns its snapshots).
                    inbox.push(.task { _ in work.drop() })
                }
            }
        } catch {
            reply(id, error: error)
        }
    }

    private func handleNotification(method: String, params: JSON) {
        if method == "exit" {
            exitCode = lifecycle == .shuttingDown ? 0 : 1
            return
        }
        if method.hasPrefix("$/") { return }
        guard lifecycle == .running else {
            if lifecycle == .uninitialized { log("dropped \(method): the server is not initialized") }
            return
        }
        guard let route = Server.notificationRoutes[method] else { return }
        refreshIfNewDay()
        do { try route.handle(self, params) } catch {
            // A notification cannot be answered: drop it whole and say why.
            log("dropped \(method): \(error.message)")
        }
    }

    func reply(_ id: RequestID?, error: ResponseError) {
        writer.send(OutgoingMessage.error(id: id, error), answering: id)
    }

    func notify(_ method: String, _ params: some JSONEncodable) {
        writer.send(OutgoingMessage.notification(method, params: params))
    }

    /// Sends a request to the client; `then` runs on the loop with its answer.
    func request(_ method: String, _ params: some JSONEncodable, then: @escaping (Result<JSON, ResponseError>) -> Void)
    {
        let id = RequestID.int(nextOutgoingID)
        nextOutgoingID += 1
        awaitingResponses[id] = then
        writer.send(OutgoingMessage.request(id: id, method, params: params))
    }

    /// A log line for the client (`window/logMessage`) and stderr.
    func log(_ message: String, type: MessageType = .log) {
        Server.logToStderr(message)
        if lifecycle != .uninitialized {
            notify(
                "window/logMessage",
                JSONObject { w in
                    w.key("type"); w.int(type)
                    w.key("message"); w.string(message)
                })
        }
    }

    func showMessage(_ message: String, type: MessageType = .warning) {
        Server.logToStderr(message)
        notify(
            "window/showMessage",
            JSONObject { w in
                w.key("type"); w.int(type)
                w.key("message"); w.string(message)
            })
    }

    static func logToStderr(_ message: String) {
        StandardError.write("taskpaper-lsp: \(message)\n")
    }

    /// The open document a request names, or `-32602`.
    func document(_ id: TextDocumentIdentifier) throws(ResponseError) -> OpenDocument {
        guard let doc = documents[id.uri] else { throw .invalidParams("Document \(id.uri) is not open") }
        return doc
    }

    var analysisContext: AnalysisContext {
        AnalysisContext(settings: settings, clock: now(), encoding: encoding)
    }
}

/// An off-loop answer and what it captured (snapshots of documents): computed and sent on the off-loop queue,
/// then dropped on the loop. An edit that finds a document's lines no longer shared changes them in place, so
/// the last reference a reader held must be let go where the sanitizer can see it ordered before that edit:
/// through the inbox, not inside the runtime's reference counting (which ThreadSanitizer does not see).
final class OffLoopWork: @unchecked Sendable {
    // Read on the off-loop queue, then set to nil on the loop after an inbox event the queue pushed.
    private var compute: (@Sendable () throws(ResponseError) -> any JSONEncodable)?

    init(_ compute: @escaping @Sendable () throws(ResponseError) -> any JSONEncodable) { self.compute = compute }

    /// Computes the answer and sends it; the answer (which may hold a snapshot) is gone when this returns.
    func answer(_ id: RequestID, to writer: MessageWriter) {
        guard let compute else { return }
        do throws(ResponseError) {
            writer.send(OutgoingMessage.response(id: id, result: try compute()), answering: id)
        } catch {
            writer.send(OutgoingMessage.error(id: id, error), answering: id)
        }
    }

    /// Lets go of what the work captured (on the loop).
    func drop() { compute = nil }
}
