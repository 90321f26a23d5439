/// `date-malformed`, `date-invalid`, `range-inverted` (Errors: TaskPaper cannot use the value)
/// and `date-overflow` (a Warning: TaskPaper reads it, but not as written).
struct DateRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        for k in line.dates.indices {
            // Most dates read as written: look at the result in place before copying anything out.
            if case .success(let value) = line.dates[k].result, value.overflow == nil { continue }
            let date = line.dates[k]
            let tag = line.syntax.tags[date.tagIndex]
            guard let range = tag.payloadRange else { continue }
            // Sliced only where a message quotes them.
            var name: Substring { tag.name(in: line.line) }
            var payload: Substring { line.utf8Slice(range) }
            switch date.result {
            case .success(let value):
                guard let overflow = value.overflow else { continue }
                let written = line.utf8Slice(
                    (range.lowerBound + overflow.written.lowerBound)..<(range.lowerBound + overflow.written.upperBound))
                diagnostics.append(
                    LineDiagnostic(
                        .dateOverflow, range,
                        "TaskPaper reads '\(written)' as \(value.reading) (\(DateRule.explanation(overflow.reason)))"))
            case .failure(.malformed):
                diagnostics.append(
                    LineDiagnostic(
                        .dateMalformed, range,
                        "TaskPaper cannot read '\(payload)' in @\(name) as a date: expected YYYY-MM-DD, a time, "
                            + "a relative date like 'tomorrow' or '+3d', or a range"))
            case .failure(.invalid):
                diagnostics.append(
                    LineDiagnostic(
                        .dateInvalid, range,
                        "Invalid date '\(payload)' in @\(name): no such day or time"))
            case .failure(.inverted):
                diagnostics.append(
                    LineDiagnostic(
                        .rangeInverted, range,
                        "Range '\(payload)' in @\(name) ends at or before its start"))
            }
        }
    }

    static func explanation(_ reason: DateOverflow.Reason) -> String {
        switch reason {
        case .timePastDay: "the time runs past the day, minute or second"
        case .twelveOClock: "'pm' adds 12 hours: 12pm is midnight at the day's end, 12am is noon"
        case .dayPastMonthEnd: "the day rolls over past the month's end"
        case .shortYear: "a year of fewer than 4 digits is read as written"
        }
    }
}
