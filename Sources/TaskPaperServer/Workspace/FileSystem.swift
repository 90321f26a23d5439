import Glibc  // Linux only (Sources/TaskPaperServer/README.md)

/// The few file-system reads the server and `check` need, on the C library:
/// it only reads, never follows a symbolic link it lists, and never writes.
public enum FileSystem {
    public enum Kind { case file, folder, other }

    /// Whether anything (a file, a folder, a link) has this path.
    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// The kind of the entry itself (`lstat`): a symbolic link is `other`, never its target.
    public static func kind(of path: String) -> Kind {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .other }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The size of a regular file in bytes, or nil.
    public static func size(of path: String) -> Int? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    /// The names in a folder (without `.` and `..`), or nil when it can't be read.
    public static func names(in folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// A file's bytes, or nil when it can't be read.
    public static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// `*.taskpaper` files under `folder`, recursively, sorted; hidden folders,
    /// `node_modules` and symbolic links are skipped. Folders that can't be
    /// listed are named in `unreadable`.
    public static func taskPaperFiles(under folder: String) -> (files: [String], unreadable: [String]) {
        var found: [String] = [], unreadable: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let names = FileSystem.names(in: current) else { unreadable.append(current); continue }
            for name in names {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                switch kind(of: path) {
                case .folder where !isSkippedFolder(name): pending.append(path)
                case .file where isTaskPaperName(name): found.append(path)
                default: break
                }
            }
        }
        return (found.sorted(), unreadable.sorted())
    }

    public static func isSkippedFolder(_ name: String) -> Bool { name.hasPrefix(".") || name == "node_modules" }

    public static func isTaskPaperName(_ name: String) -> Bool { name.lowercased().hasSuffix(".taskpaper") }
}
