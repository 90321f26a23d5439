import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaper
import TaskPaperServer

/// The files a command reads: the paths named on its command line, folders expanded.
enum TaskFiles {
    /// The files of `paths` (each expanded as `expand` does) in the order given, each once however it is
    /// named (`./a.taskpaper`, `a.taskpaper`, a folder holding it, a symbolic link to it): the first
    /// name wins.
    static func named(_ paths: [String], command: String = "check", unreadable: inout Bool) -> [String] {
        var seen = Set<String>()
        var found: [String] = []
        for path in paths {
            for file in expand(path, command: command, unreadable: &unreadable)
            where seen.insert(absolute(file)).inserted {
                found.append(file)
            }
        }
        return found
    }

    /// The path with links and `.`/`..` resolved; as given when it can't be resolved.
    static func absolute(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A file as given, or a folder's `*.taskpaper` files, recursively and sorted.
    static func expand(_ path: String, command: String = "check", unreadable: inout Bool) -> [String] {
        let isFolder: Bool
        switch FileSystem.kind(of: path) {
        case .folder: isFolder = true
        case .file: isFolder = false
        case .other: isFolder = FileSystem.names(in: path) != nil  // a link to a folder named on the command line
        }
        guard isFolder else {
            if FileSystem.kind(of: path) == .file || FileSystem.contents(of: path) != nil { return [path] }
            StandardError.write("taskpaper-lsp \(command): no such file or folder: \(path)\n")
            unreadable = true
            return []
        }
        let (files, unreadableFolders) = FileSystem.taskPaperFiles(under: path)
        for folder in unreadableFolders {
            StandardError.write("taskpaper-lsp \(command): cannot read folder \(folder)\n")
            unreadable = true
        }
        return files
    }
}
