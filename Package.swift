// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "taskpaper-lsp",
    products: [
        .executable(name: "taskpaper-lsp", targets: ["taskpaper-lsp"]),
        .library(name: "TaskPaper", targets: ["TaskPaper"]),
    ],
    targets: [
        // The format itself: lines, tags, dates, edits. No LSP, no I/O.
        .target(name: "TaskPaper", exclude: ["README.md", "Search/README.md", "JSRegex/README.md", "Planning/README.md"]),
        // The language server: JSON-RPC framing, protocol types, dispatch, features.
        .target(name: "TaskPaperServer", dependencies: ["TaskPaper"], exclude: ["README.md", "PERFORMANCE.md"]),
        // The commands besides serving: check, agenda, search, focus, report, ics, add, and the MCP server.
        .target(name: "TaskPaperCommands", dependencies: ["TaskPaperServer", "TaskPaper"], exclude: ["README.md"]),
        // The thin executable: the language server over stdio, or one of the commands.
        .executableTarget(name: "taskpaper-lsp", dependencies: ["TaskPaperCommands", "TaskPaperServer"]),
        // The performance figures of Sources/TaskPaperServer/PERFORMANCE.md: `swift build -c release --static-swift-stdlib`, then
        // `.build/release/taskpaper-bench` (the server built as the READMEs install it).
        .executableTarget(name: "taskpaper-bench", dependencies: ["TaskPaperServer", "TaskPaper"]),
        .testTarget(name: "TaskPaperTests", dependencies: ["TaskPaper"]),
        .testTarget(name: "TaskPaperServerTests", dependencies: ["TaskPaperServer", "TaskPaper", "taskpaper-lsp"]),
    ]
)
