import Foundation
import Testing

/// The server every README installs (`swift build -c release --static-swift-stdlib`) carries Swift's
/// runtime: it needs no library from the toolchain's folder, so removing or upgrading Swift leaves it
/// running in every editor.
///
/// The release binary comes from `TASKPAPER_RELEASE_LSP` (`.ci/run` builds it and sets it); without it
/// the test skips with the reason, except in CI: there it fails. readelf is binutils'.
@Suite struct StandaloneBinaryTests {
    static var release: URL? {
        guard let path = HelixTests.environment["TASKPAPER_RELEASE_LSP"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// The libraries a toolchain brings along, by name prefix: a binary that needs one dies with Swift.
    static let toolchainLibraries = ["libswift", "libdispatch", "libFoundation", "libBlocksRuntime"]

    /// Every install step builds the standalone server, so what the README installs is what is tested here.
    @Test func everyInstallStepBuildsWithTheSwiftRuntimeLinkedIn() throws {
        for path in [
            "README.md", "editors/README.md", "editors/helix/README.md", "editors/neovim/README.md",
            "editors/emacs/README.md", "editors/vscode/README.md",
        ] {
            let installs = HelixTests.blocks(try HelixTests.readme(path), language: "sh")
                .filter { $0.contains("~/.local/bin") }
            for block in installs {
                let builds = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { $0.hasPrefix("swift build") }
                #expect(
                    builds == ["swift build -c release --static-swift-stdlib"],
                    "\(path): its install step should build with `swift build -c release --static-swift-stdlib`, not \(builds)"
                )
            }
        }
    }

    @Test(
        .enabled(
            if: release != nil || NeovimTests.inCI,
            "no release server: TASKPAPER_RELEASE_LSP=$(swift build -c release --static-swift-stdlib --show-bin-path)/taskpaper-lsp after that build"
        ))
    func installedServerNeedsNoLibraryOfTheToolchain() throws {
        guard let release = Self.release else {
            Issue.record("the release server is required in CI: .ci/run builds it and sets TASKPAPER_RELEASE_LSP")
            return
        }
        guard let readelf = HelixTests.executable("readelf", variable: "TASKPAPER_READELF") else {
            Issue.record("readelf not found: `apt-get install binutils`")
            return
        }
        // Installed as the README says, on a fresh account.
        let account = try HelixTests.Account()
        defer { account.remove() }
        let install = try #require(
            HelixTests.blocks(try HelixTests.readme("README.md"), language: "sh").first { $0.contains("~/.local/bin") })
        try account.runBlock(install, from: "README.md")
        #expect(
            try Data(contentsOf: account.server) == Data(contentsOf: release),
            "the README's install step did not install \(release.path)")

        let dynamic = try HelixTests.run(readelf, ["-d", account.server.path])
        try #require(dynamic.status == 0, "readelf -d \(account.server.path):\n\(dynamic.output)")
        let needed = dynamic.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
        #expect(needed.contains("libc.so.6"), "readelf -d shows no NEEDED libc: \(dynamic.output)")
        let fromToolchain = needed.filter { name in Self.toolchainLibraries.contains { name.hasPrefix($0) } }
        #expect(fromToolchain.isEmpty, "the installed server needs the toolchain's \(fromToolchain); all: \(needed)")

        // And it starts with nothing of the toolchain on any path.
        let version = try HelixTests.run(
            account.server.path, ["--version"], environment: ["PATH": "/usr/bin:/bin", "HOME": account.home.path])
        #expect(version.status == 0 && version.output.contains("taskpaper-lsp"), "\(version.output)")
    }
}
