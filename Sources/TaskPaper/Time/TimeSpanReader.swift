/// The one reader of durations (`TimeSpan.read`): `H:MM[:SS]`, or parts `<number> <unit>` where the
/// number may have a fraction (`1.5h`) and parts may be glued (`1h30m`) or separated by spaces, commas
/// and `and`. A bare number is no duration (Todo+ reads it as zero time).
struct TimeSpanReader {
    private let bytes: [UInt8]
    private var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Seconds per unit, by the unit's spellings.
    private static let units: [(names: [String], seconds: Int)] = [
        (["y", "yr", "yrs", "year", "years"], 365 * 86_400),
        (["w", "wk", "wks", "week", "weeks"], 7 * 86_400),
        (["d", "day", "days"], 86_400),
        (["h", "hr", "hrs", "hour", "hours"], 3600),
        (["m", "min", "mins", "minute", "minutes"], 60),
        (["s", "sec", "secs", "second", "seconds"], 1),
    ]

    /// Digits past which a number is surely too long (and past which `Int` arithmetic would overflow).
    private static let maxDigits = 12

    mutating func read() -> Result<TimeSpan, TimeSpan.ReadError> {
        skipSeparators(andWord: false)
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { return .failure(.negative) }
        if let clock = readClock() { return clock }
        var total = 0, parts = 0
        while i < bytes.count {
            guard let (whole, fraction, scale) = readNumber() else { return .failure(.malformed) }
            if whole < 0 || whole > TimeSpan.longest.seconds { return .failure(.tooLong) }
            skipSpaces()
            guard let unit = readUnit() else { return .failure(.malformed) }
            // Rounded to the second, as Todo+ rounds.
            total += whole * unit + (fraction * unit + scale / 2) / scale
            if total > TimeSpan.longest.seconds { return .failure(.tooLong) }
            parts += 1
            skipSeparators(andWord: true)
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { return .failure(.negative) }
        }
        return parts == 0 ? .failure(.malformed) : .success(TimeSpan(seconds: total))
    }

    /// `H:MM` or `H:MM:SS` filling the whole value, as Todo+'s clock format writes elapsed time.
    private mutating func readClock() -> Result<TimeSpan, TimeSpan.ReadError>? {
        var fields: [Int] = [], digits = 0, value = 0, k = i
        while k < bytes.count {
            let b = bytes[k]
            if isDigit(b) {
                digits += 1
                if digits > Self.maxDigits { return .failure(.tooLong) }
                value = value * 10 + Int(b - UInt8(ascii: "0"))
            } else if b == UInt8(ascii: ":"), digits > 0 {
                fields.append(value)
                (digits, value) = (0, 0)
            } else if isSpace(b) {
                break
            } else {
                return nil
            }
            k += 1
        }
        guard !fields.isEmpty, fields.count <= 2, digits == 2, value < 60 else { return nil }
        for rest in bytes[k...] where !isSpace(rest) { return nil }
        fields.append(value)
        if fields.count == 3, fields[1] >= 60 { return nil }
        let seconds =
            fields.count == 3 ? fields[0] * 3600 + fields[1] * 60 + fields[2] : fields[0] * 3600 + fields[1] * 60
        return seconds > TimeSpan.longest.seconds ? .failure(.tooLong) : .success(TimeSpan(seconds: seconds))
    }

    /// Digits with an optional fraction (`1.5`, `.5`); whole is -1 when it has too many digits.
    private mutating func readNumber() -> (whole: Int, fraction: Int, scale: Int)? {
        var whole = 0, fraction = 0, scale = 1, digits = 0, fractionDigits = 0
        while i < bytes.count, isDigit(bytes[i]) {
            digits += 1
            if digits <= Self.maxDigits { whole = whole * 10 + Int(bytes[i] - UInt8(ascii: "0")) }
            i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "."), i + 1 < bytes.count, isDigit(bytes[i + 1]) {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) {
                // Digits past the sixth change nothing a second would show.
                if fractionDigits < 6 {
                    fraction = fraction * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                    scale *= 10
                    fractionDigits += 1
                }
                i += 1
            }
        } else if digits == 0 {
            return nil
        }
        return (digits > Self.maxDigits ? -1 : whole, fraction, scale)
    }

    private mutating func readUnit() -> Int? {
        let start = i
        while i < bytes.count, isLetter(bytes[i]) { i += 1 }
        let word = String(decoding: bytes[start..<i].map { $0 | 0x20 }, as: UTF8.self)
        return Self.units.first { $0.names.contains(word) }?.seconds
    }

    private mutating func skipSpaces() {
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
    }

    /// Spaces and commas, and the word `and` between parts.
    private mutating func skipSeparators(andWord: Bool) {
        while i < bytes.count {
            if isSpace(bytes[i]) || bytes[i] == UInt8(ascii: ",") {
                i += 1
            } else if andWord, i + 3 < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "a"),
                bytes[i + 1] | 0x20 == UInt8(ascii: "n"), bytes[i + 2] | 0x20 == UInt8(ascii: "d"),
                isSpace(bytes[i + 3]),
                i > 0, isSpace(bytes[i - 1])
            {
                i += 3
            } else {
                return
            }
        }
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
