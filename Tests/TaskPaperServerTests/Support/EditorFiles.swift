import Testing
import TaskPaperServer

/// The documents an editor holds (open ones with their versions) and the files on disk, with a
/// WorkspaceEdit applied the way an editor applies it: `documentChanges` in order, a `CreateFile`
/// making an empty file, and a `TextDocumentEdit` refused unless its version is the one the editor
/// holds (null: a file not open). `changes` apply to whatever text there is.
struct EditorFiles {
    struct Refused: Error, CustomStringConvertible { var description: String }

    /// Text by URI; `version` is nil for a file that is not open.
    var files: [String: (version: Int?, text: String)]
    var encoding = "utf-16"

    /// Applies the whole edit or nothing, as `failureHandling: transactional` says.
    mutating func apply(_ edit: JSON) throws {
        var result = files
        if let changes = edit["documentChanges"]?.arrayValue {
            for change in changes {
                if change["kind"] == "create" {
                    let uri = try #require(change["uri"]?.stringValue)
                    if result[uri] == nil { result[uri] = (nil, "") }
                    continue
                }
                let uri = try #require(change["textDocument"]?["uri"]?.stringValue)
                guard let file = result[uri] else { throw Refused(description: "no file \(uri)") }
                let version = change["textDocument"]?["version"]?.intValue
                guard version == file.version else {
                    throw Refused(
                        description:
                            "\(uri) is at version \(file.version.map(String.init) ?? "null"), the edit is for \(version.map(String.init) ?? "null")"
                    )
                }
                let edits = try #require(change["edits"]?.arrayValue)
                result[uri] = (
                    file.version.map { $0 + 1 }, try ApplyEdits.apply(edits, to: file.text, encoding: encoding)
                )
            }
        } else if let changes = edit["changes"]?.objectValue {
            for (uri, edits) in changes {
                guard let file = result[uri] else { throw Refused(description: "no file \(uri)") }
                result[uri] = (
                    file.version.map { $0 + 1 },
                    try ApplyEdits.apply(edits.arrayValue ?? [], to: file.text, encoding: encoding)
                )
            }
        } else {
            throw Refused(description: "neither documentChanges nor changes: \(edit.serialized)")
        }
        files = result
    }

    func text(_ uri: String) -> String? { files[uri]?.text }
}
