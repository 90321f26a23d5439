import TaskPaper

/// How many lines carry each tag name, counted by the name's UTF-8 bytes: a
/// small open-addressing table, so counting a document makes one `String` per
/// distinct name, not one per tag (a 100,000-line document has about 250,000 tags
/// and a few dozen names). The first count of an open document runs through it;
/// `TagCounts.count` (one line at a time, as edits come) must agree with it.
struct TagNameTally {
    /// A name's first 16 bytes as two words (zero padded), its length, and its count.
    fileprivate struct Slot {
        var word0: UInt64 = 0
        var word1: UInt64 = 0
        /// 0 marks an empty slot: a counted name is never empty (a lone `@` is no tag).
        var length: Int32 = 0
        /// Where the whole name sits in `nameBytes`.
        var nameStart: Int32 = 0
        /// The last line that counted this name: a repeated tag counts once per line.
        var lastLine = -1
        var lineCount = 0
    }

    /// The table: a power of two of slots, at most half full.
    private var table = SlotTable(capacity: 64)
    /// The names, back to back.
    private var nameBytes: [UInt8] = []
    /// Occupied slots in the order their names were first seen.
    private var seen: [Int32] = []
    private var linesAdded = 0

    /// Counts one line: the first tag of each name, a lone `@` left out (as `TagCounts.count`).
    mutating func add(_ line: Line) {
        let tags = line.syntax.tags
        guard !tags.isEmpty else { return }
        // Many tags: `repeatedTagIndices` then compares names as Strings, which also
        // joins canonically equal spellings; take its word for it there.
        let repeated = tags.count > 8 ? line.syntax.repeatedTagIndices(in: line) : []
        line.withUTF8Bytes { add($0, tags, skipping: repeated) }
    }

    /// Counts one line's tags, given its bytes; `repeated` are indices not to count.
    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ tags: TagList, skipping repeated: [Int]) {
        guard !tags.isEmpty else { return }
        let lineNumber = linesAdded
        linesAdded += 1
        if (seen.count + tags.count) * 2 > table.slots.count || !isKnownUniquelyReferenced(&table) {
            rebuild(toHold: seen.count + tags.count)
        }
        let slots = table.slots
        var nextRepeated = 0  // `repeated` ascends: walked along, not searched per tag
        for i in 0..<tags.count {
            let tag = tags[i]
            if nextRepeated < repeated.count, repeated[nextRepeated] == i {
                nextRepeated += 1
                continue
            }
            if tag.hasEmptyName { continue }
            let s = slot(of: bytes, Int(tag.start) + 1..<Int(tag.nameEnd), in: slots)
            if slots[s].lastLine == lineNumber { continue }
            slots[s].lastLine = lineNumber
            slots[s].lineCount += 1
        }
    }

    /// Adds another tally's counts (a chunk counted on another core).
    mutating func add(_ other: TagNameTally) {
        other.nameBytes.withUnsafeBufferPointer { names in
            for o in other.seen {
                let from = other.table.slots[Int(o)]
                if (seen.count + 1) * 2 > table.slots.count || !isKnownUniquelyReferenced(&table) {
                    rebuild(toHold: seen.count + 1)
                }
                let start = Int(from.nameStart)
                let s = slot(of: names, start..<start + Int(from.length), in: table.slots)
                table.slots[s].lineCount += from.lineCount
            }
        }
    }

    /// The counts keyed by name. Names that differ in bytes but are equal as `String`s
    /// (`é` and `e` + U+0301) are added together, as counting into a `[String: Int]` does.
    var counts: [String: Int] {
        var counts: [String: Int] = [:]
        counts.reserveCapacity(seen.count)
        nameBytes.withUnsafeBufferPointer { names in
            for s in seen {
                let slot = table.slots[Int(s)]
                let start = Int(slot.nameStart)
                let name = String(decoding: names[start..<start + Int(slot.length)], as: UTF8.self)
                counts[name, default: 0] += slot.lineCount
            }
        }
        return counts
    }

    /// The slot of the name at `name` in `bytes`, made (with a count of 0) if the name is new;
    /// `slots` (this tally's) must have room for it.
    @inline(__always)
    private mutating func slot(
        of bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, in slots: UnsafeMutableBufferPointer<Slot>
    ) -> Int {
        let (word0, word1) = Self.words(bytes, name)
        var s = Self.index(word0, word1, name.count, mask: slots.count - 1)
        while true {
            let slot = slots[s]
            if slot.length == 0 {
                insert(bytes, name, word0, word1, at: s)
                return s
            }
            if slot.word0 == word0 && slot.word1 == word1 && Int(slot.length) == name.count
                && (name.count <= 16 || hasTail(slot, bytes, name))
            {
                return s
            }
            s = (s + 1) & (slots.count - 1)
        }
    }

    private mutating func insert(
        _ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ word0: UInt64, _ word1: UInt64, at s: Int
    ) {
        table.slots[s] = Slot(word0: word0, word1: word1, length: Int32(name.count), nameStart: Int32(nameBytes.count))
        nameBytes.append(contentsOf: bytes[name])
        seen.append(Int32(s))
    }

    /// Whether a long name's bytes past the first 16 match.
    private func hasTail(_ slot: Slot, _ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Bool {
        let start = Int(slot.nameStart)
        return nameBytes.withUnsafeBufferPointer { names in
            (16..<name.count).allSatisfy { names[start + $0] == bytes[name.lowerBound + $0] }
        }
    }

    /// The first 16 bytes of `range` as two little-endian words, zero padded.
    @inline(__always)
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (UInt64, UInt64) {
        let n = range.count, lo = range.lowerBound
        return n <= 8 ? (word(bytes, lo, n), 0) : (word(bytes, lo, 8), word(bytes, lo + 8, min(n - 8, 8)))
    }

    /// 1...8 bytes from `from` as a little-endian word: whole-word loads where the
    /// buffer allows (names are short), never reading past it.
    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ count: Int) -> UInt64 {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        if from + 8 <= bytes.count {
            let w = base.loadUnaligned(fromByteOffset: from, as: UInt64.self)
            return count == 8 ? w : w & ((1 << UInt64(count * 8)) - 1)
        }
        if from + count >= 8 {
            return base.loadUnaligned(fromByteOffset: from + count - 8, as: UInt64.self) >> UInt64((8 - count) * 8)
        }
        var w: UInt64 = 0
        for k in 0..<count { w |= UInt64(bytes[from + k]) << UInt64(k * 8) }
        return w
    }

    /// A fresh table (bigger, or this tally's own after a copy) holding the same names.
    private mutating func rebuild(toHold count: Int) {
        var capacity = table.slots.count
        while count * 2 > capacity { capacity *= 2 }
        let old = table
        table = SlotTable(capacity: capacity)
        let mask = capacity - 1
        for (n, o) in seen.enumerated() {
            let slot = old.slots[Int(o)]
            var s = Self.index(slot.word0, slot.word1, Int(slot.length), mask: mask)
            while table.slots[s].length != 0 { s = (s + 1) & mask }
            table.slots[s] = slot
            seen[n] = Int32(s)
        }
    }

    /// Where a name's probe starts.
    @inline(__always)
    private static func index(_ word0: UInt64, _ word1: UInt64, _ length: Int, mask: Int) -> Int {
        var h = (word0 &* 0x9E37_79B9_7F4A_7C15) ^ (word1 &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }
}

/// The slots' memory, freed with the last tally that uses it.
private final class SlotTable {
    let slots: UnsafeMutableBufferPointer<TagNameTally.Slot>

    init(capacity: Int) {
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: .init())
    }

    deinit { slots.deallocate() }
}

extension TagCounts {
    /// The names of every line, values left for later (`countValues`): chunks counted
    /// on all cores, then added up by their bytes.
    init(namesOf lines: [Line]) {
        self.init(valuesCounted: [])
        let parts = lines.withUnsafeBufferPointer { lines in
            parallelChunks(count: lines.count, chunk: 4096) { range in
                var tally = TagNameTally()
                for i in range { tally.add(lines[i]) }
                return tally
            }
        }
        var total = TagNameTally()
        for part in parts { total.add(part) }
        names = total.counts
    }
}
