import TaskPaper

/// How many items (lines) carry each tag, and each tag value. A line that
/// repeats a tag counts once: TaskPaper reads only the first.
struct TagCounts {
    var names: [String: Int] = [:]
    /// Tag name -> payload -> lines carrying that tag with that payload (empty payloads left out).
    var values: [String: [String: Int]] = [:]
    /// The tags whose values are counted: all (nil), or only these. An open document
    /// counts a tag's values once they are asked for, so its first count is of names only.
    var valuesCounted: Set<String>?

    init(valuesCounted: Set<String>? = nil) { self.valuesCounted = valuesCounted }

    /// Adds (`sign` 1) or removes (`sign` -1) one line's tags.
    mutating func count(_ text: String, _ syntax: LineSyntax, sign: Int) {
        let repeated = syntax.repeatedTagIndices(in: text)  // ascending
        var next = 0
        for (i, tag) in syntax.tags.enumerated() {
            if next < repeated.count, repeated[next] == i { next += 1; continue }
            if tag.hasEmptyName { continue }  // a lone `@` counts as no tag
            let key = String(tag.name(in: text))
            TagCounts.bump(&names, key, by: sign)
            if let only = valuesCounted, !only.contains(key) { continue }
            if let payload = tag.payload(in: text), !payload.isEmpty {
                TagCounts.bump(&values[key, default: [:]], String(payload), by: sign)
                if values[key]?.isEmpty == true { values[key] = nil }
            }
        }
    }

    /// Starts counting `name`'s values, given every line (TaskPaper reads a line's first tag of a name).
    mutating func countValues(of name: String, in lines: [Line]) {
        guard let only = valuesCounted, !only.contains(name) else { return }
        var counts: [String: Int] = [:]
        for line in lines {
            guard let tag = line.syntax.firstTag(named: name, in: line),
                let payload = tag.payload(in: line), !payload.isEmpty
            else { continue }
            counts[String(payload), default: 0] += 1
        }
        values[name] = counts.isEmpty ? nil : counts
        valuesCounted!.insert(name)
    }

    mutating func merge(_ other: TagCounts) {
        names.merge(other.names, uniquingKeysWith: +)
        for (name, counts) in other.values { values[name, default: [:]].merge(counts, uniquingKeysWith: +) }
    }

    private static func bump(_ counts: inout [String: Int], _ key: String, by delta: Int) {
        // Adding hashes the key once (the first count of a large document is all adds).
        if delta > 0 { counts[key, default: 0] += delta; return }
        let n = counts[key, default: 0] + delta
        counts[key] = n > 0 ? n : nil
    }
}

extension Server {
    /// Items carrying each tag in open documents and the workspace.
    func tagUsage() -> [String: Int] {
        Server.sum(openDocumentTagCounts().map(\.names) + [workspaceTagCounts(excluding: documents.keys)])
    }

    /// The values `name` has in open documents and the workspace, with how many items carry each.
    func tagValues(_ name: String) -> [String: Int] {
        Server.sum(documents.values.map { $0.tagValues(name) } + [workspaceTagValues(name, excluding: documents.keys)])
    }

    /// The counts of every open document (each kept current by its document).
    private func openDocumentTagCounts() -> [TagCounts] {
        documents.values.map { $0.tagCounts() }
    }

    // The one place the workspace index joins in: the `.taskpaper` files on
    // disk that are *not* open (open documents override their files).

    private func workspaceTagCounts(excluding open: some Sequence<String>) -> [String: Int] {
        index.tagCounts(excluding: open)
    }

    private func workspaceTagValues(_ name: String, excluding open: some Sequence<String>) -> [String: Int] {
        index.tagValues(name, excluding: open)
    }

    /// Adds counts up. A lone source is returned as is, not copied: one large
    /// open document has thousands of distinct dates, and this runs per keystroke.
    private static func sum(_ sources: [[String: Int]]) -> [String: Int] {
        let nonEmpty = sources.filter { !$0.isEmpty }
        guard var total = nonEmpty.first else { return [:] }
        for counts in nonEmpty.dropFirst() { total.merge(counts, uniquingKeysWith: +) }
        return total
    }
}

extension Dictionary where Value == Int {
    /// Moves counts from what `before` contributed to what `after` does, dropping
    /// what reaches zero; touches only the keys that differ.
    mutating func shiftCounts(from before: [Key: Int], to after: [Key: Int]) {
        for key in Set(before.keys).union(after.keys) {
            let delta = after[key, default: 0] - before[key, default: 0]
            guard delta != 0 else { continue }
            let n = self[key, default: 0] + delta
            self[key] = n > 0 ? n : nil
        }
    }
}
