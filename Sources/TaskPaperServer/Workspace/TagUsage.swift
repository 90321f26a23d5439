import TaskPaper

/// How many items (lines) carry each tag, and each tag value. A line that
/// repeats a tag counts once: TaskPaper reads only the first.
struct TagCounts {
    var names: [String: Int] = [:]
    /// Tag name -> payload -> lines carrying that tag with that payload (empty payloads left out).
    var values: [String: [String: Int]] = [:]

    /// Adds (`sign` 1) or removes (`sign` -1) one line's tags.
    mutating func count(_ text: String, _ syntax: LineSyntax, sign: Int) {
        let tags = syntax.tags
        for (i, tag) in tags.enumerated() {
            let name = tag.name(in: text)
            // Tags per line are few: a linear look-back is cheaper than a set.
            if tags[..<i].contains(where: { $0.name(in: text) == name }) { continue }
            let key = String(name)
            TagCounts.bump(&names, key, by: sign)
            if let payload = tag.payload(in: text), !payload.isEmpty {
                TagCounts.bump(&values[key, default: [:]], String(payload), by: sign)
                if values[key]?.isEmpty == true { values[key] = nil }
            }
        }
    }

    mutating func merge(_ other: TagCounts) {
        names.merge(other.names, uniquingKeysWith: +)
        for (name, counts) in other.values { values[name, default: [:]].merge(counts, uniquingKeysWith: +) }
    }

    private static func bump(_ counts: inout [String: Int], _ key: String, by delta: Int) {
        let n = counts[key, default: 0] + delta
        counts[key] = n > 0 ? n : nil
    }
}

/// The counts of one open document, kept current cheaply: on a new generation
/// only the lines that differ from the counted snapshot are re-counted (lines
/// an edit did not touch keep their string storage, so comparing them is O(1)).
final class DocumentTagCounts {
    private var generation = -1
    private var lineTexts: [String] = []
    private(set) var counts = TagCounts()

    func update(from doc: OpenDocument) {
        guard doc.generation != generation else { return }
        generation = doc.generation
        let lines = doc.text.lines
        let oldCount = lineTexts.count, common = min(oldCount, lines.count)
        var prefix = 0
        while prefix < common, lineTexts[prefix] == lines[prefix].text { prefix += 1 }
        var suffix = 0
        while suffix < common - prefix, lineTexts[oldCount - 1 - suffix] == lines[lines.count - 1 - suffix].text { suffix += 1 }
        let removed = prefix..<oldCount - suffix
        for text in lineTexts[removed] { counts.count(text, TagScanner.parse(text), sign: -1) }
        let fresh = lines[prefix..<lines.count - suffix]
        for line in fresh { counts.count(line.text, line.syntax, sign: 1) }
        lineTexts.replaceSubrange(removed, with: fresh.map(\.text))
    }
}

/// Per-document tag counts, by URI.
final class TagUsageCache {
    var documents: [String: DocumentTagCounts] = [:]
}

extension Server {
    /// Items carrying each tag in open documents and the workspace.
    func tagUsage() -> [String: Int] {
        Server.sum(openDocumentTagCounts().map(\.names) + [workspaceTagCounts(excluding: documents.keys)])
    }

    /// The values `name` has in open documents and the workspace, with how many items carry each.
    func tagValues(_ name: String) -> [String: Int] {
        Server.sum(openDocumentTagCounts().compactMap { $0.values[name] } + [workspaceTagValues(name, excluding: documents.keys)])
    }

    /// The counts of every open document, brought up to date (closed ones dropped).
    private func openDocumentTagCounts() -> [TagCounts] {
        tagUsageCache.documents = tagUsageCache.documents.filter { documents[$0.key] != nil }
        return documents.map { uri, doc in
            let cached = tagUsageCache.documents[uri] ?? DocumentTagCounts()
            tagUsageCache.documents[uri] = cached
            cached.update(from: doc)
            return cached.counts
        }
    }

    // The one place the workspace index joins in: the `.taskpaper` files on
    // disk that are *not* open (open documents override their files, SPEC 6).

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
