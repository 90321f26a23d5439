import Dispatch

extension Array {
    /// `(0..<count).map(make)`, spread over the cores when `count` is large.
    /// `make` must be safe to call concurrently (pure per index): opening a
    /// 100,000-line document parses and lints its lines this way.
    public static func parallel(count: Int, chunk: Int = 8192, _ make: (Int) -> Element) -> [Element] {
        guard count > chunk * 2 else { return (0..<count).map(make) }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let target = SendableBuffer(buffer: buffer)
            let chunks = (count + chunk - 1) / chunk
            withoutActuallyEscaping(make) { make in
                let work = SendableClosure(make: make)
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    for i in c * chunk..<Swift.min(count, (c + 1) * chunk) {
                        (target.buffer.baseAddress! + i).initialize(to: work.make(i))
                    }
                }
            }
            initialized = count
        }
    }
}

/// Each worker writes a disjoint slice of the buffer.
private struct SendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}

private struct SendableClosure<Element>: @unchecked Sendable {
    let make: (Int) -> Element
}

/// Splits `0..<count` into chunks worked on all cores; returns each chunk's
/// result, in order. A chunk is the place for state a worker keeps to itself
/// (shared reference-counted values touched from two cores at once make them
/// fight over one cache line on every retain).
public func parallelChunks<T>(count: Int, chunk: Int = 8192, _ work: (Range<Int>) -> T) -> [T] {
    let chunks = max(1, (count + chunk - 1) / chunk)
    return [T].parallel(count: chunks, chunk: 1) { c in work(c * chunk..<Swift.min(count, (c + 1) * chunk)) }
}
