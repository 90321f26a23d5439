import TaskPaper

/// Completion: tag names after `@`, dates inside a date tag's
/// parentheses, known values inside any other tag's. Every item replaces
/// exactly what was typed of the word, so `@du` + accept gives `@due`.
extension Provider {
    static let completion = Provider("completionProvider") { _ in
        JSONObject { w in
            w.key("triggerCharacters"); ["@", "("].write(to: &w)
        }
    }
}

extension Server {
    func completion(_ params: CompletionParams) throws(ResponseError) -> any JSONEncodable {
        let doc = try document(params.textDocument)
        let cursor = doc.location(params.position), line = cursor.line
        let text = doc.line(line).text
        if let search = SearchCompletionContext.at(cursor.offset, in: text) {
            return searchCompletion(search, doc: doc, line: line)
        }
        guard let context = CompletionContext.at(cursor.offset, in: text) else { return CompletionList(items: []) }
        // Typed so far (up to the cursor) and the whole word: clients that can choose get both.
        let range = CompletionRange(
            typed: doc.lspRange(line: line, context.partial), word: doc.lspRange(line: line, context.word),
            insertReplace: client.completionInsertReplace)

        // The tag being typed is no evidence of use: count its line as if it were not there.
        let syntax = doc.line(line).syntax
        var others = syntax
        others.removeTags(in: text) { Int($0.start) == context.tagStart }
        var withTag = TagCounts(), withoutTag = TagCounts()
        withTag.count(text, syntax, sign: 1)
        withoutTag.count(text, others, sign: 1)

        switch context.kind {
        case .name:
            var names = tagUsage()
            names.shiftCounts(from: withTag.names, to: withoutTag.names)
            return CompletionList(items: tagNameItems(names, range: range))
        case .value(let name) where settings.lint.dateTags.contains(name):
            return CompletionList(items: dateItems(for: name, range: range))
        case .value(let name):
            var values = tagValues(name)
            values.shiftCounts(from: withTag.values[name] ?? [:], to: withoutTag.values[name] ?? [:])
            if TimeSpan.durationTagNames.contains(name) {
                return CompletionList(items: durationItems(values, range: range))
            }
            return CompletionList(items: valueItems(values, range: range))
        }
    }

    /// Date tags (in their usual order) and `done` first, then every other used tag, most used first.
    private func tagNameItems(_ used: [String: Int], range: CompletionRange) -> [CompletionItem] {
        let dateTags = settings.lint.dateTags
        let usual = LintSettings.defaultDateTags
        var first = usual.filter(dateTags.contains) + dateTags.subtracting(usual).sorted()
        if !first.contains("done") { first.insert("done", at: min(1, first.count)) }
        let rest = used.filter { !first.contains($0.key) }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }

        var items: [CompletionItem] = []
        for name in first {
            let n = used[name] ?? 0
            let detail = dateTags.contains(name) ? (n > 0 ? "date tag, \(itemCount(n))" : "date tag") : itemCount(n)
            items.append(CompletionItem(label: name, kind: .keyword, detail: detail, edit: range.edit(name)))
        }
        for (name, n) in rest {
            items.append(CompletionItem(label: name, kind: .keyword, detail: itemCount(n), edit: range.edit(name)))
        }
        return items.numbered()
    }

    /// Concrete ISO dates, each labelled with the word that names it. The words are
    /// payloads of the relative date grammar, resolved by the same parser that checks them.
    private func dateItems(for tag: String, range: CompletionRange) -> [CompletionItem] {
        let clock = now()
        let words = DateSuggestions.words(clock: clock)
        var dates: [(date: CivilDate, words: [String])] = []
        for (word, date) in words where !word.hasPrefix("+") {
            if let i = dates.firstIndex(where: { $0.date == date }) {
                dates[i].words.append(word)
            } else {
                dates.append((date, [word]))
            }
        }
        dates.sort { $0.date < $1.date }

        var items: [CompletionItem] = []
        if tag == "done", settings.doneFormat == .datetime {
            let now = DatePoint(date: clock.today, time: TimeOfDay(hour: clock.now.hour, minute: clock.now.minute))
                .description
            items.append(
                CompletionItem(
                    label: now, kind: .value, detail: "now", edit: range.edit(now),
                    filterText: "\(now) now"))
        }
        for (date, names) in dates {
            let iso = date.description, word = names.joined(separator: ", ")
            items.append(
                CompletionItem(
                    label: iso, kind: .value, detail: word, edit: range.edit(iso),
                    filterText: "\(iso) \(names.joined(separator: " "))"))
        }
        // The words themselves, which TaskPaper reads relative to the day it is.
        for (word, date) in words {
            items.append(CompletionItem(label: word, kind: .keyword, detail: date.description, edit: range.edit(word)))
        }
        return items.numbered()
    }

    /// Inside `@est(`, `@estimate(`, `@lasted(`: the durations the document's tags already use, most used
    /// first, then the common ones (`TimeSpan.common`), each with its length in words.
    private func durationItems(_ values: [String: Int], range: CompletionRange) -> [CompletionItem] {
        let used = values.filter { TimeSpan.parse(Substring($0.key)) != nil }
        var items = valueItems(used, range: range)
        for value in TimeSpan.common where used[value] == nil {
            let span = TimeSpan.parse(Substring(value))!
            items.append(CompletionItem(label: value, kind: .value, detail: span.description, edit: range.edit(value)))
        }
        return items.numbered()
    }

    /// The values the tag already has, most used first.
    private func valueItems(_ values: [String: Int], range: CompletionRange) -> [CompletionItem] {
        let ranked = values.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let items = ranked.map { value, n in
            CompletionItem(label: value, kind: .value, detail: itemCount(n), edit: range.edit(value))
        }
        return items.numbered()
    }

    private func itemCount(_ n: Int) -> String { Plural.count(n, "item", "items") }
}

struct CompletionItem: JSONEncodable {
    typealias Kind = CompletionItemKind
    var label: String
    var kind: Kind
    var detail: String
    var edit: CompletionEdit
    var filterText: String?
    /// Keeps the server's ranking: clients sort by `sortText`, else by label.
    var sortText = ""

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("label"); w.string(label)
            w.key("labelDetails");
            w.object { w in
                w.key("description"); w.string(detail)
            }
            w.key("kind"); w.int(kind)
            w.key("detail"); w.string(detail)
            w.key("sortText"); w.string(sortText)
            if let filterText { w.key("filterText"); w.string(filterText) }
            w.key("textEdit"); edit.write(to: &w)
        }
    }
}

extension Array where Element == CompletionItem {
    /// Numbers the items in their current order (`sortText` "0000", "0001", …).
    fileprivate func numbered() -> [CompletionItem] {
        let width = String(count).count
        return enumerated().map { i, item in
            var item = item
            let digits = String(i)
            item.sortText = String(repeating: "0", count: width - digits.count) + digits
            return item
        }
    }
}

/// Where an accepted item goes: over the whole word, or (for clients that
/// support it) an insert range up to the cursor and a replace range over the word.
struct CompletionRange {
    var typed: ClientRange
    var word: ClientRange
    var insertReplace: Bool

    func edit(_ newText: String) -> CompletionEdit {
        insertReplace
            ? .insertReplace(newText, insert: typed, replace: word) : .replace(TextEdit(range: word, newText: newText))
    }
}

enum CompletionEdit: JSONEncodable {
    case replace(TextEdit)
    case insertReplace(String, insert: ClientRange, replace: ClientRange)

    func write(to w: inout JSONWriter) {
        switch self {
        case .replace(let edit): edit.write(to: &w)
        case .insertReplace(let text, let insert, let replace):
            w.object { w in
                w.key("newText"); w.string(text)
                w.key("insert"); insert.write(to: &w)
                w.key("replace"); replace.write(to: &w)
            }
        }
    }
}

struct CompletionList: JSONEncodable {
    var items: [CompletionItem]

    func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("isIncomplete"); w.bool(false)
            w.key("items"); items.write(to: &w)
        }
    }
}
