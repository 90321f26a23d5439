/// RFC 5545 content lines as bytes: `NAME[;PARAM]:VALUE` ended by CRLF, folded
/// so no line passes 75 octets, never inside a UTF-8 sequence (see
/// `Sources/TaskPaper/README.md`, "Calendar").
public struct ContentLines: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// The longest line in octets, CRLF excluded (RFC 5545 §3.1).
    public static let octetLimit = 75

    /// Hands the bytes written so far to `body` (to write them out) and forgets them.
    public mutating func flush(_ body: ([UInt8]) -> Void) {
        guard !bytes.isEmpty else { return }
        body(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// The line being built, kept to reuse its memory.
    private var line: [UInt8] = []

    /// One property whose value is already in iCalendar form (a date, a rule, an escaped text).
    public mutating func add(_ name: String, _ value: some StringProtocol) {
        start(name)
        line += value.utf8
        fold()
    }

    /// A TEXT property: `\`, `;`, `,` and line breaks escaped.
    public mutating func addText(_ name: String, _ text: some StringProtocol) {
        start(name)
        ContentLines.escape(text, into: &line)
        fold()
    }

    /// A TEXT list (CATEGORIES): each value escaped, joined by commas.
    public mutating func addTextList(_ name: String, _ values: [String]) {
        start(name)
        for (i, value) in values.enumerated() {
            if i > 0 { line.append(UInt8(ascii: ",")) }
            ContentLines.escape(value, into: &line)
        }
        fold()
    }

    private mutating func start(_ name: String) {
        line.removeAll(keepingCapacity: true)
        line += name.utf8
        line.append(UInt8(ascii: ":"))
    }

    /// TEXT escaping (RFC 5545 §3.3.11); other control characters are dropped.
    static func escape(_ text: some StringProtocol, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x09: out.append(byte)
            case ..<0x20, 0x7F: continue
            default: out.append(byte)
            }
        }
    }

    /// Splits before the 76th octet of each physical line (a continuation's leading space counts),
    /// backing off to the start of a UTF-8 sequence.
    private mutating func fold() {
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
        bytes += [0x0D, 0x0A]
    }
}

/// Dates and times as iCalendar writes them.
extension ContentLines {
    /// `20261121` (DATE).
    public static func date(_ d: CivilDate) -> String {
        pad(d.year, 4) + pad(d.month, 2) + pad(d.day, 2)
    }

    /// `20261121T093000` (a floating DATE-TIME: local time, no zone); seconds kept, milliseconds dropped.
    public static func dateTime(_ d: CivilDate, _ t: TimeOfDay) -> String {
        date(d) + "T" + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2)
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
