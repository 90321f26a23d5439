import TaskPaper

/// Writes JSON straight into bytes. Foundation's encoders are slow on Linux
/// (seconds for a large semantic-tokens array); this writer is the one way
/// every outgoing message is encoded.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        openObject()
        body(&self)
        closeObject()
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        openArray()
        body(&self)
        closeArray()
    }

    /// Open and close by hand, for writers that walk a tree without recursing (document symbols).
    public mutating func openObject() { open(UInt8(ascii: "{")) }
    public mutating func closeObject() { close(UInt8(ascii: "}")) }
    public mutating func openArray() { open(UInt8(ascii: "[")) }
    public mutating func closeArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    /// Room for `count` more bytes, when a writer knows roughly how much it will write.
    public mutating func reserveCapacity(additional count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Writes `"key":` inside an object; the next write is its value.
    public mutating func key(_ k: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key known only at run time (a URI, an object's own keys). Literal keys take the
    /// `StaticString` overload above, which copies them without scanning for escapes.
    public mutating func key(dynamic k: String) {
        string(k)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Leaves a value out and returns where it belongs, for `EncodedDiagnostics`-style
    /// templates that splice it in later.
    public mutating func hole() -> Int {
        needsComma = true
        return bytes.count
    }

    /// Appends pre-encoded values (a comma-separated run) as the next element(s).
    public mutating func rawElements(_ pieces: (inout [UInt8]) -> Void) {
        separate()
        pieces(&bytes)
    }

    /// Appends a decimal integer to raw bytes (for templates).
    public static func appendInt(_ value: Int, to bytes: inout [UInt8]) {
        var w = JSONWriter(capacity: 0)
        swap(&w.bytes, &bytes)
        w.appendDigits(value)
        swap(&w.bytes, &bytes)
    }

    public mutating func null() { separate(); bytes.append(contentsOf: "null".utf8) }
    public mutating func bool(_ v: Bool) { separate(); bytes.append(contentsOf: (v ? "true" : "false").utf8) }
    public mutating func double(_ v: Double) {
        separate()
        if v.isFinite { bytes.append(contentsOf: "\(v)".utf8) } else { bytes.append(contentsOf: "null".utf8) }
    }

    public mutating func int(_ v: Int) {
        separate()
        appendDigits(v)
    }

    /// Writes integers as an array; the hot path of semantic tokens (millions of
    /// them), so digits go straight into reserved memory, on all cores for a long array.
    public mutating func intArray(_ values: [UInt32]) {
        intArray(values, parts: values.count < 1 << 16 ? 1 : JSONWriter.coreCount)
    }

    /// The same, written in `parts` pieces at once (tests choose).
    mutating func intArray(_ values: [UInt32], parts: Int) {
        separate()
        bytes.append(UInt8(ascii: "["))
        // A comma and at most 10 digits a number, reserved at once: nothing is copied while writing.
        reserveCapacity(additional: values.count * 11 + 1)
        values.withUnsafeBufferPointer { values in
            parallelElements(parts: parts) { part, w in
                let range = values.count * part / parts..<values.count * (part + 1) / parts
                w.withReservedBytes(maxCount: range.count * 11) { out in
                    for k in range {
                        if k > range.lowerBound { out.byte(UInt8(ascii: ",")) }
                        out.digits(values[k])
                    }
                }
            }
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Grows the bytes by what `write` puts into `maxCount` uninitialized bytes (it returns how many it wrote).
    mutating func appendUninitialized(_ maxCount: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        // A reservation of tens of megabytes (a large document's symbols) is made at least 32 MiB (address
        // space only: untouched pages cost nothing), so the C library maps it on its own and it may take
        // huge pages. Smaller ones stay in the heap, whose pages the next request finds already mapped.
        let maxCount = maxCount >= HugePages.ownMapping / 2 ? max(maxCount, HugePages.ownMapping) : maxCount
        // A large answer writes into the pages of the last one sent, when they are free (`AnswerMemory`).
        if maxCount >= AnswerMemory.threshold, bytes.capacity < bytes.count + maxCount,
            var memory = AnswerMemory.take(minimumCapacity: bytes.count + maxCount)
        {
            memory.append(contentsOf: bytes)
            bytes = memory
        }
        let allocated = max(bytes.capacity, bytes.count + maxCount)  // at least, once grown
        bytes.append(addingCapacity: maxCount) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                if allocated >= HugePages.ownMapping, let base = buffer.baseAddress {
                    HugePages.advise(UnsafeMutableRawPointer(base), byteCount: buffer.count)
                }
                initialized = write(buffer)
                precondition(initialized <= buffer.count, "wrote past the reservation")
            }
        }
    }

    fileprivate mutating func appendDigits(_ value: Int) {
        if value >= 0 && value < 10 { bytes.append(UInt8(0x30 + value)); return }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits right to left into a small buffer on the stack, then one append.
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var v = value.magnitude, p = raw.count
            repeat {
                p -= 1
                raw[p] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                v /= 10
            } while v > 0
            let digits = UnsafeMutableRawBufferPointer(rebasing: raw[p...]).bindMemory(to: UInt8.self)
            bytes.append(contentsOf: UnsafeBufferPointer(digits))
        }
    }

    /// Digits with no separator before them, after a fragment written with `appendPlain`.
    public mutating func appendPlainInt(_ value: Int) { appendDigits(value) }

    public mutating func string(_ s: String) {
        s.withUTF8Bytes { string(utf8: $0) }
    }

    /// A string from UTF-8 bytes (a slice of a line, no `String` made).
    public mutating func string(utf8 b: UnsafeBufferPointer<UInt8>) {
        openString()
        appendEscaped(b)
        closeString()
    }

    /// A string written in pieces: `openString`, any number of `appendEscaped`, `closeString`.
    public mutating func openString() {
        separate()
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func closeString() { bytes.append(UInt8(ascii: "\"")) }

    /// Bytes written as they are: text inside an open string that needs no escaping,
    /// or a fixed run of JSON (`,"kind":`) where a writer spells out an object itself.
    public mutating func appendPlain(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// UTF-8 bytes inside a string opened with `openString`.
    public mutating func appendEscaped(_ b: UnsafeBufferPointer<UInt8>) {
        // Copy plain runs whole; only quotes, backslashes and control bytes need escapes.
        var k = 0
        while k < b.count {
            let runEnd = ByteScan.firstJSONStringSpecial(in: b, from: k)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[k..<runEnd]))
            guard runEnd < b.count else { break }
            let c = b[runEnd]
            bytes.append(0x5C)
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(c)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                bytes.append(UInt8(ascii: "u"))
                bytes.append(0x30)
                bytes.append(0x30)
                bytes.append(hex.utf8Start[Int(c >> 4)])
                bytes.append(hex.utf8Start[Int(c & 15)])
            }
            k = runEnd + 1
        }
    }
}

/// A value that writes itself as JSON. Every protocol type the server sends
/// conforms; there is no other encoder.
public protocol JSONEncodable {
    func write(to w: inout JSONWriter)
}

extension JSON: JSONEncodable {
    public func write(to w: inout JSONWriter) {
        switch self {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .int(let i): w.int(i)
        case .double(let d): w.double(d)
        case .string(let s): w.string(s)
        case .rawString(let r):
            // Still escaped as it arrived: valid JSON string content as it is, once checked (a malformed
            // document text, never checked by the parser, must not make malformed output).
            guard r.isChecked || r.decoded != nil else { return w.null() }
            w.rawElements {
                $0.append(UInt8(ascii: "\"")); $0.append(contentsOf: r.bytes[r.range]); $0.append(UInt8(ascii: "\""))
            }
        case .array(let a): w.array { w in for v in a { v.write(to: &w) } }
        case .object(let o): w.object { w in for k in o.keys.sorted() { w.key(dynamic: k); o[k]!.write(to: &w) } }
        }
    }
}

extension String: JSONEncodable { public func write(to w: inout JSONWriter) { w.string(self) } }
extension Int: JSONEncodable { public func write(to w: inout JSONWriter) { w.int(self) } }
extension Bool: JSONEncodable { public func write(to w: inout JSONWriter) { w.bool(self) } }
extension Array: JSONEncodable where Element: JSONEncodable {
    public func write(to w: inout JSONWriter) { w.array { w in for e in self { e.write(to: &w) } } }
}
extension Optional: JSONEncodable where Wrapped: JSONEncodable {
    public func write(to w: inout JSONWriter) { if let v = self { v.write(to: &w) } else { w.null() } }
}
