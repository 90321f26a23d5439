import Testing
import TaskPaper

/// The benchmark's documents and the random tests replay from a seed.
@Suite struct SeededRandomTests {
    @Test func theSameSeedGivesTheSameSequence() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let first = (0..<5).map { _ in a.next() }
        #expect(first == (0..<5).map { _ in b.next() })
        #expect(first != (0..<5).map { _ in c.next() })
    }

    @Test func staysInItsRanges() {
        var r = SeededRandom(seed: 7)
        for _ in 0..<1000 {
            #expect((3...9).contains(r.int(3...9)))
            let u = r.unit()
            #expect(u >= 0 && u < 1)
        }
    }
}
