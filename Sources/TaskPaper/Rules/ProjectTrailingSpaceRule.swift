/// `project-trailing-space`: `Home: ` would be a project but for the white
/// space after its colon. Left alone where the text before the colon has no
/// letter or digit: `+: ` and `-: ` are pro/con labels, not projects.
struct ProjectTrailingSpaceRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard line.syntax.kind == .note else { return }
        guard let space = ProjectTrailingSpaceRule.trailingSpace(line.line) else { return }
        diagnostics.append(
            LineDiagnostic(
                .projectTrailingSpace, space,
                "White space after ':' makes this line a note; remove it to make a project"))
    }

    /// The white space after a would-be project's colon.
    static func trailingSpace(_ line: Line) -> Range<Int>? {
        let syntax = line.syntax
        guard syntax.kind == .note else { return nil }
        let body = syntax.indentLength, end = Int(syntax.contentEnd)
        let colon = line.withUTF8Bytes { u -> Int? in
            let trimmed = max(body, TagScanner.trimTrailingBlanks(u, end: end))
            guard trimmed < end, trimmed > body, u[trimmed - 1] == 0x3A else { return nil }
            return trimmed - 1
        }
        guard let colon,
            line.utf8Slice(body..<colon).unicodeScalars.contains(where: isLetterOrDigit)
        else { return nil }
        return colon + 1..<end
    }

    private static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }
}
