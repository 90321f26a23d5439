/// `date-malformed`, `date-invalid`, `range-inverted`: a date tag's payload
/// that fits no form, names no real date, or ends before it starts.
struct DateRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        for date in line.dates {
            guard case .failure(let error) = date.result else { continue }
            let tag = line.syntax.tags[date.tagIndex]
            guard let range = tag.payloadRange else { continue }
            let name = tag.name(in: line.text), payload = line.text.utf8Slice(range)
            switch error {
            case .malformed:
                diagnostics.append(LineDiagnostic(.dateMalformed, range,
                    "Malformed date '\(payload)' in @\(name): expected YYYY-MM-DD, an optional time, a range, or a relative date like 'tomorrow'"))
            case .invalid:
                diagnostics.append(LineDiagnostic(.dateInvalid, range,
                    "Invalid date '\(payload)' in @\(name): no such day or time"))
            case .inverted:
                diagnostics.append(LineDiagnostic(.rangeInverted, range,
                    "Range '\(payload)' in @\(name) ends at or before its start"))
            }
        }
    }
}
