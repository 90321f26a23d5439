import TaskPaper
import TaskPaperServer

/// A diagnostics finding as the commands print it: `check`, the findings `add` reports on its new line,
/// and the MCP tool `check`.
enum FindingOutput {
    /// A finding's first and last columns, 1-based, in characters.
    static func columns(_ f: Linter.Finding) -> (start: Int, end: Int) {
        let range = f.diagnostic.range
        return (
            Characters.count(f.text, upTo: range.lowerBound, isASCII: f.isASCII) + 1,
            Characters.count(f.text, upTo: range.upperBound, isASCII: f.isASCII) + 1
        )
    }

    /// A finding as `check --format json` prints it.
    static func write(_ f: Linter.Finding, in file: String, to w: inout JSONWriter) {
        let d = f.diagnostic
        let (column, endColumn) = columns(f)
        w.object { w in
            w.key("path"); w.string(file)
            w.key("line"); w.int(f.line + 1)
            w.key("column"); w.int(column)
            w.key("endLine"); w.int(f.line + 1)
            w.key("endColumn"); w.int(endColumn)
            w.key("severity"); w.string(d.severity.name)
            w.key("code"); w.string(d.code.rawValue)
            w.key("message"); w.string(d.message)
        }
    }

    /// A finding as `check` prints it: `path:line:column: severity: message [code]`.
    static func textLine(_ f: Linter.Finding, column: Int, in file: String) -> String {
        let d = f.diagnostic
        return "\(file):\(f.line + 1):\(column): \(d.severity.name): \(d.message) [\(d.code.rawValue)]"
    }
}
