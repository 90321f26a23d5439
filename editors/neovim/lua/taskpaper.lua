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
--
--   require('taskpaper').focus('@today')   -- fold away all but what the search finds
--   require('taskpaper').focus_here()      -- fold away all but the item at the cursor
--   require('taskpaper').unfocus()         -- the window's own folds back
--
--   require('taskpaper').capture('Buy milk @due(tomorrow)')  -- `taskpaper-lsp add`, from any buffer

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

-- Focus: the server's taskpaper.focus command names the runs of lines to hide; they become closed
-- manual folds in the window. The window's fold options and folds are kept aside (as extmarks, so
-- edits made meanwhile move them) and put back by unfocus().

local focus_ns = vim.api.nvim_create_namespace('taskpaper_focus')
--- Window id -> { buf, query, anchor (extmark of the item focused into), saved, timer, generation, matches }.
local focused = {}
local watched_buffers = {}
-- After an edit, the server is asked again once the text has been still this long.
local refresh_delay_ms = 200
local fold_options = { 'foldmethod', 'foldenable', 'foldlevel', 'foldminlines' }

local function get_window_option(win, name)
  return vim.api.nvim_get_option_value(name, { scope = 'local', win = win })
end

local function set_window_option(win, name, value)
  vim.api.nvim_set_option_value(name, value, { scope = 'local', win = win })
end

local function mark_lines(buf, first, last)
  return {
    vim.api.nvim_buf_set_extmark(buf, focus_ns, first - 1, 0, {}),
    vim.api.nvim_buf_set_extmark(buf, focus_ns, last - 1, 0, {}),
  }
end

--- The 1-based lines a pair of extmarks spans now, or nil when edits removed what lay between them.
local function marked_lines(buf, marks)
  local first = vim.api.nvim_buf_get_extmark_by_id(buf, focus_ns, marks[1], {})[1]
  local last = vim.api.nvim_buf_get_extmark_by_id(buf, focus_ns, marks[2], {})[1]
  if first and last and first <= last then
    return first + 1, last + 1
  end
end

--- Calls `visit(first, last)` for each closed fold the current window shows from line `from` to `to`.
local function each_closed_fold(from, to, visit)
  local line = from
  while line <= to do
    local first = vim.fn.foldclosed(line)
    if first == -1 then
      line = line + 1
    else
      local last = vim.fn.foldclosedend(line)
      visit(first, last)
      line = last + 1
    end
  end
end

--- What the current window shows folded (outermost closed folds) and, with foldmethod=manual, every
--- fold it has, outer before inner.
local function save_folds(buf)
  local closed, manual = {}, {}
  local line_count = vim.fn.line('$')
  each_closed_fold(1, line_count, function(first, last)
    closed[#closed + 1] = mark_lines(buf, first, last)
  end)
  if vim.wo.foldmethod == 'manual' then
    -- With every fold closed, the closed fold at a line is the outermost one; opening it uncovers
    -- the closed folds inside.
    vim.cmd('normal! zM')
    local function take(first, last)
      manual[#manual + 1] = mark_lines(buf, first, last)
      vim.api.nvim_win_set_cursor(0, { first, 0 })
      vim.cmd('normal! zo')
      each_closed_fold(first, last, take)
    end
    each_closed_fold(1, line_count, take)
  end
  return { closed = closed, manual = manual }
end

local function save_window(win, buf)
  local options = {}
  for _, name in ipairs(fold_options) do
    options[name] = get_window_option(win, name)
  end
  return vim.api.nvim_win_call(win, function()
    local view = vim.fn.winsaveview()
    local saved = save_folds(buf)
    vim.fn.winrestview(view)
    saved.options = options
    return saved
  end)
end

--- Closes the fold spanning exactly first..last (all folds open): `zc` closes the innermost open
--- fold at the line, then the one around it.
local function close_fold(first, last)
  vim.api.nvim_win_set_cursor(0, { first, 0 })
  for _ = 1, 100 do
    if vim.fn.foldclosed(first) == first and vim.fn.foldclosedend(first) == last then
      return
    end
    local before = { vim.fn.foldclosed(first), vim.fn.foldclosedend(first) }
    vim.cmd('silent! normal! zc')
    if vim.deep_equal(before, { vim.fn.foldclosed(first), vim.fn.foldclosedend(first) }) then
      return
    end
  end
end

local function restore_window(win, focus)
  local saved, buf = focus.saved, focus.buf
  vim.api.nvim_win_call(win, function()
    local view = vim.fn.winsaveview()
    set_window_option(win, 'foldmethod', 'manual')
    vim.cmd('normal! zE')
    set_window_option(win, 'foldenable', true)
    set_window_option(win, 'foldlevel', saved.options.foldlevel)
    set_window_option(win, 'foldminlines', saved.options.foldminlines)
    if saved.options.foldmethod == 'manual' then
      for _, marks in ipairs(saved.manual) do
        local first, last = marked_lines(buf, marks)
        if first then
          vim.cmd(first .. ',' .. last .. 'fold')
        end
      end
    else
      set_window_option(win, 'foldmethod', saved.options.foldmethod)
    end
    if saved.options.foldenable then
      vim.cmd('silent! %foldopen!')
      for _, marks in ipairs(saved.closed) do
        local first, last = marked_lines(buf, marks)
        if first then
          close_fold(first, last)
        end
      end
    end
    set_window_option(win, 'foldenable', saved.options.foldenable)
    vim.fn.winrestview(view)
  end)
end

local function delete_marks(focus)
  local ids = { focus.anchor }
  for _, list in ipairs({ focus.saved.closed, focus.saved.manual }) do
    for _, marks in ipairs(list) do
      vim.list_extend(ids, marks)
    end
  end
  for _, id in pairs(ids) do
    pcall(vim.api.nvim_buf_del_extmark, focus.buf, focus_ns, id)
  end
end

--- Ends the window's focus without touching the window (it is closed or shows another buffer).
local function forget(win)
  local focus = focused[win]
  focused[win] = nil
  if focus then
    if focus.timer then
      focus.timer:stop()
      focus.timer:close()
    end
    if vim.api.nvim_buf_is_valid(focus.buf) then
      delete_marks(focus)
    end
  end
end

--- Hides the runs (0-based, both ends included) as closed folds, and nothing else.
local function fold_away(win, hidden)
  vim.api.nvim_win_call(win, function()
    set_window_option(win, 'foldmethod', 'manual')
    set_window_option(win, 'foldenable', true)
    set_window_option(win, 'foldlevel', 0)
    -- A single hidden line folds too.
    set_window_option(win, 'foldminlines', 0)
    vim.cmd('normal! zE')
    local line_count = vim.api.nvim_buf_line_count(0)
    for _, run in ipairs(hidden) do
      local first, last = run.start + 1, math.min(run['end'] + 1, line_count)
      if first <= last then
        vim.cmd(first .. ',' .. last .. 'fold')
      end
    end
  end)
end

local function ask_server(buf, query, line, callback)
  local client = client_for(buf)
  if not client then
    return
  end
  local argument = { uri = vim.uri_from_bufnr(buf), query = query, line = line }
  client:request('workspace/executeCommand', {
    command = 'taskpaper.focus',
    arguments = { argument },
  }, callback, buf)
end

local function say_no_match(query)
  vim.notify('TaskPaper: no items match' .. (query and (' ' .. query) or ''), vim.log.levels.INFO)
end

local function show_answer(win, focus, answer, announce)
  -- Said when asked, and when edits leave nothing matching; not again on every edit after that.
  if answer.matches == 0 and (announce or (focus.matches or 0) > 0) then
    say_no_match(focus.query)
  end
  focus.matches = answer.matches
  fold_away(win, answer.hidden or {})
end

local function anchor_line(focus)
  if focus.anchor then
    return vim.api.nvim_buf_get_extmark_by_id(focus.buf, focus_ns, focus.anchor, {})[1]
  end
end

local function refresh(win)
  local focus = focused[win]
  if not focus then
    return
  end
  if not vim.api.nvim_win_is_valid(win) or vim.api.nvim_win_get_buf(win) ~= focus.buf then
    forget(win)
    return
  end
  -- Typing a tag must not fold the line away under the cursor: wait for InsertLeave.
  if vim.api.nvim_get_mode().mode:match('^[iR]') then
    focus.after_insert = true
    return
  end
  focus.after_insert = false
  focus.generation = focus.generation + 1
  local generation = focus.generation
  ask_server(focus.buf, focus.query, anchor_line(focus), function(err, answer)
    if focused[win] ~= focus or focus.generation ~= generation then
      return -- a newer question is on its way
    end
    if err then
      vim.notify('TaskPaper focus: ' .. err.message, vim.log.levels.ERROR)
      return
    end
    show_answer(win, focus, answer, false)
  end)
end

local function schedule_refresh(win)
  local focus = focused[win]
  focus.timer = focus.timer or vim.uv.new_timer()
  focus.timer:start(refresh_delay_ms, 0, vim.schedule_wrap(function()
    refresh(win)
  end))
end

local function watch(buf)
  if watched_buffers[buf] then
    return
  end
  watched_buffers[buf] = true
  vim.api.nvim_buf_attach(buf, false, {
    on_lines = function()
      local any = false
      for win, focus in pairs(focused) do
        if focus.buf == buf then
          schedule_refresh(win)
          any = true
        end
      end
      if not any then
        watched_buffers[buf] = nil
        return true -- detach
      end
    end,
    on_detach = function()
      watched_buffers[buf] = nil
    end,
  })
end

local focus_group = vim.api.nvim_create_augroup('taskpaper_focus', { clear = true })
vim.api.nvim_create_autocmd('InsertLeave', {
  group = focus_group,
  callback = function()
    for win, focus in pairs(focused) do
      if focus.after_insert then
        refresh(win)
      end
    end
  end,
})
vim.api.nvim_create_autocmd('WinClosed', {
  group = focus_group,
  callback = function(args)
    forget(tonumber(args.match))
  end,
})

local function focus_window(query, line)
  local win, buf = vim.api.nvim_get_current_win(), vim.api.nvim_get_current_buf()
  ask_server(buf, query, line, function(err, answer)
    if err then
      vim.notify('TaskPaper focus: ' .. err.message, vim.log.levels.ERROR)
      return
    end
    if not vim.api.nvim_win_is_valid(win) or vim.api.nvim_win_get_buf(win) ~= buf then
      return
    end
    local focus = focused[win]
    if focus and focus.buf ~= buf then
      forget(win)
      focus = nil
    end
    if not focus then
      -- Kept once: a second focus replaces the first and unfocus still gives the user's folds back.
      focus = { buf = buf, saved = save_window(win, buf), generation = 0 }
      focused[win] = focus
      watch(buf)
    end
    if focus.anchor then
      vim.api.nvim_buf_del_extmark(buf, focus_ns, focus.anchor)
    end
    focus.query = query
    focus.anchor = line and vim.api.nvim_buf_set_extmark(buf, focus_ns, line, 0, {}) or nil
    -- An answer still coming for the previous focus is not shown.
    focus.generation = focus.generation + 1
    show_answer(win, focus, answer, true)
  end)
end

--- Folds away everything but the items the TaskPaper search `query` finds (`@today`,
--- `project Work//@due`) and their ancestors. The folds follow edits until unfocus().
---@param query string
function M.focus(query)
  focus_window(query, nil)
end

--- Folds away everything but the item at the cursor, its subtree and its ancestors; with `query`,
--- only what the search finds inside that item.
---@param query? string
function M.focus_here(query)
  if query == '' then
    query = nil
  end
  focus_window(query, vim.api.nvim_win_get_cursor(0)[1] - 1)
end

--- Ends the focus of the current window: its fold settings and the folds it had come back.
function M.unfocus()
  local win = vim.api.nvim_get_current_win()
  local focus = focused[win]
  if not focus then
    vim.notify('TaskPaper: this window has no focus', vim.log.levels.INFO)
    return
  end
  restore_window(win, focus)
  forget(win)
end

--- `:TaskPaperFocus` completion: the buffer's tags and the search words that start with `arg_lead`.
---@param arg_lead string
---@return string[]
function M.complete_query(arg_lead)
  local words = { 'and', 'or', 'not', 'project', 'task', 'note' }
  local seen = {}
  for _, text in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    for tag in text:gmatch('@[%w_%-%.]+') do
      if not seen[tag] then
        seen[tag] = true
        words[#words + 1] = tag
      end
    end
  end
  return vim.tbl_filter(function(word)
    return vim.startswith(word, arg_lead)
  end, words)
end

--- The server's binary as the `taskpaper` config names it (`cmd`), else `taskpaper-lsp` on PATH.
local function binary()
  local ok, config = pcall(function()
    return vim.lsp.config.taskpaper
  end)
  if ok and config and type(config.cmd) == 'table' and config.cmd[1] then
    return config.cmd[1]
  end
  return 'taskpaper-lsp'
end

--- Adds `text` as a task with `taskpaper-lsp add`: to `opts.to`, else the file `$TASKPAPER_INBOX`
--- names, under the project `opts.project` (a path, `Work / Errands`; default `Inbox`). Works from any
--- buffer. That file's buffer, if loaded, is then checked for changes (`:checktime`: with 'autoread' an
--- unmodified buffer reloads). Returns where the task went (`path:line: task`), or nil.
---@param text string
---@param opts? { to?: string, project?: string }
---@return string?
function M.capture(text, opts)
  opts = opts or {}
  local cmd = { binary(), 'add' }
  -- No shell runs the command: `~` is expanded here.
  local to = opts.to and vim.fn.expand(opts.to)
  if to then
    vim.list_extend(cmd, { '--to', to })
  end
  if opts.project then
    vim.list_extend(cmd, { '--project', opts.project })
  end
  vim.list_extend(cmd, { '--', text })
  local ok, result = pcall(function()
    return vim.system(cmd, { text = true }):wait()
  end)
  if not ok then
    vim.notify('TaskPaper: cannot run ' .. cmd[1] .. ': ' .. tostring(result), vim.log.levels.ERROR)
    return nil
  end
  local problems = vim.trim(result.stderr or '')
  if result.code ~= 0 then
    vim.notify(problems, vim.log.levels.ERROR)
    return nil
  end
  local where = vim.trim(result.stdout or '')
  vim.notify(problems == '' and where or (where .. '\n' .. problems),
    problems == '' and vim.log.levels.INFO or vim.log.levels.WARN)
  local file = to or vim.env.TASKPAPER_INBOX
  local inbox = file and vim.fn.bufnr(vim.fn.fnamemodify(file, ':p')) or -1
  if inbox > 0 and vim.api.nvim_buf_is_loaded(inbox) then
    vim.cmd('checktime ' .. inbox)
  end
  return where
end

return M
