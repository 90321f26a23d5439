/// Lints a whole text at once (for `check`; the server lints line by line
/// through the same `AnalyzedLine.diagnostics` and `SubtasksDoneRule`).
public enum Linter {
    public struct Finding: Sendable {
        public var line: Int
        public var diagnostic: LineDiagnostic
        /// The line's text, to convert offsets for display.
        public var text: String
        public var isASCII: Bool
    }

    public static func lint(_ text: String, settings: LintSettings, clock: LintClock) -> [Finding] {
        let doc = TextDocument(text: text)
        var out: [Finding] = []
        for (i, line) in doc.lines.enumerated() where PlainLine.plain(line, settings: settings, clock: clock) == nil {
            let analyzed = AnalyzedLine(line: line, settings: settings, clock: clock)
            for d in analyzed.diagnostics() {
                out.append(Finding(line: i, diagnostic: d, text: line.text, isASCII: line.syntax.isASCII))
            }
        }
        // The outline's findings, each after its line's own.
        let subtasks = SubtasksDoneRule.findings(in: doc.lines, spacesPerLevel: doc.spacesPerLevel(.auto))
        for f in subtasks {
            let line = doc.lines[f.line]
            out.append(Finding(line: f.line, diagnostic: f.diagnostic, text: line.text, isASCII: line.syntax.isASCII))
        }
        if !subtasks.isEmpty {
            out = out.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        }
        return out
    }
}
