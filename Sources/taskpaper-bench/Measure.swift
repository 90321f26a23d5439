import Foundation
import TaskPaperServer

/// Wall-clock timing in milliseconds.
enum Measure {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func ms(_ from: UInt64, _ to: UInt64 = now()) -> Double { Double(to - from) / 1e6 }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let t0 = now()
        try body()
        return ms(t0)
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func p90(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? .nan : s[min(s.count - 1, Int(Double(s.count) * 0.9))]
    }
}

/// Line numbers spread over a document, the same way for every size.
func spreadLines(count: Int, lines: Int) -> [Int] {
    (0..<count).map { ($0 * 7919) % max(1, lines - 2) }
}

/// The edits the benchmarks send to one document, each the next version.
struct EditSequence {
    let uri: JSON
    private var version = 1

    init(uri: JSON) { self.uri = uri }

    /// The `didChange` params of one edit on one line.
    mutating func next(line: Int, from: Int, to: Int, insert: String) -> JSON {
        version += 1
        return didChangeParams(uri: uri, version: version, line: line, from: from, to: to, insert: insert)
    }
}

private func didChangeParams(uri: JSON, version: Int, line: Int, from: Int, to: Int, insert: String) -> JSON {
    [
        "textDocument": ["uri": uri, "version": .int(version)],
        "contentChanges": [
            [
                "range": [
                    "start": ["line": .int(line), "character": .int(from)],
                    "end": ["line": .int(line), "character": .int(to)],
                ],
                "text": .string(insert),
            ]
        ],
    ]
}
