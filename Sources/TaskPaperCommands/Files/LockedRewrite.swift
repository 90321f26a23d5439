import Glibc  // Linux only (Sources/TaskPaperServer/README.md)

/// How `add` and the MCP tools change a file: replaced atomically under an advisory lock (`flock`), so
/// concurrent writers all land and a reader never sees half a file.
enum LockedRewrite {
    /// Why nothing was written; an empty message (inside this file only) means: read the file again.
    struct Problem: Error { let message: String }

    /// Calls `change` with the file's text under the file's lock and renames the text it returns over the
    /// file (a new file, flushed, so a reader never sees half of it); returns what `change` answers. When
    /// the file changed while the new text was made (an editor does not take the lock), reads it again.
    /// A symbolic link stays a link: its target is written. A missing file is created empty first.
    static func rewrite<Answer>(
        _ file: String, _ change: (String) -> Result<(text: String, answer: Answer), Problem>
    ) -> Result<Answer, Problem> {
        let target = followingLinks(file)
        // Another writer replacing the file under the lock is progress, and so never counted: only rereads
        // after changes by a writer that takes no lock are, so that one rewriting the file all the time
        // stops it.
        var rereads = 0
        while rereads < 100 {
            let fd: Int32
            let before: stat
            switch openLocked(target) {
            case .success(let opened): (fd, before) = opened
            case .failure(let problem) where problem.message.isEmpty: continue
            case .failure(let problem): return .failure(problem)
            }
            defer { close(fd) }
            guard let bytes = readAll(fd) else { return .failure(Problem(message: errorText("cannot read it"))) }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else { return .failure(Problem(message: "it is not UTF-8 text")) }
            let changed: (text: String, answer: Answer)
            switch change(text) {
            case .success(let made): changed = made
            case .failure(let problem): return .failure(problem)
            }
            if changed.text == text { return .success(changed.answer) }
            switch replace(target, with: changed.text, mode: before.st_mode & 0o7777, unlessChangedSince: before) {
            case .success: return .success(changed.answer)
            case .failure(let problem) where problem.message.isEmpty: rereads += 1
            case .failure(let problem): return .failure(problem)
            }
        }
        return .failure(Problem(message: "it kept changing while it was being rewritten"))
    }

    /// The file, opened (created when missing) and locked, with what `fstat` says of it then. A failure
    /// with an empty message means: try again (another writer replaced the file meanwhile).
    static func openLocked(_ target: String) -> Result<(Int32, stat), Problem> {
        var fd = open(target, O_RDONLY | O_CLOEXEC)
        if fd < 0 && errno == ENOENT {
            fd = open(target, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 && errno == EEXIST { return .failure(Problem(message: "")) }
            if fd < 0 && errno == ENOENT { return .failure(Problem(message: "its folder does not exist")) }
        }
        guard fd >= 0 else { return .failure(Problem(message: errorText("cannot open it"))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            close(fd)
            return .failure(Problem(message: errorText("cannot read it")))
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            close(fd)
            return .failure(Problem(message: "it is a folder, not a file"))
        default:
            close(fd)
            return .failure(Problem(message: "it is not a regular file"))
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(fd)
                return .failure(Problem(message: errorText("cannot lock it")))
            }
        }
        // The lock is on this inode: if another add renamed a new file over it meanwhile, lock that one.
        var now = stat()
        guard stat(target, &now) == 0, now.st_ino == st.st_ino, now.st_dev == st.st_dev, fstat(fd, &st) == 0 else {
            close(fd)
            return .failure(Problem(message: ""))
        }
        return .success((fd, st))
    }

    /// Writes `text` beside `target`, flushed and with `mode`, and renames it over `target`, unless
    /// `target` is no longer the file `before` describes (failure with an empty message: read it again).
    static func replace(
        _ target: String, with text: String, mode: mode_t, unlessChangedSince before: stat
    )
        -> Result<Void, Problem>
    {
        let (folder, name) = split(target)
        let temporary = folder + "/." + name + ".rewrite-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            return .failure(Problem(message: errorText("cannot write beside it in \(folder)")))
        }
        let bytes = Array(text.utf8)
        let written = writeAll(fd, bytes) && fchmod(fd, mode) == 0 && fsync(fd) == 0
        let writeProblem = errorText("cannot write beside it in \(folder)")
        close(fd)
        guard written else {
            unlink(temporary)
            return .failure(Problem(message: writeProblem))
        }
        var now = stat()
        guard stat(target, &now) == 0, !changed(before, now) else {
            unlink(temporary)
            return .failure(Problem(message: ""))
        }
        guard rename(temporary, target) == 0 else {
            let problem = errorText("cannot rename the new file over it")
            unlink(temporary)
            return .failure(Problem(message: problem))
        }
        // The rename itself lasts once the folder is flushed.
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        return .success(())
    }

    static func changed(_ a: stat, _ b: stat) -> Bool {
        a.st_ino != b.st_ino || a.st_dev != b.st_dev || a.st_size != b.st_size
            || a.st_mtim.tv_sec != b.st_mtim.tv_sec || a.st_mtim.tv_nsec != b.st_mtim.tv_nsec
    }

    /// The file a path names once symbolic links are followed (the link stays a link: its target is
    /// written); the path itself when it is no link. A link to a missing file names that file.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : split(current).folder + "/" + destination
        }
        return current
    }

    /// A path's folder (`.` when it names none) and last name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    static func errorText(_ what: String) -> String { "\(what) (\(String(cString: strerror(errno))))" }

    static func readAll(_ fd: Int32) -> [UInt8]? {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return result }
            result.append(contentsOf: chunk[..<n])
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { p in
            var offset = 0
            while offset < p.count {
                let n = write(fd, p.baseAddress! + offset, p.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }
}
