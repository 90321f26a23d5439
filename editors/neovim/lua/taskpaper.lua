-- Helpers for keymaps on top of taskpaper-lsp (see README.md):
--
--   require('taskpaper').mark_done()      -- "Mark as done" code action
--   require('taskpaper').mark_not_done()  -- "Mark as not done" code action
--   require('taskpaper').toggle_done()    -- the server's taskpaper.toggleDone command
--   require('taskpaper').archive_done()   -- "Archive done items" code action
--   require('taskpaper').move_to_project() -- "Move to …": this file's projects, then other files'
--
-- Each works on the task under the cursor, or on every task of the visual
-- selection.

local M = {}

local function client_for(bufnr)
  local client = vim.lsp.get_clients({ bufnr = bufnr, name = 'taskpaper' })[1]
  if not client then
    vim.notify('taskpaper-lsp is not attached to this buffer', vim.log.levels.WARN)
  end
  return client
end

--- Applies the server's code action titled `title` (of kind `kind`) at the
--- cursor or on the visual selection, without a menu.
---@param title string
---@param kind? string
function M.code_action(title, kind)
  vim.lsp.buf.code_action({
    apply = true,
    context = { only = { kind or 'refactor.rewrite' }, diagnostics = {} },
    filter = function(action)
      return action.title == title
    end,
  })
end

function M.mark_done()
  M.code_action('Mark as done')
end

function M.mark_not_done()
  M.code_action('Mark as not done')
end

function M.archive_done()
  M.code_action('Archive done items', 'source.archiveDone')
end

--- Refiles the item(s) under the cursor: a menu of this file's projects, then those of the other
--- open and workspace files (`Work / Errands (work.taskpaper)`). Given a target as the menu shows
--- it, moves there without a menu.
---@param target? string
function M.move_to_project(target)
  if target then
    M.code_action('Move to ' .. target, 'refactor.move')
    return
  end
  vim.lsp.buf.code_action({ context = { only = { 'refactor.move' }, diagnostics = {} } })
end

--- The range of the visual selection (whole lines), or the cursor position.
local function current_range(client)
  local mode = vim.api.nvim_get_mode().mode
  if mode:match('^[vV\22]') then
    local a, b = vim.fn.line('v'), vim.fn.line('.')
    local first, last = math.min(a, b) - 1, math.max(a, b) - 1
    local last_text = vim.api.nvim_buf_get_lines(0, last, last + 1, true)[1]
    -- Leave visual mode, as a command on a selection does.
    vim.api.nvim_feedkeys(vim.keycode('<Esc>'), 'nx', false)
    return {
      start = { line = first, character = 0 },
      ['end'] = { line = last, character = vim.str_utfindex(last_text, client.offset_encoding) },
    }
  end
  return vim.lsp.util.make_range_params(0, client.offset_encoding).range
end

--- Marks the task(s) done, or not done when they all are done already, with
--- the server's `taskpaper.toggleDone` command (workspace/executeCommand).
function M.toggle_done()
  local bufnr = vim.api.nvim_get_current_buf()
  local client = client_for(bufnr)
  if not client then
    return
  end
  client:exec_cmd({
    title = 'Toggle done',
    command = 'taskpaper.toggleDone',
    arguments = { vim.uri_from_bufnr(bufnr), current_range(client) },
  }, { bufnr = bufnr })
end

return M
