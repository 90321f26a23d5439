import Foundation
import Testing
import TaskPaperServer

/// Safe indexing beyond WorkspaceIndexTests: the scan and the
/// watched-file re-reads never leave the workspace folder through a link,
/// never block on or crash over odd entries, skip files over the size limit
/// with a log line, and the server writes no file anywhere.
@Suite struct SafeIndexingTests {
    @Test func watchedFileEventsNeverLeadThroughALinkOrOutOfTheFolder() throws {
        let outside = try TempWorkspace(["secret.taskpaper": "- Outside task @secret\n"])
        let ws = try TempWorkspace([
            "inside.taskpaper": "- Inside task @secret\n", "sub/keep.taskpaper": "- Kept task\n",
        ])
        try FileManager.default.createSymbolicLink(at: ws.url("linked"), withDestinationURL: outside.root)
        try FileManager.default.createSymbolicLink(at: ws.url("sub/deeper"), withDestinationURL: outside.root)
        try FileManager.default.createSymbolicLink(
            at: ws.url("file-link.taskpaper"), withDestinationURL: outside.url("secret.taskpaper"))
        let c = try LSPClient.indexing(
            ws, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        // A client names files behind the links (as a watcher following them would), or outside altogether.
        try c.changeWatchedFiles([
            (ws.uri("linked/secret.taskpaper"), 1), (ws.uri("sub/deeper/secret.taskpaper"), 1),
            (ws.uri("file-link.taskpaper"), 1), (ws.rootURI + "/sub/../linked/secret.taskpaper", 1),
            (outside.uri("secret.taskpaper"), 1), (ws.uri("sub/keep.taskpaper"), 2),
        ])
        #expect(
            try WorkspaceIndexTests.symbols(c, "") == [
                "Inside task (inside.taskpaper:0)", "Kept task (keep.taskpaper:0)",
            ])
        // Nor do references or a rename reach the file outside.
        c.open("file:///open.taskpaper", "- here @secret\n")
        let refs = try c.request(
            "textDocument/references",
            LSPClient.at("file:///open.taskpaper", 0, 9, ["context": ["includeDeclaration": true]]))
        #expect(
            Set(refs.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []) == [
                "file:///open.taskpaper", ws.uri("inside.taskpaper"),
            ])
        let rename = try c.request(
            "textDocument/rename", LSPClient.at("file:///open.taskpaper", 0, 9, ["newName": "hidden"]))
        #expect(
            Set(rename["changes"]?.objectValue?.keys.map { $0 } ?? []) == [
                "file:///open.taskpaper", ws.uri("inside.taskpaper"),
            ])
        #expect(try c.shutdownAndExit() == 0)
    }

    /// A FIFO (opening it would block), a dangling link, a link loop, a folder
    /// named like a file, a name that isn't UTF-8, empty and binary content.
    @Test func oddEntriesNeitherBlockNorStopTheScan() throws {
        let ws = try TempWorkspace([
            "plain.taskpaper": "- Plain task\n", "folder.taskpaper/real.taskpaper": "- Real task\n",
            "empty.taskpaper": "", "crlf.taskpaper": "P:\r\n\t- CR task\r",
        ])
        try ws.write(
            "binary.taskpaper", Data([0x00, 0xFF, 0xFE, 0x0A, 0x2D, 0x20, 0x42, 0x69, 0x6E, 0x0A, 0xC0, 0x00]))
        #expect(mkfifo(ws.url("pipe.taskpaper").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: ws.url("dangling.taskpaper").path, withDestinationPath: "/nonexistent/x.taskpaper")
        try FileManager.default.createSymbolicLink(atPath: ws.url("loop").path, withDestinationPath: ".")
        // "café.taskpaper" in Latin-1: a name that is no UTF-8.
        let latin1 = Array((ws.root.path + "/caf").utf8) + [0xE9] + Array(".taskpaper".utf8) + [0]
        let fd = latin1.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(fd >= 0)
        close(fd)

        let c = try LSPClient.indexing(
            ws, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let expected = [
            "P (crlf.taskpaper:0)", "CR task in P (crlf.taskpaper:1)", "Bin (binary.taskpaper:1)",
            "Plain task (plain.taskpaper:0)", "Real task (real.taskpaper:0)",
        ]
        #expect(Set(try WorkspaceIndexTests.symbols(c, "")) == Set(expected))
        // Re-reading them on request neither blocks the disk reads nor adds anything.
        try c.changeWatchedFiles([
            (ws.uri("pipe.taskpaper"), 2), (ws.uri("dangling.taskpaper"), 2),
            (ws.uri("folder.taskpaper"), 2), (ws.uri("loop/plain.taskpaper"), 2),
        ])
        try ws.write("plain.taskpaper", "- Plain task, changed\n")
        try c.changeWatchedFiles([(ws.uri("plain.taskpaper"), 2)])
        #expect(
            Set(try WorkspaceIndexTests.symbols(c, ""))
                == Set(
                    expected.map {
                        $0 == "Plain task (plain.taskpaper:0)" ? "Plain task, changed (plain.taskpaper:0)" : $0
                    }))
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func aFileAtTheSizeLimitIsReadAndOneByteMoreIsSkippedWithALogLine() throws {
        let ws = try TempWorkspace()
        // Sparse files: the size is what counts, and it costs no disk.
        for (name, task, size) in [
            ("at.taskpaper", "- At the limit\n", 32 << 20), ("over.taskpaper", "- Over the limit\n", (32 << 20) + 1),
        ] {
            try ws.write(name, task)
            let handle = try FileHandle(forWritingTo: ws.url(name))
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
        }
        let c = try LSPClient()
        try c.initialize(rootURI: ws.rootURI)
        let skipped = try c.waitForNotification("window/logMessage") {
            $0["message"]?.stringValue?.contains("over.taskpaper") == true
        }
        #expect(skipped["type"] == 3)
        #expect(skipped["message"]?.stringValue?.hasSuffix("is over the 32 MB limit") == true)
        try c.waitForIndex()
        #expect(try WorkspaceIndexTests.symbols(c, "limit") == ["At the limit (at.taskpaper:0)"])
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Indexing, watched-file events, edits, a rename and the task commands:
    /// the workspace, the folder a link leads to, the working folder, HOME and
    /// TMPDIR are exactly as before (names, kinds, sizes, modification times).
    @Test func theServerWritesNoFile() throws {
        let outside = try TempWorkspace(["target.taskpaper": "- Linked task @x\n"])
        let ws = try TempWorkspace([
            "a.taskpaper": "Home:\n\t- Task @x @due(2025-02-30)\n\t- Done @done(2026-01-01)\n",
            "b/b.taskpaper": "- Other @x\n", "notes.txt": "not indexed\n",
        ])
        let home = try TempWorkspace(), tmp = try TempWorkspace()
        try FileManager.default.createSymbolicLink(at: ws.url("link"), withDestinationURL: outside.root)
        let folders = [ws.root, outside.root, home.root, tmp.root]
        let before = try folders.map(Self.snapshot)

        let c = try LSPClient(environment: ["HOME": home.root.path, "TMPDIR": tmp.root.path], directory: ws.root)
        try c.initialize(
            capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true], "applyEdit": true]],
            rootURI: ws.rootURI)
        try c.waitForIndex()
        let uri = ws.uri("a.taskpaper")
        c.open(uri, try ws.read("a.taskpaper"))
        c.change(uri, version: 2, [LSPClient.edit(1, 3, 1, 7, "Job")])
        _ = try c.request("textDocument/rename", LSPClient.at(uri, 1, 8, ["newName": "y"]))
        for command in ["taskpaper.markDone", "taskpaper.archiveDone"] {
            _ = try c.request(
                "workspace/executeCommand",
                ["command": .string(command), "arguments": [.string(uri), LSPClient.position(1, 0)]])
        }
        try c.changeWatchedFiles([(uri, 2), (ws.uri("b/b.taskpaper"), 3), (ws.uri("link/target.taskpaper"), 1)])
        c.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(try c.shutdownAndExit() == 0)
        // The edits went to the client, never to disk.
        #expect(c.received.contains { $0["method"] == "workspace/applyEdit" })
        #expect(try folders.map(Self.snapshot) == before)
    }

    /// Every entry under a folder (links not followed) with its kind, size and modification time.
    static func snapshot(_ folder: URL) throws -> [String] {
        var out: [String] = []
        var pending = [folder.path]
        while let current = pending.popLast() {
            for name in try FileManager.default.contentsOfDirectory(atPath: current).sorted() {
                let path = current + "/" + name
                var st = stat()
                guard lstat(path, &st) == 0 else { out.append("\(path) unreadable"); continue }
                out.append(
                    "\(path) mode \(st.st_mode) size \(st.st_size) mtime \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)")
                if st.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
            }
        }
        return out.sorted()
    }
}
