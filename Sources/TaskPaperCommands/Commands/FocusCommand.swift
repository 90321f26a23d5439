import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp focus QUERY [--project PATH] PATH...`: TaskPaper's filtered view in a terminal, each
/// file's visible lines as TaskPaper text (`Focus.view`, the command `taskpaper.focus` of the server).
enum FocusCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var listing = Listing(command: "focus", usage: usage)
        var projectPath: String?
        let queryText: String
        let read = listing.readQueryAndPaths(
            arguments,
            options: [
                "--project": { value in
                    projectPath = value
                    return nil
                }
            ])
        switch read {
        case .success(let text): queryText = text
        case .failure(let stop): return stop.status
        }
        // With --project, an empty QUERY shows the whole project.
        var query: SearchQuery?
        if !(queryText.isEmpty && projectPath != nil) {
            guard let parsed = listing.parse(query: queryText) else { return 2 }
            query = parsed
        }

        let clock = Clock.current()
        let documents = listing.documents()
        var views: [(path: String, lines: [Int], text: [Line])] = []
        var projectFound = projectPath == nil
        for document in documents {
            let spacesPerLevel = IndentWidth.auto.spacesPerLevel(document.lines)
            var item: Int?
            if let projectPath {
                let outline = Outline(lines: document.lines, spacesPerLevel: spacesPerLevel)
                guard let line = MoveEdits.project(atPath: projectPath, in: outline) else { continue }
                item = line
                projectFound = true
            }
            do throws(SearchEvaluationError) {
                let focus = try Focus.view(
                    of: document.lines, spacesPerLevel: spacesPerLevel, query: query, item: item, clock: clock)
                // A file where nothing matches shows nothing here (an editor shows it whole).
                guard focus.matches > 0 else { continue }
                views.append((document.path, document.lines.indices.filter(focus.isVisible), document.lines))
            } catch {
                StandardError.write("taskpaper-lsp focus: stopped in \(document.path): \(error.description)\n")
                listing.unreadable = true
            }
        }
        if !projectFound {
            StandardError.write(
                "taskpaper-lsp focus: no project '\(projectPath!)' in \(listing.paths.joined(separator: " "))\n")
            return 2
        }
        write(views, format: listing.format, headers: documents.count > 1)
        if listing.unreadable { return 2 }
        return views.isEmpty ? 1 : 0
    }

    /// Text: the lines as they are, after a header per file when there are several (`==> path <==`, as
    /// `head` and `tail` name files: `path:` would read as a project in TaskPaper, this as a note).
    private static func write(
        _ views: [(path: String, lines: [Int], text: [Line])], format: OutputFormat, headers: Bool
    ) {
        switch format {
        case .text, .markdown:
            for view in views {
                if headers { print("==> \(view.path) <==") }
                for line in view.lines { print(view.text[line].text) }
            }
        case .json:
            var json = JSONWriter()
            json.array { w in
                for view in views {
                    w.object { w in
                        w.key("path"); w.string(view.path)
                        w.key("lines")
                        w.array { w in
                            for line in view.lines {
                                w.object { w in
                                    w.key("line"); w.int(line + 1)
                                    w.key("text"); w.string(view.text[line].text)
                                }
                            }
                        }
                    }
                }
            }
            print(String(decoding: json.bytes, as: UTF8.self))
        }
    }

    static let usage = """
        Usage: taskpaper-lsp focus QUERY [--project PATH] [--format text|json] PATH...
          TaskPaper's filtered view: the items QUERY finds and their ancestors, as TaskPaper text, file by
          file (after a line '==> path <==' when there are several). --project 'Work / Errands' focuses
          into that project first (an empty QUERY then shows all of it). JSON: [{path, lines: [{line, text}]}].
          Exit 0 with matches, 1 with none, 2 on a bad query, path or project.

        """
}
