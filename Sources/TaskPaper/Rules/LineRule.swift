/// The one shape every check has: look at one analysed line, append findings.
/// Adding a rule means one file here plus its entry in `AnalyzedLine.diagnostics()`
/// (AnalyzedLine.swift), and making the lines it reports on not plain (`PlainLine`);
/// the recipe is in Sources/TaskPaperServer/README.md.
public protocol LineRule: Sendable {
    init()
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic])
}
