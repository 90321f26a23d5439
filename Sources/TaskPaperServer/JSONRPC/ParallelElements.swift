import Dispatch
import Glibc

extension JSONWriter {
    /// The cores a large answer is written on.
    static let coreCount = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// Writes the elements of the array just opened in `parts` pieces, all at once on the cores:
    /// part 0 straight into this writer, each other part into its own writer, appended in order
    /// (the one copy). `write(part, &writer)` puts out raw elements with commas between them but
    /// none before the first; a part may also close arrays an earlier part opened (`]}`) or end
    /// inside an element it opened (`"children":[`).
    /// Reserve room for the whole answer first: growing this writer would copy part 0.
    mutating func parallelElements(parts: Int, _ write: (_ part: Int, _ w: inout JSONWriter) -> Void) {
        guard parts > 1 else { return write(0, &self) }
        var others = [[UInt8]](repeating: [], count: parts)
        withoutActuallyEscaping(write) { write in
            withUnsafeMutablePointer(to: &self) { first in
                others.withUnsafeMutableBufferPointer { others in
                    let shared = UnsafeSendable((first, others, write))
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let (first, others, write) = shared.value
                        if part == 0 {
                            write(0, &first.pointee)
                        } else {
                            var own = JSONWriter(capacity: 0)
                            write(part, &own)
                            others[part] = own.bytes
                        }
                    }
                }
            }
        }
        for part in others.dropFirst() where !part.isEmpty {
            // A comma between two elements; none after an opened array or before a closing one.
            let comma = bytes.last != UInt8(ascii: "[") && part.first != UInt8(ascii: "]")
            appendUninitialized(part.count + 1) { buffer in
                if comma { buffer[0] = UInt8(ascii: ",") }
                let from = comma ? 1 : 0
                _ = UnsafeMutableBufferPointer(rebasing: buffer[from...]).initialize(from: part)
                return from + part.count
            }
        }
    }
}

extension JSONWriter {
    /// Writes parts whose exact byte counts are known, all at once on the cores, each straight into
    /// its place in this writer: nothing is joined or copied. `write(part, &out)` must fill its room
    /// exactly (checked); it may store past its cursor only inside its room.
    mutating func parallelParts(byteCounts: [Int], _ write: (_ part: Int, _ out: inout ReservedBytes) -> Void) {
        var offsets = [0]
        for count in byteCounts { offsets.append(offsets.last! + count) }
        appendUninitialized(offsets.last!) { buffer in
            offsets.withUnsafeBufferPointer { offsets in
                withoutActuallyEscaping(write) { write in
                    let shared = UnsafeSendable((buffer, offsets, write))
                    DispatchQueue.concurrentPerform(iterations: offsets.count - 1) { part in
                        let buffer = shared.value.0, offsets = shared.value.1
                        var out = ReservedBytes(
                            UnsafeMutableBufferPointer(rebasing: buffer[offsets[part]..<offsets[part + 1]]))
                        shared.value.2(part, &out)
                        precondition(out.room == 0, "a part wrote other than its count")
                    }
                }
            }
            return offsets.last!
        }
    }
}

/// Values handed to the parts written on other threads: each part touches only its own slot,
/// and `parallelElements` returns only when all are done.
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
