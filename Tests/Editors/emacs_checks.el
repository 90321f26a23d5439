;;; emacs_checks.el --- what emacs_test.el and emacs_lsp_mode_test.el both check  -*- lexical-binding: t; -*-

;; Loaded by the two tests after the README's setup (an init file in a fresh
;; HOME) has loaded taskpaper-lsp and hooked a client to `taskpaper-mode'.
;; `taskpaper-test-run' opens a copy of Tests/Editors/sample.taskpaper, checks
;; the mode and its colours, lets the client connect, checks the diagnostics
;; (with maxLineLength 60 from the client's settings), then presses C-c C-d
;; twice on a line and on a region and C-c C-a once, each with no wait and no
;; answer to any question (stdin is empty: a prompt or a menu fails the test);
;; then the focus, on an outline of its own, with the lines the window shows
;; (`invisible-p') compared with what the outline's indentation says; last
;; `taskpaper-capture' from a buffer that is no TaskPaper file.
;; Prints PASS, or FAIL: ... and exits 1.

(require 'cl-lib)
(require 'seq)

(defvar taskpaper-test--root
  (expand-file-name "../.." (file-name-directory (or load-file-name buffer-file-name))))

(defun taskpaper-test--fail (format-string &rest args)
  (princ (concat "FAIL: " (apply #'format format-string args) "\n") #'external-debugging-output)
  (kill-emacs 1))

(defmacro taskpaper-test--check (condition &rest message)
  `(unless ,condition (taskpaper-test--fail ,@message)))

(defun taskpaper-test--wait (seconds predicate)
  "Process events until PREDICATE is non-nil or SECONDS pass; return its value."
  (let ((deadline (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun taskpaper-test--line ()
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(defun taskpaper-test--goto (text)
  (goto-char (point-min))
  (taskpaper-test--check (search-forward text nil t) "no line with %S in the buffer" text)
  (beginning-of-line))

(defun taskpaper-test--press (keys)
  "Run the command KEYS are bound to, as the command loop would."
  (let* ((command (key-binding (kbd keys))))
    (taskpaper-test--check (commandp command) "%s is not bound in %s" keys major-mode)
    (setq this-command command)
    (call-interactively command)
    (setq last-command command)))

(defun taskpaper-test--check-mode-and-colours ()
  (taskpaper-test--check (eq major-mode 'taskpaper-mode) "*.taskpaper opened in %s" major-mode)
  (taskpaper-test--check indent-tabs-mode "taskpaper-mode should indent with tabs")
  (font-lock-ensure)
  (cl-flet ((face-at (text)
              (goto-char (point-min))
              (search-forward text)
              (let ((face (get-text-property (match-beginning 0) 'face)))
                (if (listp face) face (list face)))))
    (taskpaper-test--check (memq 'taskpaper-project-face (face-at "Home:")) "no project face on Home:")
    (taskpaper-test--check (memq 'taskpaper-tag-face (face-at "@home")) "no tag face on @home")
    (taskpaper-test--check (memq 'taskpaper-payload-face (face-at "2099-11-25")) "no payload face")
    (taskpaper-test--check (memq 'taskpaper-done-face (face-at "Fix the bike")) "no done face on a @done task")
    (taskpaper-test--check (not (memq 'taskpaper-project-face (face-at "Garden:")))
                           "Garden: with a space after the colon is a note, not a project")))

(defun taskpaper-test--check-diagnostics (diagnostics)
  "DIAGNOSTICS returns the client's findings as (CODE . MESSAGE) pairs."
  (let* ((expected (sort (list "date-invalid" "range-inverted" "date-malformed" "overdue"
                               "tag-value-unbalanced" "project-trailing-space" "duplicate-tag" "line-too-long")
                         #'string<))
         (codes (lambda () (sort (mapcar #'car (funcall diagnostics)) #'string<))))
    (taskpaper-test--wait 15 (lambda () (equal (funcall codes) expected)))
    (taskpaper-test--check (equal (funcall codes) expected)
                           "diagnostics: expected %S, got %S" expected (funcall codes))
    (taskpaper-test--check (seq-find (lambda (d) (string-match-p "limit 60" (cdr d))) (funcall diagnostics))
                           "line-too-long should use maxLineLength 60 from the client's settings")))

(defun taskpaper-test--check-toggle-done ()
  "C-c C-d twice in a row on a line, then on a region of two tasks, with no wait."
  (let ((done (concat " @done(" (format-time-string "%Y-%m-%d") ")")))
    (taskpaper-test--goto "Water the plants")
    (let ((original (taskpaper-test--line)))
      (taskpaper-test--press "C-c C-d")
      (taskpaper-test--check (equal (taskpaper-test--line) (concat original done))
                             "C-c C-d once: the line is %S" (taskpaper-test--line))
      (taskpaper-test--press "C-c C-d")
      (taskpaper-test--check (equal (taskpaper-test--line) original)
                             "C-c C-d twice should restore the line, it is %S" (taskpaper-test--line)))
    (transient-mark-mode 1)
    (taskpaper-test--goto "Call the plumber")
    (let* ((beg (point))
           (end (progn (forward-line 1) (line-end-position)))
           (original (buffer-substring-no-properties beg end))
           (marked (mapconcat (lambda (line) (concat line done)) (split-string original "\n") "\n")))
      (goto-char end)
      (push-mark beg t t)
      (taskpaper-test--press "C-c C-d")
      (taskpaper-test--check (equal (buffer-substring-no-properties beg (line-end-position)) marked)
                             "C-c C-d on two lines: %S" (buffer-substring-no-properties beg (line-end-position)))
      (goto-char (+ beg (length marked)))
      (push-mark beg t t)
      (taskpaper-test--press "C-c C-d")
      (taskpaper-test--check (equal (buffer-substring-no-properties beg (line-end-position)) original)
                             "C-c C-d twice on two lines should restore them: %S"
                             (buffer-substring-no-properties beg (line-end-position))))
    (deactivate-mark)))

(defun taskpaper-test--check-archive ()
  "C-c C-a moves the one done task under Archive:."
  (taskpaper-test--press "C-c C-a")
  (let ((text (buffer-substring-no-properties (point-min) (point-max))))
    (taskpaper-test--check (string-match-p "^Archive:\n\t- Fix the bike @done(2026-11-20) @home @project(Home)$" text)
                           "C-c C-a should move the done task under Archive:, the buffer is:\n%s" text)
    (taskpaper-test--check (= 1 (how-many "Fix the bike" (point-min) (point-max)))
                           "C-c C-a left a copy of the done task:\n%s" text)))

(defconst taskpaper-test--focus-outline
  (concat "Inbox:\n"
          "\t- Buy milk @today\n"
          "\t- Post the letter\n"
          "Work:\n"
          "\t- Send the report\n"
          "\tClients:\n"
          "\t\t- Call Acme @today\n"
          "\t\t- Email Globex\n"
          "\t\t\t- attach the invoice\n"
          "\t- File expenses @done\n"
          "Home:\n"
          "\t- Water the plants\n")
  "Nested projects, with @today tasks in two of them and hidden lines up to the end.")

(defun taskpaper-test--lines (&optional shown-only)
  "The buffer's lines, none for the end after the last newline.
With SHOWN-ONLY, those whose start is visible, as the window shows them."
  (save-excursion
    (goto-char (point-min))
    (let (lines)
      (while (not (eobp))
        (unless (and shown-only (invisible-p (point)))
          (push (taskpaper-test--line) lines))
        (forward-line 1))
      (nreverse lines))))

(defun taskpaper-test--depth (line)
  (- (length line) (length (string-trim-left line "\t+"))))

(defun taskpaper-test--with-ancestors (lines chosen)
  "The texts of the CHOSEN line numbers of LINES and of every line they are indented under."
  (let (kept)
    (dolist (i chosen)
      (push i kept)
      (let ((depth (taskpaper-test--depth (aref lines i))))
        (cl-loop for j downfrom (1- i) to 0
                 when (< (taskpaper-test--depth (aref lines j)) depth)
                 do (push j kept) (setq depth (taskpaper-test--depth (aref lines j))))))
    (mapcar (lambda (i) (aref lines i)) (sort (delete-dups kept) #'<))))

(defun taskpaper-test--tagged-today ()
  "What a focus on @today should show: the tasks tagged @today and their ancestors."
  (let ((lines (vconcat (taskpaper-test--lines))))
    (taskpaper-test--with-ancestors
     lines (cl-loop for i below (length lines)
                    when (string-match-p "\\(?:^\\|[ \t]\\)@today\\(?:[ \t(]\\|$\\)" (aref lines i))
                    collect i))))

(defun taskpaper-test--subtree (text)
  "What a focus into the item whose line has TEXT should show: it, its subtree, its ancestors."
  (let* ((lines (vconcat (taskpaper-test--lines)))
         (item (cl-position-if (lambda (line) (string-search text line)) lines))
         (depth (taskpaper-test--depth (aref lines item))))
    (taskpaper-test--with-ancestors
     lines (cons item (cl-loop for j from (1+ item) below (length lines)
                               while (> (taskpaper-test--depth (aref lines j)) depth)
                               collect j)))))

(defun taskpaper-test--visible ()
  (taskpaper-test--lines t))

(defun taskpaper-test--check-shown (expected what)
  "Wait for the focus to show EXPECTED (computed from the text), after WHAT."
  (taskpaper-test--check (< (length expected) (length (taskpaper-test--lines)))
                         "%s: the outline should have lines to hide" what)
  (taskpaper-test--wait 5 (lambda () (equal (taskpaper-test--visible) expected)))
  (taskpaper-test--check (equal (taskpaper-test--visible) expected)
                         "%s: expected these lines visible:\n%S\ngot:\n%S" what expected (taskpaper-test--visible)))

(defun taskpaper-test--focus-on (query)
  "M-x taskpaper-focus, typing QUERY at its prompt."
  (cl-letf (((symbol-function 'read-string) (lambda (&rest _) query)))
    (call-interactively #'taskpaper-focus)))

(defun taskpaper-test--messages ()
  (with-current-buffer "*Messages*" (buffer-string)))

(defun taskpaper-test--check-focus ()
  "Focus on @today, follow edits, focus into a project, a search with no match or a
bad one, unfocus. The outline replaces the sample's text, as a paste would."
  (erase-buffer)
  (insert taskpaper-test--focus-outline)
  (taskpaper-test--focus-on "@today")
  (taskpaper-test--check (memq 'taskpaper-focus buffer-invisibility-spec)
                         "the focus should add its symbol to buffer-invisibility-spec: %S" buffer-invisibility-spec)
  (taskpaper-test--check-shown (taskpaper-test--tagged-today) "focus on @today")

  (taskpaper-test--goto "Email Globex")
  (end-of-line)
  (insert " @today")
  (taskpaper-test--check-shown (taskpaper-test--tagged-today) "tagging a hidden task @today")
  (taskpaper-test--check (member "\t\t- Email Globex @today" (taskpaper-test--visible))
                         "the task tagged @today should show")
  (taskpaper-test--goto "Email Globex")
  (end-of-line)
  (delete-char (- (length " @today")))
  (taskpaper-test--check-shown (taskpaper-test--tagged-today) "removing its @today")

  (taskpaper-test--goto "Clients:")
  (let ((current-prefix-arg '(4)))
    (call-interactively #'taskpaper-focus))
  (taskpaper-test--check-shown (taskpaper-test--subtree "Clients:") "C-u M-x taskpaper-focus on Clients:")
  ;; A task typed just above the project moves it down: the focus stays on it.
  (taskpaper-test--goto "Clients:")
  (insert "\t- Plan the offsite\n")
  (taskpaper-test--check-shown (taskpaper-test--subtree "Clients:") "a task added just above the focused project")

  (let ((before (taskpaper-test--visible))
        (said (condition-case err (progn (taskpaper-test--focus-on "(@today") "no error")
                (user-error (error-message-string err)))))
    (taskpaper-test--check (string-match-p "expected ')'" said)
                           "a bad query should show the server's message, not %S" said)
    (taskpaper-test--check (equal (taskpaper-test--visible) before) "a bad query should keep the focus as it was"))

  (let ((logged (length (taskpaper-test--messages))))
    (taskpaper-test--focus-on "@nosuchtag")
    (taskpaper-test--check (equal (taskpaper-test--visible) (taskpaper-test--lines))
                           "a search that finds nothing should show every line")
    (taskpaper-test--check (string-match-p "No items match" (substring (taskpaper-test--messages) logged))
                           "a search that finds nothing should say so"))

  (taskpaper-test--focus-on "@today")
  (taskpaper-test--check-shown (taskpaper-test--tagged-today) "focus on @today again")
  (taskpaper-test--check-unfocus))

(defun taskpaper-test--check-unfocus ()
  "M-x taskpaper-unfocus shows every line, and the edits after it hide none."
  (call-interactively #'taskpaper-unfocus)
  (taskpaper-test--check (equal (taskpaper-test--visible) (taskpaper-test--lines))
                         "after taskpaper-unfocus every line should show: %S" (taskpaper-test--visible))
  (taskpaper-test--check (not (memq 'taskpaper-focus buffer-invisibility-spec))
                         "taskpaper-unfocus should take its symbol out of buffer-invisibility-spec")
  ;; Nothing follows the edits any more.
  (taskpaper-test--goto "Water the plants")
  (end-of-line)
  (insert " @today")
  (taskpaper-test--wait 1 (lambda () nil))
  (taskpaper-test--check (equal (taskpaper-test--visible) (taskpaper-test--lines))
                         "after taskpaper-unfocus an edit should hide nothing: %S" (taskpaper-test--visible)))

(defun taskpaper-test--check-capture (dir)
  "M-x taskpaper-capture from a buffer that is no TaskPaper file: the task
lands in $TASKPAPER_INBOX and the buffer visiting that file shows it."
  (let ((inbox (expand-file-name "inbox.taskpaper" dir))
        (notes (find-file-noselect (expand-file-name "notes.txt" dir))))
    (with-temp-file inbox (insert "Inbox:\n\t- Call mum\n"))
    (let ((inbox-buffer (find-file-noselect inbox)))
      (setenv "TASKPAPER_INBOX" inbox)
      (with-current-buffer notes
        (taskpaper-test--check (not (derived-mode-p 'taskpaper-mode)) "notes.txt is in %s" major-mode)
        (let ((where (taskpaper-capture "Buy milk @due(tomorrow)")))
          (taskpaper-test--check (equal where (concat inbox ":3: - Buy milk @due(tomorrow)"))
                                 "taskpaper-capture said %S" where)))
      (let ((want "Inbox:\n\t- Call mum\n\t- Buy milk @due(tomorrow)\n"))
        (taskpaper-test--check (equal (with-temp-buffer (insert-file-contents inbox) (buffer-string)) want)
                               "after taskpaper-capture the inbox holds %S"
                               (with-temp-buffer (insert-file-contents inbox) (buffer-string)))
        (taskpaper-test--check (equal (with-current-buffer inbox-buffer (buffer-string)) want)
                               "the buffer visiting the inbox shows %S"
                               (with-current-buffer inbox-buffer (buffer-string))))
      (kill-buffer inbox-buffer)
      (kill-buffer notes))))

(defun taskpaper-test-run (connect diagnostics &optional unvisited-diagnostics)
  "Open the sample, CONNECT the client (returns once it is up), check it all.
DIAGNOSTICS returns the client's findings on the sample as (CODE . MESSAGE) pairs;
UNVISITED-DIAGNOSTICS, for a client that keeps them, the codes it holds for a
file of the workspace that no buffer visits."
  (condition-case err
      (let ((dir (make-temp-file "taskpaper-emacs" t)))
        ;; A file of the workspace never visited: its overdue task reaches the client all the same.
        (with-temp-file (expand-file-name "later.taskpaper" dir) (insert "Later:\n\t- Pay rent @due(2020-01-10)\n"))
        (taskpaper-test--check (featurep 'taskpaper-lsp) "the README's setup did not load taskpaper-lsp")
        (taskpaper-test--check (executable-find (car taskpaper-lsp-command))
                               "%s is not on exec-path %S" (car taskpaper-lsp-command) exec-path)
        (copy-file (expand-file-name "Tests/Editors/sample.taskpaper" taskpaper-test--root)
                   (expand-file-name "errands.taskpaper" dir))
        (find-file (expand-file-name "errands.taskpaper" dir))
        (taskpaper-test--check-mode-and-colours)
        (funcall connect)
        (taskpaper-test--check-diagnostics diagnostics)
        (when unvisited-diagnostics
          (let ((later (expand-file-name "later.taskpaper" dir)))
            (taskpaper-test--wait 15 (lambda () (equal (funcall unvisited-diagnostics later) '("overdue"))))
            (taskpaper-test--check (equal (funcall unvisited-diagnostics later) '("overdue"))
                                   "the unvisited later.taskpaper: expected (\"overdue\"), got %S"
                                   (funcall unvisited-diagnostics later))))
        (taskpaper-test--check-toggle-done)
        (taskpaper-test--check-archive)
        (taskpaper-test--check-focus)
        (set-buffer-modified-p nil)
        (kill-buffer)
        (taskpaper-test--check-capture dir)
        (delete-directory dir t)
        (princ "PASS\n")
        (kill-emacs 0))
    (error (taskpaper-test--fail "%S" err))))

;;; emacs_checks.el ends here
