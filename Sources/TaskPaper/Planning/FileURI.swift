/// Paths written in a document as absolute, normalized `file://` URIs. No I/O:
/// the document's folder and the home folder are given.
public enum FileURI {
    /// `/a/./b/../c` -> `file:///a/c`; `./x` against `folder`, `~/x` against `home`.
    /// `..` never climbs above `/` (normalized as POSIX does). Nil when the
    /// path is relative and there is nothing to resolve it against.
    public static func uri(forPath path: String, folder: String?, home: String?) -> String? {
        let absolute: String
        if path.hasPrefix("/") {
            absolute = path
        } else if path == "~" || path.hasPrefix("~/") {
            guard let home, home.hasPrefix("/") else { return nil }
            absolute = home + "/" + path.dropFirst(1)
        } else {
            guard let folder, folder.hasPrefix("/") else { return nil }
            absolute = folder + "/" + path
        }
        return "file://" + percentEncoded(normalized(absolute))
    }

    /// Empty and `.` components dropped, each `..` removing the one before it
    /// (at the root it stays at the root); a final `/` kept.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        let trailing = path.hasSuffix("/") && !parts.isEmpty ? "/" : ""
        return "/" + parts.joined(separator: "/") + trailing
    }

    /// Every byte but unreserved characters, sub-delimiters, `:`, `@` and `/` as `%XX`.
    static func percentEncoded(_ path: String) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for b in path.utf8 {
            if kept.contains(b) {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
