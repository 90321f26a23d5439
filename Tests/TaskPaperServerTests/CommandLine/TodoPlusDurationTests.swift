import Foundation
import Testing

/// Durations read as Todo+ reads them, through the binary: `Tests/Data/todoplus-durations.tsv` holds
/// Todo+'s own readings (how they were made: `Tests/Data/todoplus-durations.md`), and our reading where
/// we knowingly differ, with the reason the README's Time section gives.
@Suite struct TodoPlusDurationTests {
    struct Row {
        var value: String
        var todoPlus: Int?
        /// What `taskpaper-lsp report` must print: Todo+'s reading, or ours where the row has a reason.
        var expected: Int?
        var reason: String
    }

    static let data = NeovimTests.repository.appendingPathComponent("Tests/Data")

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: data.appendingPathComponent("todoplus-durations.tsv"), encoding: .utf8)
        let lines = text.split(separator: "\n").dropFirst()
        return try lines.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 4, "\(line)")
            let todoPlus = fields[1] == "none" ? nil : try #require(Int(fields[1]), "\(line)")
            let ours = fields[2] == "none" ? nil : Int(fields[2])
            return Row(
                value: fields[0], todoPlus: todoPlus, expected: fields[3].isEmpty ? todoPlus : ours, reason: fields[3])
        }
    }

    /// The estimate and `@lasted` the report prints for each line of `text`, by line number.
    static func report(_ text: String) throws -> [Int: (estimate: Int?, lasted: Int?)] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-durations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try text.write(to: dir.appendingPathComponent("durations.taskpaper"), atomically: true, encoding: .utf8)
        let run = try AgendaSearchCommandTests.run(["report", "--format", "json", "durations.taskpaper"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        var byLine: [Int: (estimate: Int?, lasted: Int?)] = [:]
        for group in json["groups"] as? [[String: Any]] ?? [] {
            for item in group["items"] as? [[String: Any]] ?? [] {
                guard let line = item["line"] as? Int else { continue }
                byLine[line] = (item["estimateSeconds"] as? Int, item["lastedSeconds"] as? Int)
            }
        }
        return byLine
    }

    @Test func everyValueReadsAsTodoPlusReadsItOrAsTheTableSaysWeDiffer() throws {
        let rows = try Self.rows()
        let text = rows.map { "- t @done(2026-11-27) @est(\($0.value)) @lasted(\($0.value))\n" }.joined()
        let printed = try Self.report(text)
        #expect(printed.count == rows.count)
        for (index, row) in rows.enumerated() {
            let got = printed[index + 1]
            #expect(
                got?.estimate == row.expected, "@est(\(row.value)): Todo+ \(row.todoPlus.map(String.init) ?? "none")")
            #expect(got?.lasted == row.expected, "@lasted(\(row.value))")
            if !row.reason.isEmpty {
                #expect(row.expected != row.todoPlus, "\(row.value) is said to differ but agrees")
            }
        }
    }

    @Test func everyReasonWeDifferIsInTheReadmesTimeSection() throws {
        let readme = Self.data.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TaskPaper/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n## Time\n"))
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let time = section[..<end]
        let reasons = Set(try Self.rows().map(\.reason).filter { !$0.isEmpty })
        #expect(!reasons.isEmpty)
        for reason in reasons.sorted() {
            let named = time.contains("`\(reason)`")
            #expect(named, "the Time section names no reason `\(reason)`")
        }
    }
}
