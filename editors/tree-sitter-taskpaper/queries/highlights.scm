; TaskPaper highlights with Helix's scope names (editors/helix/README.md).
; Helix gives a node the first capture that matches it, and draws a node's style over its parent's.

; A done item (a @done tag anywhere on its line), as the TaskPaper app shows it: struck through, with
; its text dimmed; italic too, for themes (Helix's 16-colour fallback) that have no strike-through.
(done) @markup.strikethrough
(done (_) @markup.italic)
(done (_ (text) @comment))

(project) @markup.heading
(note) @comment
(task_marker) @markup.list

; A tag's name and its payload: `label` and `string` have a colour of their own in Helix's default
; theme and in its 16-colour fallback (`attribute` has none there).
(tag_name) @label
(tag_value) @string
(tag ["(" ")"] @punctuation.bracket)
