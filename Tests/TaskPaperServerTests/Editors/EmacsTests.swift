import Foundation
import Testing

/// The Emacs setup of `editors/emacs/README.md`, with eglot and with lsp-mode, in a real Emacs: a fresh
/// home folder gets the README's install step and, as its init file, the README's setup for the client;
/// then `Tests/Editors/emacs_test.el` (eglot) or `emacs_lsp_mode_test.el` opens a document and presses
/// the keys (the checks: `Tests/Editors/emacs_checks.el`).
///
/// Emacs comes from `TASKPAPER_EMACS` or `emacs` on PATH; eglot and lsp-mode from the packages that
/// Emacs finds by itself (Debian's `elpa-eglot` and `elpa-lsp-mode`, which `.ci/run` installs). Without
/// them a test skips with the reason, except in CI: there it fails.
@Suite struct EmacsTests {
    enum Client: String {
        case eglot, lspMode = "lsp-mode"
        var script: String { self == .eglot ? "emacs_test.el" : "emacs_lsp_mode_test.el" }
        /// The README section whose first elisp block is this client's init file.
        var section: String { self == .eglot ? "Setup" : "With lsp-mode instead of eglot" }
    }

    static var emacs: String? { HelixTests.executable("emacs", variable: "TASKPAPER_EMACS") }

    /// The clients this Emacs loads on a fresh account (none when there is no Emacs).
    static let clients: Set<String> = {
        guard let emacs,
            let home = try? FileManager.default.url(
                for: .itemReplacementDirectory, in: .userDomainMask,
                appropriateFor: FileManager.default.temporaryDirectory, create: true)
        else { return [] }
        defer { try? FileManager.default.removeItem(at: home) }
        let found = try? HelixTests.run(
            emacs,
            [
                "--batch", "--eval",
                #"(dolist (l '("eglot" "lsp-mode")) (when (locate-library l) (princ (format "found %s\n" l))))"#,
            ],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        return Set(
            (found?.output ?? "").split(separator: "\n").compactMap { line in
                line.hasPrefix("found ") ? String(line.dropFirst(6)) : nil
            })
    }()

    /// Why the client can't be run here, in one line; nil when it can.
    static func missing(_ client: Client) -> String? {
        guard let emacs else {
            return "Emacs not found: `apt-get install emacs-nox elpa-eglot elpa-lsp-mode` to run the Emacs tests"
        }
        guard FileManager.default.isExecutableFile(atPath: emacs) else { return "\(emacs) is not an executable file" }
        guard clients.contains(client.rawValue) else {
            return "this Emacs has no \(client.rawValue): `apt-get install elpa-\(client.rawValue)` to run its test"
        }
        return nil
    }

    static func runs(_ client: Client) -> Bool { missing(client) == nil || NeovimTests.inCI }

    @Test(.enabled(if: runs(.eglot), Comment(rawValue: missing(.eglot) ?? "")), .timeLimit(.minutes(2)))
    func eglotSetupAsWrittenWorksAgainstTheRealServer() throws {
        try Self.check(.eglot)
    }

    @Test(.enabled(if: runs(.lspMode), Comment(rawValue: missing(.lspMode) ?? "")), .timeLimit(.minutes(2)))
    func lspModeSetupAsWrittenWorksAgainstTheRealServer() throws {
        try Self.check(.lspMode)
    }

    /// A fresh account with the README's install step and the client's setup as its init file, then the
    /// client's script in batch Emacs.
    static func check(_ client: Client) throws {
        if let reason = missing(client) {
            Issue.record("Emacs with \(client.rawValue) is required in CI: \(reason)")
            return
        }
        guard let emacs else { return }
        let readme = try HelixTests.readme("editors/emacs/README.md")
        let account = try HelixTests.Account()
        defer { account.remove() }
        let installs = HelixTests.blocks(readme, language: "sh").filter { $0.contains("~/.local/bin") }
        #expect(!installs.isEmpty, "editors/emacs/README.md has no block that installs the server")
        for block in installs { try account.runBlock(block, from: "editors/emacs/README.md") }

        let setup = try #require(
            HelixTests.blocks(HelixTests.section(readme, client.section), language: "elisp").first,
            "editors/emacs/README.md has no elisp block under \"## \(client.section)\"")
        let initFile = account.home.appendingPathComponent(".emacs.d/init.el")
        try FileManager.default.createDirectory(
            at: initFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try setup.replacingOccurrences(of: "/path/to/taskpaper-lsp", with: account.checkout.path)
            .write(to: initFile, atomically: true, encoding: .utf8)

        let script = HelixTests.repository.appendingPathComponent("Tests/Editors/\(client.script)")
        // Batch Emacs reads no init file and activates no package by itself: an interactive one activates
        // the installed packages (eglot's and lsp-mode's autoloads), then reads the init file.
        let result = try HelixTests.run(
            emacs, ["--batch", "-f", "package-activate-all", "-l", initFile.path, "-l", script.path],
            environment: account.environment, directory: account.home)
        #expect(
            result.status == 0 && result.output.contains("PASS"),
            "Emacs with \(client.rawValue), set up as editors/emacs/README.md says:\n\(result.output)")
    }
}
