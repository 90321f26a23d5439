/// RFC 5545 content lines as bytes: `NAME[;PARAM]:VALUE` ended by CRLF, folded
/// so no line passes 75 octets, never inside a UTF-8 sequence (see
/// `Sources/TaskPaper/README.md`, "Calendar"). A property is written in place, part by part
/// (`start`, the value's parts, `end`), so a task's properties make no `String`.
public struct ContentLines: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Where the property being written starts in `bytes`.
    private var propertyStart = 0

    public init() {}

    /// The longest line in octets, CRLF excluded (RFC 5545 §3.1).
    public static let octetLimit = 75

    /// Hands the bytes written so far to `body` (to write them out) and forgets them.
    public mutating func flush(_ body: ([UInt8]) -> Void) {
        guard !bytes.isEmpty else { return }
        body(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// One property whose value is already in iCalendar form (a date, a rule, a component's name).
    public mutating func add(_ name: StaticString, _ value: String) {
        start(name)
        append(value)
        end()
    }

    /// Begins a property: its name, its parameters (`;VALUE=DATE`) and the colon.
    mutating func start(_ name: StaticString, _ parameters: StaticString = "") {
        propertyStart = bytes.count
        append(name)
        append(parameters)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// TEXT escaping (RFC 5545 §3.3.11): `\`, `;`, `,` and line breaks escaped, other control characters
    /// dropped; runs of plain bytes are copied whole.
    mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for i in 0..<text.count {
            let byte = text[i]
            guard
                byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";")
                    || byte == UInt8(ascii: ",")
            else { continue }
            if byte == 0x09 { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
            run = i + 1
            switch byte {
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case ..<0x20, 0x7F: break
            default: bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
    }

    mutating func appendEscaped(_ text: String) { text.withUTF8Bytes { appendEscaped($0) } }

    /// Ends the property: folded before the 76th octet of each physical line (a continuation's leading
    /// space counts), backing off to the start of a UTF-8 sequence.
    mutating func end() {
        if bytes.count - propertyStart > ContentLines.octetLimit {
            let line = Array(bytes[propertyStart...])
            bytes.removeSubrange(propertyStart...)
            var start = 0
            var limit = ContentLines.octetLimit
            while line.count - start > limit {
                var cut = start + limit
                while cut > start, line[cut] & 0xC0 == 0x80 { cut -= 1 }
                bytes += line[start..<cut]
                bytes += [0x0D, 0x0A, 0x20]
                start = cut
                limit = ContentLines.octetLimit - 1
            }
            bytes += line[start...]
        }
        bytes.append(0x0D)
        bytes.append(0x0A)
    }
}

/// Dates, times and hashes as iCalendar writes them, straight into the bytes.
extension ContentLines {
    /// `20261121` (DATE).
    mutating func append(_ d: CivilDate) {
        appendDigits(d.year, 4)
        appendDigits(d.month, 2)
        appendDigits(d.day, 2)
    }

    /// `20261121T093000` (a floating DATE-TIME: local time, no zone); seconds kept, milliseconds dropped.
    mutating func append(_ d: CivilDate, _ t: TimeOfDay) {
        append(d)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(t.hour, 2)
        appendDigits(t.minute, 2)
        appendDigits(t.second, 2)
    }

    /// The same as a `String` (DTSTAMP, made once a run).
    public static func dateTime(_ d: CivilDate, _ t: TimeOfDay) -> String {
        var out = ContentLines()
        out.append(d, t)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Sixteen lowercase hex digits.
    mutating func appendHex(_ value: UInt64) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xF
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    /// `n` in decimal, zero-padded to `width` digits (a wider or negative number as it is).
    private mutating func appendDigits(_ n: Int, _ width: Int) {
        var limit = 1
        for _ in 0..<width { limit *= 10 }
        guard n >= 0, n < limit else {
            let digits = String(n)
            for _ in digits.utf8.count..<max(width, digits.utf8.count) { bytes.append(UInt8(ascii: "0")) }
            append(digits)
            return
        }
        var divisor = limit / 10
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(n / divisor % 10))
            divisor /= 10
        }
    }
}
