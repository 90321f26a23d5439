import Foundation
import TaskPaperServer

/// One didChange of many changes, as a multi-cursor edit, a re-indent or a formatting result sends it:
/// 2,000 one-character inserts spread over the document, timed from sending the
/// notification to the last byte of its publishDiagnostics, on a fresh server. Its cost should follow
/// what it changes, not how many findings the document has: the same figure with a finding on every line.
enum BatchedEditBench {
    static let changeCount = 2_000

    /// The document with a finding on every line (`@id` is reserved: `tag-reserved`).
    static func everyLineFlagged(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + " @id(1)" }.joined(separator: "\n")
    }

    /// Median of three batches (each undone by a second batch, not timed).
    static func run(server: String, text: String) throws -> Double {
        let (c, _) = try StdioBench.openOnFreshServer(server, text)
        defer { c.close() }
        let lineCount = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let lines = Set(spreadLines(count: changeCount, lines: lineCount)).sorted()
        var version = 1
        func batch(inserting: Bool) {
            version += 1
            let changes: [JSON] = lines.map { line in
                [
                    "range": [
                        "start": ["line": .int(line), "character": 0],
                        "end": ["line": .int(line), "character": inserting ? 0 : 1],
                    ],
                    "text": inserting ? "x" : "",
                ]
            }
            c.notify(
                "textDocument/didChange",
                ["textDocument": ["uri": StdioBench.uri, "version": .int(version)], "contentChanges": .array(changes)])
        }
        let times = try (0..<3).map { _ in
            let t = Measure.now()
            batch(inserting: true)
            let ms = Measure.ms(t, try c.wait(until: StdioBench.isDiagnostics))
            batch(inserting: false)
            _ = try c.wait(until: StdioBench.isDiagnostics)
            return ms
        }
        return Measure.median(times)
    }
}
