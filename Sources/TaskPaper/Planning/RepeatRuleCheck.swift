/// `repeat-malformed`: an `@repeat(...)` value that is no repeat rule (a
/// Warning: TaskPaper itself ignores the tag's value).
struct RepeatMalformedRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard line.syntax.knownTags.contains(.repeat) else { return }
        for tag in line.syntax.tags where tag.hasName("repeat", in: line.line) {
            guard let range = tag.payloadRange else { continue }
            let payload = line.utf8Slice(range)
            guard RepeatRule.parse(payload) == nil else { continue }
            diagnostics.append(
                LineDiagnostic(
                    .repeatMalformed, range,
                    "'\(payload.prefix(40))' is no repeat rule: \(RepeatRule.expectation)"))
        }
    }
}
