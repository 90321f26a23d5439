-- Buffer settings for TaskPaper: the outline is indented with tabs.
vim.bo.expandtab = false
vim.bo.shiftwidth = 0 -- follow 'tabstop'
vim.bo.softtabstop = 0
vim.b.undo_ftplugin = (vim.b.undo_ftplugin and (vim.b.undo_ftplugin .. ' | ') or '')
  .. 'setlocal expandtab< shiftwidth< softtabstop<'
