import Foundation
import TaskPaperServer

/// A workspace folder under the temporary directory, removed when released.
final class TempWorkspace {
    let root: URL

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("taskpaper-ws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
    func uri(_ relative: String) -> String { url(relative).absoluteString }
    var rootURI: String { root.absoluteString }

    /// A URI the server sent, as a path relative to the root (or the URI itself when outside).
    func relative(_ uri: String) -> String {
        guard let path = URL(string: uri)?.path, path.hasPrefix(root.path + "/") else { return uri }
        return String(path.dropFirst(root.path.count + 1))
    }

    func write(_ relative: String, _ text: String) throws { try write(relative, Data(text.utf8)) }

    func write(_ relative: String, _ data: Data) throws {
        let u = url(relative)
        try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: u)
    }

    func read(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }

    func remove(_ relative: String) throws { try FileManager.default.removeItem(at: url(relative)) }
}

extension LSPClient {
    /// A client initialized on `workspace`, returned once the server's first scan has finished.
    static func indexing(_ workspace: TempWorkspace, capabilities: JSON = [:], options: JSON = nil) throws -> LSPClient
    {
        let c = try LSPClient()
        try c.initialize(capabilities: capabilities, options: options, rootURI: workspace.rootURI)
        try c.waitForIndex()
        return c
    }

    /// Waits for the log line that ends a workspace scan.
    func waitForIndex() throws {
        _ = try waitForNotification("window/logMessage") { $0["message"]?.stringValue?.hasPrefix("Indexed ") == true }
    }

    /// Sends a watched-file change and waits until the server has re-read the files.
    func changeWatchedFiles(_ changes: [(uri: String, type: Int)]) throws {
        notify(
            "workspace/didChangeWatchedFiles",
            ["changes": .array(changes.map { ["uri": .string($0.uri), "type": .int($0.type)] })])
        _ = try waitForNotification("window/logMessage") {
            $0["message"]?.stringValue?.hasPrefix("Workspace index: re-read") == true
        }
    }

    static func position(_ line: Int, _ character: Int) -> JSON { ["line": .int(line), "character": .int(character)] }

    /// Text document position params, with any `extra` fields (`newName`, `context`).
    static func at(_ uri: String, _ line: Int, _ character: Int, _ extra: [String: JSON] = [:]) -> JSON {
        var params: [String: JSON] = ["textDocument": ["uri": .string(uri)], "position": position(line, character)]
        params.merge(extra) { $1 }
        return .object(params)
    }
}
