import TaskPaper

// LSP's integer enums, named. Only the values the server sends or reads.

/// `window/logMessage` and `window/showMessage` types.
enum MessageType: Int {
    case error = 1, warning = 2, info = 3, log = 4
}

/// How the server wants document changes: incremental, as ranges.
enum TextDocumentSyncKind: Int {
    case none = 0, full = 1, incremental = 2
}

/// `textDocument/documentHighlight`: a tag is neither read nor written, so `text`.
enum DocumentHighlightKind: Int {
    case text = 1, read = 2, write = 3
}

/// LSP `SymbolKind`: Namespace for a project (it groups), Event for a task (it happens).
enum SymbolKind: Int {
    case namespace = 3, event = 24

    init(_ kind: LineKind) { self = kind == .project ? .namespace : .event }
}

/// LSP `SymbolTag`: clients strike a deprecated symbol through, as TaskPaper shows a done item.
enum SymbolTag: Int {
    case deprecated = 1
}

/// LSP `CompletionItemKind`.
enum CompletionItemKind: Int {
    case value = 12, keyword = 14
}

/// Why the client asks for code actions: on request, or automatically (the lightbulb).
enum CodeActionTriggerKind: Int {
    case invoked = 1, automatic = 2
}

extension JSONWriter {
    /// Writes an LSP enum value as its integer.
    mutating func int<E: RawRepresentable>(_ value: E) where E.RawValue == Int { int(value.rawValue) }
}
