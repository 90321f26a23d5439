-- Colours for taskpaper-lsp's semantic tokens (`:help lsp-semantic-highlight`).
--
-- The server sends the token types project, task, note, tag and payload, with
-- the modifiers done, overdue, invalid and date. Neovim highlights them with
-- `@lsp.type.<type>.taskpaper` and `@lsp.mod.<modifier>.taskpaper`. These are
-- links to standard groups, so they work in any colour scheme; they are set
-- with `default = true`, so a colour scheme or your config can override them:
--
--     vim.api.nvim_set_hl(0, '@lsp.type.payload.taskpaper', { link = 'Constant' })

if vim.g.loaded_taskpaper then
  return
end
vim.g.loaded_taskpaper = true

local function set_highlights()
  local groups = {
    -- Token types.
    ['@lsp.type.project.taskpaper'] = { link = 'Title' },
    ['@lsp.type.task.taskpaper'] = { link = 'Special' },
    ['@lsp.type.note.taskpaper'] = { link = 'Comment' },
    ['@lsp.type.tag.taskpaper'] = { link = 'Identifier' },
    ['@lsp.type.payload.taskpaper'] = { link = 'String' },
    -- A valid date payload.
    ['@lsp.typemod.payload.date.taskpaper'] = { link = 'Number' },
    -- Modifiers combine with the type's colour.
    ['@lsp.mod.done.taskpaper'] = { strikethrough = true },
    ['@lsp.mod.overdue.taskpaper'] = { link = 'DiagnosticWarn' },
    ['@lsp.mod.invalid.taskpaper'] = { link = 'DiagnosticUnderlineError' },
  }
  for name, spec in pairs(groups) do
    vim.api.nvim_set_hl(0, name, vim.tbl_extend('force', spec, { default = true }))
  end
end

set_highlights()

-- `:colorscheme` clears highlights; put ours back afterwards.
vim.api.nvim_create_autocmd('ColorScheme', {
  group = vim.api.nvim_create_augroup('taskpaper_highlights', { clear = true }),
  callback = set_highlights,
})
