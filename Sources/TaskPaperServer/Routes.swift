import TaskPaper

/// What the server sends back for a request, and where it is computed.
enum Answer {
    /// Computed on the loop; sent at once.
    case ready(any JSONEncodable)
    /// Prepared on the loop (snapshots, settings), computed on `Server.offLoopQueue`,
    /// so a large answer does not stall typing. It may still fail (a search that runs too long).
    case offLoop(@Sendable () throws(ResponseError) -> any JSONEncodable)
}

/// One line of the request table. Like rust-analyzer's `on_sync` / `on`, the
/// constructor says where the handler runs.
struct RequestRoute: Sendable {
    enum RunsOn: Sendable {
        /// On the loop, with the server's state: answers in order with the edits around it.
        case loop
        /// The handler takes snapshots on the loop and returns the work to do off it.
        case offLoopOnSnapshots
    }

    let method: String
    let runsOn: RunsOn
    let provider: Provider?
    let answer: @Sendable (Server, JSON) throws(ResponseError) -> Answer

    static func onLoop<P: LSPParams>(
        _ params: P.Type, advertising provider: Provider? = nil,
        _ handler: @escaping @Sendable (Server) -> (P) throws(ResponseError) -> any JSONEncodable
    ) -> RequestRoute {
        RequestRoute(method: P.method, runsOn: .loop, provider: provider) { s, json throws(ResponseError) in
            .ready(try handler(s)(try P(json)))
        }
    }

    static func offLoop<P: LSPParams>(
        _ params: P.Type, advertising provider: Provider? = nil,
        _ handler:
            @escaping @Sendable (Server) -> (P) throws(ResponseError)
            -> @Sendable () throws(ResponseError) -> any JSONEncodable
    ) -> RequestRoute {
        RequestRoute(method: P.method, runsOn: .offLoopOnSnapshots, provider: provider) {
            s, json throws(ResponseError) in
            .offLoop(try handler(s)(try P(json)))
        }
    }
}

/// One line of the notification table: notifications always run on the loop.
struct NotificationRoute: Sendable {
    let method: String
    let provider: Provider?
    let handle: @Sendable (Server, JSON) throws(ResponseError) -> Void

    init<P: LSPParams>(
        _ params: P.Type, advertising provider: Provider? = nil,
        _ handler: @escaping @Sendable (Server) -> (P) throws(ResponseError) -> Void
    ) {
        method = P.method
        self.provider = provider
        handle = { s, json throws(ResponseError) in try handler(s)(try P(json)) }
    }
}

/// One entry of the server's `capabilities`, declared by the feature that
/// serves it (next to its handler) and attached to its line in the table.
struct Provider: Sendable {
    /// The `ServerCapabilities` key, e.g. `hoverProvider`.
    let key: String
    /// The options for this client; nil leaves the provider out.
    let options: @Sendable (ClientCapabilities) -> (any JSONEncodable)?

    init(_ key: String, options: @escaping @Sendable (ClientCapabilities) -> (any JSONEncodable)?) {
        self.key = key
        self.options = options
    }

    /// A provider advertised as `true` to every client.
    init(_ key: String) {
        self.init(key) { _ in true }
    }
}

extension Server {
    /// `capabilities` for `initialize`: the position encoding, then every provider in table order.
    static func capabilities(for client: ClientCapabilities, encoding: PositionEncoding) -> JSONObject {
        let providers = requestTable.compactMap(\.provider) + notificationTable.compactMap(\.provider)
        return JSONObject { w in
            w.key("positionEncoding"); w.string(encoding.rawValue)
            for provider in providers {
                guard let options = provider.options(client) else { continue }
                w.key(dynamic: provider.key); options.write(to: &w)
            }
        }
    }
}
