/// `duration-malformed`: an `@est`, `@estimate` or `@lasted` value that is no duration (a Warning: the
/// tag counts no time in sums, hints and reports).
struct DurationMalformedRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard !line.syntax.knownTags.isDisjoint(with: .durations) else { return }
        line.line.withUTF8Bytes { b in
            for tag in line.syntax.tags where !KnownTagNames.of(tag, in: b).isDisjoint(with: .durations) {
                guard let range = tag.payloadRange,
                    diagnostics.count < LineDiagnostic.maxPerRuleAndLine
                else { continue }
                let payload = line.utf8Slice(range)
                let why: String
                switch TimeSpan.read(payload) {
                case .success: continue
                case .failure(.malformed): why = "is no duration"
                case .failure(.negative): why = "is negative: time spent or planned is never less than nothing"
                case .failure(.tooLong): why = "is longer than 1,000 years"
                }
                let name = tag.name(in: line.line)
                diagnostics.append(
                    LineDiagnostic(
                        .durationMalformed, range,
                        "'\(payload.prefix(40))' in @\(name) \(why) and counts no time: \(TimeSpan.expectation)"))
            }
        }
    }
}
