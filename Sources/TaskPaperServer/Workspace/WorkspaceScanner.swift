import TaskPaper

/// Finds and reads the workspace's `.taskpaper` files. Runs off the main loop;
/// it only reads (never writes), and never leaves a workspace folder: symbolic
/// links are not followed at all, since one inside the folder would only index
/// a file twice and one pointing out would leave it.
struct WorkspaceScanner: Sendable {
    static let maxFileSize = 32 << 20

    let roots: [String]

    /// Every `.taskpaper` file under the roots, in path order.
    func findFiles() -> [String] {
        Set(roots.flatMap { FileSystem.taskPaperFiles(under: $0).files }).sorted()
    }

    /// Whether the scan would index this path: a `.taskpaper` file in a root,
    /// with no skipped folder on the way (for watched-file events).
    func covers(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last, FileSystem.isTaskPaperName(String(name)) else { return false }
        return roots.contains { root in
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard path.hasPrefix(prefix) else { return false }
            let folders = path.dropFirst(prefix.count).split(separator: "/").dropLast()
            return !folders.contains { FileSystem.isSkippedFolder(String($0)) }
        }
    }

    /// Whether every folder from its root down to `path` is a real folder: a
    /// path a client names (a watched-file event) may pass through a symbolic
    /// link, which `lstat` of the file alone would not see, and lead out.
    func reachesWithoutLinks(_ path: String) -> Bool {
        roots.contains { root in
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard path.hasPrefix(prefix) else { return false }
            var folder = prefix
            for name in path.dropFirst(prefix.count).split(separator: "/").dropLast() {
                folder += name
                if FileSystem.kind(of: folder) != .folder { return false }
                folder += "/"
            }
            return true
        }
    }

    /// Reads a file of the workspace; one outside it, or reached through a link, is `.missing`.
    func read(_ path: String) -> Loaded {
        guard covers(path), reachesWithoutLinks(path) else { return .missing }
        return WorkspaceScanner.read(path)
    }

    enum Loaded {
        case text(String)
        case tooLarge(bytes: Int)
        /// Gone, a link, or unreadable: the index forgets it.
        case missing
    }

    /// Reads a file, decoding invalid UTF-8 lossily.
    static func read(_ path: String) -> Loaded {
        guard let size = FileSystem.size(of: path) else { return .missing }
        guard size <= maxFileSize else { return .tooLarge(bytes: size) }
        guard let bytes = FileSystem.contents(of: path) else { return .missing }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The workspace folders an `initialize` names: `workspaceFolders`, else `rootUri`, else `rootPath`.
    static func roots(fromInitialize params: JSON) -> [String] {
        var roots =
            params["workspaceFolders"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) } ?? []
        if roots.isEmpty, let root = params["rootUri"]?.stringValue.flatMap(FileURI.path) { roots = [root] }
        if roots.isEmpty, let root = params["rootPath"]?.stringValue, root.hasPrefix("/") { roots = [root] }
        var seen: Set<String> = []
        return roots.map(folderPath).filter { seen.insert($0).inserted }
    }

    /// A folder's path as the roots keep it: no trailing slash.
    static func folderPath(_ path: String) -> String {
        var p = path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        return p
    }
}

/// `file://` URIs and paths. The index keys files by path, so one file spelled
/// in two URI forms (`%3A` or `:`, with `localhost` or without) is one file.
enum FileURI {
    /// The file's name as a person reads it (`my tasks.taskpaper`), for titles and messages.
    static func fileName(_ uri: String) -> String {
        let path = path(uri) ?? uri
        return String(path.split(separator: "/").last ?? Substring(path))
    }

    static func path(_ uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        let rest = uri.dropFirst(7)
        // An authority such as `localhost` may stand before the path.
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let path = rest[slash...].prefix { $0 != "?" && $0 != "#" }
        return percentDecoded(path)
    }

    /// `%XX` escapes decoded; nil when one is malformed or the result isn't UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var it = text.utf8.makeIterator()
        while let b = it.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let h = it.next().flatMap(hexValue), let l = it.next().flatMap(hexValue) else { return nil }
            bytes.append(h << 4 | l)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }

    static func uri(path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    private static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
