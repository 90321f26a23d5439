/// A resolved point: a day and, unless it is midnight, a time (TaskPaper writes midnight as a bare date).
public struct DatePoint: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var time: TimeOfDay?

    public init(date: CivilDate, time: TimeOfDay? = nil) {
        self.date = date
        self.time = time
    }

    public init(_ moment: LocalDateTime) {
        self.init(date: moment.date, time: moment.timeIfAny)
    }

    /// The moment, a missing time counting as midnight.
    public var moment: LocalDateTime { LocalDateTime(date: date, time: time ?? .midnight) }

    /// Orders as (date, time ?? 00:00); a point without a time sorts just before the same day
    /// at 00:00 so the order stays total.
    public static func < (lhs: DatePoint, rhs: DatePoint) -> Bool {
        if lhs.moment != rhs.moment { return lhs.moment < rhs.moment }
        return lhs.time == nil && rhs.time != nil
    }

    /// True when `self` is strictly later than `other`, a missing time counting as 00:00.
    public func isAfter(_ other: DatePoint) -> Bool { moment > other.moment }

    /// As TaskPaper writes it: "2025-05-11", "2025-05-11 10:00", "2025-05-11 10:00:05".
    public var description: String {
        guard let time else { return date.description }
        return "\(date) \(time)"
    }
}

public enum DateError: Error, Hashable, Sendable {
    /// TaskPaper cannot read it, and it is no appointment or span.
    case malformed
    /// TaskPaper reads it as a day that does not exist (an Invalid Date: `2025-02-30`).
    case invalid
    /// An appointment or span ends at or before its start.
    case inverted
}

/// A part of a payload that TaskPaper reads, but not as written (`25:00` is 01:00 the next day).
public struct DateOverflow: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// A time of 24:00 or later, or minutes or seconds of 60 or more (`25:00`, `13:00pm`).
        case timePastDay
        /// `12pm` is midnight at the day's end and `12am` noon: `pm` just adds 12 hours.
        case twelveOClock
        /// A day past the month's end rolls over (`jul 32` is August 1).
        case dayPastMonthEnd
        /// A year of fewer than 4 digits is that year (`13-12-05` is the year 13).
        case shortYear
    }
    public var reason: Reason
    /// UTF-8 offsets in the payload of the text read differently.
    public var written: Range<Int>
}

/// The parsed payload of a date tag such as `@due(2025-05-11 10:00)`, as TaskPaper 3 reads it
/// (see `Sources/TaskPaper/README.md`, "Dates").
public struct DateValue: Hashable, Sendable {
    /// `date`/`dateTime`: a fixed day (with a time); `relative`: anything that depends on now or
    /// moves a day (`tomorrow`, `+3d`, `2025-05-11 +1d`); `appointment`, `span`: our extensions.
    public enum Form: Hashable, Sendable { case date, dateTime, appointment, span, relative }

    public var form: Form
    public var start: DatePoint
    /// Appointments and spans only.
    public var end: DatePoint?
    /// False when an absolute date was written with a one-digit month or day (`2025-5-1`).
    public var isCanonical: Bool
    /// The first part TaskPaper reads differently than written, if any.
    public var overflow: DateOverflow?
    /// False for a relative date that names no time of day (`+3d`, `tomorrow`, `next friday`): it is
    /// written (Pin date) and listed (`agenda`) as its day, though it reads as now's time that day.
    public var namesTime: Bool
    /// An end was written in ISO 8601 with a UTC offset (`2026-12-04T10:00Z`): an instant, which the
    /// reader shows in local time at the clock's `utcOffsetSeconds` (a calendar writes it back in UTC).
    public var namesUTCOffset: Bool

    public init(
        form: Form, start: DatePoint, end: DatePoint? = nil, isCanonical: Bool = true,
        overflow: DateOverflow? = nil, namesTime: Bool = true, namesUTCOffset: Bool = false
    ) {
        self.namesTime = namesTime
        self.namesUTCOffset = namesUTCOffset
        self.form = form
        self.start = start
        self.end = end
        self.isCanonical = isCanonical
        self.overflow = overflow
    }

    /// The start as written by day or with its time: a relative date naming no time is a day.
    public var writtenStart: DatePoint { namesTime ? start : DatePoint(date: start.date) }

    /// The day a task with this `@due` must be done by: an appointment's or span's end, else its day.
    public var deadline: CivilDate { (end ?? start).date }

    /// What TaskPaper reads, written as it writes dates: `2025-05-12 01:00`, or `A thru B` for a range.
    public var reading: String {
        guard let end else { return start.description }
        return "\(start) thru \(end)"
    }

    /// Reads a date tag's payload (without the parentheses), resolving relative dates against the clock.
    public static func parse(_ payload: Substring, clock: LintClock) -> Result<DateValue, DateError> {
        withBytes(payload) { parse(bytes: $0, clock: clock) }
    }

    /// The same from the payload's UTF-8 bytes (a slice of its line: the linter makes no `Substring`).
    static func parse(bytes: UnsafeBufferPointer<UInt8>, clock: LintClock) -> Result<DateValue, DateError> {
        DateReader(bytes: bytes, clock: clock).read().result
    }

    /// For an inverted appointment or span, the payload with its two ends swapped
    /// (`2025-05-11 14:00-13:00` -> `2025-05-11 13:00-14:00`, `A thru B` -> `B thru A`).
    /// Nil when the payload is not inverted, or when swapping would not make it valid.
    public static func swappedRange(_ payload: Substring, clock: LintClock) -> String? {
        let swapped: String? = withBytes(payload) { bytes in
            let outcome = DateReader(bytes: bytes, clock: clock).read()
            guard outcome.result == .failure(.inverted), let (first, second) = outcome.ends else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out += bytes[..<first.lowerBound]
            out += bytes[second]
            out += bytes[first.upperBound..<second.lowerBound]
            out += bytes[first]
            out += bytes[second.upperBound...]
            return String(decoding: out, as: UTF8.self)
        }
        guard let swapped, case .success = parse(swapped[...], clock: clock) else { return nil }
        return swapped
    }

    /// Runs `body` over the payload's UTF-8 bytes, without copying when the storage is contiguous.
    static func withBytes<R>(_ payload: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = payload.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(payload.utf8).withUnsafeBufferPointer(body)
    }
}
