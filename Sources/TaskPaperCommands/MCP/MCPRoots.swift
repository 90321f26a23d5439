import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaperServer

/// The folders (or files) `taskpaper-lsp mcp` may read and write, with their links resolved: a path
/// counts as inside only once its own links are resolved too, so a link that leads out is outside.
struct MCPRoots {
    let paths: [String]

    /// The roots, resolved; nil after saying which one does not exist.
    init?(_ given: [String]) {
        var resolved: [String] = []
        for path in given {
            guard let real = MCPRoots.realPath(MCPRoots.expandingHome(path)) else {
                StandardError.write("taskpaper-lsp mcp: no such file or folder: \(path)\n")
                return nil
            }
            resolved.append(real)
        }
        paths = resolved
    }

    func contains(_ real: String) -> Bool {
        paths.contains { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    /// Where relative paths start: the first root, or the folder of a file given as the first root.
    var base: String {
        guard FileSystem.kind(of: paths[0]) != .folder else { return paths[0] }
        return LockedRewrite.split(paths[0]).folder
    }

    /// A path an assistant gave (absolute, or relative to the first root), resolved and inside a root,
    /// or why not. A file that does not exist yet (`mayBeMissing`) resolves through its folder.
    func resolve(_ given: String, mayBeMissing: Bool = false) -> Result<String, MCPToolError> {
        let expanded = MCPRoots.expandingHome(given)
        let joined = expanded.hasPrefix("/") ? expanded : base + "/" + expanded
        var real = MCPRoots.realPath(joined)
        if real == nil && mayBeMissing {
            let (folder, name) = LockedRewrite.split(joined)
            if name != "." && name != "..", let realFolder = MCPRoots.realPath(folder) {
                // A dangling link would write outside whatever its target: never followed.
                var st = stat()
                if lstat(joined, &st) != 0 { real = (realFolder == "/" ? "" : realFolder) + "/" + name }
            }
        }
        guard let real else {
            return .failure(MCPToolError("no such file or folder: \(given)"))
        }
        guard contains(real) else {
            return .failure(
                MCPToolError(
                    "\(given) is outside the folders this server may use (\(paths.joined(separator: ", "))),"
                        + " or a link that leads out of them"))
        }
        // A pipe or a device would block the server on its first read.
        var st = stat()
        if stat(real, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG, (st.st_mode & S_IFMT) != S_IFDIR {
            return .failure(MCPToolError("\(given) is neither a file nor a folder"))
        }
        return .success(real)
    }

    /// The `.taskpaper` files under a path (all roots without one), each inside a root once its links
    /// are resolved: a link inside a root that leads out is left out.
    func files(under given: String?) -> Result<[String], MCPToolError> {
        var starts: [String] = paths
        if let given {
            switch resolve(given) {
            case .success(let real): starts = [real]
            case .failure(let error): return .failure(error)
            }
        }
        var unreadable = false
        return .success(
            TaskFiles.named(starts, command: "mcp", unreadable: &unreadable).filter {
                MCPRoots.realPath($0).map(contains) ?? false
            })
    }

    /// `~` and `~/...` as a shell reads them: an assistant's configuration starts the server with no shell
    /// to expand `["mcp", "~/tasks"]`.
    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty
        else { return path }
        return home + path.dropFirst()
    }

    /// A path from the user's environment (not the assistant's): `~` expanded, a relative one made absolute
    /// from the working folder.
    static func fromWorkingFolder(_ path: String) -> String {
        let expanded = expandingHome(path)
        guard !expanded.hasPrefix("/"), let folder = getcwd(nil, 0) else { return expanded }
        defer { free(folder) }
        return String(cString: folder) + "/" + expanded
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
