import Testing

@testable import TaskPaper

/// `ByteScan.isValidUTF8` decides which decoded lines are used as they are and which are repaired:
/// it must agree with `String(decoding:)`, which leaves valid UTF-8 alone and repairs everything else.
struct UTF8ValidationTests {
    private static func stringKeeps(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    private static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { ByteScan.isValidUTF8($0) }
    }

    @Test(arguments: [
        [UInt8](), Array("plain ascii text, longer than one word".utf8), Array("é 😀 e\u{301} 東京".utf8),
        [0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF0, 0x9F, 0x98], Array("eight by".utf8) + [0x80] + Array("tes more".utf8),
        Array("seven b".utf8) + [0xE6, 0x9D, 0xB1], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ])
    func agreesWithStringOnKnownCases(_ bytes: [UInt8]) {
        #expect(Self.isValid(bytes) == Self.stringKeeps(bytes), "\(bytes)")
    }

    @Test func agreesWithStringOnRandomBytes() {
        var random = SeededRandom(seed: 0x5EED_0F_BADB_17E5)
        let pieces: [[UInt8]] = [
            Array("abc defg".utf8), Array("é".utf8), Array("😀".utf8), Array("東".utf8), [0x80], [0xC3], [0xE6, 0x9D],
            [0xF0], [0xED, 0xB0, 0x80], [0xFF], [0xC1, 0xBF],
        ]
        for _ in 0..<5000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.int(0...12) {
                bytes += random.chance(3) ? [UInt8(truncatingIfNeeded: random.next())] : random.pick(pieces)
            }
            #expect(Self.isValid(bytes) == Self.stringKeeps(bytes), "seed \(random.seed): \(bytes)")
        }
    }
}
