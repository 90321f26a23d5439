import TaskPaper

/// textDocument/prepareRename and textDocument/rename: a tag's name,
/// everywhere it is used in open documents and indexed files.
extension Provider {
    /// With `prepareProvider` only for clients that send prepareRename.
    static let rename = Provider("renameProvider") { client in
        guard client.renamePrepare else { return true }
        return JSONObject { w in
            w.key("prepareProvider"); w.bool(true)
        }
    }
}

extension Server {
    func prepareRename(_ params: PrepareRenameParams) throws(ResponseError) -> any JSONEncodable {
        guard let hit = try tagUnderCursor(params.at) else { return JSONNull() }
        let range = hit.doc.lspRange(line: hit.line, hit.tag.nameRange)
        return JSONObject { w in
            w.key("range"); range.write(to: &w)
            w.key("placeholder"); w.string(hit.name)
        }
    }

    func rename(_ params: RenameParams) throws(ResponseError) -> any JSONEncodable {
        let newName = params.newName
        guard let hit = try tagUnderCursor(params.at) else {
            throw .requestFailed("There is no tag here to rename: place the cursor on a tag")
        }
        guard TagScanner.isValidTagName(newName) else {
            throw .invalidParams(
                "\"\(newName)\" is not a valid tag name: use letters, digits, \"_\", \"-\" and \".\" (no \"@\", spaces or parentheses)"
            )
        }
        var changes: [(uri: String, edits: [TextEdit])] = []
        for site in workspaceTagSites(named: hit.name) {
            let edit = TextEdit(range: site.name, newText: newName)
            if changes.last?.uri == site.uri {
                changes[changes.count - 1].edits.append(edit)
            } else {
                changes.append((site.uri, [edit]))
            }
        }
        return WorkspaceEdit(changes: changes)
    }
}
