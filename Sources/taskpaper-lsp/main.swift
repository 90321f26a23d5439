import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaperServer

let usage = """
    taskpaper-lsp: a language server for TaskPaper files.

    Usage:
      taskpaper-lsp [--stdio]       Serve the Language Server Protocol on stdin/stdout.
      taskpaper-lsp check [--max-line-length N] [--format text|json] PATH...
                                    Lint files and folders (recursively, *.taskpaper).
                                    Exit 1 if any error, 0 otherwise, 2 on usage errors
                                    or unreadable files.
      taskpaper-lsp agenda [--days N] [--format text|json] PATH...
                                    Open tasks overdue, due within N days (default 7)
                                    or tagged @today: path:line:column: DATE text.
      taskpaper-lsp search QUERY [--format text|json] PATH...
                                    Items a search query finds: path:line:column: text.
      taskpaper-lsp focus QUERY [--project PATH] [--format text|json] PATH...
                                    TaskPaper's filtered view: what QUERY finds and its
                                    ancestors, as TaskPaper text (in a project with
                                    --project 'Work / Errands').
      taskpaper-lsp report [--since DATE|-Nd] [--until DATE] [--by day|project]
                           [--format text|json|markdown] PATH...
                                    Tasks done in the window, grouped, with counts and
                                    estimate and @lasted sums; the open estimate last.
                                    agenda, search, focus and report exit 0 with results, 1
                                    with none, 2 on a bad query or unreadable path.
      taskpaper-lsp ics [--events] [--event-length D] [--open-only] [--days-back N] PATH...
                                    Dated tasks as an iCalendar (RFC 5545) file: VTODOs,
                                    or VEVENTs with --events.
      taskpaper-lsp add [--to FILE] [--project PATH] TEXT...
                                    TEXT as a task, the last of project PATH (default
                                    Inbox; 'Work / Errands'; missing projects are made)
                                    in FILE (default $TASKPAPER_INBOX), where it prints
                                    it went: path:line: task. TEXT '-' reads one task a
                                    line from standard input. Exit 2 on a refused file
                                    or text.
      taskpaper-lsp mcp ROOT...       A Model Context Protocol server on stdin/stdout: tools
                                    for an assistant (search, agenda, report, check, add,
                                    complete) on the files under the ROOTs, and nothing else.
      taskpaper-lsp --version
      taskpaper-lsp --help

    """

var args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "check": exit(Check.run(Array(args.dropFirst())))
case "agenda": exit(AgendaCommand.run(Array(args.dropFirst())))
case "search": exit(SearchCommand.run(Array(args.dropFirst())))
case "focus": exit(FocusCommand.run(Array(args.dropFirst())))
case "report": exit(ReportCommand.run(Array(args.dropFirst())))
case "ics": exit(CalendarCommand.run(Array(args.dropFirst())))
case "add": exit(AddCommand.run(Array(args.dropFirst())))
case "mcp": exit(MCPServer.run(Array(args.dropFirst())))
default: break
}
args.removeAll { $0 == "--stdio" }
switch args.first {
case nil:
    // Keep the real stdout for the protocol and point fd 1 at stderr, so a
    // stray print can never corrupt the message stream.
    let protocolFD = dup(STDOUT_FILENO)
    dup2(STDERR_FILENO, STDOUT_FILENO)
    let server = Server(output: MessageWriter(fd: protocolFD))
    exit(server.run(inputFD: STDIN_FILENO))
case "--version":
    print("taskpaper-lsp \(Server.version)")
case "--help", "-h":
    print(usage, terminator: "")
default:
    StandardError.write("taskpaper-lsp: unknown argument '\(args[0])'\n\n\(usage)")
    exit(2)
}
