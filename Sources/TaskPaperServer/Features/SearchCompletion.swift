import TaskPaper

/// Completion inside a saved search (`@search(...)`): tag names (and `text`,
/// `type`) after `@`, modifiers after `[`, elsewhere the keywords, relations and axes.
extension Server {
    func searchCompletion(_ context: SearchCompletionContext, doc: OpenDocument, line: Int) -> CompletionList {
        let range = CompletionRange(
            typed: doc.lspRange(line: line, context.partial),
            word: doc.lspRange(line: line, context.word),
            insertReplace: client.completionInsertReplace)
        var items: [CompletionItem] = []
        switch context.kind {
        case .tagName:
            let used = tagUsage().sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            for (name, n) in used {
                items.append(
                    CompletionItem(
                        label: name, kind: .keyword, detail: Plural.count(n, "item"),
                        edit: range.edit(name)))
            }
            for name in SearchQuery.builtInAttributes where !used.contains(where: { $0.key == name }) {
                items.append(CompletionItem(label: name, kind: .keyword, detail: "attribute", edit: range.edit(name)))
            }
        case .modifier:
            for (modifier, meaning) in zip(
                SearchQuery.modifiers,
                [
                    "case-insensitive", "case-sensitive", "number",
                    "date", "list",
                ])
            {
                items.append(
                    CompletionItem(
                        label: modifier, kind: .keyword, detail: meaning,
                        edit: range.edit(modifier)))
            }
        case .word:
            let words =
                SearchQuery.keywords.map { ($0, "keyword") } + SearchQuery.relations.map { ($0, "relation") }
                + SearchQuery.modifiers.map { ($0, "modifier") } + SearchQuery.axes.map { ($0, "axis") }
            for (word, detail) in words {
                items.append(CompletionItem(label: word, kind: .keyword, detail: detail, edit: range.edit(word)))
            }
        }
        // Keeps this order: clients sort by `sortText`.
        for i in items.indices { items[i].sortText = String(1000 + i) }
        return CompletionList(items: items)
    }
}
