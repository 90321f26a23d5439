/// The one reader of durations (`TimeSpan.read`): `H:MM[:SS]`; or parts `<number> <unit>` where the
/// number may have a fraction (`1.5h`) and parts may be glued (`1h30m`) or separated by spaces, commas
/// and `and`; or, alone, a number in words before a spelled-out unit (`an hour`, `half a day`). The sum
/// is rounded to the second once, halves up. A bare number is no duration (Todo+ reads it as zero time).
struct TimeSpanReader {
    private let bytes: [UInt8]
    private var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private struct Unit {
        var short: [String]
        var spelledOut: [String]
        var milliseconds: Int
        /// Todo+ reads `half` only before these.
        var halves: Bool
    }

    private static let units: [Unit] = [
        Unit(short: ["y", "yr", "yrs"], spelledOut: ["year", "years"], milliseconds: 365 * 86_400_000, halves: true),
        Unit(short: ["w", "wk", "wks"], spelledOut: ["week", "weeks"], milliseconds: 7 * 86_400_000, halves: false),
        Unit(short: ["d"], spelledOut: ["day", "days"], milliseconds: 86_400_000, halves: true),
        Unit(short: ["h", "hr", "hrs"], spelledOut: ["hour", "hours"], milliseconds: 3_600_000, halves: true),
        Unit(short: ["m", "min", "mins"], spelledOut: ["minute", "minutes"], milliseconds: 60_000, halves: false),
        Unit(short: ["s", "sec", "secs"], spelledOut: ["second", "seconds"], milliseconds: 1000, halves: false),
        Unit(short: ["ms"], spelledOut: ["millisecond", "milliseconds"], milliseconds: 1, halves: false),
    ]

    /// The numbers Todo+ reads in words.
    private static let numberWords = [
        "a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ]

    /// Digits past which a number is surely too long (and past which `Int` arithmetic would overflow).
    private static let maxDigits = 12
    /// Fraction digits kept: past the 18th a digit moves a part by under 10⁻¹⁰ s.
    private static let maxFractionDigits = 18
    private static let fractionScale: UInt64 = 1_000_000_000_000_000_000
    private static let longestMilliseconds = TimeSpan.longest.seconds * 1000

    /// The exact sum so far: whole milliseconds and the rest in units of 10⁻¹⁸ ms.
    private var milliseconds = 0
    private var rest: UInt64 = 0

    mutating func read() -> Result<TimeSpan, TimeSpan.ReadError> {
        skipSeparators(andWord: false)
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { return .failure(.negative) }
        if let clock = readClock() { return clock }
        if i < bytes.count, isLetter(bytes[i]) { return readWords() }
        var parts = 0
        while i < bytes.count {
            guard let (whole, fraction, fractionDigits) = readNumber() else { return .failure(.malformed) }
            skipSpaces()
            guard let unit = readUnit()?.milliseconds else { return .failure(.malformed) }
            if whole < 0 || whole > Self.longestMilliseconds / unit { return .failure(.tooLong) }
            add(whole: whole, fraction: fraction, fractionDigits: fractionDigits, unit: unit)
            if milliseconds > Self.longestMilliseconds { return .failure(.tooLong) }
            parts += 1
            skipSeparators(andWord: true)
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { return .failure(.negative) }
        }
        return parts == 0 ? .failure(.malformed) : rounded()
    }

    /// Adds `whole.fraction` units exactly (to `maxFractionDigits`).
    private mutating func add(whole: Int, fraction: UInt64, fractionDigits: Int, unit: Int) {
        milliseconds += whole * unit
        guard fractionDigits > 0 else { return }
        var scale: UInt64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let product = fraction.multipliedFullWidth(by: UInt64(unit))
        let (quotient, remainder) = scale.dividingFullWidth(product)
        milliseconds += Int(quotient)
        rest += remainder * (Self.fractionScale / scale)
        if rest >= Self.fractionScale {
            rest -= Self.fractionScale
            milliseconds += 1
        }
    }

    /// Whole seconds, a half second and more rounding up, as Todo+ rounds.
    private func rounded() -> Result<TimeSpan, TimeSpan.ReadError> {
        let seconds = milliseconds / 1000 + (milliseconds % 1000 >= 500 ? 1 : 0)
        return seconds > TimeSpan.longest.seconds ? .failure(.tooLong) : .success(TimeSpan(seconds: seconds))
    }

    /// `an hour`, `two days`, `half an hour`: Todo+ reads a number in words only as the whole value and
    /// only before a spelled-out unit.
    private mutating func readWords() -> Result<TimeSpan, TimeSpan.ReadError> {
        var word = readWord()
        var half = false
        if word == "half" {
            half = true
            skipSpaces()
            let start = i
            word = readWord()
            if word == "a" || word == "an" { word = "" } else { i = start }
        } else if word == "a" {
            skipSpaces()
            let start = i
            if readWord() == "half" { half = true } else { i = start }
        }
        guard half || Self.numberWords.contains(word) else { return .failure(.malformed) }
        skipSpaces()
        let name = readWord()
        guard let unit = Self.units.first(where: { $0.spelledOut.contains(name) }), !half || unit.halves else {
            return .failure(.malformed)
        }
        skipSpaces()
        guard i == bytes.count else { return .failure(.malformed) }
        if half {
            add(whole: 0, fraction: 5, fractionDigits: 1, unit: unit.milliseconds)
        } else {
            let count = word == "a" || word == "an" ? 1 : Self.numberWords.firstIndex(of: word)! - 1
            add(whole: count, fraction: 0, fractionDigits: 0, unit: unit.milliseconds)
        }
        return rounded()
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
    private mutating func readNumber() -> (whole: Int, fraction: UInt64, fractionDigits: Int)? {
        var whole = 0, digits = 0, fractionDigits = 0
        var fraction: UInt64 = 0
        while i < bytes.count, isDigit(bytes[i]) {
            digits += 1
            if digits <= Self.maxDigits { whole = whole * 10 + Int(bytes[i] - UInt8(ascii: "0")) }
            i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "."), i + 1 < bytes.count, isDigit(bytes[i + 1]) {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) {
                if fractionDigits < Self.maxFractionDigits {
                    fraction = fraction * 10 + UInt64(bytes[i] - UInt8(ascii: "0"))
                    fractionDigits += 1
                }
                i += 1
            }
        } else if digits == 0 {
            return nil
        }
        return (digits > Self.maxDigits ? -1 : whole, fraction, fractionDigits)
    }

    private mutating func readWord() -> String {
        let start = i
        while i < bytes.count, isLetter(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i].map { $0 | 0x20 }, as: UTF8.self)
    }

    private mutating func readUnit() -> Unit? {
        let word = readWord()
        return Self.units.first { $0.short.contains(word) || $0.spelledOut.contains(word) }
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
