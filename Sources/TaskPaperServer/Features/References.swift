import TaskPaper

/// textDocument/documentHighlight and textDocument/references (SPEC 6): the
/// tag under the cursor, by name, in this document or the whole workspace.
extension Server {
    func documentHighlight(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        guard let hit = try tagUnderCursor(params) else { return JSONNull() }
        return Server.tagSites(named: hit.name, in: hit.doc.text.lines, uri: hit.doc.uri, encoding: encoding).map { site in
            JSONObject { w in
                w.key("range"); site.atName.write(to: &w)
                w.key("kind"); w.int(1) // Text: a tag is neither read nor written
            }
        }
    }

    func references(_ params: JSON) throws(ResponseError) -> any JSONEncodable {
        guard let hit = try tagUnderCursor(params) else { return JSONNull() }
        return workspaceTagSites(named: hit.name).map { Location(uri: $0.uri, range: $0.atName) }
    }

    /// The tag the position stands on, from its `@` to just past its end.
    func tagUnderCursor(_ params: JSON) throws(ResponseError) -> (doc: OpenDocument, line: Int, tag: Tag, name: String)? {
        let doc = try document(params)
        let (line, offset) = doc.location(try Position(params.field("position")))
        let l = doc.line(line)
        // A lone `@` has no name to find or rename.
        guard let index = l.syntax.tagIndex(at: offset), !l.syntax.tags[index].hasEmptyName else { return nil }
        let tag = l.syntax.tags[index]
        return (doc, line, tag, String(tag.name(in: l.text)))
    }

    /// Every tag named `name` in the workspace: open documents as the client
    /// holds them, then the indexed files that aren't open, read fresh from disk
    /// (the index knows which files carry the tag, not where).
    func workspaceTagSites(named name: String) -> [TagSite] {
        var sites: [TagSite] = []
        for uri in documents.keys.sorted() {
            sites += Server.tagSites(named: name, in: documents[uri]!.text.lines, uri: uri, encoding: encoding)
        }
        let scanner = WorkspaceScanner(roots: index.roots)
        for (path, file) in index.closedFiles(withTag: name, excluding: documents.keys) {
            guard case .text(let text) = scanner.read(path) else { continue }
            sites += Server.tagSites(named: name, in: TextDocument(text: text).lines, uri: file.uri, encoding: encoding)
        }
        return sites
    }

    static func tagSites(named name: String, in lines: [Line], uri: String, encoding: PositionEncoding) -> [TagSite] {
        var sites: [TagSite] = []
        let nameLength = name.utf8.count
        for (i, line) in lines.enumerated() {
            for tag in line.syntax.tags where tag.nameRange.count == nameLength && tag.name(in: line.text) == name {
                func position(_ offset: Int) -> Position {
                    Position(line: i, character: encoding.column(ofUTF8Offset: offset, in: line.text, isASCII: line.syntax.isASCII))
                }
                let at = position(Int(tag.start)), nameStart = position(Int(tag.start) + 1), end = position(Int(tag.nameEnd))
                sites.append(TagSite(uri: uri, atName: LSPRange(start: at, end: end), name: LSPRange(start: nameStart, end: end)))
            }
        }
        return sites
    }
}

/// One occurrence of a tag.
struct TagSite {
    let uri: String
    /// `@` and the name.
    let atName: LSPRange
    /// The name alone (what a rename replaces).
    let name: LSPRange
}
