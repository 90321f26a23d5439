/// A request id: JSON-RPC allows numbers and strings.
public enum RequestID: Hashable, Sendable, JSONEncodable, CustomStringConvertible {
    case int(Int)
    case string(String)

    init?(_ json: JSON) {
        if let i = json.intValue {
            self = .int(i)
        } else if let s = json.stringValue {
            self = .string(s)
        } else {
            return nil
        }
    }

    public func write(to w: inout JSONWriter) {
        switch self {
        case .int(let i): w.int(i);
        case .string(let s): w.string(s)
        }
    }

    public var description: String {
        switch self {
        case .int(let i): "\(i)";
        case .string(let s): s.debugDescription
        }
    }
}

/// The JSON-RPC error codes the server answers with.
public struct ResponseError: Error, Sendable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) { self.code = code; self.message = message }

    public static func parseError(_ m: String) -> Self { .init(code: -32700, message: m) }
    public static func invalidRequest(_ m: String) -> Self { .init(code: -32600, message: m) }
    public static func methodNotFound(_ method: String) -> Self {
        .init(code: -32601, message: "Unhandled method \(method)")
    }
    public static func invalidParams(_ m: String) -> Self { .init(code: -32602, message: m) }
    public static let serverNotInitialized = Self(
        code: -32002, message: "The server is not initialized yet: send 'initialize' first")
    public static let requestCancelled = Self(code: -32800, message: "Request cancelled")
    public static func requestFailed(_ m: String) -> Self { .init(code: -32803, message: m) }
}

/// One incoming message, classified.
public enum Message: Sendable {
    case request(id: RequestID, method: String, params: JSON)
    case notification(method: String, params: JSON)
    case response(id: RequestID, result: Result<JSON, ResponseError>)

    /// Classifies a parsed JSON value; a value that is no JSON-RPC message
    /// yields the error to answer with (and the id, when one could be read).
    public static func classify(_ json: JSON) -> Result<Message, MessageError> {
        guard case .object(let o) = json else {
            return .failure(
                MessageError(
                    id: nil, error: .invalidRequest("A message must be a JSON object (batches are not supported)")))
        }
        let rawID = o["id"]
        let id = rawID.flatMap(RequestID.init)
        if let rawID, !rawID.isNull, id == nil {
            return .failure(MessageError(id: nil, error: .invalidRequest("A request id must be a number or a string")))
        }
        guard o["jsonrpc"]?.stringValue == "2.0" else {
            return .failure(MessageError(id: id, error: .invalidRequest("Missing or wrong \"jsonrpc\": \"2.0\"")))
        }
        let params = o["params"] ?? .null
        if let methodValue = o["method"] {
            guard let method = methodValue.stringValue else {
                return .failure(MessageError(id: id, error: .invalidRequest("\"method\" must be a string")))
            }
            if case .array = params {
            } else if case .object = params {
            } else if !params.isNull {
                return .failure(
                    MessageError(id: id, error: .invalidRequest("\"params\" must be an object or an array")))
            }
            if let id { return .success(.request(id: id, method: method, params: params)) }
            if rawID?.isNull == true {
                return .failure(MessageError(id: nil, error: .invalidRequest("A request id must not be null")))
            }
            return .success(.notification(method: method, params: params))
        }
        guard let id else {
            return .failure(MessageError(id: nil, error: .invalidRequest("A message needs a method or an id")))
        }
        if let error = o["error"] {
            let code = error["code"]?.intValue ?? -32603
            return .success(
                .response(
                    id: id, result: .failure(ResponseError(code: code, message: error["message"]?.stringValue ?? ""))))
        }
        return .success(.response(id: id, result: .success(o["result"] ?? .null)))
    }
}

/// A frame that parsed as JSON but is no JSON-RPC message.
public struct MessageError: Error, Sendable {
    public var id: RequestID?
    public var error: ResponseError
}

/// Builds the bodies of outgoing messages.
public enum OutgoingMessage {
    public static func response(id: RequestID?, result: some JSONEncodable) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("jsonrpc"); w.string("2.0")
            w.key("id"); if let id { id.write(to: &w) } else { w.null() }
            w.key("result"); result.write(to: &w)
        }
        return w.bytes
    }

    public static func error(id: RequestID?, _ error: ResponseError) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("jsonrpc"); w.string("2.0")
            w.key("id"); if let id { id.write(to: &w) } else { w.null() }
            w.key("error");
            w.object { w in
                w.key("code"); w.int(error.code)
                w.key("message"); w.string(error.message)
            }
        }
        return w.bytes
    }

    public static func notification(_ method: String, params: some JSONEncodable) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("jsonrpc"); w.string("2.0")
            w.key("method"); w.string(method)
            w.key("params"); params.write(to: &w)
        }
        return w.bytes
    }

    public static func request(id: RequestID, _ method: String, params: some JSONEncodable) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("jsonrpc"); w.string("2.0")
            w.key("id"); id.write(to: &w)
            w.key("method"); w.string(method)
            w.key("params"); params.write(to: &w)
        }
        return w.bytes
    }
}
