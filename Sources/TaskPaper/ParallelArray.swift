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

/// Two arrays built together, index by index, spread over the cores: a
/// document's lines and what is derived from each, in one pass.
public func parallelPairs<A, B>(count: Int, chunk: Int = 8192, _ make: (Int) -> (A, B)) -> ([A], [B]) {
    guard count > chunk * 2 else {
        var a: [A] = [], b: [B] = []
        a.reserveCapacity(count)
        b.reserveCapacity(count)
        for i in 0..<count {
            let (x, y) = make(i)
            a.append(x)
            b.append(y)
        }
        return (a, b)
    }
    var second: [B] = []
    let first = [A](unsafeUninitializedCapacity: count) { aBuffer, aCount in
        second = [B](unsafeUninitializedCapacity: count) { bBuffer, bCount in
            let targets = (SendableBuffer(buffer: aBuffer), SendableBuffer(buffer: bBuffer))
            let chunks = (count + chunk - 1) / chunk
            withoutActuallyEscaping(make) { make in
                let work = SendableClosure(make: make)
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    for i in c * chunk..<Swift.min(count, (c + 1) * chunk) {
                        let (x, y) = work.make(i)
                        (targets.0.buffer.baseAddress! + i).initialize(to: x)
                        (targets.1.buffer.baseAddress! + i).initialize(to: y)
                    }
                }
            }
            bCount = count
        }
        aCount = count
    }
    return (first, second)
}
