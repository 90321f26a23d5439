import Foundation

/// SplitMix64: a small seeded generator, so a failing random test replays
/// exactly from the seed it prints.
struct SeededRandom: RandomNumberGenerator {
    let seed: UInt64
    private var state: UInt64

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The seed from `variable` in the environment (decimal or 0x hex), else a fresh one.
    init(environment variable: String) {
        let text = ProcessInfo.processInfo.environment[variable] ?? ""
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        self.init(seed: parsed ?? UInt64.random(in: 1...UInt64.max))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &self) == 0 }

    mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &self)! }

    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) } }
}
