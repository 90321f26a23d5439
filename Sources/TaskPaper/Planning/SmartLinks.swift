/// The links of a line (see `Sources/TaskPaper/README.md`, "Planning"): what
/// TaskPaper 3 links — e-mail addresses, paths, web addresses, found on the
/// line without its indentation, the later kind winning where two overlap —
/// plus paths starting `~/` or `../` and paths that are a whole tag value.
public struct DocumentLink: Sendable, Hashable {
    /// UTF-8 offsets in the line's text.
    public var range: Range<Int>
    /// `mailto:…`, the web address as written (`www.…` with `http://`), or a `file://` URI.
    public var target: String
}

public enum SmartLinks {
    /// Where relative paths resolve: the document's folder and the home folder
    /// (absolute paths; nil leaves such paths unlinked).
    public struct Context: Sendable, Hashable {
        public var folder: String?
        public var home: String?
        public init(folder: String?, home: String?) {
            self.folder = folder
            self.home = home
        }
    }

    public static func links(in line: Line, context: Context) -> [DocumentLink] {
        links(in: line, context: context, extended: true)
    }

    /// `extended: false` finds exactly what TaskPaper 3 links.
    static func links(in line: Line, context: Context, extended: Bool) -> [DocumentLink] {
        let indent = line.syntax.indentLength
        let text = LinkText(bytes: Array(line.text.utf8.dropFirst(indent)))
        guard !text.bytes.isEmpty else { return [] }
        var painted: [Segment] = []
        if text.bytes.contains(UInt8(ascii: "@")) {
            painted = LinkPatterns.emails(text).map { Segment($0, .email) }
        }
        painted = overlay(painted, with: LinkPatterns.paths(text, extended: extended).map { Segment($0, .path) })
        if extended {
            painted = overlay(painted, with: tagValuePaths(line, indent: indent).map { Segment($0, .path) })
        }
        painted = overlay(painted, with: LinkPatterns.webAddresses(text).map { Segment($0, .web) })
        return painted.compactMap { segment in
            let written = String(decoding: text.bytes[segment.whole], as: UTF8.self)
            guard let target = target(segment.kind, written, context) else { return nil }
            return DocumentLink(
                range: segment.range.lowerBound + indent..<segment.range.upperBound + indent,
                target: target)
        }
    }

    enum Kind { case email, path, web }

    /// A link's visible part; `whole` is the match it came from (its target),
    /// wider when a later link took part of it.
    struct Segment {
        var range: Range<Int>
        var whole: Range<Int>
        var kind: Kind
        init(_ range: Range<Int>, _ kind: Kind) {
            self.range = range
            self.whole = range
            self.kind = kind
        }
    }

    /// `later` painted over `earlier`: both sorted and without overlaps within themselves.
    static func overlay(_ earlier: [Segment], with later: [Segment]) -> [Segment] {
        guard !later.isEmpty else { return earlier }
        var out: [Segment] = []
        var k = 0
        for var old in earlier {
            while k < later.count, later[k].range.upperBound <= old.range.lowerBound {
                out.append(later[k])
                k += 1
            }
            var j = k
            while j < later.count, later[j].range.lowerBound < old.range.upperBound {
                let cover = later[j].range
                if cover.lowerBound > old.range.lowerBound {
                    var piece = old
                    piece.range = old.range.lowerBound..<cover.lowerBound
                    out.append(piece)
                }
                old.range = min(cover.upperBound, old.range.upperBound)..<old.range.upperBound
                if cover.upperBound >= old.range.upperBound { break }
                j += 1
            }
            if !old.range.isEmpty { out.append(old) }
        }
        out += later[k...]
        return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Payloads that are a whole path: `@file(/etc/hosts)`, `@see(~/notes/a.txt)`.
    static func tagValuePaths(_ line: Line, indent: Int) -> [Range<Int>] {
        line.syntax.tags.compactMap { tag -> Range<Int>? in
            guard let range = tag.payloadRange, let payload = tag.payload(in: line),
                ["/", "./", "../", "~/"].contains(where: { payload.hasPrefix($0) }), payload.count > 1
            else { return nil }
            return range.lowerBound - indent..<range.upperBound - indent
        }
    }

    static func target(_ kind: Kind, _ written: String, _ context: Context) -> String? {
        switch kind {
        case .email:
            return "mailto:" + written
        case .path:
            return FileURI.uri(forPath: unescaped(written), folder: context.folder, home: context.home)
        case .web:
            if written.utf8.prefix(5).map({ $0 | 0x20 }).elementsEqual("path:".utf8) {
                return FileURI.uri(
                    forPath: unescaped(String(written.dropFirst(5))),
                    folder: context.folder, home: context.home)
            }
            let www = written.utf8.prefix(3).map { $0 | 0x20 }.elementsEqual("www".utf8)
            return www ? "http://" + written : written
        }
    }

    /// `\ ` is a space in a path (and `\(`, `\)` parentheses in a tag value).
    static func unescaped(_ path: String) -> String {
        var out = ""
        var escaped = false
        for c in path {
            if escaped {
                if c != " " && c != "(" && c != ")" { out.append("\\") }
                out.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        return out
    }
}
