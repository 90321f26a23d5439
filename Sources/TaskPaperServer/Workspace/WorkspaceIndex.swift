import TaskPaper

/// A project or task as workspace symbols list it.
struct IndexedSymbol: Sendable {
    let name: String
    let kind: LineKind
    let line: Int32
    /// The item's content on its line, in client columns.
    let start: Int32, end: Int32
    /// The enclosing project's index in the same symbol list, or -1.
    let project: Int32

    /// The projects and tasks of a document, in line order.
    static func symbols(of lines: [Line], indentWidth: IndentWidth, encoding: PositionEncoding) -> [IndexedSymbol] {
        let outline = Outline(lines: lines, indentWidth: indentWidth)
        var symbols: [IndexedSymbol] = []
        var symbolOfLine: [Int: Int32] = [:]
        for (i, line) in lines.enumerated() {
            let kind = line.syntax.kind
            guard kind == .project || kind == .task else { continue }
            var project = outline.parent(of: i)
            while let p = project, lines[p].syntax.kind != .project { project = outline.parent(of: p) }
            let content = line.syntax.contentRange
            let isASCII = line.syntax.isASCII
            if kind == .project { symbolOfLine[i] = Int32(symbols.count) }
            symbols.append(
                IndexedSymbol(
                    name: line.itemName, kind: kind, line: Int32(i),
                    start: Int32(encoding.column(ofUTF8Offset: content.lowerBound, in: line, isASCII: isASCII)),
                    end: Int32(encoding.column(ofUTF8Offset: content.upperBound, in: line, isASCII: isASCII)),
                    project: project.flatMap { symbolOfLine[$0] } ?? -1))
        }
        return symbols
    }
}

extension [IndexedSymbol] {
    /// The names of the projects enclosing symbol `index`, joined as `A / B`.
    func containerName(of index: Int) -> String {
        var names: [String] = []
        var p = self[index].project
        while p >= 0 { names.append(self[Int(p)].name); p = self[Int(p)].project }
        return names.reversed().joined(separator: " / ")
    }
}

/// What the index keeps of one file: enough for completion, hover counts,
/// workspace symbols and workspace diagnostics, not the text (references re-read
/// the few files that carry the tag). Tags are counted as open documents are (`TagCounts`).
struct FileSummary: Sendable {
    var tags = TagCounts()
    var symbols: [IndexedSymbol] = []
    /// Every finding, when linted (`WorkspaceDiagnostics.swift`).
    var findings: [WorkspaceFinding] = []

    init(lines: [Line], indentWidth: IndentWidth, encoding: PositionEncoding, lint: LintBasis?) {
        for line in lines { tags.count(line.text, line.syntax, sign: 1) }
        symbols = IndexedSymbol.symbols(of: lines, indentWidth: indentWidth, encoding: encoding)
        if let lint {
            findings = WorkspaceFinding.findings(
                in: lines, spacesPerLevel: indentWidth.spacesPerLevel(lines), lint, encoding: encoding)
        }
    }
}

/// What the index's findings were computed with: a change of either means reading the files again.
struct LintBasis: Sendable, Equatable {
    var settings: LintSettings
    var clock: LintClock

    static func == (a: Self, b: Self) -> Bool { a.settings == b.settings && a.clock.today == b.clock.today }
}

/// The `.taskpaper` files of the workspace folders as last read from disk,
/// keyed by path. Open documents override disk: every query takes the open
/// URIs and leaves those files out (callers add the open text themselves).
/// Lives on the main loop; only the scanner's results posted back change it.
final class WorkspaceIndex {
    struct File {
        let uri: String
        let summary: FileSummary
        /// Moves when the findings do (workspace diagnostics' `resultId`).
        var findingsID = 0
    }

    /// The workspace folders, as paths.
    var roots: [String] = []
    /// `initialized` came: the index is built, or waits for a folder.
    var started = false
    /// The client was asked to watch `.taskpaper` files.
    var watching = false
    /// The indent width the summaries were built with (a change means a rescan).
    var indentWidth = Settings().indentWidth
    /// Scans started so far (names each scan's progress token).
    var scans = 0
    /// Scans started and not finished: closed files' diagnostics wait for the index to be built.
    var scansRunning = 0
    /// What the files were linted with; nil while workspace diagnostics are off.
    var lintedWith: LintBasis?
    private var lastFindingsID = 0
    private(set) var files: [String: File] = [:] {
        didSet { sorted = nil }
    }
    private var sorted: [String]?
    /// Sums over every file, so completion needn't walk them all.
    private var total = TagCounts()
    /// The sums without the open files, for the open set they were made for:
    /// it changes on open and close, not per keystroke, so completion reuses it.
    private var closedTotal: (open: Set<String>, counts: TagCounts)?

    /// Whether the file's findings changed (a new file's count as changed when it has any).
    @discardableResult
    func set(_ path: String, _ file: File) -> Bool {
        let old = files[path]
        remove(path)
        var file = file
        let changed = old.map { $0.summary.findings != file.summary.findings } ?? !file.summary.findings.isEmpty
        file.findingsID = changed || old == nil ? nextFindingsID() : old!.findingsID
        files[path] = file
        total.merge(file.summary.tags)
        closedTotal = nil
        return changed
    }

    /// Gives a file's findings a new `resultId`: a client that held them for a file it then opened has let them go.
    func renumber(_ path: String) {
        guard files[path] != nil else { return }
        files[path]!.findingsID = nextFindingsID()
    }

    private func nextFindingsID() -> Int {
        lastFindingsID += 1
        return lastFindingsID
    }

    func remove(_ path: String) {
        guard let old = files.removeValue(forKey: path) else { return }
        total.subtract(old.summary.tags)
        closedTotal = nil
    }

    /// Drops files a completed scan no longer found; returns their paths.
    @discardableResult
    func keepOnly(_ paths: Set<String>) -> [String] {
        let gone = files.keys.filter { !paths.contains($0) }
        for path in gone { remove(path) }
        return gone
    }

    // MARK: Queries (open documents excluded)

    /// Tag names and values of the files not open.
    func counts(excluding openURIs: some Sequence<String>) -> TagCounts {
        let open = Set(openURIs.compactMap(FileURI.path))
        if let cached = closedTotal, cached.open == open { return cached.counts }
        var counts = total
        for file in open.compactMap({ files[$0] }) { counts.subtract(file.summary.tags) }
        closedTotal = (open, counts)
        return counts
    }

    /// How many items carry each tag in files not open.
    func tagCounts(excluding openURIs: some Sequence<String>) -> [String: Int] {
        counts(excluding: openURIs).names
    }

    /// How many items carry each value of tag `name` in files not open.
    func tagValues(_ name: String, excluding openURIs: some Sequence<String>) -> [String: Int] {
        counts(excluding: openURIs).values[name] ?? [:]
    }

    /// Every file's path, in order (sorted once after a change: code actions list files on every cursor move).
    var paths: [String] {
        if let sorted { return sorted }
        let paths = files.keys.sorted()
        sorted = paths
        return paths
    }

    /// The files not open, in path order.
    func closedFiles(excluding openURIs: some Sequence<String>) -> [(path: String, file: File)] {
        let open = Set(openURIs.compactMap(FileURI.path))
        return paths.compactMap { open.contains($0) ? nil : ($0, files[$0]!) }
    }

    /// The files not open that carry tag `name`, in path order.
    func closedFiles(withTag name: String, excluding openURIs: some Sequence<String>) -> [(path: String, file: File)] {
        closedFiles(excluding: openURIs).filter { $0.file.summary.tags.names[name] != nil }
    }

}

extension TagCounts {
    /// Takes away counts earlier merged in, dropping what reaches zero.
    mutating func subtract(_ other: TagCounts) {
        for (name, n) in other.names {
            let left = names[name, default: 0] - n
            names[name] = left > 0 ? left : nil
        }
        for (name, counts) in other.values {
            for (value, n) in counts {
                let left = values[name]?[value].map { $0 - n } ?? 0
                values[name]?[value] = left > 0 ? left : nil
            }
            if values[name]?.isEmpty == true { values[name] = nil }
        }
    }
}
