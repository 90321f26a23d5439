// A small VS Code client for taskpaper-lsp: it starts the server over stdio for
// `taskpaper` documents, passes the `taskpaper.*` settings, and adds a
// "Toggle Done" command on top of the server's code actions, and Focus / Unfocus.
//
// The server's own commands (taskpaper.markDone, taskpaper.markNotDone,
// taskpaper.toggleDone, taskpaper.archiveDone) are registered as VS Code
// commands by vscode-languageclient itself, from executeCommandProvider, so
// the commands defined here use other names.

import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** The executable: `taskpaper.serverPath`, or `taskpaper-lsp` from PATH. */
function serverCommand(): string {
  const configured = vscode.workspace.getConfiguration('taskpaper').get<string>('serverPath', '');
  return configured.trim() || 'taskpaper-lsp';
}

/** The settings the server reads (the root README's Settings), without the client-only ones. */
function serverSettings(): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration('taskpaper');
  return {
    maxLineLength: config.get<number>('maxLineLength'),
    lineLengthNotes: config.get<boolean>('lineLengthNotes'),
    indentWidth: config.get<string | number>('indentWidth'),
    dateTags: config.get<string[]>('dateTags'),
    doneFormat: config.get<string>('doneFormat'),
    archive: config.get<string>('archive'),
    overdue: config.get<boolean>('overdue'),
    workspaceDiagnostics: config.get<string>('workspaceDiagnostics'),
    inlayHints: config.get<Record<string, boolean>>('inlayHints'),
  };
}

async function startClient(): Promise<void> {
  const command = serverCommand();
  // An Executable without `transport` speaks LSP over the process's stdio.
  const serverOptions: ServerOptions = { command, args: [] };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: 'taskpaper', scheme: 'file' },
      { language: 'taskpaper', scheme: 'untitled' },
    ],
    initializationOptions: serverSettings(),
    synchronize: {
      // Sends workspace/didChangeConfiguration when a taskpaper.* setting changes.
      configurationSection: 'taskpaper',
      // Keeps the server's workspace index current.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.taskpaper'),
    },
    middleware: {
      // A saved search's lens (`N items`) opens what it finds in the peek view:
      // Find All References at the lens, which the server answers with the items.
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        return lenses?.map((lens) =>
          lens.command?.command === 'taskpaper.search'
            ? new vscode.CodeLens(lens.range, {
                title: lens.command.title,
                command: 'editor.action.findReferences',
                arguments: [document.uri, lens.range.start],
              })
            : lens,
        );
      },
      workspace: {
        // Answer the server's workspace/configuration request for the
        // `taskpaper` section with exactly the keys it knows.
        configuration: async (params, token, next) => {
          const results = await next(params, token);
          if (!Array.isArray(results)) {
            return results;
          }
          return params.items.map((item, i) =>
            item.section === 'taskpaper' ? serverSettings() : results[i],
          );
        },
      },
    },
  };

  client = new LanguageClient('taskpaper', 'TaskPaper', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    const choice = await vscode.window.showErrorMessage(
      `TaskPaper: could not start the language server "${command}" (${String(error)}). ` +
        'Install taskpaper-lsp on your PATH or set taskpaper.serverPath.',
      'Open Settings',
    );
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'taskpaper.serverPath');
    }
  }
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    await running.stop();
  }
}

function isCommand(item: vscode.CodeAction | vscode.Command): item is vscode.Command {
  return typeof (item as vscode.Command).command === 'string';
}

/**
 * Marks the task(s) on the current line or selection as done, or, when they
 * are done already, as not done: runs the server's "Mark as done" /
 * "Mark as not done" code action.
 */
async function toggleDone(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'taskpaper') {
    return;
  }
  const document = editor.document;
  const selection = editor.selection;
  const range = selection.isEmpty ? document.lineAt(selection.active.line).range : selection;
  const items =
    (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      range,
      vscode.CodeActionKind.RefactorRewrite.value,
    )) ?? [];
  const actions = items.filter((item): item is vscode.CodeAction => !isCommand(item));
  const action =
    actions.find((a) => a.title === 'Mark as done') ?? actions.find((a) => a.title === 'Mark as not done');
  if (!action) {
    vscode.window.setStatusBarMessage('TaskPaper: no task to mark here', 3000);
    return;
  }
  if (action.edit) {
    await vscode.workspace.applyEdit(action.edit);
  }
  if (action.command) {
    await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
  }
}

// Focus: the server's taskpaper.focus names the runs of lines a search leaves out; each becomes a
// folded manual range. VS Code shows the first line of a folded range, so a range starts on the
// visible line above the run.

interface FocusAnswer {
  matches: number;
  hidden: { start: number; end: number }[];
}

/** The focus of each document (by URI): its search, or the line of the item focused into. */
const focuses = new Map<string, { query?: string; line?: number }>();
let refreshTimer: NodeJS.Timeout | undefined;

async function showFocus(editor: vscode.TextEditor, announce: boolean): Promise<void> {
  const focus = focuses.get(editor.document.uri.toString());
  if (!client || !focus) {
    return;
  }
  let answer: FocusAnswer;
  try {
    answer = await client.sendRequest<FocusAnswer>('workspace/executeCommand', {
      command: 'taskpaper.focus',
      arguments: [{ uri: editor.document.uri.toString(), ...focus }],
    });
  } catch (error) {
    void vscode.window.showErrorMessage(`TaskPaper focus: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (answer.matches === 0 && announce) {
    void vscode.window.showInformationMessage('TaskPaper: no items match');
  }
  const document = editor.document;
  const userSelections = editor.selections;
  const all = new vscode.Range(0, 0, document.lineCount, 0);
  editor.selections = [new vscode.Selection(all.start, all.end)];
  await vscode.commands.executeCommand('editor.removeManualFoldingRanges');
  const ranges = answer.hidden.map(({ start, end }) => {
    // A selection ending in column 0 stops on the line before.
    const last = end + 1 < document.lineCount ? new vscode.Position(end + 1, 0) : document.lineAt(end).range.end;
    return new vscode.Selection(Math.max(start - 1, 0), 0, last.line, last.character);
  });
  if (ranges.length > 0) {
    editor.selections = ranges;
    await vscode.commands.executeCommand('editor.createFoldingRangeFromSelection');
  }
  editor.selections = userSelections;
}

async function focusOnSearch(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'taskpaper') {
    return;
  }
  const query = await vscode.window.showInputBox({
    title: 'TaskPaper: Focus',
    prompt: 'A TaskPaper search, e.g. @today or project Work//@due. Empty: the item at the cursor.',
    value: focuses.get(editor.document.uri.toString())?.query,
  });
  if (query === undefined) {
    return;
  }
  const focus = query.trim() === '' ? { line: editor.selection.active.line } : { query };
  focuses.set(editor.document.uri.toString(), focus);
  await showFocus(editor, true);
}

async function unfocus(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !focuses.delete(editor.document.uri.toString())) {
    return;
  }
  const userSelections = editor.selections;
  editor.selections = [new vscode.Selection(0, 0, editor.document.lineCount, 0)];
  await vscode.commands.executeCommand('editor.removeManualFoldingRanges');
  editor.selections = userSelections;
  await vscode.commands.executeCommand('editor.unfoldAll');
}

/** Keeps a focused item's line on its item when lines are added or removed above it. */
function followEdits(event: vscode.TextDocumentChangeEvent): void {
  const focus = focuses.get(event.document.uri.toString());
  if (!focus || event.contentChanges.length === 0) {
    return;
  }
  for (const change of event.contentChanges) {
    if (focus.line !== undefined && change.range.end.line < focus.line) {
      const added = change.text.split('\n').length - 1;
      focus.line += added - (change.range.end.line - change.range.start.line);
    }
  }
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    const editor = vscode.window.activeTextEditor;
    if (editor && editor.document === event.document) {
      void showFocus(editor, false);
    }
  }, 300);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('taskpaper.toggleDoneAtCursor', toggleDone),
    vscode.commands.registerCommand('taskpaper.focusOnSearch', focusOnSearch),
    vscode.commands.registerCommand('taskpaper.unfocus', unfocus),
    vscode.workspace.onDidChangeTextDocument(followEdits),
    vscode.workspace.onDidCloseTextDocument((document) => focuses.delete(document.uri.toString())),
    vscode.commands.registerCommand('taskpaper.restartServer', async () => {
      await stopClient();
      await startClient();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('taskpaper.serverPath')) {
        await stopClient();
        await startClient();
      }
    }),
    { dispose: () => void stopClient() },
  );
  await startClient();
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
