/// The commands `taskpaper-lsp NAME ...` runs besides serving the language server, each with its usage.
public enum Subcommands {
    private static let all: [(name: String, usage: String, run: @Sendable ([String]) -> Int32)] = [
        ("check", Check.usage, Check.run),
        ("agenda", AgendaCommand.usage, AgendaCommand.run),
        ("search", SearchCommand.usage, SearchCommand.run),
        ("focus", FocusCommand.usage, FocusCommand.run),
        ("report", ReportCommand.usage, ReportCommand.run),
        ("ics", CalendarCommand.usage, CalendarCommand.run),
        ("add", AddCommand.usage, AddCommand.run),
        ("mcp", MCPServer.usage, MCPServer.run),
    ]

    /// Runs the command the first argument names with the others, and gives its exit code; nil when the
    /// first argument names no command.
    public static func run(_ arguments: [String]) -> Int32? {
        guard let name = arguments.first, let command = all.first(where: { $0.name == name }) else { return nil }
        return command.run(Array(arguments.dropFirst()))
    }

    /// Every command's usage, in the order above.
    public static var usage: String { all.map(\.usage).joined(separator: "\n") }
}
