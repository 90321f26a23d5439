/// The outline a search sees, TaskPaper 3's: every line is an item. A blank
/// line is an empty note at the depth of the next line that is not blank
/// (blank lines at the end are top level); an item's parent is the nearest
/// item above it that is less deep. Only searches read it: symbols, folding
/// and counts keep `Outline`, where blank lines are no items.
struct SearchTree: Sendable {
    /// Per line: its depth.
    let depths: [Int32]
    /// Per line: its parent, or -1 at the top level.
    let parents: [Int32]
    /// Per line: one past the last line it owns.
    let ends: [Int32]

    init(lines: [Line], count n: Int, spacesPerLevel: Int) {
        var depths = [Int32](repeating: 0, count: n)
        lines.withUnsafeBufferPointer { lines in
            var next: Int32 = 0  // the depth of the next line that is not blank (0 past the end)
            for i in stride(from: n - 1, through: 0, by: -1) {
                if !Self.isBlank(lines[i]) { next = Int32(lines[i].syntax.depth(spacesPerLevel: spacesPerLevel)) }
                depths[i] = next
            }
        }
        var parents = [Int32](repeating: -1, count: n)
        var ends = [Int32](repeating: 0, count: n)
        var open: [Int] = []  // items whose subtree may still grow, shallowest first
        for i in 0..<n {
            while let top = open.last, depths[top] >= depths[i] {
                ends[top] = Int32(i)
                open.removeLast()
            }
            parents[i] = Int32(open.last ?? -1)
            open.append(i)
        }
        for item in open { ends[item] = Int32(n) }
        self.depths = depths
        self.parents = parents
        self.ends = ends
    }

    /// TaskPaper's blank line: nothing but JavaScript white space (`/^\s*$/`).
    static func isBlank(_ line: Line) -> Bool {
        switch line.syntax.kind {
        case .blank: return true
        case .project, .task: return false
        case .note:
            return line.withUTF8Bytes { b in
                // Most notes start with a visible ASCII character: no need to decode them.
                for c in b where c < 0x80 && c != 0x20 && !(0x09...0x0D).contains(c) { return false }
                return String(decoding: b, as: UTF8.self).unicodeScalars.allSatisfy {
                    $0.value < 0x10000 && JSCharacterSet.space.contains(UInt16($0.value))
                }
            }
        }
    }
}
