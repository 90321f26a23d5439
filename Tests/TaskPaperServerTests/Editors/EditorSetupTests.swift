import Foundation
import Testing
import TaskPaperServer

/// What can be checked of the editor setups without the editors
/// themselves (VS Code, Helix), plus a real Emacs run when one is installed.
@Suite struct EditorSetupTests {
    static let repository = NeovimTests.repository
    static let editors = repository.appendingPathComponent("editors")

    /// The settings with their defaults, as every editor should offer them.
    static var settingDefaults: [String: Any] {
        [
            "maxLineLength": 120, "lineLengthNotes": false, "indentWidth": "auto",
            "dateTags": ["due", "done", "start", "defer"],
            "doneFormat": "date", "overdue": true, "archive": "project", "workspaceDiagnostics": "due",
            "inlayHints": ["projectCounts": true, "dueDistance": true, "lineGauge": true],
        ]
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func file(_ path: String) -> URL { editors.appendingPathComponent(path) }

    static func text(_ path: String) throws -> String {
        let url = file(path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw Failure(description: "editors/\(path) is missing or not UTF-8")
        }
        return text
    }

    static func jsonObject(_ path: String) throws -> [String: Any] {
        let data = Data(try text(path).utf8)
        let value: Any
        do { value = try JSONSerialization.jsonObject(with: data) } catch {
            throw Failure(description: "editors/\(path) is not valid JSON: \(error)")
        }
        guard let object = value as? [String: Any] else {
            throw Failure(description: "editors/\(path) is not a JSON object")
        }
        return object
    }

    static func regex(_ pattern: String, in what: String) throws -> NSRegularExpression {
        do { return try NSRegularExpression(pattern: pattern) } catch {
            throw Failure(description: "\(what): the pattern \(pattern) does not compile: \(error)")
        }
    }

    /// The server's advertised capabilities, from the real binary.
    static func serverCapabilities() throws -> JSON {
        let client = try LSPClient()
        let result = try client.initialize()
        _ = try client.shutdownAndExit()
        return result["capabilities"] ?? nil
    }

    static func strings(_ json: JSON?) -> [String] { json?.arrayValue?.compactMap(\.stringValue) ?? [] }

    // MARK: VS Code

    @Test func vscodeManifestHasWhatVSCodeNeeds() throws {
        let manifest = try Self.jsonObject("vscode/package.json")
        for key in ["name", "displayName", "version", "publisher", "main"] {
            #expect((manifest[key] as? String)?.isEmpty == false, "package.json needs \"\(key)\"")
        }
        #expect((manifest["engines"] as? [String: Any])?["vscode"] is String, "package.json needs engines.vscode")
        #expect(manifest["main"] as? String == "./out/extension.js", "main should be the compiled src/extension.ts")
        #expect(FileManager.default.fileExists(atPath: Self.file("vscode/src/extension.ts").path))
        #expect((manifest["activationEvents"] as? [String])?.contains("onLanguage:taskpaper") == true)
        #expect(
            (manifest["dependencies"] as? [String: Any])?["vscode-languageclient"] is String,
            "package.json needs the vscode-languageclient dependency")
        let devDependencies = manifest["devDependencies"] as? [String: Any] ?? [:]
        for dependency in ["typescript", "@types/vscode"] {
            #expect(devDependencies[dependency] is String, "package.json needs the \(dependency) dev dependency")
        }
        #expect((manifest["scripts"] as? [String: Any])?["vscode:prepublish"] is String)

        let contributes = try #require(manifest["contributes"] as? [String: Any], "package.json needs contributes")

        // The language.
        let languages = contributes["languages"] as? [[String: Any]] ?? []
        let language = try #require(languages.first { $0["id"] as? String == "taskpaper" }, "no taskpaper language")
        #expect((language["extensions"] as? [String]) == [".taskpaper"])
        let configurationPath = try #require(language["configuration"] as? String)
        #expect(
            FileManager.default.fileExists(atPath: Self.file("vscode/" + configurationPath).path),
            "\(configurationPath) is missing")

        // The grammar.
        let grammars = contributes["grammars"] as? [[String: Any]] ?? []
        let grammar = try #require(grammars.first { $0["language"] as? String == "taskpaper" }, "no taskpaper grammar")
        let grammarPath = try #require(grammar["path"] as? String)
        let grammarFile = try Self.jsonObject("vscode/" + grammarPath)
        #expect(grammar["scopeName"] as? String == "text.taskpaper")
        #expect(
            grammarFile["scopeName"] as? String == grammar["scopeName"] as? String,
            "the grammar's scopeName must match package.json")

        // Settings: the README's keys with the server's defaults, and the server path.
        let configuration = try #require(contributes["configuration"] as? [String: Any])
        let properties = try #require(configuration["properties"] as? [String: [String: Any]])
        for (key, value) in Self.settingDefaults {
            let property = try #require(properties["taskpaper." + key], "no setting taskpaper.\(key)")
            #expect(property["type"] is String || property["type"] is [String], "taskpaper.\(key) needs a type")
            #expect(Self.same(property["default"], value), "taskpaper.\(key) should default to \(value)")
        }
        #expect(properties["taskpaper.serverPath"]?["type"] as? String == "string")

        // Commands bound to keys are declared, and don't clash with the server's
        // commands, which vscode-languageclient registers under their own names.
        let commands = (contributes["commands"] as? [[String: Any]] ?? []).compactMap { $0["command"] as? String }
        for binding in contributes["keybindings"] as? [[String: Any]] ?? [] {
            let command = try #require(binding["command"] as? String)
            #expect(commands.contains(command) || command.hasPrefix("editor."), "keybinding for undeclared \(command)")
        }
        let extensionSource = try Self.text("vscode/src/extension.ts")
        #expect(extensionSource.contains("'vscode-languageclient/node'"))
        for command in commands {
            #expect(extensionSource.contains("'\(command)'"), "extension.ts does not register \(command)")
        }
        let serverCommands = Self.strings(try Self.serverCapabilities()["executeCommandProvider"]?["commands"])
        #expect(
            Set(commands).isDisjoint(with: serverCommands),
            "extension commands \(commands) clash with the server's \(serverCommands)")

        let tsconfig = try Self.jsonObject("vscode/tsconfig.json")
        #expect((tsconfig["compilerOptions"] as? [String: Any])?["outDir"] as? String == "out")
    }

    /// Every token type and modifier of the server's legend is declared in
    /// package.json and has TextMate scopes, and nothing else is mapped.
    @Test func vscodeSemanticTokensMatchTheServerLegend() throws {
        let legend = try Self.serverCapabilities()["semanticTokensProvider"]?["legend"]
        let types = Self.strings(legend?["tokenTypes"]), modifiers = Self.strings(legend?["tokenModifiers"])
        #expect(types == ["project", "task", "note", "tag", "payload"])
        #expect(modifiers == ["done", "overdue", "invalid", "date", "cancelled", "deferred"])

        let contributes = try #require(try Self.jsonObject("vscode/package.json")["contributes"] as? [String: Any])
        let declaredTypes = (contributes["semanticTokenTypes"] as? [[String: Any]] ?? []).compactMap {
            $0["id"] as? String
        }
        let declaredModifiers = (contributes["semanticTokenModifiers"] as? [[String: Any]] ?? []).compactMap {
            $0["id"] as? String
        }
        #expect(Set(declaredTypes) == Set(types), "semanticTokenTypes \(declaredTypes) vs the server's \(types)")
        #expect(
            Set(declaredModifiers) == Set(modifiers),
            "semanticTokenModifiers \(declaredModifiers) vs the server's \(modifiers)")
        for entry in (contributes["semanticTokenTypes"] as? [[String: Any]] ?? [])
            + (contributes["semanticTokenModifiers"] as? [[String: Any]] ?? [])
        {
            #expect((entry["description"] as? String)?.isEmpty == false, "\(entry) needs a description")
        }

        let scopeSets = contributes["semanticTokenScopes"] as? [[String: Any]] ?? []
        let scopes = try #require(
            scopeSets.first { $0["language"] as? String == "taskpaper" }?["scopes"] as? [String: Any],
            "no semanticTokenScopes for taskpaper")
        for type in types {
            #expect((scopes[type] as? [String])?.isEmpty == false, "no TextMate scope for token type \(type)")
        }
        for modifier in modifiers {
            #expect(
                scopes.keys.contains { $0.split(separator: ".").dropFirst().contains(Substring(modifier)) },
                "no TextMate scope for modifier \(modifier)")
        }
        for (selector, value) in scopes {
            let parts = selector.split(separator: ".").map(String.init)
            #expect(parts.first == "*" || types.contains(parts[0]), "selector \(selector): unknown type")
            #expect(parts.dropFirst().allSatisfy(modifiers.contains), "selector \(selector): unknown modifier")
            #expect(
                (value as? [String])?.allSatisfy { !$0.isEmpty } == true, "selector \(selector) needs a list of scopes")
        }
    }

    @Test func textMateGrammarIsValidAndFollowsTheFormat() throws {
        let grammar = try Self.jsonObject("vscode/syntaxes/taskpaper.tmLanguage.json")
        #expect(grammar["name"] as? String == "TaskPaper")
        let repository = try #require(grammar["repository"] as? [String: [String: Any]])
        let top = try #require(grammar["patterns"] as? [[String: Any]])

        // Every include resolves; every pattern compiles (ICU here, Oniguruma in
        // VS Code: the grammar sticks to what both read the same).
        func walk(_ rule: [String: Any], _ path: String) throws {
            if let include = rule["include"] as? String {
                #expect(
                    include.hasPrefix("#") && repository[String(include.dropFirst())] != nil,
                    "\(path): include \(include) does not resolve")
            }
            for key in ["match", "begin", "end"] {
                if let pattern = rule[key] as? String { _ = try Self.regex(pattern, in: "\(path).\(key)") }
            }
            for (i, nested) in (rule["patterns"] as? [[String: Any]] ?? []).enumerated() {
                try walk(nested, "\(path).patterns[\(i)]")
            }
            for key in ["captures", "beginCaptures", "endCaptures"] {
                for (group, capture) in rule[key] as? [String: [String: Any]] ?? [:] {
                    try walk(capture, "\(path).\(key).\(group)")
                }
            }
        }
        for (i, rule) in top.enumerated() { try walk(rule, "patterns[\(i)]") }
        for (name, rule) in repository { try walk(rule, "repository.\(name)") }

        func pattern(_ rule: String, _ key: String) throws -> NSRegularExpression {
            try Self.regex(try #require(repository[rule]?[key] as? String, "no \(key) in \(rule)"), in: rule)
        }
        func matches(_ re: NSRegularExpression, _ line: String) -> [NSTextCheckingResult] {
            re.matches(in: line, range: NSRange(line.startIndex..., in: line))
        }
        func group(_ m: NSTextCheckingResult, _ i: Int, _ line: String) -> String? {
            Range(m.range(at: i), in: line).map { String(line[$0]) }
        }

        // Projects: the content ends with ":" before any trailing tags.
        let project = try pattern("project", "match")
        for line in ["Home:", "\tWork: @flag", "Meeting at 10:30:", "Trip: @start(2025-05-11) @due(2025-05-12) "] {
            #expect(!matches(project, line).isEmpty, "\(line.debugDescription) is a project")
        }
        for line in ["Home: ", "Home", "\tcall at 10:30 today", "Work: later"] {
            #expect(matches(project, line).isEmpty, "\(line.debugDescription) is not a project")
        }
        // Tasks, tested before projects: "- Errands:" is a task.
        let task = try pattern("task", "begin")
        for line in ["- Buy milk", "\t-\tCall Bob", "- Errands:"] {
            #expect(!matches(task, line).isEmpty, "\(line.debugDescription) is a task")
        }
        for line in ["-Buy milk", "Buy - milk", "--"] {
            #expect(matches(task, line).isEmpty, "\(line.debugDescription) is not a task")
        }
        let order = top.compactMap { $0["include"] as? String }
        #expect(
            order.firstIndex(of: "#task").map { $0 < order.firstIndex(of: "#project")! } == true,
            "tasks must be tried before projects")
        // Done tasks.
        let done = try pattern("done-task", "begin")
        for line in ["- Fix the bike @done(2026-11-20)", "\t- Call @done", "- a @done @home"] {
            #expect(!matches(done, line).isEmpty, "\(line.debugDescription) is a done task")
        }
        for line in ["- Fix the bike", "- a @doneish", "- e-mail a@done.com", "Home: @done"] {
            #expect(matches(done, line).isEmpty, "\(line.debugDescription) is not a done task")
        }
        // Tags and payloads.
        let tag = try pattern("tag", "match")
        let line = "- Call @due(2025-05-11 10:00) @waiting-for @v1.2 @été @x(a \\(b\\))"
        let found = matches(tag, line).map { (group($0, 2, line) ?? "", group($0, 4, line)) }
        #expect(found.map(\.0) == ["due", "waiting-for", "v1.2", "été", "x"])
        #expect(found.map(\.1) == ["2025-05-11 10:00", nil, nil, nil, "a \\(b\\)"])
        for line in ["mail a@b.com", "- @tag, then", "- @a(b)c", "- @due(2025"] {
            #expect(matches(tag, line).isEmpty, "\(line.debugDescription) has no tag")
        }
    }

    @Test func languageConfigurationIsValid() throws {
        let configuration = try Self.jsonObject("vscode/language-configuration.json")
        #expect((configuration["brackets"] as? [[String]])?.contains(["(", ")"]) == true)
        let rules = try #require(configuration["indentationRules"] as? [String: String])
        let increase = try Self.regex(try #require(rules["increaseIndentPattern"]), in: "increaseIndentPattern")
        _ = try Self.regex(try #require(rules["decreaseIndentPattern"]), in: "decreaseIndentPattern")
        func matches(_ line: String) -> Bool {
            increase.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
        #expect(matches("Home:") && matches("\tWork: @flag"), "Enter after a project should indent")
        #expect(!matches("- Errands:") && !matches("\t- Errands:") && !matches("Home: "), "only projects indent")
        for rule in configuration["onEnterRules"] as? [[String: Any]] ?? [] {
            _ = try Self.regex(try #require(rule["beforeText"] as? String), in: "onEnterRules.beforeText")
        }
    }

    // MARK: Helix

    @Test func helixLanguagesTomlParses() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import json, sys, tomllib; json.dump(tomllib.load(open(sys.argv[1], 'rb')), sys.stdout)",
            Self.file("helix/languages.toml").path,
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0,
            "python3 with tomllib (3.11+) could not parse editors/helix/languages.toml: \(errorText)")
        let toml = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

        let servers = try #require(toml["language-server"] as? [String: [String: Any]])
        let server = try #require(servers["taskpaper-lsp"], "no [language-server.taskpaper-lsp]")
        #expect(server["command"] as? String == "taskpaper-lsp")
        let settings = try #require(
            (server["config"] as? [String: Any])?["taskpaper"] as? [String: Any],
            "no [language-server.taskpaper-lsp.config.taskpaper]")
        #expect(Set(settings.keys) == Set(Self.settingDefaults.keys))
        for (key, value) in Self.settingDefaults {
            #expect(Self.same(settings[key], value), "helix config.taskpaper.\(key) should be \(value)")
        }

        let languages = try #require(toml["language"] as? [[String: Any]])
        let language = try #require(
            languages.first { $0["name"] as? String == "taskpaper" }, "no taskpaper [[language]]")
        #expect(language["scope"] is String)
        #expect((language["file-types"] as? [String])?.contains("taskpaper") == true)
        #expect((language["language-servers"] as? [String]) == ["taskpaper-lsp"])
        let indent = try #require(language["indent"] as? [String: Any])
        #expect(indent["unit"] as? String == "\t", "TaskPaper indents with tabs")
        #expect(indent["tab-width"] is Int)
    }

    // MARK: Neovim, Emacs, READMEs

    @Test func neovimFilesAreThere() throws {
        for path in [
            "neovim/lsp/taskpaper.lua", "neovim/ftdetect/taskpaper.lua", "neovim/ftplugin/taskpaper.lua",
            "neovim/plugin/taskpaper.lua", "neovim/lua/taskpaper.lua",
        ] {
            #expect(FileManager.default.fileExists(atPath: Self.file(path).path), "editors/\(path) is missing")
        }
        let config = try Self.text("neovim/lsp/taskpaper.lua")
        for needle in ["cmd = { 'taskpaper-lsp' }", "filetypes = { 'taskpaper' }", "root_markers = { '.git' }"] {
            #expect(config.contains(needle), "lsp/taskpaper.lua should have \(needle)")
        }
        for key in Self.settingDefaults.keys { #expect(config.contains("\(key) ="), "lsp/taskpaper.lua lacks \(key)") }
        #expect(try Self.text("neovim/ftdetect/taskpaper.lua").contains("taskpaper = 'taskpaper'"))
        let highlights = try Self.text("neovim/plugin/taskpaper.lua")
        for group in [
            "@lsp.type.tag.taskpaper", "@lsp.type.payload.taskpaper", "@lsp.type.project.taskpaper",
            "@lsp.type.task.taskpaper", "@lsp.mod.done.taskpaper", "@lsp.mod.invalid.taskpaper",
        ] {
            #expect(highlights.contains("'\(group)'"), "plugin/taskpaper.lua should set \(group)")
        }
    }

    /// The commands and code action kinds the editor setups call exist in the server.
    @Test func editorHelpersUseWhatTheServerOffers() throws {
        let capabilities = try Self.serverCapabilities()
        let commands = Self.strings(capabilities["executeCommandProvider"]?["commands"])
        let kinds = Self.strings(capabilities["codeActionProvider"]?["codeActionKinds"])
        let sources = try [
            "neovim/lua/taskpaper.lua", "neovim/README.md", "emacs/taskpaper-lsp.el", "vscode/src/extension.ts",
        ].map(Self.text).joined()
        let used = try NSRegularExpression(
            pattern: #"taskpaper\.(markDone|markNotDone|toggleDone|archiveDone|focus)\b"#)
        for m in used.matches(in: sources, range: NSRange(sources.startIndex..., in: sources)) {
            let name = String(sources[Range(m.range, in: sources)!])
            #expect(
                commands.contains(name), "the editor setups call \(name), which the server does not offer (\(commands))"
            )
        }
        for kind in ["refactor.rewrite", "source.archiveDone"] {
            #expect(
                kinds.contains(kind), "the editor setups ask for code action kind \(kind); the server offers \(kinds)")
        }
    }

    @Test func emacsSetupIsThere() throws {
        let lisp = try Self.text("emacs/taskpaper-lsp.el")
        for needle in [
            "(define-derived-mode taskpaper-mode", "auto-mode-alist", "\\\\.taskpaper\\\\'",
            "eglot-server-programs", "(provide 'taskpaper-lsp)",
        ] {
            #expect(lisp.contains(needle), "taskpaper-lsp.el should contain \(needle)")
        }
        var depth = 0, inString = false, escaped = false, inComment = false, inCharLiteral = false
        for c in lisp {
            if inComment { if c == "\n" { inComment = false }; continue }
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if inCharLiteral { inCharLiteral = false; continue }
            if inString { if c == "\"" { inString = false }; continue }
            switch c {
            case "\"": inString = true
            case ";": inComment = true
            case "?": inCharLiteral = true
            case "(": depth += 1
            case ")": depth -= 1; #expect(depth >= 0, "taskpaper-lsp.el closes a parenthesis it never opened")
            default: break
            }
        }
        #expect(depth == 0 && !inString, "taskpaper-lsp.el has unbalanced parentheses or an open string")
    }

    @Test func everyEditorHasAReadme() throws {
        for editor in ["neovim", "helix", "vscode", "emacs"] {
            let readme = try Self.text("\(editor)/README.md")
            #expect(readme.contains("taskpaper-lsp"), "editors/\(editor)/README.md should say how to get the server")
        }
    }

    /// JSON-ish equality for the settings defaults.
    static func same(_ a: Any?, _ b: Any) -> Bool {
        switch (a, b) {
        case (let x as Bool, let y as Bool) where type(of: b) == Bool.self: return x == y
        case (let x as Int, let y as Int): return x == y
        case (let x as String, let y as String): return x == y
        case (let x as [String], let y as [String]): return x == y
        case (let x as [String: Bool], let y as [String: Bool]): return x == y
        default: return false
        }
    }
}
