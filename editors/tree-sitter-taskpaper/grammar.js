/**
 * TaskPaper for tree-sitter: one node per line, read as TaskPaper 3 reads it
 * (see Sources/TaskPaper/README.md in taskpaper-lsp for the format).
 *
 * What a regular grammar can't decide is left to src/scanner.c: the kind of a
 * line depends on its end (a project's `:` comes before its trailing tags; a
 * `- ` followed only by tags is a note), and a tag depends on what comes after
 * it (`@a(b)c` is no tag; a value runs to the `)` that is followed by white
 * space or the line end). The scanner looks at the whole line once, at its
 * start, and again at each tag; everything else is lexed here. A line longer than
 * 10,000 characters is one `long_line` token, uncoloured: editors stop colouring
 * a whole file whose parse takes too long.
 */

// JavaScript's \s, which TaskPaper 3's tag expression uses, less the line ends.
const SPACE = '\\t\\v\\f \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF';

module.exports = grammar({
  name: 'taskpaper',

  externals: $ => [
    $._project_start,
    $._note_start,
    $._task_start,
    $._done_project_start,
    $._done_note_start,
    $._done_task_start,
    $.tag_name,
    $._tag_open,
    $.tag_value,
    $._tag_close,
    $.long_line,
    $._error_sentinel,
  ],

  extras: _ => [new RegExp(`[${SPACE}]+`)],

  rules: {
    document: $ => seq(
      repeat(seq(optional($._item), $._line_end)),
      optional($._item),
    ),

    _item: $ => choice($.project, $.task, $.note, $.done, $.long_line),

    project: $ => seq($._project_start, repeat1($._inline)),
    task: $ => seq($._task_start, $.task_marker, repeat($._inline)),
    note: $ => seq($._note_start, repeat1($._inline)),

    // An item with a @done tag anywhere on its line, around the item itself.
    done: $ => choice(
      alias($._done_project, $.project),
      alias($._done_task, $.task),
      alias($._done_note, $.note),
    ),
    _done_project: $ => seq($._done_project_start, repeat1($._inline)),
    _done_task: $ => seq($._done_task_start, $.task_marker, repeat($._inline)),
    _done_note: $ => seq($._done_note_start, repeat1($._inline)),

    task_marker: _ => /[-+*]/,

    _inline: $ => choice($.text, $.tag),

    // A run of anything but white space that is not a tag: `me@example.com`, `@tag,`, `@a(b`.
    text: _ => token(new RegExp(`[^${SPACE}\\r\\n]+`)),

    tag: $ => seq(
      $.tag_name,
      optional(seq(alias($._tag_open, '('), optional($.tag_value), alias($._tag_close, ')'))),
    ),

    _line_end: _ => token(choice('\r\n', '\r', '\n')),
  },
});
