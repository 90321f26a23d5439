-- Colours for taskpaper-lsp's semantic tokens (`:help lsp-semantic-highlight`).
--
-- The server sends the token types project, task, note, tag and payload, with
-- the modifiers done, overdue, invalid, date, cancelled and deferred. Neovim highlights them with
-- `@lsp.type.<type>.taskpaper` and `@lsp.mod.<modifier>.taskpaper`. These are
-- links to standard groups, so they work in any colour scheme; they are set
-- with `default = true`, so a colour scheme or your config can override them:
--
--     vim.api.nvim_set_hl(0, '@lsp.type.payload.taskpaper', { link = 'Constant' })
--
-- It also defines :TaskPaperFocus, :TaskPaperUnfocus and :TaskPaperCapture (lua/taskpaper.lua does the work).

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
    -- A cancelled task is struck through; a task that cannot start yet is dimmed.
    ['@lsp.mod.cancelled.taskpaper'] = { strikethrough = true },
    ['@lsp.mod.deferred.taskpaper'] = { link = 'Comment' },
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

-- A saved search's code lens (`N items`) runs the server's `taskpaper.search`
-- command. Neovim would send it and drop the answer; this handler puts the
-- items found in the quickfix list instead, so `vim.lsp.codelens.run()` lists them.
vim.lsp.commands['taskpaper.search'] = function(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if not client then
    return
  end
  client:request('workspace/executeCommand', command, function(err, locations)
    if err then
      vim.notify('taskpaper.search: ' .. err.message, vim.log.levels.ERROR)
      return
    end
    local query = command.arguments and command.arguments[1] and command.arguments[1].query or ''
    vim.fn.setqflist({}, ' ', {
      title = '@search(' .. query .. ')',
      items = vim.lsp.util.locations_to_items(locations or {}, client.offset_encoding),
    })
    vim.cmd.copen()
  end, ctx.bufnr)
end

-- Focus (`:help folding`): the lines a search does not find become closed folds in the window.
vim.api.nvim_create_user_command('TaskPaperFocus', function(opts)
  local taskpaper = require('taskpaper')
  if opts.args == '' then
    taskpaper.focus_here()
  else
    taskpaper.focus(opts.args)
  end
end, {
  nargs = '?',
  complete = function(arg_lead)
    return require('taskpaper').complete_query(arg_lead)
  end,
  desc = 'TaskPaper: show only what a search finds, or the item at the cursor',
})
vim.api.nvim_create_user_command('TaskPaperUnfocus', function()
  require('taskpaper').unfocus()
end, { nargs = 0, desc = 'TaskPaper: show the whole file and the folds it had' })

-- Capture: `taskpaper-lsp add` from any buffer, to the file $TASKPAPER_INBOX names.
vim.api.nvim_create_user_command('TaskPaperCapture', function(opts)
  require('taskpaper').capture(opts.args)
end, { nargs = '+', desc = 'TaskPaper: add a task to the inbox ($TASKPAPER_INBOX)' })
