/// How many spaces make one level of indentation (the `indentWidth` setting).
public enum IndentWidth: Sendable, Hashable {
    /// TaskPaper 3's rule: the shortest run of leading spaces in the document is one level.
    case auto
    /// A fixed number of spaces per level.
    case spaces(Int)

    /// Spaces per level for a document whose shortest leading space run is
    /// `shortestRun` (nil when no line is indented with spaces: then spaces
    /// never count and any width gives the same depths).
    public func spacesPerLevel(shortestRun: Int?) -> Int {
        switch self {
        case .auto: max(1, shortestRun ?? 4)
        case .spaces(let n): max(1, n)
        }
    }

    /// The same, measuring the lines (for lines not held in a `TextDocument`).
    public func spacesPerLevel(_ lines: [Line]) -> Int {
        guard case .auto = self else { return spacesPerLevel(shortestRun: nil) }
        var shortest = Int32.max
        for line in lines where line.syntax.indent.shortestSpaceRun > 0 {
            shortest = min(shortest, line.syntax.indent.shortestSpaceRun)
        }
        return spacesPerLevel(shortestRun: shortest == .max ? nil : Int(shortest))
    }
}

/// A line's leading run of spaces and tabs, measured for TaskPaper 3's
/// indentation rule (`Sources/TaskPaper/README.md`, "Indentation"): the spaces
/// at the very start count in whole levels; tabs right after them count one
/// level each, unless spaces were left over; anything after a later space does
/// not count.
public struct LeadingWhiteSpace: Sendable, Hashable {
    /// Where the body starts: the end of the leading spaces and tabs.
    public var end: Int32
    /// Spaces before the first tab or text.
    public var leadingSpaces: Int32
    /// Tabs directly after those spaces, up to the next space or text.
    public var tabsAfterLeadingSpaces: Int32
    /// The shortest run of spaces anywhere in the leading white space; 0 when it has none.
    public var shortestSpaceRun: Int32

    init(_ b: UnsafeBufferPointer<UInt8>) {
        let n = b.count
        var i = 0
        while i < n, b[i] == 0x20 { i += 1 }
        leadingSpaces = Int32(i)
        var shortest = i > 0 ? i : Int.max
        let tabsStart = i
        while i < n, b[i] == 0x09 { i += 1 }
        tabsAfterLeadingSpaces = Int32(i - tabsStart)
        var run = 0
        while i < n, b[i] == 0x20 || b[i] == 0x09 {
            if b[i] == 0x20 {
                run += 1
            } else {
                if run > 0 { shortest = min(shortest, run) }
                run = 0
            }
            i += 1
        }
        if run > 0 { shortest = min(shortest, run) }
        end = Int32(i)
        shortestSpaceRun = shortest == .max ? 0 : Int32(shortest)
    }

    /// The depth with `spacesPerLevel` spaces to a level.
    public func depth(spacesPerLevel: Int) -> Int {
        let width = Int32(max(1, spacesPerLevel))
        let levels = leadingSpaces / width
        return Int(leadingSpaces % width == 0 ? levels + tabsAfterLeadingSpaces : levels)
    }
}

/// How many lines have each shortest leading space run, so that the
/// document's shortest run stays current as lines change: each changed line
/// adds or removes one count, and the minimum is re-found only when the last
/// line holding it goes (a walk over at most 32 counters and the few longer runs).
public struct SpaceRunCounts: Sendable {
    private var short = [Int](repeating: 0, count: 33)
    private var long: [Int32: Int] = [:]
    public private(set) var shortest: Int?

    public init() {}

    /// Counts lines measured apart (by the workers that parsed them) as one.
    public mutating func merge(_ other: SpaceRunCounts) {
        for run in 1..<33 { short[run] += other.short[run] }
        long.merge(other.long, uniquingKeysWith: +)
        if let theirs = other.shortest, shortest.map({ theirs < $0 }) ?? true { shortest = theirs }
    }

    public mutating func add(_ syntax: LineSyntax) { add(run: syntax.indent.shortestSpaceRun) }

    /// Counts a line whose shortest leading space run is `run` (0: none).
    public mutating func add(run: Int32) {
        guard run > 0 else { return }
        if run < 33 { short[Int(run)] += 1 } else { long[run, default: 0] += 1 }
        if shortest.map({ Int(run) < $0 }) ?? true { shortest = Int(run) }
    }

    public mutating func remove(_ syntax: LineSyntax) {
        let run = syntax.indent.shortestSpaceRun
        guard run > 0 else { return }
        var left: Int
        if run < 33 {
            short[Int(run)] -= 1
            left = short[Int(run)]
        } else {
            left = (long[run] ?? 1) - 1
            long[run] = left > 0 ? left : nil
        }
        if left == 0, shortest == Int(run) {
            shortest = (1..<33).first { short[$0] > 0 } ?? long.keys.min().map(Int.init)
        }
    }
}
