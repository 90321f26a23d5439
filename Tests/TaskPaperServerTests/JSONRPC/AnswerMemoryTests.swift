import Testing

@testable import TaskPaperServer

/// The memory of the last large message sent, reused for the next one (`AnswerMemory`).
@Suite(.serialized) struct AnswerMemoryTests {
    @Test func aLargeAnswerWritesIntoTheLastOnesPagesOnceItsReceiverLetsGo() throws {
        var sent = [UInt8](repeating: 1, count: AnswerMemory.threshold)
        let pages = sent.withUnsafeBufferPointer { $0.baseAddress }
        AnswerMemory.keep(sent)
        sent = []  // the receiver is done with it
        let memory = try #require(AnswerMemory.take(minimumCapacity: AnswerMemory.threshold))
        #expect(memory.isEmpty)
        #expect(memory.withUnsafeBufferPointer { $0.baseAddress } == pages)
        #expect(AnswerMemory.take(minimumCapacity: 1) == nil, "kept once, taken once")
    }

    @Test func aMessageItsReceiverStillHoldsIsNeverWrittenOver() throws {
        let held = [UInt8](repeating: 7, count: AnswerMemory.threshold)
        AnswerMemory.keep(held)
        var memory = try #require(AnswerMemory.take(minimumCapacity: 16))
        memory.append(contentsOf: [1, 2, 3])
        #expect(held.allSatisfy { $0 == 7 })
        #expect(memory == [1, 2, 3])
    }

    @Test func smallMessagesAreNotKept() {
        AnswerMemory.keep([UInt8](repeating: 0, count: 1024))
        #expect(AnswerMemory.take(minimumCapacity: 1) == nil)
    }

    /// Through the writer: a large answer written after a large message was sent and released starts
    /// with exactly what it writes (nothing of the old message shows through).
    @Test func aLargeAnswerInKeptMemoryHoldsOnlyWhatItWrites() {
        // As large as a large reservation makes its array (`HugePages.ownMapping`), and some.
        var sent = [UInt8](repeating: UInt8(ascii: "x"), count: HugePages.ownMapping + 4096)
        let pages = sent.withUnsafeBufferPointer { $0.baseAddress }
        AnswerMemory.keep(sent)
        sent = []
        var w = JSONWriter()
        w.object { w in
            w.key("a"); w.string("b")
        }
        w.withReservedBytes(maxCount: AnswerMemory.threshold) { out in out.plain("[1,2]") }
        #expect(String(decoding: w.bytes, as: UTF8.self) == "{\"a\":\"b\"}[1,2]")
        #expect(w.bytes.withUnsafeBufferPointer { $0.baseAddress } == pages, "written into the kept pages")
    }
}
