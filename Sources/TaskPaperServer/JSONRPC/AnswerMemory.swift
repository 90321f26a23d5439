/// The memory of the last large message sent, kept for the next one. A 100,000-line document's symbols
/// are 23 MB, and the kernel clears every page of new memory on first touch (a sixth of that request's
/// CPU); once whoever received a message has let it go, the next large answer writes into the same
/// pages instead. At most one message is kept, and only one of `threshold` bytes or more.
enum AnswerMemory {
    static let threshold = HugePages.ownMapping / 2
    private static let lock = Condition()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var kept: [UInt8] = []

    /// Keeps the body of a message just sent (or handed to the in-process caller) for the next large answer.
    static func keep(_ body: [UInt8]) {
        guard body.capacity >= threshold else { return }
        lock.lock()
        kept = body
        lock.unlock()
    }

    /// Empty memory with room for `count` bytes, from the message kept, if it is that large. Its pages are
    /// reused once its receiver has let it go; while it still holds them, emptying makes new memory (an
    /// array is a value: what the receiver reads never changes).
    static func take(minimumCapacity count: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        guard kept.capacity >= count else { return nil }
        var memory = kept
        kept = []
        memory.removeAll(keepingCapacity: true)
        return memory
    }
}
