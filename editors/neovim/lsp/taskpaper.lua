-- taskpaper-lsp for Neovim 0.11+ (`:help lsp-config`).
--
-- With `editors/neovim` on 'runtimepath' (or this file copied to
-- `~/.config/nvim/lsp/taskpaper.lua`), one line turns it on:
--
--     vim.lsp.enable('taskpaper')
--
-- Override any field without editing this file, e.g.
--
--     vim.lsp.config('taskpaper', {
--       cmd = { '/path/to/taskpaper-lsp' },
--       settings = { taskpaper = { maxLineLength = 80 } },
--     })

---@type vim.lsp.Config
return {
  cmd = { 'taskpaper-lsp' },
  filetypes = { 'taskpaper' },
  -- Without a marker the server still runs, on the single file.
  root_markers = { '.git' },
  -- The `taskpaper` section, served to the server's `workspace/configuration`
  -- requests. These are the defaults (the root README's Settings).
  settings = {
    taskpaper = {
      -- Warn about lines longer than this many characters; 0 turns it off.
      maxLineLength = 120,
      -- Also measure notes (prose) for line length.
      lineLengthNotes = false,
      -- Leading spaces per level: 'auto' (as TaskPaper: the file's shortest run) or a number.
      indentWidth = 'auto',
      -- Tags whose values are dates (checked, completed with dates).
      dateTags = { 'due', 'done', 'start', 'defer' },
      -- What "Mark as done" writes: 'date' @done(2026-11-21),
      -- 'datetime' @done(2026-11-21 09:30), or 'bare' @done.
      doneFormat = 'date',
      -- Where "Archive done items" moves them: 'project' (the file's Archive: project)
      -- or 'file' (NAME_archive.taskpaper beside the file).
      archive = 'project',
      -- Report open tasks whose @due date has passed.
      overdue = true,
      -- Files not open: 'due' (overdue tasks, tasks due today), 'all' (every finding) or 'off'.
      workspaceDiagnostics = 'due',
      -- Inlay hints: counts after a project, 'in 3 days' after a future @due, the gauge.
      inlayHints = { projectCounts = true, dueDistance = true, lineGauge = true },
    },
  },
}
