import Foundation
import TaskPaper

extension SeededRandom {
    /// The seed from `variable` in the environment (decimal or 0x hex), else a fresh one.
    init(environment variable: String) {
        let text = ProcessInfo.processInfo.environment[variable] ?? ""
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        self.init(seed: parsed ?? UInt64.random(in: 1...UInt64.max))
    }
}
