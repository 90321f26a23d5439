/// One way to repair a line (a quick fix).
public struct QuickFix: Sendable, Hashable {
    public var title: String
    public var replacements: [TextReplacement]
    /// The diagnostic it repairs; nil for a fix no diagnostic asks for (zero-padding).
    public var diagnostic: LineDiagnostic?
    /// The one obvious repair, which an editor may apply without asking.
    public var isPreferred: Bool
}

/// The repairs for the problems the rules find, computed from the line alone.
public enum QuickFixes {
    /// The fixes for one diagnostic on line `index`.
    public static func fixes(for diagnostic: LineDiagnostic, on line: AnalyzedLine, index: Int) -> [QuickFix] {
        switch diagnostic.code {
        case .rangeInverted: swapRange(diagnostic, line, index).map { [$0] } ?? []
        case .dateOverflow: writeReading(diagnostic, line, index).map { [$0] } ?? []
        case .projectTrailingSpace:
            [
                QuickFix(
                    title: "Remove the white space after ':'",
                    replacements: [TextReplacement(line: index, diagnostic.range, "")],
                    diagnostic: diagnostic, isPreferred: true)
            ]
        case .tagValueUnbalanced: escapeParentheses(diagnostic, line, index).map { [$0] } ?? []
        case .overdue: reschedule(diagnostic, line, index)
        // `subtasks-done` is fixed by Mark as done, which needs more than the line (`markDone`).
        case .dateMalformed, .dateInvalid, .lineTooLong, .duplicateTag, .tagReserved, .searchMalformed,
            .repeatMalformed, .durationMalformed, .subtasksDone, .dueToday:
            []
        }
    }

    /// `subtasks-done`'s fix: Mark as done's edit (`DoneEdits`, `RepeatEdits`), made by the caller.
    public static func markDone(_ diagnostic: LineDiagnostic, replacements: [TextReplacement]) -> QuickFix? {
        guard diagnostic.code == .subtasksDone, !replacements.isEmpty else { return nil }
        return QuickFix(
            title: ItemAction.markDone.title, replacements: replacements, diagnostic: diagnostic, isPreferred: true)
    }

    /// `2025-5-1` -> `2025-05-01` in every date tag of the line that needs it.
    public static func zeroPad(on line: AnalyzedLine, index: Int) -> [QuickFix] {
        line.dates.compactMap { date -> QuickFix? in
            let tag = line.syntax.tags[date.tagIndex]
            guard let range = tag.payloadRange else { return nil }
            let payload = line.utf8Slice(range)
            let padded = DateValue.zeroPadded(payload)
            guard padded != payload else { return nil }
            return QuickFix(
                title: "Zero-pad the date: \(padded)",
                replacements: [TextReplacement(line: index, range, padded)],
                diagnostic: nil, isPreferred: true)
        }
    }

    static func swapRange(_ d: LineDiagnostic, _ line: AnalyzedLine, _ index: Int) -> QuickFix? {
        let payload = line.utf8Slice(d.range)
        guard let swapped = DateValue.swappedRange(payload, clock: line.clock) else { return nil }
        return QuickFix(
            title: "Swap the ends of the range: \(swapped)",
            replacements: [TextReplacement(line: index, d.range, swapped)],
            diagnostic: d, isPreferred: true)
    }

    /// Replaces a payload TaskPaper reads differently than written with what it reads (`25:00` -> the next day 01:00).
    static func writeReading(_ d: LineDiagnostic, _ line: AnalyzedLine, _ index: Int) -> QuickFix? {
        guard let date = line.dates.first(where: { line.syntax.tags[$0.tagIndex].payloadRange == d.range }),
            let value = date.value, value.overflow != nil
        else { return nil }
        return QuickFix(
            title: "Write what TaskPaper reads: \(value.reading)",
            replacements: [TextReplacement(line: index, d.range, value.reading)],
            diagnostic: d, isPreferred: true)
    }

    /// Moves `@due` to today or tomorrow. An absolute date is replaced alone,
    /// so a time or an appointment's hours stay; anything else is replaced whole.
    static func reschedule(_ d: LineDiagnostic, _ line: AnalyzedLine, _ index: Int) -> [QuickFix] {
        guard let tagIndex = line.overdueTagIndex, let due = line.date(ofTag: tagIndex)?.value,
            let payload = line.syntax.tags[tagIndex].payloadRange
        else { return [] }
        var target = payload
        if due.form == .date || due.form == .dateTime || due.form == .appointment {
            target = firstWord(of: payload, in: line.text)
        }
        let today = line.clock.today
        return [("today", today), ("tomorrow", today.adding(days: 1))].map { word, date in
            QuickFix(
                title: "Reschedule to \(word) (\(date))",
                replacements: [TextReplacement(line: index, target, date.description)],
                diagnostic: d, isPreferred: false)
        }
    }

    /// `@note(call (555) 123)` -> `@note(call \(555\) 123)`: within the
    /// diagnostic's range (which ends before the next tag TaskPaper reads), the
    /// value closes at its last `)` that ends a word, and every bare parenthesis
    /// before it is escaped; a value that never closes is closed at the range's end.
    static func escapeParentheses(_ d: LineDiagnostic, _ line: AnalyzedLine, _ index: Int) -> QuickFix? {
        line.line.withUTF8Bytes { escapeParentheses(d, in: $0, line: line, index) }
    }

    private static func escapeParentheses(
        _ d: LineDiagnostic, in b: UnsafeBufferPointer<UInt8>, line: AnalyzedLine, _ index: Int
    ) -> QuickFix? {
        let start = d.range.lowerBound, limit = min(d.range.upperBound, b.count)
        guard start < limit, b[start] == UInt8(ascii: "@"),
            let open = b[start..<limit].firstIndex(of: openParen)
        else { return nil }
        var bare: [Int] = [], close: Int?
        var k = open + 1
        while k < limit {
            if b[k] == backslash, k + 1 < limit, b[k + 1] == openParen || b[k + 1] == closeParen { k += 2; continue }
            if b[k] == openParen || b[k] == closeParen {
                bare.append(k)
                if b[k] == closeParen, k + 1 == b.count || TagScanner.isBlank(b[k + 1]) { close = k }
            }
            k += 1
        }
        let escaped = bare.filter { $0 < close ?? limit }
        // A fix is for a person to read: one of hundreds of insertions (a pathological line) is not offered.
        guard escaped.count < LineDiagnostic.maxPerRuleAndLine else { return nil }
        var replacements = escaped.map { TextReplacement(line: index, $0..<$0, "\\") }
        if close == nil { replacements.append(TextReplacement(line: index, limit..<limit, ")")) }
        // Offer it only when it works: the tag then reads with a value. The fixed line is built in one
        // pass (a line of thousands of parentheses must not be re-read once per insertion).
        var fixed: [UInt8] = []
        fixed.reserveCapacity(b.count + replacements.count)
        var from = 0
        for k in escaped {
            fixed += b[from..<k]
            fixed.append(backslash)
            from = k
        }
        if close == nil {
            fixed += b[from..<limit]
            fixed.append(closeParen)
            from = limit
        }
        fixed += b[from...]
        let syntax = TagScanner.parse(String(decoding: fixed, as: UTF8.self))
        guard syntax.tags.contains(where: { Int($0.start) == start && $0.hasValue }) else { return nil }
        let name = line.utf8Slice(start..<open)
        let title = close == nil ? "Close the value of \(name)( with ')'" : "Escape the parentheses inside \(name)(…)"
        return QuickFix(title: title, replacements: replacements, diagnostic: d, isPreferred: true)
    }

    /// The payload's first word (its absolute date), skipping leading blanks.
    static func firstWord(of payload: Range<Int>, in text: String) -> Range<Int> {
        let b = Array(text.utf8)
        var lo = payload.lowerBound
        while lo < payload.upperBound, TagScanner.isBlank(b[lo]) { lo += 1 }
        var hi = lo
        while hi < payload.upperBound, !TagScanner.isBlank(b[hi]) { hi += 1 }
        return lo..<hi
    }

    private static let openParen: UInt8 = 0x28, closeParen: UInt8 = 0x29, backslash: UInt8 = 0x5C
}
