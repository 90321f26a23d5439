import Glibc  // Linux only (Sources/TaskPaperServer/README.md)

/// Standard error, for log lines (stdout belongs to the protocol).
public enum StandardError {
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { p in
            var off = 0
            while off < p.count {
                let n = Glibc.write(2, p.baseAddress! + off, p.count - off)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                off += n
            }
        }
    }
}
