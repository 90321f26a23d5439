import Testing
@testable import TaskPaper

/// Random payloads built from TaskPaper's grammar pieces (`Date? Time? Duration*`) and near-misses.
/// Whether each one reads is decided here by hand-written rules about the pieces and how they
/// join, never by asking the parser under test.
@Suite struct DateRandomizedTests {
    enum Expected: Equatable { case reads, malformed, invalid }

    /// How a date piece joins what follows it (the grammar's greedy optional parts).
    enum DateShape {
        /// `2016`: the white space after a year is skipped, so a following `-N` is swallowed as the month.
        case openNumeric
        /// `may`, `this sep`: a following number is swallowed as the day.
        case monthWithoutDay
        case closed
    }

    struct Piece {
        var text: String
        var expected: Expected
        var shape: DateShape = .closed
        /// A bare month or weekday name (`jul 32`, `monday`): the grammar's `Specifier? _ Name` lets
        /// white space stand before the name.
        var startsWithName = false
    }

    static let dates: [Piece] = [
        Piece(text: "2025-05-11", expected: .reads), Piece(text: "1976-11-27", expected: .reads),
        Piece(text: "2016", expected: .reads, shape: .openNumeric),
        Piece(text: "2016-5", expected: .reads),  // white space is skipped after the year only
        Piece(text: "today", expected: .reads), Piece(text: "tomorrow", expected: .reads),
        Piece(text: "yesterday", expected: .reads), Piece(text: "now", expected: .reads),
        Piece(text: "this may", expected: .reads, shape: .monthWithoutDay),
        Piece(text: "sep", expected: .reads, shape: .monthWithoutDay, startsWithName: true),
        Piece(text: "sun", expected: .reads, startsWithName: true),
        Piece(text: "next jul 4", expected: .reads), Piece(text: "last dec 25", expected: .reads),
        Piece(text: "jan 3", expected: .reads, startsWithName: true),
        Piece(text: "jul 32", expected: .reads, startsWithName: true),
        Piece(text: "monday", expected: .reads, startsWithName: true), Piece(text: "next fri", expected: .reads),
        Piece(text: "last sunday", expected: .reads), Piece(text: "this week", expected: .reads),
        Piece(text: "next quarter", expected: .reads), Piece(text: "last isoweek", expected: .reads),
        Piece(text: "next year", expected: .reads), Piece(text: "this hour", expected: .reads),
        // Invalid Dates: the grammar matches, the day does not exist
        Piece(text: "2025-02-30", expected: .invalid), Piece(text: "2025-13-01", expected: .invalid),
        Piece(text: "2025-00-10", expected: .invalid),
        // near-misses: typos and spellings TaskPaper does not know
        Piece(text: "tomorow", expected: .malformed), Piece(text: "yesterdy", expected: .malformed),
        Piece(text: "mondy", expected: .malformed), Piece(text: "sept", expected: .malformed),
        Piece(text: "tues", expected: .malformed), Piece(text: "thurs", expected: .malformed),
        Piece(text: "next fortnight", expected: .malformed), Piece(text: "2025/05/11", expected: .malformed),
    ]

    static let times: [Piece] = [
        Piece(text: "5pm", expected: .reads), Piece(text: "at 9am", expected: .reads),
        Piece(text: "2 am", expected: .reads), Piece(text: "10:30", expected: .reads),
        Piece(text: "12:5", expected: .reads), Piece(text: "10:30:15", expected: .reads),
        Piece(text: "10:30:15:200 pm", expected: .reads), Piece(text: "25:00", expected: .reads),
        Piece(text: "12pm", expected: .reads),
        Piece(text: "at 9", expected: .malformed), Piece(text: "9a", expected: .malformed),
        Piece(text: "10:", expected: .malformed), Piece(text: "9 pmm", expected: .malformed),
    ]

    static let durations: [Piece] = [
        Piece(text: "+1d", expected: .reads), Piece(text: "-2w", expected: .reads),
        Piece(text: "3 weeks", expected: .reads), Piece(text: "+2 days", expected: .reads),
        Piece(text: "1m", expected: .reads), Piece(text: "+5h", expected: .reads),
        Piece(text: "20ms", expected: .reads), Piece(text: "- 3 years", expected: .reads),
        Piece(text: "+1o", expected: .reads), Piece(text: "2q", expected: .reads),
        Piece(text: "+1 isoweek", expected: .reads), Piece(text: "7 sec", expected: .reads),
        Piece(text: "+1x", expected: .malformed), Piece(text: "+3", expected: .malformed),
        Piece(text: "1mo", expected: .malformed), Piece(text: "+1 dec", expected: .malformed),
        Piece(text: "+1sa", expected: .malformed), Piece(text: "2 we", expected: .malformed),
    ]

    /// The rules: any malformed piece spoils the payload; an open date swallows what follows it
    /// (`2016 -2w` is the month -2 then a stray `w`; `may 5pm` is May 5 then a stray `pm`);
    /// a date cannot follow white space, but for a bare month or weekday name; otherwise an
    /// Invalid Date piece makes the payload invalid.
    static func expected(date: Piece?, rest: [Piece], leadingSpace: Bool) -> Expected {
        if ([date].compactMap { $0 } + rest).contains(where: { $0.expected == .malformed }) { return .malformed }
        if let date {
            if leadingSpace, !date.startsWithName { return .malformed }
            if let next = rest.first?.text {
                let bytes = Array(next.utf8)
                let startsWithDigit = bytes.first.map { (48...57).contains($0) } ?? false
                let startsWithDashDigit = bytes.count > 1 && bytes[0] == 45 && (48...57).contains(bytes[1])
                if date.shape == .openNumeric, startsWithDashDigit { return .malformed }
                if date.shape == .monthWithoutDay, startsWithDigit { return .malformed }
            }
            if date.expected == .invalid { return .invalid }
        }
        return .reads
    }

    @Test func generatedPayloadsReadAsTheRulesSay() {
        var random = SeededRandom(seed: 0x7A5C_9A9E)
        let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20))
        var counts: [Expected: Int] = [:]
        for _ in 0..<20_000 {
            let date = random.below(100) < 70 ? Self.dates[random.below(Self.dates.count)] : nil
            var rest: [Piece] = []
            if random.below(100) < 50 { rest.append(Self.times[random.below(Self.times.count)]) }
            for _ in 0..<random.below(3) { rest.append(Self.durations[random.below(Self.durations.count)]) }
            let leadingSpace = random.below(100) < 10
            var payload = ([date].compactMap { $0 } + rest).map(\.text).joined(separator: " ")
            if leadingSpace { payload = " " + payload }
            if random.below(100) < 10 { payload += "  " }
            if random.below(100) < 20 { payload = payload.uppercased() }
            let want = Self.expected(date: date, rest: rest, leadingSpace: leadingSpace)
            counts[want, default: 0] += 1
            let got: Expected
            switch DateValue.parse(payload[...], clock: clock) {
            case .success: got = .reads
            case .failure(.invalid): got = .invalid
            case .failure: got = .malformed
            }
            #expect(got == want, "'\(payload)'")
            if got != want { return }
        }
        print(
            "random date payloads: \(counts[.reads] ?? 0) read, \(counts[.malformed] ?? 0) malformed, "
                + "\(counts[.invalid] ?? 0) invalid")
        #expect(counts.values.allSatisfy { $0 > 500 })
    }
}

extension SeededRandom {
    /// A number in 0..<bound (the library's generator, so a failure reproduces from its seed).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Any text at all: the reader never traps, and what it reads, written as TaskPaper writes dates,
/// reads back as the same moment (TaskPaper's own "should round trip now" test, generalised).
@Suite struct DateRoundTripTests {
    static let alphabet = Array("0123456789-+: TtWZ.,amphsdwoqyinuexrlcbfgjkv".utf8)
    static let words = [
        "today", "next", "may", "mon", "12", "2025", "-05", "-31", "pm", "at", "thru", "w", "m", "o",
        "30", ":00", " ", "T10", "1976-11-27", "25:00", "sep", "q", "isoweek", "99999999999999999999",
    ]

    @Test func readingsRoundTripAndNothingTraps() {
        var random = SeededRandom(seed: 0xDA7E)
        let clock = LintClock(
            today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20),
            second: 30, millisecond: 500)
        var read = 0
        for round in 0..<30_000 {
            var payload = ""
            for _ in 0..<random.below(8) {
                if round % 2 == 0 {
                    payload += Self.words[random.below(Self.words.count)]
                } else {
                    payload += String(decoding: [Self.alphabet[random.below(Self.alphabet.count)]], as: UTF8.self)
                }
            }
            guard case .success(let value) = DateValue.parse(payload[...], clock: clock), value.end == nil,
                (0...9999).contains(value.start.date.year)
            else { continue }
            read += 1
            let again = DateValue.parse(value.reading[...], clock: clock)
            #expect((try? again.get().start) == value.start, "'\(payload)' -> \(value.reading)")
        }
        #expect(read > 1000)
    }
}

/// Payloads of a megabyte: every reader is linear, so these answer at once (a quadratic one would hang).
@Suite struct DateLongPayloadTests {
    @Test func megabytePayloads() {
        let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 24), now: TimeOfDay(hour: 10, minute: 20))
        func read(_ payload: String) -> Result<DateValue, DateError> { DateValue.parse(payload[...], clock: clock) }
        let megabyte = 1 << 20
        #expect(read(String(repeating: "9", count: megabyte)) == .failure(.invalid))  // a year out of range
        #expect((try? read(String(repeating: "+1d ", count: megabyte / 4)).get().reading) == "2744-08-16 10:20")
        #expect(read(String(repeating: "thru ", count: megabyte / 5)) == .failure(.malformed))
        #expect(read("today " + String(repeating: " ", count: megabyte) + "x") == .failure(.malformed))
        #expect(read(String(repeating: "13:00-", count: megabyte / 6) + "14:00") == .failure(.malformed))
        #expect(read(String(repeating: "may ", count: megabyte / 4)) == .failure(.malformed))
    }
}
