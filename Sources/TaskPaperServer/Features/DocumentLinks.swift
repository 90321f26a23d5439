import Glibc
import TaskPaper

/// textDocument/documentLink: the links TaskPaper 3 makes on each line, and our
/// paths (`SmartLinks`; see `Sources/TaskPaper/README.md`, "Planning"). Relative
/// paths resolve against the document's folder, `~` against `HOME`.
extension Provider {
    static let documentLinks = Provider("documentLinkProvider") { _ in
        JSONObject { w in
            w.key("resolveProvider"); w.bool(false)
        }
    }
}

extension Server {
    func documentLinks(_ params: DocumentLinkParams) throws(ResponseError) -> @Sendable () -> any JSONEncodable {
        let snapshot = try document(params.textDocument).snapshot
        let context = SmartLinks.Context(
            folder: Server.folder(ofDocument: params.textDocument.uri),
            home: getenv("HOME").map { String(cString: $0) }.flatMap(Server.absolute))
        return {
            var links: [JSONObject] = []
            for (i, line) in snapshot.text.lines.enumerated() {
                for link in SmartLinks.links(in: line, context: context) {
                    let range = snapshot.lspRange(line: i, link.range)
                    links.append(
                        JSONObject { w in
                            w.key("range"); range.write(to: &w)
                            w.key("target"); w.string(link.target)
                        })
                }
            }
            return links
        }
    }

    /// The folder of a `file://` document; nil for other schemes (an unsaved buffer).
    static func folder(ofDocument uri: String) -> String? {
        guard let path = FileURI.path(uri), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func absolute(_ path: String) -> String? { path.hasPrefix("/") ? path : nil }
}
