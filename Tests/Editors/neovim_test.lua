-- A real-editor test: Neovim 0.11+ with ONLY the files in editors/neovim,
-- talking to the real taskpaper-lsp binary. It checks, in order: the config,
-- filetype, ftplugin and highlight files load; the client attaches; the
-- diagnostics' codes and lines (with a setting from vim.lsp.config); semantic
-- tokens (payload, tag, project, done, invalid); completion after "@" and
-- "@ho" and its textEdits; "Mark as done" / "Mark as not done" through
-- vim.lsp.buf.code_action and the taskpaper.toggleDone command (the helpers of
-- lua/taskpaper.lua, on a line and on a visual selection); references on a
-- saved search filling the quickfix list and its code lens; vim.lsp.buf.format
-- on a messy item and "Convert to note" through vim.lsp.buf.code_action; a
-- refile to a project of a second open file (both buffers change); with the
-- setting archive = 'file', Archive done items creating NAME_archive.taskpaper; :TaskPaperFocus on a
-- search, on a project and both, following edits (in a second, embedded Neovim: not while typing in insert mode),
-- and :TaskPaperUnfocus giving the user's folds back; :TaskPaperCapture from a buffer that is no
-- TaskPaper file (the task in $TASKPAPER_INBOX, the loaded inbox buffer reloaded); in a project folder,
-- the overdue and due-today tasks of a file never opened in vim.diagnostic.get() and setqflist(); a clean exit.
--
--   TASKPAPER_LSP=.build/debug/taskpaper-lsp \
--     nvim --clean --headless --cmd 'set rtp^=editors/neovim' -l Tests/Editors/neovim_test.lua
--
-- (Without the --cmd the script puts editors/neovim on 'runtimepath' itself and
-- sources its plugin/ and ftdetect/ files, as Neovim's startup would.)
-- TASKPAPER_NOW, if set, is passed to the server and used as today.
-- Exits 0 and prints "PASS" when everything holds; otherwise prints "FAIL: …"
-- with what was expected and what came back (and the LSP log), and exits 1.

local started = vim.uv.hrtime()
local root = vim.fn.fnamemodify(arg[0], ':p:h:h:h')
local editor_dir = vim.fn.resolve(root .. '/editors/neovim')
local log_path, log_start

local function log(msg)
  io.stdout:write(string.format('[%6.2fs] %s\n', (vim.uv.hrtime() - started) / 1e9, msg))
end

local function fail(msg)
  io.stderr:write('FAIL: ' .. msg .. '\n')
  if log_path and vim.uv.fs_stat(log_path) then
    local f = io.open(log_path, 'r')
    if f then
      f:seek('set', log_start or 0)
      local text = f:read('*a') or ''
      f:close()
      if text ~= '' then
        io.stderr:write('--- Neovim LSP log (' .. log_path .. ') ---\n' .. text:sub(-6000) .. '\n')
      end
    end
  end
  io.stderr:flush()
  os.exit(1)
end

local function check(cond, msg)
  if not cond then
    fail(msg)
  end
end

--- Waits until `cond()` is truthy; fails with `what` and `detail()` otherwise.
local function wait(ms, cond, what, detail)
  if not vim.wait(ms, cond, 20) then
    fail('timed out after ' .. ms .. ' ms waiting for ' .. what .. (detail and (': ' .. detail()) or ''))
  end
end

local function inspect(v)
  return vim.inspect(v, { newline = ' ', indent = '' })
end

-- 0. Neovim and the binary --------------------------------------------------

check(vim.fn.has('nvim-0.11') == 1, 'Neovim 0.11 or later is required, this is ' .. tostring(vim.version()))
local binary = os.getenv('TASKPAPER_LSP') or (root .. '/.build/debug/taskpaper-lsp')
check(vim.fn.executable(binary) == 1, 'taskpaper-lsp binary not found or not executable: ' .. binary
  .. ' (build it with `swift build` or set TASKPAPER_LSP)')
log('nvim ' .. tostring(vim.version()) .. ', server ' .. binary)

-- 1. The files of editors/neovim, and only those ------------------------------

if not vim.g.loaded_taskpaper then
  vim.opt.runtimepath:prepend(editor_dir)
  vim.cmd('runtime! ftdetect/taskpaper.lua plugin/taskpaper.lua')
end
check(vim.g.loaded_taskpaper, 'editors/neovim/plugin/taskpaper.lua was not loaded')
for _, file in ipairs({ 'lsp/taskpaper.lua', 'ftdetect/taskpaper.lua', 'plugin/taskpaper.lua' }) do
  local found = vim.api.nvim_get_runtime_file(file, true)
  check(#found == 1 and vim.fn.resolve(vim.fn.fnamemodify(found[1], ':p')) == vim.fn.resolve(editor_dir .. '/' .. file),
    'expected exactly one ' .. file .. ', from editors/neovim; found ' .. inspect(found))
end

local config = vim.lsp.config.taskpaper
check(config ~= nil, 'vim.lsp.config.taskpaper is missing (lsp/taskpaper.lua not found on runtimepath)')
check(vim.deep_equal(config.cmd, { 'taskpaper-lsp' }), 'cmd should be { "taskpaper-lsp" }, is ' .. inspect(config.cmd))
check(vim.deep_equal(config.filetypes, { 'taskpaper' }), 'filetypes should be { "taskpaper" }, is ' .. inspect(config.filetypes))
check(vim.deep_equal(config.root_markers, { '.git' }), 'root_markers should be { ".git" }, is ' .. inspect(config.root_markers))
local defaults = config.settings and config.settings.taskpaper
check(type(defaults) == 'table', 'settings.taskpaper missing from lsp/taskpaper.lua')
for _, key in ipairs({ 'maxLineLength', 'indentWidth', 'dateTags', 'doneFormat', 'overdue' }) do
  check(defaults[key] ~= nil, 'settings.taskpaper.' .. key .. ' missing from lsp/taskpaper.lua')
end

-- Highlight links that make payloads and done tasks stand out in any theme.
local function hl(name)
  return vim.api.nvim_get_hl(0, { name = name })
end
for _, t in ipairs({ 'project', 'task', 'tag', 'payload' }) do
  local name = '@lsp.type.' .. t .. '.taskpaper'
  check(hl(name).link ~= nil, name .. ' should be a highlight link, is ' .. inspect(hl(name)))
end
check(hl('@lsp.mod.done.taskpaper').strikethrough == true, '@lsp.mod.done.taskpaper should strike through, is '
  .. inspect(hl('@lsp.mod.done.taskpaper')))
check(next(hl('@lsp.mod.invalid.taskpaper')) ~= nil, '@lsp.mod.invalid.taskpaper is not defined')
check(hl('@lsp.mod.cancelled.taskpaper').strikethrough == true,
  '@lsp.mod.cancelled.taskpaper should strike through, is ' .. inspect(hl('@lsp.mod.cancelled.taskpaper')))
check(hl('@lsp.mod.deferred.taskpaper').link ~= nil, '@lsp.mod.deferred.taskpaper should be a (dimming) link, is '
  .. inspect(hl('@lsp.mod.deferred.taskpaper')))

-- The user's overrides: where the binary is, a shorter line limit, and an
-- exit hook to see the server leave cleanly.
local exit_code
vim.lsp.config('taskpaper', {
  cmd = { binary },
  settings = { taskpaper = { maxLineLength = 60 } },
  on_exit = function(code)
    exit_code = code
  end,
})
log_path = vim.lsp.log.get_filename()
local st = vim.uv.fs_stat(log_path)
log_start = st and st.size or 0

vim.lsp.enable('taskpaper')

-- 2. Open a sample file and wait for the client -------------------------------

-- A copy in a fresh folder (no .git, so the server runs on the single file).
local dir = vim.fn.tempname()
vim.fn.mkdir(dir, 'p')
local path = dir .. '/errands.taskpaper'
vim.fn.writefile(vim.fn.readfile(root .. '/Tests/Editors/sample.taskpaper'), path)
vim.cmd.edit(vim.fn.fnameescape(path))
local buf = vim.api.nvim_get_current_buf()
check(vim.bo[buf].filetype == 'taskpaper', 'filetype of *.taskpaper should be "taskpaper", is "' .. vim.bo[buf].filetype .. '"')
check(vim.bo[buf].expandtab == false, 'ftplugin should set noexpandtab')

local client
wait(15000, function()
  client = vim.lsp.get_clients({ bufnr = buf, name = 'taskpaper' })[1]
  return client ~= nil and client.initialized
end, 'the taskpaper client to attach')
check(client.server_info and client.server_info.name == 'taskpaper-lsp',
  'serverInfo.name should be taskpaper-lsp, is ' .. inspect(client.server_info))
log('attached: ' .. client.name .. ' ' .. tostring(client.server_info.version) .. ', encoding ' .. client.offset_encoding)
local enc = client.offset_encoding

local function line(n)
  return vim.api.nvim_buf_get_lines(buf, n, n + 1, true)[1]
end
local function find_line(text)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, true)) do
    if l:find(text, 1, true) then
      return i - 1
    end
  end
  fail('sample has no line with ' .. text)
end

-- 3. Diagnostics: codes, lines, and the settings from the config ------------

local expected = {
  ['date-invalid'] = find_line('@due(2025-02-30)'),
  ['range-inverted'] = find_line('14:00-13:00'),
  ['date-malformed'] = find_line('@due(tomorow)'),
  ['overdue'] = find_line('@due(2020-01-10)'),
  ['tag-value-unbalanced'] = find_line('@waiting(Bob'),
  ['project-trailing-space'] = find_line('Garden:'),
  ['duplicate-tag'] = find_line('@next @next'),
  ['line-too-long'] = find_line('Review the slides'), -- 61 characters, over the configured 60
}
local function actual_diagnostics()
  local got = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    got[#got + 1] = { code = d.code, lnum = d.lnum, source = d.source, message = d.message }
  end
  table.sort(got, function(a, b)
    return a.lnum < b.lnum
  end)
  return got
end
local function diagnostics_match()
  local got = actual_diagnostics()
  if #got ~= vim.tbl_count(expected) then
    return false
  end
  for _, d in ipairs(got) do
    if expected[d.code] ~= d.lnum or d.source ~= 'taskpaper' then
      return false
    end
  end
  return true
end
wait(15000, diagnostics_match, 'diagnostics ' .. inspect(expected), function()
  return 'got ' .. inspect(actual_diagnostics())
end)
local too_long = vim.tbl_filter(function(d)
  return d.code == 'line-too-long'
end, vim.diagnostic.get(buf))[1]
check(too_long.message:find('limit 60', 1, true), 'line-too-long should use maxLineLength = 60 from settings, message: ' .. too_long.message)
log('diagnostics: ' .. vim.tbl_count(expected) .. ' codes as expected')

-- 4. Semantic tokens ------------------------------------------------------------

check(client.server_capabilities.semanticTokensProvider ~= nil, 'server did not advertise semanticTokensProvider')
local function tokens_at(row, text, offset)
  local col = line(row):find(text, 1, true)
  check(col, 'no "' .. text .. '" on line ' .. row)
  return vim.lsp.semantic_tokens.get_at_pos(buf, row, col - 1 + (offset or 0)) or {}
end
local function token_of(tokens, type)
  for _, t in ipairs(tokens) do
    if t.type == type then
      return t
    end
  end
end
local water = find_line('Water the plants')
wait(10000, function()
  return token_of(tokens_at(water, '2099-11-25'), 'payload') ~= nil
end, 'a payload semantic token on "2099-11-25"', function()
  return 'tokens there: ' .. inspect(tokens_at(water, '2099-11-25'))
end)
local payload = token_of(tokens_at(water, '2099-11-25'), 'payload')
check(payload.modifiers.date, 'a valid date payload should carry the "date" modifier: ' .. inspect(payload))
check(payload.line == water and line(water):sub(payload.start_col + 1, payload.end_col) == '2099-11-25',
  'payload token should cover exactly "2099-11-25": ' .. inspect(payload))
local bad = token_of(tokens_at(find_line('@due(tomorow)'), 'tomorow'), 'payload')
check(bad and bad.modifiers.invalid, 'payload "tomorow" should be a payload token with "invalid": ' .. inspect(bad))
local tag = token_of(tokens_at(water, '@home'), 'tag')
check(tag and line(water):sub(tag.start_col + 1, tag.end_col) == '@home', 'tag token should cover "@home": ' .. inspect(tag))
local project = token_of(tokens_at(0, 'Home:'), 'project')
check(project, 'no project token on "Home:": ' .. inspect(tokens_at(0, 'Home:')))
local done = token_of(tokens_at(find_line('Fix the bike'), '@done'), 'tag')
check(done and done.modifiers.done, 'tags of a @done task should carry "done": ' .. inspect(done))
log('semantic tokens: payload, tag, project, done, invalid')

-- 5. Completion after "@" ----------------------------------------------------

local function complete_at_end(row, context)
  -- The position just past the typed text, as in insert mode (the normal-mode
  -- cursor cannot go past the last character).
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    position = { line = row, character = vim.str_utfindex(line(row), enc) },
    context = context,
  }
  local response, err = client:request_sync('textDocument/completion', params, 10000, buf)
  check(response, 'textDocument/completion got no response: ' .. tostring(err))
  check(not response.err, 'textDocument/completion failed: ' .. inspect(response.err))
  local result = response.result or {}
  return result.items or result
end
local function item_named(items, name)
  for _, item in ipairs(items) do
    if item.label == name or item.label == '@' .. name then
      return item
    end
  end
end
local function labels(items)
  return table.concat(vim.tbl_map(function(i)
    return i.label
  end, items), ', ')
end
local function accept(row, item)
  local edit = item.textEdit
  check(edit, 'completion item "' .. item.label .. '" has no textEdit: ' .. inspect(item))
  -- An InsertReplaceEdit has insert/replace ranges; a TextEdit has range.
  if not edit.range then
    edit = { range = edit.replace, newText = edit.newText }
  end
  vim.lsp.util.apply_text_edits({ edit }, buf, enc)
  return line(row)
end

check(client.server_capabilities.completionProvider, 'server did not advertise completionProvider')
local trigger = client.server_capabilities.completionProvider.triggerCharacters or {}
check(vim.tbl_contains(trigger, '@'), '"@" should be a completion trigger character, triggers: ' .. inspect(trigger))

local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, last, last, true, { '\t- Call mom @' })
local items = complete_at_end(last, { triggerKind = 2, triggerCharacter = '@' })
for _, name in ipairs({ 'due', 'done', 'home', 'phone' }) do
  check(item_named(items, name), 'completion after "@" should offer "' .. name .. '", got: ' .. labels(items))
end
local after = accept(last, item_named(items, 'due'))
check(after == '\t- Call mom @due', 'accepting "due" after "@" should give "\\t- Call mom @due", gave ' .. inspect(after))

vim.api.nvim_buf_set_lines(buf, last, last + 1, true, { '\t- Call mom @ho' })
items = complete_at_end(last, { triggerKind = 1 })
check(item_named(items, 'home'), 'completion after "@ho" should offer "home", got: ' .. labels(items))
after = accept(last, item_named(items, 'home'))
check(after == '\t- Call mom @home', 'accepting "home" after "@ho" should give "\\t- Call mom @home", gave ' .. inspect(after))
vim.api.nvim_buf_set_lines(buf, last, last + 1, true, {})
log('completion: ' .. #items .. ' items, textEdits replace the typed word')

-- 6. "Mark as done": the code action, then the README's keymap helpers ------

local taskpaper = require('taskpaper')
check(vim.fn.resolve(vim.fn.fnamemodify(vim.api.nvim_get_runtime_file('lua/taskpaper.lua', false)[1] or '', ':p')) == editor_dir .. '/lua/taskpaper.lua',
  'require("taskpaper") should come from editors/neovim/lua/taskpaper.lua')
local function today()
  local pinned = os.getenv('TASKPAPER_NOW')
  return pinned and pinned:sub(1, 10) or os.date('%Y-%m-%d')
end
--- Runs `action`, waits for the line to change, and checks it is `want(day)`
--- for today's date (read before and after, in case midnight passes).
local function expect_line_after(what, row, action, want)
  local before, day_before = line(row), today()
  action()
  wait(10000, function()
    return line(row) ~= before
  end, what .. ' to change line ' .. row .. ' ' .. inspect(before), function()
    return 'it is still ' .. inspect(line(row))
  end)
  local got, day_after = line(row), today()
  check(got == want(day_before) or got == want(day_after),
    'after ' .. what .. ' line ' .. row .. ' should be ' .. inspect(want(day_after)) .. ', is ' .. inspect(got))
  log(what .. ': ' .. got)
end

local original = line(water)
local function done_line(day)
  return original .. ' @done(' .. day .. ')'
end
local function open_line()
  return original
end
vim.api.nvim_win_set_cursor(0, { water + 1, 4 })

-- What the server offers on the task line.
local range_params = vim.lsp.util.make_range_params(0, enc)
range_params.context = { diagnostics = {}, only = { 'refactor.rewrite' } }
local response, err = client:request_sync('textDocument/codeAction', range_params, 10000, buf)
check(response and not response.err, 'textDocument/codeAction failed: ' .. inspect(response and response.err or err))
local actions = response.result or {}
local mark = vim.tbl_filter(function(a)
  return a.title == 'Mark as done'
end, actions)[1]
check(mark, 'no "Mark as done" code action on a task line; got ' .. inspect(vim.tbl_map(function(a)
  return { a.title, a.kind }
end, actions)))
check(mark.kind == 'refactor.rewrite', '"Mark as done" should have kind refactor.rewrite: ' .. inspect(mark))
check(mark.edit ~= nil, '"Mark as done" should carry its edit: ' .. inspect(mark))

-- Applied through Neovim's own code action machinery, as a user's keymap does.
expect_line_after('the "Mark as done" code action', water, taskpaper.mark_done, done_line)
expect_line_after('the "Mark as not done" code action', water, taskpaper.mark_not_done, open_line)

-- 7. The execute command: taskpaper.toggleDone ---------------------------------

local commands = client.server_capabilities.executeCommandProvider
  and client.server_capabilities.executeCommandProvider.commands or {}
check(vim.tbl_contains(commands, 'taskpaper.toggleDone'), 'server should offer the command taskpaper.toggleDone, offers ' .. inspect(commands))
expect_line_after('taskpaper.toggleDone on an open task', water, taskpaper.toggle_done, done_line)
expect_line_after('taskpaper.toggleDone on a done task', water, taskpaper.toggle_done, open_line)

-- On a visual selection of two tasks, both are marked, then both unmarked.
local plumber = water + 1
local plumber_original = line(plumber)
local function select_two_and(fn)
  return function()
    vim.api.nvim_win_set_cursor(0, { water + 1, 0 })
    vim.api.nvim_feedkeys('Vj', 'nx', false)
    check(vim.api.nvim_get_mode().mode == 'V', 'could not start a linewise visual selection')
    fn()
  end
end
expect_line_after('taskpaper.toggleDone on a selection', water, select_two_and(taskpaper.toggle_done), done_line)
check(line(plumber) == plumber_original .. ' @done(' .. today() .. ')',
  'the second selected task should be marked done too: ' .. inspect(line(plumber)))
expect_line_after('"Mark as not done" on a selection', water, select_two_and(taskpaper.mark_not_done), open_line)
check(line(plumber) == plumber_original, 'the second selected task should be open again: ' .. inspect(line(plumber)))
vim.api.nvim_feedkeys(vim.keycode('<Esc>'), 'nx', false)

-- 8. A saved search: references fill the quickfix list, the code lens counts -----

local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, last, last, true, { 'Searches:', '\t- Calls and errands @search(@phone or @errand)' })
local search_line = last + 1
vim.api.nvim_win_set_cursor(0, { search_line + 1, 4 })
vim.fn.setqflist({}, 'r')
vim.lsp.buf.references(nil)
wait(5000, function()
  return #vim.fn.getqflist() == 2
end, 'references on the saved search to fill the quickfix list', function()
  return inspect(vim.fn.getqflist())
end)
local found = vim.tbl_map(function(item)
  return item.lnum
end, vim.fn.getqflist())
check(vim.deep_equal(found, { find_line('Call the plumber') + 1, find_line('Book the dentist') + 1 }),
  'the quickfix list should hold the plumber and dentist tasks, in order: ' .. inspect(vim.fn.getqflist()))
vim.cmd.cclose()
log('references on a saved search: quickfix ' .. inspect(found))

vim.lsp.codelens.refresh({ bufnr = buf })
wait(5000, function()
  local lenses = vim.lsp.codelens.get(buf)
  return #lenses == 1 and lenses[1].command and lenses[1].command.title == '2 items'
end, 'the code lens "2 items" on the saved search', function()
  return inspect(vim.lsp.codelens.get(buf))
end)
log('code lens on a saved search: 2 items')

-- Running the lens (plugin/taskpaper.lua's handler for taskpaper.search) lists the items too.
vim.fn.setqflist({}, 'r')
vim.api.nvim_win_set_cursor(0, { search_line + 1, 4 })
vim.lsp.codelens.run()
wait(5000, function()
  return #vim.fn.getqflist() == 2
end, 'running the code lens to fill the quickfix list', function()
  return inspect(vim.fn.getqflist({ all = 1 }))
end)
local title = vim.fn.getqflist({ title = 1 }).title
check(title == '@search(@phone or @errand)', 'the quickfix title should name the search, is ' .. inspect(title))
vim.cmd.cclose()
log('running the code lens: quickfix "' .. title .. '"')

-- 9. Formatting and an item action, through Neovim's own paths -------------------
-- A messy item at the end: spaces for indentation (the shortest run, 4, is one level), an unpadded
-- date, trailing white space. `vim.lsp.buf.format` writes tabs, pads the date and trims the line.
local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, last, last, false, { 'Errands:', '    - Buy soil @due(2026-12-1)   ' })
local soil = last + 1
vim.lsp.buf.format({ bufnr = buf, async = false, timeout_ms = 10000 })
check(line(soil) == '\t- Buy soil @due(2026-12-01)',
  'after vim.lsp.buf.format the messy line should be tab-indented, padded and trimmed, is ' .. inspect(line(soil)))
check(line(soil - 1) == 'Errands:', 'formatting should leave the project line alone, is ' .. inspect(line(soil - 1)))
log('vim.lsp.buf.format: ' .. inspect(line(soil)))

-- "Convert to note" chosen through vim.lsp.buf.code_action, as a user's keymap would.
vim.api.nvim_win_set_cursor(0, { soil + 1, 3 })
expect_line_after('the "Convert to note" code action', soil, function()
  taskpaper.code_action('Convert to note')
end, function()
  return '\tBuy soil @due(2026-12-01)'
end)

-- 10. Refile to a project of another file, through vim.lsp.buf.code_action ----------
-- A second file in the same folder attaches to the same client; "Move to Work (work.taskpaper)"
-- runs taskpaper.moveToProject, whose workspace/applyEdit changes both buffers at once.
local work_path = dir .. '/work.taskpaper'
vim.fn.writefile({ 'Work:', '\t- Send the report' }, work_path)
vim.cmd.edit(vim.fn.fnameescape(work_path))
local work_buf = vim.api.nvim_get_current_buf()
wait(10000, function()
  return vim.lsp.get_clients({ bufnr = work_buf, name = 'taskpaper' })[1] == client
end, 'the same taskpaper client to attach to work.taskpaper')
vim.cmd.buffer(buf)
vim.api.nvim_win_set_cursor(0, { soil + 1, 3 })
taskpaper.move_to_project('Work (work.taskpaper)')
local function work_lines()
  return vim.api.nvim_buf_get_lines(work_buf, 0, -1, true)
end
wait(10000, function()
  return #work_lines() == 3
end, 'the refiled note to arrive in work.taskpaper', function()
  return 'work.taskpaper holds ' .. inspect(work_lines())
end)
check(vim.deep_equal(work_lines(), { 'Work:', '\t- Send the report', '\tBuy soil @due(2026-12-01)' }),
  'work.taskpaper should end with the refiled note, holds ' .. inspect(work_lines()))
check(vim.api.nvim_buf_line_count(buf) == soil and line(soil - 1) == 'Errands:',
  'the note should have left errands.taskpaper, which ends ' .. inspect(vim.api.nvim_buf_get_lines(buf, -3, -1, true)))
log('refiled to work.taskpaper: ' .. inspect(work_lines()))

-- 11. Archive to a file: the setting changed as a user does, then the README's key helper ----------
-- The server creates errands_archive.taskpaper through the edit's CreateFile; Neovim loads it in a buffer.
client.settings.taskpaper.archive = 'file'
client:notify('workspace/didChangeConfiguration', { settings = client.settings })
local archive_path = dir .. '/errands_archive.taskpaper'
local bike = find_line('Fix the bike')
local bike_text = line(bike)
-- Once: the server handles the settings before the code action request that follows them.
taskpaper.archive_done()
wait(10000, function()
  return vim.fn.bufloaded(archive_path) == 1 and #vim.api.nvim_buf_get_lines(vim.fn.bufnr(archive_path), 0, -1, true) > 1
end, 'Archive done items to create errands_archive.taskpaper', function()
  return 'no buffer for ' .. archive_path
end)
local archive_buf = vim.fn.bufnr(archive_path)
local archived = vim.api.nvim_buf_get_lines(archive_buf, 0, -1, true)
check(vim.deep_equal(archived, { 'Archive:', '\t' .. vim.trim(bike_text) .. ' @project(Home)' }),
  'errands_archive.taskpaper should hold the done task under Archive:, holds ' .. inspect(archived))
for _, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, true)) do
  check(not l:find('Fix the bike', 1, true), 'the archived task should have left errands.taskpaper: ' .. inspect(l))
end
log('archived to errands_archive.taskpaper: ' .. inspect(archived))

-- 12. Focus: :TaskPaperFocus folds away what a search does not find, follows edits, unfocus ------------
-- In a third file of its own, in the same window. Visible lines (0-based) are those foldclosed()
-- leaves alone; the expected sets are the rule written out: what the search finds and its ancestors.
local focus_path = dir .. '/focus.taskpaper'
vim.fn.writefile({
  'Work:', --                          0
  '\t- Write the report @today', --    1
  '\t- Call the bank', --              2
  '\t\tAsk about the fees', --         3
  '\tMeetings:', --                    4
  '\t\t- Plan the offsite', --         5
  '\t\t- Review the budget @today', -- 6
  'Home:', --                          7
  '\t- Water the plants', --           8
  '\t- Fix the bike', --               9
  'Notes:', --                         10
  '\tA note that mentions nothing', -- 11
}, focus_path)
vim.cmd.edit(vim.fn.fnameescape(focus_path))
local focus_buf = vim.api.nvim_get_current_buf()
local focus_win = vim.api.nvim_get_current_win()
wait(10000, function()
  return vim.lsp.get_clients({ bufnr = focus_buf, name = 'taskpaper' })[1] == client
end, 'the taskpaper client to attach to focus.taskpaper')

local function visible_lines()
  return vim.api.nvim_win_call(focus_win, function()
    local shown = {}
    for l = 1, vim.api.nvim_buf_line_count(focus_buf) do
      if vim.fn.foldclosed(l) == -1 then
        shown[#shown + 1] = l - 1
      end
    end
    return shown
  end)
end
local function expect_visible(what, want)
  wait(5000, function()
    return vim.deep_equal(visible_lines(), want)
  end, what .. ': visible lines ' .. inspect(want), function()
    return 'visible are ' .. inspect(visible_lines())
  end)
  log(what .. ': visible ' .. inspect(want))
end
local messages = {}
local notify = vim.notify
vim.notify = function(msg, level)
  messages[#messages + 1] = { msg = msg, level = level }
end
local function expect_message(what, pattern, level)
  local said
  wait(5000, function()
    said = vim.iter(messages):find(function(m)
      return m.msg:find(pattern) and m.level == level
    end)
    return said
  end, what .. ': a message matching ' .. inspect(pattern), function()
    return 'messages: ' .. inspect(messages)
  end)
  messages = {}
  log(what .. ': ' .. inspect(said.msg))
end

-- The user's own folds first: "Call the bank" with its note, left open; "Notes:" and its note, closed.
vim.cmd('3,4fold | 3foldopen | 11,12fold')
local folds_before = { foldclosed_11 = vim.fn.foldclosed(11), foldclosedend_11 = vim.fn.foldclosedend(11),
  foldlevel_3 = vim.fn.foldlevel(3), foldclosed_3 = vim.fn.foldclosed(3) }
check(vim.deep_equal(folds_before, { foldclosed_11 = 11, foldclosedend_11 = 12, foldlevel_3 = 1, foldclosed_3 = -1 }),
  'the user\'s folds could not be made: ' .. inspect(folds_before))
local options_before = { foldmethod = vim.wo.foldmethod, foldminlines = vim.wo.foldminlines, foldlevel = vim.wo.foldlevel }

check(vim.iter(vim.fn.getcompletion('TaskPaperFocus @to', 'cmdline')):any(function(w)
  return w == '@today'
end), ':TaskPaperFocus should complete "@to" to "@today", offers ' .. inspect(vim.fn.getcompletion('TaskPaperFocus @to', 'cmdline')))

vim.cmd('TaskPaperFocus @today')
expect_visible(':TaskPaperFocus @today', { 0, 1, 4, 6 })

-- Tagging a hidden task brings it (and its project) into view; untagging one folds it away.
vim.api.nvim_buf_set_lines(focus_buf, 8, 9, true, { '\t- Water the plants @today' })
expect_visible('@today added to "Water the plants"', { 0, 1, 4, 6, 7, 8 })
vim.api.nvim_buf_set_lines(focus_buf, 1, 2, true, { '\t- Write the report' })
expect_visible('@today removed from "Write the report"', { 0, 4, 6, 7, 8 })

-- On a project line, the project's subtree and its ancestors.
vim.api.nvim_win_set_cursor(focus_win, { 5, 0 })
vim.cmd('TaskPaperFocus')
expect_visible(':TaskPaperFocus on "Meetings:"', { 0, 4, 5, 6 })
-- A line added above moves the item focused into; the new line is not in it.
vim.api.nvim_buf_set_lines(focus_buf, 0, 0, true, { 'Inbox:' })
expect_visible('"Inbox:" added above, focus on "Meetings:"', { 1, 5, 6, 7 })
-- A search inside the item at the cursor: what it finds under "Meetings:", and the ancestors.
vim.api.nvim_win_set_cursor(focus_win, { 6, 0 })
require('taskpaper').focus_here('@today')
expect_visible('focus_here("@today") on "Meetings:"', { 1, 5, 7 })

-- A search that does not parse: its error, and the folds stay as they were.
vim.cmd('TaskPaperFocus (@today')
expect_message('a search that does not parse', '^TaskPaper focus: .', vim.log.levels.ERROR)
check(vim.deep_equal(visible_lines(), { 1, 5, 7 }),
  'a bad search should leave the focus as it was; visible are ' .. inspect(visible_lines()))

-- Nothing found: the whole file shows, and says so.
vim.cmd('TaskPaperFocus @nowhere')
expect_message('a search that finds nothing', 'no items match', vim.log.levels.INFO)
expect_visible(':TaskPaperFocus @nowhere', { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 })
vim.notify = notify

-- Unfocus: the window's fold settings and the user's folds, moved down a line by "Inbox:".
vim.cmd('TaskPaperFocus @today')
expect_visible(':TaskPaperFocus @today again', { 1, 5, 7, 8, 9 })
vim.cmd('TaskPaperUnfocus')
expect_visible(':TaskPaperUnfocus', { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })
local folds_after = { foldclosed_12 = vim.fn.foldclosed(12), foldclosedend_12 = vim.fn.foldclosedend(12),
  foldlevel_4 = vim.fn.foldlevel(4), foldlevel_5 = vim.fn.foldlevel(5), foldlevel_6 = vim.fn.foldlevel(6) }
check(vim.deep_equal(folds_after, { foldclosed_12 = 12, foldclosedend_12 = 13, foldlevel_4 = 1, foldlevel_5 = 1, foldlevel_6 = 0 }),
  'after :TaskPaperUnfocus the user\'s folds should be back (lines 4-5 open, 12-13 closed): ' .. inspect(folds_after))
local options_after = { foldmethod = vim.wo.foldmethod, foldminlines = vim.wo.foldminlines, foldlevel = vim.wo.foldlevel }
check(vim.deep_equal(options_after, options_before),
  'after :TaskPaperUnfocus the fold options should be ' .. inspect(options_before) .. ', are ' .. inspect(options_after))
log(':TaskPaperUnfocus: the user\'s folds and fold options are back')

-- Typing needs Neovim's main loop, which this script holds: a second Neovim, embedded and driven over
-- RPC as a UI drives it, types into a focused file. The line typed on stays until insert mode ends.
local typing_path = dir .. '/typing.taskpaper'
vim.fn.writefile({
  'Work:', --                          0
  '\t- Write the report @today', --    1
  '\t- Call the bank', --              2
  'Home:', --                          3
  '\t- Water the plants @today', --    4
}, typing_path)
local typist = vim.fn.jobstart({ vim.v.progpath, '--clean', '--embed', '--headless',
  '--cmd', 'set rtp^=' .. vim.fn.fnameescape(editor_dir) }, { rpc = true })
check(typist > 0, 'could not start a second Neovim: ' .. typist)
local function in_typist(code, ...)
  return vim.rpcrequest(typist, 'nvim_exec_lua', code, { ... })
end
in_typist([[
  local binary, path = ...
  vim.lsp.config('taskpaper', { cmd = { binary } })
  vim.lsp.enable('taskpaper')
  vim.cmd.edit(vim.fn.fnameescape(path))
]], binary, typing_path)
wait(15000, function()
  return in_typist([[
    local typist_client = vim.lsp.get_clients({ bufnr = 0, name = 'taskpaper' })[1]
    return typist_client ~= nil and typist_client.initialized
  ]])
end, 'the taskpaper client to attach in the second Neovim')
local function typist_visible()
  return in_typist([[
    local shown = {}
    for l = 1, vim.fn.line('$') do
      if vim.fn.foldclosed(l) == -1 then
        shown[#shown + 1] = l - 1
      end
    end
    return shown
  ]])
end
local function expect_typist_visible(what, want)
  wait(5000, function()
    return vim.deep_equal(typist_visible(), want)
  end, what .. ': visible lines ' .. inspect(want), function()
    return 'visible are ' .. inspect(typist_visible())
  end)
  log(what .. ': visible ' .. inspect(want))
end
in_typist("vim.cmd('TaskPaperFocus @today')")
expect_typist_visible('second Neovim, :TaskPaperFocus @today', { 0, 1, 3, 4 })
in_typist('vim.api.nvim_win_set_cursor(0, { 2, 0 })')
-- " @today" typed away, one backspace a key.
vim.rpcrequest(typist, 'nvim_input', 'A' .. string.rep('<BS>', #' @today'))
wait(5000, function()
  return in_typist("return vim.api.nvim_get_current_line()") == '\t- Write the report'
    and vim.rpcrequest(typist, 'nvim_get_mode').mode == 'i'
end, 'the second Neovim to type " @today" away in insert mode', function()
  return inspect(in_typist("return vim.api.nvim_get_current_line()")) .. ', mode ' .. vim.rpcrequest(typist, 'nvim_get_mode').mode
end)
vim.wait(600)
check(vim.deep_equal(typist_visible(), { 0, 1, 3, 4 }),
  'in insert mode, 600 ms after typing @today away, "Write the report" should still show; visible are '
    .. inspect(typist_visible()))
log('typing @today away in insert mode: the line stays, visible ' .. inspect(typist_visible()))
vim.rpcrequest(typist, 'nvim_input', '<Esc>')
expect_typist_visible('second Neovim, insert mode left', { 3, 4 })
vim.rpcnotify(typist, 'nvim_command', 'qall!')
check(vim.fn.jobwait({ typist }, 10000)[1] >= 0, 'the second Neovim did not quit')

-- 13. :TaskPaperCapture from a buffer that is no TaskPaper file -------------------

local inbox_path = dir .. '/inbox.taskpaper'
vim.fn.writefile({ 'Inbox:', '\t- Call mum' }, inbox_path)
vim.cmd.edit(vim.fn.fnameescape(inbox_path))
local inbox_buf = vim.api.nvim_get_current_buf()
vim.cmd.edit(vim.fn.fnameescape(dir .. '/notes.txt'))
local notes_buf = vim.api.nvim_get_current_buf()
check(vim.bo[notes_buf].filetype ~= 'taskpaper', 'notes.txt should not be a taskpaper buffer')
vim.env.TASKPAPER_INBOX = inbox_path
local captured = {}
vim.notify = function(msg, level)
  captured[#captured + 1] = { msg = msg, level = level }
end
vim.cmd('TaskPaperCapture Buy milk @due(tomorrow)')
vim.notify = notify
local want_inbox = { 'Inbox:', '\t- Call mum', '\t- Buy milk @due(tomorrow)' }
check(vim.deep_equal(vim.fn.readfile(inbox_path), want_inbox),
  ':TaskPaperCapture should add the task to $TASKPAPER_INBOX, the file holds ' .. inspect(vim.fn.readfile(inbox_path)))
check(vim.deep_equal(captured, { { msg = inbox_path .. ':3: - Buy milk @due(tomorrow)', level = vim.log.levels.INFO } }),
  ':TaskPaperCapture should say where the task went, said ' .. inspect(captured))
wait(5000, function()
  return vim.deep_equal(vim.api.nvim_buf_get_lines(inbox_buf, 0, -1, false), want_inbox)
end, 'the loaded inbox buffer to reload the captured task', function()
  return inspect(vim.api.nvim_buf_get_lines(inbox_buf, 0, -1, false))
end)
check(vim.api.nvim_get_current_buf() == notes_buf and not vim.bo[notes_buf].modified,
  ':TaskPaperCapture should leave the current buffer as it was')
log(':TaskPaperCapture from notes.txt: ' .. captured[1].msg .. ', the inbox buffer reloaded')

-- 14. Workspace diagnostics: a file never opened, listed by vim.diagnostic.get() -------------------
-- A project folder (a .git marker) starts a client of its own on its root; the server pushes what is due in
-- its closed files, which Neovim keeps on unloaded buffers: vim.diagnostic.get() and setqflist() list them.
local project = vim.fn.tempname()
vim.fn.mkdir(project .. '/.git', 'p')
local closed_path = project .. '/later.taskpaper'
vim.fn.writefile({ 'Home:', '\t- Return books @due(2020-01-10)', '\t- Call Bob @due(' .. today() .. ')', '\t- Paint' },
  closed_path)
vim.fn.writefile({ '- Read the news' }, project .. '/inbox.taskpaper')
vim.cmd.edit(vim.fn.fnameescape(project .. '/inbox.taskpaper'))
local project_client
wait(15000, function()
  project_client = vim.lsp.get_clients({ bufnr = 0, name = 'taskpaper' })[1]
  return project_client ~= nil and project_client ~= client and project_client.initialized
end, 'a taskpaper client for the project folder')
local function closed_diagnostics()
  local got = {}
  for _, d in ipairs(vim.diagnostic.get()) do
    if vim.api.nvim_buf_get_name(d.bufnr) == closed_path then
      got[#got + 1] = d.code .. ' ' .. d.lnum
    end
  end
  table.sort(got)
  return got
end
wait(15000, function()
  return vim.deep_equal(closed_diagnostics(), { 'due-today 2', 'overdue 1' })
end, 'the overdue and due-today tasks of later.taskpaper, never opened', function()
  return 'got ' .. inspect(closed_diagnostics())
end)
check(vim.fn.bufloaded(closed_path) == 0, 'later.taskpaper should not have been loaded')
vim.diagnostic.setqflist({ open = false })
local listed = vim.tbl_filter(function(item)
  return vim.api.nvim_buf_get_name(item.bufnr) == closed_path
end, vim.fn.getqflist())
check(#listed == 2, 'setqflist() should list both of later.taskpaper, lists ' .. inspect(vim.fn.getqflist()))
log('workspace diagnostics of a closed file: ' .. inspect(closed_diagnostics()))
project_client:stop()
wait(10000, function()
  return project_client:is_stopped()
end, 'the project client to stop')
exit_code = nil
vim.fn.delete(project, 'rf')

-- 15. A clean shutdown -----------------------------------------------------------

client:stop()
wait(10000, function()
  return exit_code ~= nil
end, 'the server to exit after shutdown')
check(exit_code == 0, 'the server should exit with 0 after shutdown/exit, exited with ' .. tostring(exit_code))
vim.fn.delete(dir, 'rf')
log('PASS')
