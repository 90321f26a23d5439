import Foundation
import Testing
import TaskPaper
import TaskPaperServer

/// `taskpaper-lsp add` from a shell: a task into a project of a file, which is replaced whole and never lost.
@Suite struct AddCommandTests {
    static func add(
        _ args: [String], in ws: TempWorkspace, environment: [String: String] = [:], input: String? = nil
    ) throws -> CheckCommandTests.Run {
        try AgendaSearchCommandTests.run(["add"] + args, in: ws.root, environment: environment, input: input)
    }

    static func bytes(_ ws: TempWorkspace, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: ws.url(name)))
    }

    @Test func theTaskIsTheLastChildOfInboxAndTheCommandSaysWhere() throws {
        let ws = try TempWorkspace(["inbox.taskpaper": "Inbox:\n\t- call mum\n\n\tnotes\nWork:\n\t- report\n"])
        let r = try Self.add(["--to", "inbox.taskpaper", "Buy", "milk", "@due(tomorrow)"], in: ws)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        // The relative date is written as typed; the task goes after the project's last item, before the blank.
        #expect(
            try ws.read("inbox.taskpaper")
                == "Inbox:\n\t- call mum\n\n\tnotes\n\t- Buy milk @due(tomorrow)\nWork:\n\t- report\n")
        #expect(r.stdout == "inbox.taskpaper:5: - Buy milk @due(tomorrow)\n")
        let line = try ws.read("inbox.taskpaper").split(separator: "\n", omittingEmptySubsequences: false)[4]
        #expect(line == "\t- Buy milk @due(tomorrow)")
    }

    @Test func aTextThatIsATaskAlreadyKeepsItsDash() throws {
        let ws = try TempWorkspace(["inbox.taskpaper": "Inbox:\n"])
        let r = try Self.add(["--to", "inbox.taskpaper", "- stamps"], in: ws)
        #expect(r.status == 0)
        #expect(try ws.read("inbox.taskpaper") == "Inbox:\n\t- stamps\n")
    }

    @Test func theFileComesFromTheEnvironmentElseTheCommandSaysHowToSetOne() throws {
        let ws = try TempWorkspace(["mine.taskpaper": "Inbox:\n\t- a\n"])
        let r = try Self.add(["b"], in: ws, environment: ["TASKPAPER_INBOX": "mine.taskpaper"])
        #expect(r.status == 0)
        #expect(r.stdout == "mine.taskpaper:3: - b\n")
        #expect(try ws.read("mine.taskpaper") == "Inbox:\n\t- a\n\t- b\n")

        let none = try Self.add(["b"], in: ws)
        #expect(none.status == 2)
        #expect(none.stderr.contains("--to FILE") && none.stderr.contains("TASKPAPER_INBOX"))
        #expect(try ws.read("mine.taskpaper") == "Inbox:\n\t- a\n\t- b\n")
    }

    @Test func aMissingFileIsCreatedButNotItsFolder() throws {
        let ws = try TempWorkspace()
        let r = try Self.add(["--to", "new.taskpaper", "first"], in: ws)
        #expect(r.status == 0)
        #expect(r.stdout == "new.taskpaper:2: - first\n")
        #expect(try ws.read("new.taskpaper") == "Inbox:\n\t- first\n")

        let missing = try Self.add(["--to", "no/such/new.taskpaper", "first"], in: ws)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("folder does not exist"))
        #expect(!FileManager.default.fileExists(atPath: ws.url("no").path))
    }

    @Test func theMissingProjectsOfAPathAreMadeUnderTheDeepestThatExists() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Work:\n\t- report\nHome:\n\t- paint\n"])
        let r = try Self.add(["--to", "a.taskpaper", "--project", "Work / Errands / Bank / Counter", "pay in"], in: ws)
        #expect(r.status == 0)
        #expect(
            try ws.read("a.taskpaper")
                == "Work:\n\t- report\n\tErrands:\n\t\tBank:\n\t\t\tCounter:\n\t\t\t\t- pay in\nHome:\n\t- paint\n")
        #expect(r.stdout == "a.taskpaper:6: - pay in\n")

        // Found now: the next task goes under the same project, after the first.
        let again = try Self.add(
            ["--to", "a.taskpaper", "--project", "Work / Errands / Bank / Counter", "ask"], in: ws)
        #expect(again.stdout == "a.taskpaper:7: - ask\n")
        #expect(try ws.read("a.taskpaper").contains("\t\t\t\t- pay in\n\t\t\t\t- ask\nHome:"))
    }

    @Test func aPathOfWhichNoProjectExistsStartsAtTheTopOfTheFile() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Home:\n\t- paint\n"])
        let r = try Self.add(["--to", "a.taskpaper", "--project", "Trips / Rome / Packing", "passport"], in: ws)
        #expect(r.status == 0)
        #expect(try ws.read("a.taskpaper") == "Trips:\n\tRome:\n\t\tPacking:\n\t\t\t- passport\nHome:\n\t- paint\n")
        #expect(r.stdout == "a.taskpaper:4: - passport\n")
    }

    @Test func crlfAndSpaceIndentedFilesKeepTheirWays() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Home:\r\n  - x\r\n    - y\r\n\r\nOther:\r\n"])
        #expect(
            try Self.add(["--to", "a.taskpaper", "--project", "Home", "new"], in: ws).stdout == "a.taskpaper:4: - new\n"
        )
        let r = try Self.add(["--to", "a.taskpaper", "--project", "Other / Sub", "deep"], in: ws)
        #expect(r.stdout == "a.taskpaper:8: - deep\n")
        #expect(
            try ws.read("a.taskpaper")
                == "Home:\r\n  - x\r\n    - y\r\n  - new\r\n\r\nOther:\r\n  Sub:\r\n    - deep\r\n")
    }

    @Test func emojiInTasksAndProjects() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Café ☕️:\n\t- 👍🏽 old\n"])
        let r = try Self.add(
            ["--to", "a.taskpaper", "--project", "Café ☕️ / 🎂 Party", "👨‍👩‍👧 invite", "@due(2026-12-01)"], in: ws)
        #expect(r.status == 0)
        #expect(r.stdout == "a.taskpaper:4: - 👨‍👩‍👧 invite @due(2026-12-01)\n")
        #expect(try ws.read("a.taskpaper") == "Café ☕️:\n\t- 👍🏽 old\n\t🎂 Party:\n\t\t- 👨‍👩‍👧 invite @due(2026-12-01)\n")
    }

    @Test func standardInputGivesOneTaskALine() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Inbox:\n\t- a\n"])
        let r = try Self.add(["--to", "a.taskpaper", "-"], in: ws, input: "from mail\r\n\n- second @today\nthird")
        #expect(r.status == 0)
        #expect(r.stdout == "a.taskpaper:3: - from mail\na.taskpaper:4: - second @today\na.taskpaper:5: - third\n")
        #expect(try ws.read("a.taskpaper") == "Inbox:\n\t- a\n\t- from mail\n\t- second @today\n\t- third\n")
    }

    @Test func anEmptyTextOrOneThatSpansLinesIsRefused() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Inbox:\n\t- a\n"])
        for text in ["", "  ", "two\nlines", "two\rlines"] {
            let r = try Self.add(["--to", "a.taskpaper", text], in: ws)
            #expect(r.status == 2)
            #expect(r.stderr.contains("nothing was added"))
        }
        #expect(try Self.add(["--to", "a.taskpaper", "-"], in: ws, input: "\n \n").status == 2)
        // A project path over two lines would write a stray line above the project.
        let twoLines = try Self.add(["--to", "a.taskpaper", "--project", "A\nB", "x"], in: ws)
        #expect(twoLines.status == 2 && twoLines.stderr.contains("on one line"))
        #expect(try ws.read("a.taskpaper") == "Inbox:\n\t- a\n")
    }

    @Test func findingsOnTheNewTaskGoToStandardErrorAsCheckPrintsThem() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Inbox:\n\t- old @due(2020-01-01)\n"])
        let r = try Self.add(["--to", "a.taskpaper", "new @next @next @due(2026-02-30)"], in: ws)
        #expect(r.status == 0)
        #expect(try ws.read("a.taskpaper").hasSuffix("\t- new @next @next @due(2026-02-30)\n"))
        let check = try CheckCommandTests.check(["a.taskpaper"], in: ws.root)
        let onTheNewLine = check.stdout.split(separator: "\n").filter { $0.hasPrefix("a.taskpaper:3:") }
        #expect(onTheNewLine.count >= 2)
        // The old task's overdue date is not the add's business.
        #expect(r.stderr.split(separator: "\n") == onTheNewLine)
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetIsWritten() throws {
        let ws = try TempWorkspace(["real/inbox.taskpaper": "Inbox:\n"])
        try FileManager.default.createSymbolicLink(
            atPath: ws.url("link.taskpaper").path, withDestinationPath: "real/inbox.taskpaper")
        let r = try Self.add(["--to", "link.taskpaper", "through the link"], in: ws)
        #expect(r.status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: ws.url("link.taskpaper").path)
                == "real/inbox.taskpaper")
        #expect(try ws.read("real/inbox.taskpaper") == "Inbox:\n\t- through the link\n")
    }

    @Test func theFileKeepsItsMode() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Inbox:\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: ws.url("a.taskpaper").path)
        #expect(try Self.add(["--to", "a.taskpaper", "x"], in: ws).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: ws.url("a.taskpaper").path)[.posixPermissions]
        #expect(mode as? Int == 0o640)
    }

    @Test func aFileThatIsNotUTF8OrAFolderIsRefusedAndLeftAsItWas() throws {
        let ws = try TempWorkspace()
        let latin1: [UInt8] = Array("Inbox:\n\t- caf".utf8) + [0xE9] + Array("\n".utf8)
        try ws.write("latin1.taskpaper", Data(latin1))
        let r = try Self.add(["--to", "latin1.taskpaper", "x"], in: ws)
        #expect(r.status == 2)
        #expect(r.stderr.contains("latin1.taskpaper: it is not UTF-8 text"))
        #expect(r.stdout.isEmpty)
        #expect(try Self.bytes(ws, "latin1.taskpaper") == latin1)

        try FileManager.default.createDirectory(at: ws.url("folder.taskpaper"), withIntermediateDirectories: false)
        let folder = try Self.add(["--to", "folder.taskpaper", "x"], in: ws)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("it is a folder"))
        // No new file was left beside them.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: ws.root.path).sorted() == [
                "folder.taskpaper", "latin1.taskpaper",
            ])
    }

    @Test func aHundredAddsAtOnceAllLandEachOnce() throws {
        let ws = try TempWorkspace(["a.taskpaper": "Inbox:\n\t- first\n"])
        let processes = try (1...100).map { n in
            let p = Process()
            p.executableURL = LSPClient.binary
            p.arguments = ["add", "--to", "a.taskpaper", "task \(n)"]
            p.currentDirectoryURL = ws.root
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let lines = try ws.read("a.taskpaper").split(separator: "\n")
        #expect(lines.count == 102)
        #expect(lines.prefix(2) == ["Inbox:", "\t- first"])
        #expect(Set(lines.dropFirst(2)) == Set((1...100).map { "\t- task \($0)" }))
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.root.path) == ["a.taskpaper"])
    }

    @Test func aFileSavedByAnEditorWhileTheTaskIsAddedIsReadAgain() throws {
        // Large enough that the add is still at work when the editor saves.
        let tasks = (0..<200_000).map { "\t- task \($0) @due(2026-12-01)\n" }.joined()
        let ws = try TempWorkspace(["a.taskpaper": "Inbox:\n" + tasks])
        let add = Process()
        add.executableURL = LSPClient.binary
        add.arguments = ["add", "--to", "a.taskpaper", "captured"]
        add.currentDirectoryURL = ws.root
        add.standardOutput = FileHandle.nullDevice
        try add.run()
        // Editors take no lock: this one saves in place once the add has read the whole file.
        let path = ws.url("a.taskpaper").resolvingSymlinksInPath().path
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        while add.isRunning, Self.readOffset(of: path, by: add.processIdentifier) != size {}
        let editor = try FileHandle(forUpdating: ws.url("a.taskpaper"))
        try editor.seekToEnd()
        try editor.write(contentsOf: Data("- saved by an editor\n".utf8))
        try editor.close()
        add.waitUntilExit()
        #expect(add.terminationStatus == 0)
        let lines = try ws.read("a.taskpaper").split(separator: "\n")
        #expect(lines.filter { $0 == "- saved by an editor" }.count == 1)
        #expect(lines.filter { $0 == "\t- captured" }.count == 1)
        #expect(lines.count == 200_003)
    }

    /// How far the process has read the file, from its open descriptor's `pos` in /proc; nil when it has none.
    static func readOffset(of path: String, by pid: Int32) -> Int? {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        for fd in fds
        where (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == path {
            let info = (try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)) ?? ""
            let pos = info.split(separator: "\n").first { $0.hasPrefix("pos:") }
            return pos.flatMap { Int($0.dropFirst(4).trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    @Test func aServerWatchingTheWorkspaceFindsTheAddedTaskInSymbolsAndSearches() throws {
        let ws = try TempWorkspace(["inbox.taskpaper": "Inbox:\n\t- call mum\n"])
        let c = try LSPClient.indexing(
            ws, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        #expect(try WorkspaceIndexTests.symbols(c, "milk") == [])
        let r = try Self.add(["--to", ws.url("inbox.taskpaper").path, "Buy milk"], in: ws)
        #expect(r.stdout == "\(ws.url("inbox.taskpaper").path):3: - Buy milk\n")
        try c.changeWatchedFiles([(ws.uri("inbox.taskpaper"), 2)])
        #expect(try WorkspaceIndexTests.symbols(c, "milk") == ["Buy milk in Inbox (inbox.taskpaper:2)"])
        let found = try c.request(
            "workspace/executeCommand", ["command": "taskpaper.search", "arguments": [["query": "milk"]]])
        #expect(
            (found.arrayValue ?? []).map { "\(ws.relative($0["uri"]?.stringValue ?? "")) \($0.rangeTuple)" }
                == ["inbox.taskpaper [2, 1, 2, 11]"])
        #expect(try c.shutdownAndExit() == 0)
    }
}
