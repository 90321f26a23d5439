import Glibc  // Linux only (Sources/TaskPaperServer/README.md)
import TaskPaperCommands
import TaskPaperServer

let usage = """
    taskpaper-lsp: a language server for TaskPaper files.

    Usage: taskpaper-lsp [--stdio]
      Serve the Language Server Protocol on stdin/stdout.
    Usage: taskpaper-lsp --version | --help


    """ + Subcommands.usage

var args = Array(CommandLine.arguments.dropFirst())
if let status = Subcommands.run(args) { exit(status) }
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
