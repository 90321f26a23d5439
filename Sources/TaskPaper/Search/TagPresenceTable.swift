/// A step's predicate made only of tag-presence tests (`@home and not @done`,
/// `@a or (@b and not @c)`), read as a truth table: an item's answer is the
/// entry for the set of those tags it carries, found in one pass over its tag
/// list. No value is read, no substring made, and the predicate tree is walked
/// once per query instead of once per item.
struct TagPresenceTable: Sendable {
    /// More names would make the table large for little gain; such a step takes the general path.
    static let maxNames = 6
    /// The tag names the predicate tests, in UTF-8; name `k` is bit `k` of a mask.
    let names: [[UInt8]]
    /// Per mask of names present, whether the predicate holds.
    let holds: [Bool]

    /// Nil when the predicate tests anything but the presence of tags.
    init?(_ predicate: SearchPredicate) {
        var names: [[UInt8]] = []
        guard Self.collectNames(predicate, into: &names) else { return nil }
        self.names = names
        holds = (0..<(1 << names.count)).map { mask in Self.holds(predicate, names, mask) }
    }

    private static func collectNames(_ predicate: SearchPredicate, into names: inout [[UInt8]]) -> Bool {
        switch predicate {
        case .any: return true
        case .and(let parts), .or(let parts):
            for part in parts where !collectNames(part, into: &names) { return false }
            return true
        case .not(let inner): return collectNames(inner, into: &names)
        case .comparison(let c):
            guard let name = c.presenceTagName else { return false }
            if !names.contains(name) { names.append(name) }
            return names.count <= maxNames  // stop early: a long chain of names would cost quadratic time
        }
    }

    /// The predicate's answer for an item carrying exactly the names in `mask`.
    private static func holds(_ predicate: SearchPredicate, _ names: [[UInt8]], _ mask: Int) -> Bool {
        switch predicate {
        case .any: true
        case .and(let parts): parts.allSatisfy { holds($0, names, mask) }
        case .or(let parts): parts.contains { holds($0, names, mask) }
        case .not(let inner): !holds(inner, names, mask)
        case .comparison(let c): mask & (1 << names.firstIndex(of: c.presenceTagName!)!) != 0
        }
    }

    /// Whether the predicate holds for a line, read in place (a `Line` copied per item
    /// would cost more than the test).
    func holds(for line: UnsafePointer<Line>) -> Bool {
        let count = line.pointee.syntax.tags.count
        guard count > 0, !names.isEmpty else { return holds[0] }  // `//task`: the kind alone decides
        var mask = 0
        line.withUTF8Bytes { text in
            for t in 0..<count {
                let tag = line.pointee.syntax.tags[t]
                let length = Int(tag.nameEnd - tag.start) - 1, from = Int(tag.start) + 1
                for k in 0..<names.count where mask & (1 << k) == 0 && names[k].count == length {
                    if names[k].withUnsafeBufferPointer({ Self.equal(text, from, $0) }) { mask |= 1 << k }
                }
            }
        }
        return holds[mask]
    }

    @inline(__always)
    private static func equal(
        _ text: UnsafeBufferPointer<UInt8>, _ from: Int, _ name: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        for j in 0..<name.count where text[from + j] != name[j] { return false }
        return true
    }
}
