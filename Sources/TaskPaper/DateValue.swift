/// A resolved point: a day and, when the payload names one, a time.
public struct DatePoint: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var time: TimeOfDay?

    public init(date: CivilDate, time: TimeOfDay? = nil) {
        self.date = date
        self.time = time
    }

    /// Orders as (date, time ?? 00:00), the comparison the spec uses for ranges;
    /// a point without a time sorts just before the same day at 00:00 so the order stays total.
    public static func < (lhs: DatePoint, rhs: DatePoint) -> Bool {
        let l = (lhs.date, lhs.time ?? .midnight), r = (rhs.date, rhs.time ?? .midnight)
        if l != r { return l < r }
        return lhs.time == nil && rhs.time != nil
    }

    /// True when `self` is strictly later than `other`, a missing time counting as 00:00
    /// (so a day without a time is *not* after the same day at 00:00).
    public func isAfter(_ other: DatePoint) -> Bool {
        (date, time ?? .midnight) > (other.date, other.time ?? .midnight)
    }

    /// "2025-05-11" or "2025-05-11 10:00".
    public var description: String {
        guard let time else { return date.description }
        return "\(date) \(time)"
    }
}

public enum DateError: Error, Hashable, Sendable {
    /// Fits no form.
    case malformed
    /// Fits a form but names no real date or time.
    case invalid
    /// An appointment or span ends at or before its start.
    case inverted
}

/// The parsed payload of a date tag such as `@due(2025-05-11 10:00)`.
public struct DateValue: Hashable, Sendable {
    /// The day a task with this `@due` must be done by: a span's last day, else its day.
    public var deadline: CivilDate { (form == .span ? end?.date : nil) ?? start.date }

    public enum Form: Hashable, Sendable { case date, dateTime, appointment, span, relative }

    /// A span whose points are relative is still `.span`; a lone relative point is `.relative`.
    public var form: Form
    public var start: DatePoint
    /// Appointments and spans only.
    public var end: DatePoint?
    /// False when an absolute date was written YYYY-M-D (not zero-padded).
    public var isCanonical: Bool

    public init(form: Form, start: DatePoint, end: DatePoint? = nil, isCanonical: Bool = true) {
        self.form = form
        self.start = start
        self.end = end
        self.isCanonical = isCanonical
    }

    /// Parses a date tag's payload (without the parentheses), resolving relative dates
    /// against `today` and `now`.
    public static func parse(_ payload: Substring, today: CivilDate, now: TimeOfDay) -> Result<DateValue, DateError> {
        withBytes(payload) { bytes in
            analyze(PayloadBytes(bytes), today: today, now: now).result
        }
    }

    /// The payload with every absolute date zero-padded
    /// (`2025-5-1 thru 2025-5-3` -> `2025-05-01 thru 2025-05-03`); other text unchanged.
    public static func zeroPadded(_ payload: Substring) -> String {
        withBytes(payload) { bytes in
            zeroPadded(PayloadBytes(bytes)) ?? String(payload)
        }
    }

    /// For an inverted appointment or span, the payload with its two ends swapped
    /// (`2025-05-11 14:00-13:00` -> `2025-05-11 13:00-14:00`, `A thru B` -> `B thru A`).
    /// Nil when the payload is not inverted, or when swapping would not make it valid
    /// (for example when both ends are the same moment).
    public static func swappedRange(_ payload: Substring, today: CivilDate, now: TimeOfDay) -> String? {
        let swapped: String? = withBytes(payload) { bytes in
            let analysis = analyze(PayloadBytes(bytes), today: today, now: now)
            guard analysis.result == .failure(.inverted), let (first, second) = analysis.ends else { return nil }
            return swapping(first, second, in: bytes)
        }
        guard let swapped, case .success = parse(swapped[...], today: today, now: now) else { return nil }
        return swapped
    }
}

// MARK: - Entry points over bytes

extension DateValue {
    /// Runs `body` over the payload's UTF-8 bytes, without copying when the storage is contiguous.
    private static func withBytes<R>(_ payload: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = payload.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(payload.utf8).withUnsafeBufferPointer(body)
    }

    /// The parse result plus the byte ranges of the two ends, which `swappedRange` needs.
    private struct Analysis {
        var result: Result<DateValue, DateError>
        var ends: (Range<Int>, Range<Int>)?
    }

    private static func analyze(_ bytes: PayloadBytes, today: CivilDate, now: TimeOfDay) -> Analysis {
        var parser = PayloadParser(bytes: bytes, today: today, now: now)
        let parsed: ParsedValue
        do {
            parsed = try parser.parseValue()
        } catch {
            return Analysis(result: .failure(error), ends: nil)  // always .malformed
        }
        // Invalid wins over inverted: an inverted range of impossible dates is not worth swapping.
        if parser.isInvalid {
            return Analysis(result: .failure(.invalid), ends: nil)
        }
        if let end = parsed.value.end, !end.isAfter(parsed.value.start) {
            return Analysis(result: .failure(.inverted), ends: parsed.ends)
        }
        return Analysis(result: .success(parsed.value), ends: parsed.ends)
    }

    /// The bytes with the ranges `first` and `second` (first before second) exchanged.
    private static func swapping(_ first: Range<Int>, _ second: Range<Int>,
                                 in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        out += bytes[..<first.lowerBound]
        out += bytes[second]
        out += bytes[first.upperBound..<second.lowerBound]
        out += bytes[first]
        out += bytes[second.upperBound...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The padded text, or nil when every date is already padded (so the caller can reuse the payload).
    private static func zeroPadded(_ bytes: PayloadBytes) -> String? {
        let zero = UInt8(ascii: "0")
        var out: [UInt8] = []  // stays unallocated until a date needs padding
        var copied = 0  // bytes before this offset are already in `out`
        var position = 0
        while let token = bytes.token(from: position) {
            position = token.upperBound
            guard let date = bytes.absoluteDate(token), !date.isPadded else { continue }
            out += bytes.raw[copied..<date.month.lowerBound]  // up to and including "YYYY-"
            if date.month.count == 1 { out.append(zero) }
            out += bytes.raw[date.month.lowerBound..<date.day.lowerBound]  // "M-"
            if date.day.count == 1 { out.append(zero) }
            out += bytes.raw[date.day]
            copied = token.upperBound
        }
        guard copied > 0 else { return nil }
        out += bytes.raw[copied...]
        return String(decoding: out, as: UTF8.self)
    }
}

// MARK: - Lexing

/// Byte-level scanning of a payload. Tokens are byte ranges separated by spaces and tabs;
/// every token class below is ASCII, so byte offsets are also valid `String` boundaries.
private struct PayloadBytes {
    let raw: UnsafeBufferPointer<UInt8>

    init(_ raw: UnsafeBufferPointer<UInt8>) { self.raw = raw }

    var count: Int { raw.count }

    // MARK: Tokens

    /// The next token at or after `position`, or nil at the end.
    func token(from position: Int) -> Range<Int>? {
        var start = position
        while start < raw.count, isBlank(raw[start]) { start += 1 }
        guard start < raw.count else { return nil }
        var end = start + 1
        while end < raw.count, !isBlank(raw[end]) { end += 1 }
        return start..<end
    }

    private func isBlank(_ byte: UInt8) -> Bool { TagScanner.isBlank(byte) }

    // MARK: Words

    /// Case-insensitive comparison with a lowercase ASCII word.
    func token(_ token: Range<Int>, is word: StaticString) -> Bool {
        guard token.count == word.utf8CodeUnitCount else { return false }
        return hasPrefix(token, word, length: token.count)
    }

    /// Whether the token's first `length` bytes equal (case-insensitively) the word's.
    private func hasPrefix(_ token: Range<Int>, _ word: StaticString, length: Int) -> Bool {
        let letters = word.utf8Start
        for offset in 0..<length where lowercased(raw[token.lowerBound + offset]) != letters[offset] {
            return false
        }
        return true
    }

    /// The index in `names` of the name the token spells in full or as its first three letters.
    func nameIndex(_ token: Range<Int>, in names: [StaticString]) -> Int? {
        guard token.count >= 3 else { return nil }
        for (index, name) in names.enumerated()
        where (token.count == 3 || token.count == name.utf8CodeUnitCount) && hasPrefix(token, name, length: token.count) {
            return index
        }
        return nil
    }

    /// 1 = Monday ... 7 = Sunday.
    func weekday(_ token: Range<Int>) -> Int? {
        nameIndex(token, in: weekdayWords).map { $0 + 1 }
    }

    /// 1 = January ... 12 = December.
    func month(_ token: Range<Int>) -> Int? {
        nameIndex(token, in: monthWords).map { $0 + 1 }
    }

    // MARK: Numbers

    /// Reads a run of decimal digits starting at `index` (advancing it) up to `end`.
    /// The value saturates at `saturatedNumber` so absurd inputs cannot overflow.
    func digits(at index: inout Int, end: Int) -> (value: Int, count: Int) {
        var value = 0, count = 0
        while index < end, raw[index] &- UInt8(ascii: "0") < 10 {
            value = min(value * 10 + Int(raw[index] &- UInt8(ascii: "0")), saturatedNumber)
            index += 1
            count += 1
        }
        return (value, count)
    }

    /// A 1–2 digit number filling the whole token (the day in `may 5`).
    func dayNumber(_ token: Range<Int>) -> Int? {
        var index = token.lowerBound
        let (value, count) = digits(at: &index, end: token.upperBound)
        return index == token.upperBound && (1...2).contains(count) ? value : nil
    }

    // MARK: Dates

    /// `YYYY-M-D` with a 4-digit year and 1–2 digit month and day; not checked against the calendar.
    func absoluteDate(_ token: Range<Int>) -> AbsoluteDateToken? {
        var index = token.lowerBound
        let end = token.upperBound
        let yearStart = index
        let year = digits(at: &index, end: end)
        guard year.count == 4, skip("-", at: &index, end: end) else { return nil }
        let monthStart = index
        let month = digits(at: &index, end: end)
        guard (1...2).contains(month.count), skip("-", at: &index, end: end) else { return nil }
        let dayStart = index
        let day = digits(at: &index, end: end)
        guard (1...2).contains(day.count), index == end else { return nil }
        return AbsoluteDateToken(
            date: CivilDate(year: year.value, month: month.value, day: day.value),
            year: yearStart..<yearStart + 4,
            month: monthStart..<monthStart + month.count,
            day: dayStart..<dayStart + day.count)
    }

    private func skip(_ byte: Unicode.Scalar, at index: inout Int, end: Int) -> Bool {
        guard index < end, raw[index] == UInt8(ascii: byte) else { return false }
        index += 1
        return true
    }

    // MARK: Times

    /// `H:MM`, `HH:MM`, optional `:SS`, or with an am/pm suffix (`9am`, `9:30pm`) over the bytes `range`.
    func time(_ range: Range<Int>) -> TimeToken {
        var index = range.lowerBound
        let end = range.upperBound
        let hour = digits(at: &index, end: end)
        guard (1...2).contains(hour.count) else { return .notATime }
        var minute = 0, second = 0, hasMinutes = false
        if skip(":", at: &index, end: end) {
            let minutes = digits(at: &index, end: end)
            guard minutes.count == 2 else { return .notATime }
            minute = minutes.value
            hasMinutes = true
            if skip(":", at: &index, end: end) {
                let seconds = digits(at: &index, end: end)
                guard seconds.count == 2 else { return .notATime }
                second = seconds.value
            }
        }
        let meridiem = self.meridiem(index..<end)
        if meridiem != nil { index += 2 }
        guard index == end else { return .notATime }
        guard let meridiem else {
            // A bare number (`10`) is not a time: it needs minutes or am/pm.
            guard hasMinutes else { return .notATime }
            let time = TimeOfDay(hour: hour.value, minute: minute, second: second)
            return .time(time.isValid ? time : nil)
        }
        guard (1...12).contains(hour.value), minute < 60, second < 60 else { return .time(nil) }
        // 12am is midnight and 12pm noon.
        let hour24 = hour.value % 12 + (meridiem == .pm ? 12 : 0)
        return .time(TimeOfDay(hour: hour24, minute: minute, second: second))
    }

    private enum Meridiem { case am, pm }

    /// `am` or `pm`, case-insensitive, when the range is exactly that.
    private func meridiem(_ range: Range<Int>) -> Meridiem? {
        guard range.count == 2, lowercased(raw[range.lowerBound + 1]) == UInt8(ascii: "m") else { return nil }
        switch lowercased(raw[range.lowerBound]) {
        case UInt8(ascii: "a"): return .am
        case UInt8(ascii: "p"): return .pm
        default: return nil
        }
    }

    /// `time-time` in one token (`13:00-14:00`, `9am-5pm`).
    func timeRange(_ token: Range<Int>) -> TimeRangeToken? {
        // A time never contains '-', so the first one after the first byte splits the halves.
        guard let dash = raw[(token.lowerBound + 1)..<token.upperBound].firstIndex(of: UInt8(ascii: "-")) else {
            return nil
        }
        let startRange = token.lowerBound..<dash, endRange = (dash + 1)..<token.upperBound
        guard case .time(let start) = time(startRange), case .time(let end) = time(endRange) else { return nil }
        return TimeRangeToken(start: start, end: end, startRange: startRange, endRange: endRange)
    }

    // MARK: Durations

    /// `[+-]N` followed directly by a unit: `+3d`, `-1w`, `+90min`.
    func duration(_ token: Range<Int>) -> DurationToken? {
        var index = token.lowerBound
        let end = token.upperBound
        let sign: Int
        switch raw[index] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        index += 1
        let amount = digits(at: &index, end: end)
        guard amount.count > 0, let unit = durationUnit(index..<end) else { return nil }
        return DurationToken(amount: sign * amount.value, unit: unit, isSaturated: amount.value == saturatedNumber)
    }

    private func durationUnit(_ range: Range<Int>) -> DurationToken.Unit? {
        if range.count == 3 { return token(range, is: "min") ? .minute : nil }
        guard range.count == 1 else { return nil }
        switch lowercased(raw[range.lowerBound]) {
        case UInt8(ascii: "h"): return .hour
        case UInt8(ascii: "d"): return .day
        case UInt8(ascii: "w"): return .week
        case UInt8(ascii: "m"): return .month
        case UInt8(ascii: "y"): return .year
        default: return nil
        }
    }
}

/// Numbers are capped here while scanning; reaching the cap makes a duration invalid.
private let saturatedNumber = 1_000_000_000

private let weekdayWords: [StaticString] = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
]
private let monthWords: [StaticString] = [
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
]

@inline(__always)
private func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}

private struct AbsoluteDateToken {
    var date: CivilDate
    var year: Range<Int>, month: Range<Int>, day: Range<Int>
    var isPadded: Bool { month.count == 2 && day.count == 2 }
}

private enum TimeToken {
    case notATime
    /// Fits the time form; nil when it names no real time (`25:00`, `13pm`).
    case time(TimeOfDay?)
}

private struct TimeRangeToken {
    var start: TimeOfDay?, end: TimeOfDay?
    var startRange: Range<Int>, endRange: Range<Int>
}

private struct DurationToken {
    enum Unit { case minute, hour, day, week, month, year }
    var amount: Int
    var unit: Unit
    var isSaturated: Bool
}

// MARK: - Parsing

private struct ParsedValue {
    var value: DateValue
    /// The two ends' byte ranges (appointment times or span points), for swapping.
    var ends: (Range<Int>, Range<Int>)?
}

private struct ParsedPoint {
    var point: DatePoint
    var isAbsolute: Bool
    /// From the point's first byte to its last.
    var range: Range<Int>
    var appointment: TimeRangeToken?
}

/// A recursive-descent parser over tokens. Structural mismatches throw `.malformed` at once;
/// impossible dates and times only set `isInvalid`, because a payload that is malformed
/// anywhere must be reported as malformed even if an earlier part was invalid.
private struct PayloadParser {
    let bytes: PayloadBytes
    let today: CivilDate
    let now: TimeOfDay
    var position = 0
    var isInvalid = false
    var isCanonical = true

    init(bytes: PayloadBytes, today: CivilDate, now: TimeOfDay) {
        self.bytes = bytes
        self.today = today
        self.now = now
    }

    private func peek() -> Range<Int>? { bytes.token(from: position) }

    private mutating func consume(_ token: Range<Int>) { position = token.upperBound }

    // MARK: Value

    /// value := point [time-time] | point "thru" point
    mutating func parseValue() throws(DateError) -> ParsedValue {
        let first = try parsePoint(allowsTimeRange: true)
        guard let next = peek() else { return single(first) }
        guard bytes.token(next, is: "thru"), first.appointment == nil else { throw .malformed }
        consume(next)
        let second = try parsePoint(allowsTimeRange: false)
        guard peek() == nil else { throw .malformed }
        let value = DateValue(form: .span, start: first.point, end: second.point, isCanonical: isCanonical)
        return ParsedValue(value: value, ends: (first.range, second.range))
    }

    private func single(_ parsed: ParsedPoint) -> ParsedValue {
        if let appointment = parsed.appointment {
            let end = DatePoint(date: parsed.point.date, time: appointment.end ?? .midnight)
            let value = DateValue(form: .appointment, start: parsed.point, end: end, isCanonical: isCanonical)
            return ParsedValue(value: value, ends: (appointment.startRange, appointment.endRange))
        }
        let form: DateValue.Form = parsed.isAbsolute ? (parsed.point.time == nil ? .date : .dateTime) : .relative
        return ParsedValue(value: DateValue(form: form, start: parsed.point, isCanonical: isCanonical), ends: nil)
    }

    // MARK: Points

    /// point := absolute-date [time | time-time] | relative
    private mutating func parsePoint(allowsTimeRange: Bool) throws(DateError) -> ParsedPoint {
        guard let first = peek() else { throw .malformed }
        guard let absolute = bytes.absoluteDate(first) else { return try parseRelative() }
        consume(first)
        if !absolute.isPadded { isCanonical = false }
        let date = absolute.date
        if !CivilDate.isValid(year: date.year, month: date.month, day: date.day) { isInvalid = true }
        var parsed = ParsedPoint(point: DatePoint(date: date), isAbsolute: true, range: first, appointment: nil)
        // Anything else after the date is left for the caller, which reports it as malformed.
        guard let next = peek() else { return parsed }
        if case .time(let time) = bytes.time(next) {
            consume(next)
            parsed.point.time = checked(time)
            parsed.range = first.lowerBound..<next.upperBound
        } else if allowsTimeRange, let range = bytes.timeRange(next) {
            consume(next)
            parsed.point.time = checked(range.start)
            _ = checked(range.end)
            parsed.appointment = range
            parsed.range = first.lowerBound..<next.upperBound
        }
        return parsed
    }

    /// The time, or midnight as a placeholder after flagging the payload invalid.
    private mutating func checked(_ time: TimeOfDay?) -> TimeOfDay {
        if let time { return time }
        isInvalid = true
        return .midnight
    }

    /// relative := base [duration...] [time] | duration... [time]
    private mutating func parseRelative() throws(DateError) -> ParsedPoint {
        let start = peek()!.lowerBound
        let base = try parseBase()
        var date = base?.date ?? today
        var time = base?.time
        var clockMinutes = 0
        var movesClock = false  // even `+0h` sets the clock (to now)
        var hasDuration = false
        while let token = peek(), let duration = bytes.duration(token) {
            consume(token)
            hasDuration = true
            if duration.isSaturated { isInvalid = true }
            switch duration.unit {
            case .day: date = date.adding(days: duration.amount)
            case .week: date = date.adding(days: 7 * duration.amount)
            case .month: date = date.adding(months: duration.amount)
            case .year: date = date.adding(months: 12 * duration.amount)
            case .hour: clockMinutes += 60 * duration.amount; movesClock = true
            case .minute: clockMinutes += duration.amount; movesClock = true
            }
        }
        guard base != nil || hasDuration else { throw .malformed }
        if let token = peek(), case .time(let explicit) = bytes.time(token) {
            consume(token)
            time = checked(explicit)
        }
        if movesClock {
            // Hours and minutes move the clock from the written time, or from now, carrying into days.
            let from = time ?? now
            let total = from.hour * 60 + from.minute + clockMinutes
            date = date.adding(days: CivilDate.floorDivide(total, 1440))
            let minutes = CivilDate.floorModulo(total, 1440)
            time = TimeOfDay(hour: minutes / 60, minute: minutes % 60, second: from.second)
        }
        // Only years that can be written back as YYYY count as real dates.
        if !(0...9999).contains(date.year) { isInvalid = true }
        return ParsedPoint(point: DatePoint(date: date, time: time), isAbsolute: false,
                           range: start..<position, appointment: nil)
    }

    /// base := today | tomorrow | yesterday | now
    ///       | [this|next|last] weekday | (this|next|last) (week|month|year)
    ///       | [this|next|last] month-name [day]
    /// Nil (nothing consumed) when the first token is none of these.
    private mutating func parseBase() throws(DateError) -> DatePoint? {
        guard let token = peek() else { throw .malformed }
        if bytes.token(token, is: "today") {
            consume(token)
            return DatePoint(date: today)
        } else if bytes.token(token, is: "tomorrow") {
            consume(token)
            return DatePoint(date: today.adding(days: 1))
        } else if bytes.token(token, is: "yesterday") {
            consume(token)
            return DatePoint(date: today.adding(days: -1))
        } else if bytes.token(token, is: "now") {
            consume(token)
            return DatePoint(date: today, time: now)
        } else if let modifier = modifier(token) {
            consume(token)
            return DatePoint(date: try parseModified(modifier))
        } else if let weekday = bytes.weekday(token) {
            consume(token)
            return DatePoint(date: resolve(weekday: weekday, .this))
        } else if let month = bytes.month(token) {
            consume(token)
            return DatePoint(date: resolve(month: month, day: parseMonthDay(), .this))
        }
        return nil
    }

    private enum Modifier { case this, next, last }

    private func modifier(_ token: Range<Int>) -> Modifier? {
        if bytes.token(token, is: "this") { return .this }
        if bytes.token(token, is: "next") { return .next }
        if bytes.token(token, is: "last") { return .last }
        return nil
    }

    /// What follows `this`, `next` or `last`: a weekday, week/month/year, or a month name.
    private mutating func parseModified(_ modifier: Modifier) throws(DateError) -> CivilDate {
        guard let token = peek() else { throw .malformed }
        consume(token)
        if let weekday = bytes.weekday(token) { return resolve(weekday: weekday, modifier) }
        if let month = bytes.month(token) { return resolve(month: month, day: parseMonthDay(), modifier) }
        if bytes.token(token, is: "week") { return resolveWeek(modifier) }
        if bytes.token(token, is: "month") { return resolveMonth(modifier) }
        if bytes.token(token, is: "year") { return resolveYear(modifier) }
        throw .malformed
    }

    /// The optional day number after a month name (`may 5`).
    private mutating func parseMonthDay() -> Int? {
        guard let token = peek(), let day = bytes.dayNumber(token) else { return nil }
        consume(token)
        return day
    }

    // MARK: Resolution

    /// Bare/this: the first such day on or after today; next: a week after that;
    /// last: the latest such day strictly before today.
    private func resolve(weekday: Int, _ modifier: Modifier) -> CivilDate {
        let ahead = CivilDate.floorModulo(weekday - today.weekday, 7)
        switch modifier {
        case .this: return today.adding(days: ahead)
        case .next: return today.adding(days: ahead + 7)
        case .last:
            let behind = CivilDate.floorModulo(today.weekday - weekday, 7)
            return today.adding(days: -(behind == 0 ? 7 : behind))
        }
    }

    /// This week is today; next/last week is that week's Monday.
    private func resolveWeek(_ modifier: Modifier) -> CivilDate {
        let monday = today.adding(days: 1 - today.weekday)
        switch modifier {
        case .this: return today
        case .next: return monday.adding(days: 7)
        case .last: return monday.adding(days: -7)
        }
    }

    /// This month is today; next/last month is that month's 1st.
    private func resolveMonth(_ modifier: Modifier) -> CivilDate {
        let first = CivilDate(year: today.year, month: today.month, day: 1)
        switch modifier {
        case .this: return today
        case .next: return first.adding(months: 1)
        case .last: return first.adding(months: -1)
        }
    }

    /// This year is today; next/last year is that year's January 1.
    private func resolveYear(_ modifier: Modifier) -> CivilDate {
        switch modifier {
        case .this: return today
        case .next: return CivilDate(year: today.year + 1, month: 1, day: 1)
        case .last: return CivilDate(year: today.year - 1, month: 1, day: 1)
        }
    }

    /// Bare/this: the day in the current year unless it has passed, else next year;
    /// next/last: the day in next/last year. Flags an impossible day (`feb 30`) invalid.
    private mutating func resolve(month: Int, day: Int?, _ modifier: Modifier) -> CivilDate {
        let day = day ?? 1
        let year: Int
        switch modifier {
        case .this: year = (month, day) >= (today.month, today.day) ? today.year : today.year + 1
        case .next: year = today.year + 1
        case .last: year = today.year - 1
        }
        if !CivilDate.isValid(year: year, month: month, day: day) { isInvalid = true }
        return CivilDate(year: year, month: month, day: day)
    }
}
