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
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":` inside an object; the next write is its value.
    public mutating func key(_ k: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    public mutating func key(_ k: String) {
        string(k)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
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

    /// Writes integers as an array; the hot path of semantic tokens.
    public mutating func intArray(_ values: [UInt32]) {
        separate()
        bytes.reserveCapacity(bytes.count + values.count * 3 + 2)
        bytes.append(UInt8(ascii: "["))
        var first = true
        for v in values {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            appendDigits(Int(v))
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    private mutating func appendDigits(_ value: Int) {
        if value >= 0 && value < 10 { bytes.append(UInt8(0x30 + value)); return }
        var v = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                  UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &tmp) { buf in
            repeat {
                buf[19 - n] = UInt8(0x30 + v % 10)
                v /= 10
                n += 1
            } while v > 0
            bytes.append(contentsOf: buf[(20 - n)...])
        }
    }

    public mutating func string(_ s: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 15)]])
            default: bytes.append(c)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes any encodable value.
    public mutating func value(_ v: some JSONEncodable) { v.write(to: &self) }
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
        case .array(let a): w.array { w in for v in a { v.write(to: &w) } }
        case .object(let o): w.object { w in for k in o.keys.sorted() { w.key(k); o[k]!.write(to: &w) } }
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
