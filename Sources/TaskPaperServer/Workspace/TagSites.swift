import TaskPaper

/// The tag under a cursor, and every place a tag is used: what references,
/// document highlight and rename share.
struct TagUnderCursor {
    let doc: OpenDocument
    let line: Int
    let tag: Tag
    let name: String
}

extension Server {
    /// The tag the position stands on, from its `@` to just past its end.
    func tagUnderCursor(_ at: TextDocumentPositionParams) throws(ResponseError) -> TagUnderCursor? {
        let doc = try document(at.textDocument)
        let cursor = doc.location(at.position)
        let l = doc.line(cursor.line)
        // A lone `@` has no name to find or rename.
        guard let index = l.syntax.tagIndex(at: cursor.offset), !l.syntax.tags[index].hasEmptyName else { return nil }
        let tag = l.syntax.tags[index]
        return TagUnderCursor(doc: doc, line: cursor.line, tag: tag, name: String(tag.name(in: l)))
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
            for tag in line.syntax.tags where tag.nameRange.count == nameLength && tag.name(in: line) == name {
                func position(_ offset: Int) -> ClientPosition {
                    ClientPosition(
                        line: i,
                        character: encoding.column(ofUTF8Offset: offset, in: line, isASCII: line.syntax.isASCII))
                }
                let at = position(Int(tag.start)), nameStart = position(Int(tag.start) + 1),
                    end = position(Int(tag.nameEnd))
                sites.append(
                    TagSite(
                        uri: uri, atName: ClientRange(start: at, end: end),
                        name: ClientRange(start: nameStart, end: end)))
            }
        }
        return sites
    }
}

/// One occurrence of a tag.
struct TagSite {
    let uri: String
    /// `@` and the name.
    let atName: ClientRange
    /// The name alone (what a rename replaces).
    let name: ClientRange
}
