/// The one date reader: TaskPaper's grammar, then its ISO 8601 fallback, then our two
/// extensions (an appointment `DATE H:MM-H:MM`, a span `A thru B`), each part read as TaskPaper does.
struct DateReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let clock: LintClock

    struct Outcome {
        var result: Result<DateValue, DateError>
        /// The byte ranges of a range's two ends (appointment times or span parts), for swapping.
        var ends: (Range<Int>, Range<Int>)?
    }

    func read() -> Outcome {
        // The grammar never matches a word of two times (`13:00-14:00`), but ISO 8601 would read
        // `-14:00` as a UTC offset: our appointment comes first there. Neither reads a `thru` word,
        // so a span is looked for before them too.
        if let canonical = canonicalDate(0, bytes.count) {
            guard let (date, time) = canonical else { return Outcome(result: .failure(.invalid)) }
            let point = DatePoint(date: date, time: time)
            return Outcome(result: .success(DateValue(form: time == nil ? .date : .dateTime, start: point)))
        }
        if let range = appointment() ?? span() { return range }
        switch point(0, bytes.count) {
        case .moment(let moment, let info):
            let form: DateValue.Form = info.isAbsolute ? (moment.timeIfAny == nil ? .date : .dateTime) : .relative
            return Outcome(
                result: .success(
                    DateValue(
                        form: form, start: DatePoint(moment),
                        isCanonical: info.isPadded, overflow: info.overflow,
                        namesTime: form != .relative || info.namesTime, namesUTCOffset: info.namesUTCOffset)))
        case .invalid: return Outcome(result: .failure(.invalid))
        case .malformed: return Outcome(result: .failure(.malformed))
        }
    }

    // MARK: Points

    enum Point {
        case moment(LocalDateTime, TaskPaperDateGrammar.Reading)
        case invalid
        case malformed
    }

    /// `bytes[start..<end]` as TaskPaper's `DateTime.parse` reads it.
    func point(_ start: Int, _ end: Int) -> Point {
        if let canonical = canonicalDate(start, end) {
            guard let (date, time) = canonical else { return .invalid }
            let moment = LocalDateTime(date: date, time: time ?? .midnight)
            return .moment(moment, TaskPaperDateGrammar.Reading(moment: moment, isAbsolute: true, hasTime: time != nil))
        }
        if let reading = TaskPaperDateGrammar.read(bytes, from: start, to: end, now: clock.moment) {
            guard let moment = reading.moment else { return .invalid }
            return .moment(moment, reading)
        }
        if timePair(start, end) != nil { return .malformed }  // an appointment where only a point may be
        switch ISO8601Reader.read(bytes, from: start, to: end, utcOffsetSeconds: clock.utcOffsetSeconds) {
        case .reading(let moment, let hasTime, let namesOffset):
            let reading = TaskPaperDateGrammar.Reading(
                moment: moment, isAbsolute: true, hasTime: hasTime, namesUTCOffset: namesOffset)
            return .moment(moment, reading)
        case .invalid: return .invalid
        case .noMatch: return .malformed
        }
    }

    /// The day a date tag's payload is due when TaskPaper reads it as written (no failure, no overflow):
    /// its end's day for a range, else its day. Nil for any other payload. The common `YYYY-MM-DD` and
    /// `YYYY-MM-DD HH:MM` are read without building a `DateValue` (this runs for every date of a document).
    static func deadlineIfReadAsWritten(_ payload: UnsafeBufferPointer<UInt8>, clock: LintClock) -> CivilDate? {
        let reader = DateReader(bytes: payload, clock: clock)
        if let canonical = reader.canonicalDate(0, payload.count) { return canonical?.date }
        if let day = reader.plainRangeEnd() { return day }
        guard case .success(let value) = reader.read().result, value.overflow == nil else { return nil }
        return value.deadline
    }

    /// The end's day of the common ranges when `read` reads them as written (both ends exist, the end
    /// after the start): an appointment `YYYY-MM-DD HH:MM-HH:MM` (both times within the day) and a span
    /// of two `YYYY-MM-DD[ HH:MM]`. Nil for anything else, which the whole reader then reads.
    private func plainRangeEnd() -> CivilDate? {
        let count = bytes.count
        if count == 22, bytes[10] == UInt8(ascii: " "), bytes[16] == UInt8(ascii: "-"),
            let day = canonicalDate(0, 10) ?? nil,
            let start = minuteOfDay(11), let end = minuteOfDay(17), end > start
        {
            return day.date
        }
        let half = (count - 6) / 2
        guard count == 26 || count == 38, hasWord(" thru ", at: half),
            let first = canonicalDate(0, half) ?? nil, let second = canonicalDate(half + 6, count) ?? nil
        else { return nil }
        let from = LocalDateTime(date: first.date, time: first.time ?? .midnight)
        let to = LocalDateTime(date: second.date, time: second.time ?? .midnight)
        return to > from ? second.date : nil
    }

    /// `HH:MM` at `start`, within the day, in minutes.
    private func minuteOfDay(_ start: Int) -> Int? {
        var cursor = DateCursor(bytes, from: start, to: start + 5)
        guard let hour = cursor.digits(2), hour < 24, cursor.take(byte: UInt8(ascii: ":")),
            let minute = cursor.digits(2), minute < 60
        else { return nil }
        return hour * 60 + minute
    }

    /// Whether `word` (lowercase ASCII) stands at `start`, in any case.
    private func hasWord(_ word: StaticString, at start: Int) -> Bool {
        var cursor = DateCursor(bytes, from: start, to: start + word.utf8CodeUnitCount)
        return cursor.hasPrefix(word)
    }

    /// The common `YYYY-MM-DD` and `YYYY-MM-DD HH:MM`, read directly (the grammar reads them the same):
    /// nil when the text is neither, `.some(nil)` for a day that does not exist.
    private func canonicalDate(_ start: Int, _ end: Int) -> (date: CivilDate, time: TimeOfDay?)?? {
        let count = end - start
        guard count == 10 || count == 16, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-")
        else { return nil }
        var cursor = DateCursor(bytes, from: start, to: end)
        guard let year = cursor.digits(4), cursor.take(byte: UInt8(ascii: "-")), let month = cursor.digits(2),
            cursor.take(byte: UInt8(ascii: "-")), let day = cursor.digits(2)
        else { return nil }
        var time: TimeOfDay?
        if count == 16 {
            guard cursor.take(byte: UInt8(ascii: " ")), let hour = cursor.digits(2), hour < 24,
                cursor.take(byte: UInt8(ascii: ":")), let minute = cursor.digits(2), minute < 60
            else { return nil }
            if hour != 0 || minute != 0 { time = TimeOfDay(hour: hour, minute: minute) }
        }
        guard CivilDate.isValid(year: year, month: month, day: day) else { return .some(nil) }
        return (CivilDate(year: year, month: month, day: day), time)
    }

    // MARK: Our extensions

    /// `A thru B`: split at the first `thru` between white space; each side a point.
    private func span() -> Outcome? {
        var cursor = DateCursor(bytes)
        while !cursor.isAtEnd {
            let wordStart = cursor.position
            while !cursor.isAtEnd, !DateCursor.isWhiteSpace(cursor.byte()) { cursor.position += 1 }
            let wordEnd = cursor.position
            cursor.skipWhiteSpace()
            var word = DateCursor(bytes, from: wordStart, to: wordEnd)
            guard word.take("thru"), word.isAtEnd, wordStart > 0, !cursor.isAtEnd else { continue }
            let first = trimmed(0, wordStart), second = trimmed(cursor.position, bytes.count)
            return range(first, second, form: .span, ends: (first, second))
        }
        return nil
    }

    /// The last word of `start..<end` when it is two times joined by `-` (`13:00-14:00`, `9am-5pm`)
    /// after some other text: the word's start, the dash, its end and the two times.
    private func timePair(
        _ start: Int, _ end: Int
    ) -> (
        wordStart: Int, dash: Int, end: Int,
        first: (milliseconds: Int?, overflow: DateOverflow?), second: (milliseconds: Int?, overflow: DateOverflow?)
    )? {
        let word = trimmed(start, end)
        var wordStart = word.upperBound
        while wordStart > start, !DateCursor.isWhiteSpace(bytes[wordStart - 1]) { wordStart -= 1 }
        guard wordStart > start, wordStart + 1 < word.upperBound,
            let dash = bytes[(wordStart + 1)..<word.upperBound].firstIndex(of: UInt8(ascii: "-")),
            let first = TaskPaperDateGrammar.readTime(bytes, from: wordStart, to: dash),
            let second = TaskPaperDateGrammar.readTime(bytes, from: dash + 1, to: word.upperBound)
        else { return nil }
        return (wordStart, dash, word.upperBound, first, second)
    }

    /// `DATE T1-T2`: the last word is two times joined by `-`; both are on DATE's day.
    private func appointment() -> Outcome? {
        guard let (wordStart, dash, wordEnd, startTime, endTime) = timePair(0, bytes.count) else { return nil }
        let date = trimmed(0, wordStart)
        guard !date.isEmpty else { return nil }
        let day: LocalDateTime, info: TaskPaperDateGrammar.Reading
        switch point(date.lowerBound, date.upperBound) {
        case .malformed: return Outcome(result: .failure(.malformed))
        case .invalid: return Outcome(result: .failure(.invalid))
        case .moment(let moment, let reading): (day, info) = (moment.startOf(.day), reading)
        }
        guard !info.hasTime, let startMilliseconds = startTime.milliseconds, let endMilliseconds = endTime.milliseconds,
            let start = day.adding(milliseconds: startMilliseconds),
            let end = day.adding(milliseconds: endMilliseconds)
        else { return Outcome(result: .failure(info.hasTime ? .malformed : .invalid)) }
        let ends = (wordStart..<dash, (dash + 1)..<wordEnd)
        guard end > start else { return Outcome(result: .failure(.inverted), ends: ends) }
        let overflow = info.overflow ?? startTime.overflow ?? endTime.overflow
        return Outcome(
            result: .success(
                DateValue(
                    form: .appointment, start: DatePoint(start), end: DatePoint(end),
                    isCanonical: info.isPadded, overflow: overflow)), ends: ends)
    }

    /// Two points read on their own; malformed beats invalid, invalid beats inverted.
    private func range(
        _ first: Range<Int>, _ second: Range<Int>, form: DateValue.Form,
        ends: (Range<Int>, Range<Int>)
    ) -> Outcome {
        let a = point(first.lowerBound, first.upperBound), b = point(second.lowerBound, second.upperBound)
        guard case .moment(let start, let startInfo) = a, case .moment(let end, let endInfo) = b else {
            if case .malformed = a { return Outcome(result: .failure(.malformed)) }
            if case .malformed = b { return Outcome(result: .failure(.malformed)) }
            return Outcome(result: .failure(.invalid))
        }
        guard end > start else { return Outcome(result: .failure(.inverted), ends: ends) }
        let value = DateValue(
            form: form, start: DatePoint(start), end: DatePoint(end),
            isCanonical: startInfo.isPadded && endInfo.isPadded,
            overflow: startInfo.overflow ?? endInfo.overflow,
            namesUTCOffset: startInfo.namesUTCOffset || endInfo.namesUTCOffset)
        return Outcome(result: .success(value), ends: ends)
    }

    /// `start..<end` without trailing white space.
    private func trimmed(_ start: Int, _ end: Int) -> Range<Int> {
        var end = end
        while end > start, DateCursor.isWhiteSpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }
}
