-- The `taskpaper` filetype for `*.taskpaper` files.
vim.filetype.add({
  extension = { taskpaper = 'taskpaper' },
})
