import TaskPaper

/// The fixed runs of JSON between a symbol's values, each in a 64-byte slot so `ReservedBytes.block`
/// copies it in whole 16-byte blocks (a few stores, no call and no length loop per byte).
struct SymbolRuns: @unchecked Sendable {
    enum Run: Int, CaseIterable {
        case open, detail, rangeStart, character, selectionStart, selectionEnd, closeLeaf, openChildren, closeChildren
        /// `kind`, `tags` and the range's start, by the symbol's kind and whether it is done.
        case projectStart, doneProjectStart, taskStart, doneTaskStart

        /// How many 16-byte blocks the run is copied in: a constant where the run is, so the copy
        /// unrolls into that many stores (`init` checks each run fits).
        var blocks: Int {
            switch self {
            case .open, .detail, .character, .selectionEnd, .closeLeaf, .openChildren, .closeChildren: 1
            case .rangeStart: 2
            case .selectionStart, .projectStart, .doneProjectStart, .taskStart, .doneTaskStart: 3
            }
        }
    }

    static let slot = 64

    /// Made once and never freed: every answer reads it.
    static let shared = SymbolRuns()

    // Pointers only: copying the runs into each writer retains nothing.
    private let base: UnsafeMutableRawPointer
    private let counts: UnsafeMutablePointer<Int>

    private init() {
        let texts = Run.allCases.map(SymbolRuns.text)
        base = UnsafeMutableRawPointer.allocate(byteCount: texts.count * SymbolRuns.slot, alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: texts.count * SymbolRuns.slot)
        for (k, text) in texts.enumerated() {
            precondition(text.count <= 16 * Run.allCases[k].blocks, "a run longer than its blocks")
            (base + k * SymbolRuns.slot).copyMemory(from: text, byteCount: text.count)
        }
        counts = UnsafeMutablePointer<Int>.allocate(capacity: texts.count)
        counts.initialize(from: texts.map(\.count), count: texts.count)
    }

    /// Where a run starts (readable in whole 16-byte blocks), how many of its bytes count and in how
    /// many blocks it is copied.
    @inline(__always) func run(_ r: Run) -> (UnsafeRawPointer, count: Int, blocks: Int) {
        (UnsafeRawPointer(base + r.rawValue * SymbolRuns.slot), counts[r.rawValue], r.blocks)
    }

    @inline(__always) func count(_ r: Run) -> Int { counts[r.rawValue] }

    /// The start of the symbol of an item of kind `kind`.
    @inline(__always) func start(_ kind: LineKind, done: Bool) -> (UnsafeRawPointer, count: Int, blocks: Int) {
        switch (kind == .project, done) {
        case (true, false): run(.projectStart)
        case (true, true): run(.doneProjectStart)
        case (false, false): run(.taskStart)
        case (false, true): run(.doneTaskStart)
        }
    }

    private static func text(_ run: Run) -> [UInt8] {
        switch run {
        case .open: Array("{\"name\":\"".utf8)
        case .detail: Array("\",\"detail\":\"".utf8)
        case .rangeStart: Array(",\"character\":0},\"end\":{\"line\":".utf8)
        case .character: Array(",\"character\":".utf8)
        case .selectionStart: Array("}},\"selectionRange\":{\"start\":{\"line\":".utf8)
        case .selectionEnd: Array("},\"end\":{\"line\":".utf8)
        case .closeLeaf: Array("}}}".utf8)
        case .openChildren: Array("}},\"children\":[".utf8)
        case .closeChildren: Array("]}".utf8)
        case .projectStart: start(.project, done: false)
        case .doneProjectStart: start(.project, done: true)
        case .taskStart: start(.task, done: false)
        case .doneTaskStart: start(.task, done: true)
        }
    }

    /// From the end of the name or detail to the item's line number.
    private static func start(_ kind: LineKind, done: Bool) -> [UInt8] {
        var text = "\",\"kind\":\(SymbolKind(kind).rawValue)"
        if done { text += ",\"tags\":[\(SymbolTag.deprecated.rawValue)]" }
        return Array((text + ",\"range\":{\"start\":{\"line\":").utf8)
    }
}
