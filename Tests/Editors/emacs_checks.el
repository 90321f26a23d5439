;;; emacs_checks.el --- what emacs_test.el and emacs_lsp_mode_test.el both check  -*- lexical-binding: t; -*-

;; Loaded by the two tests after the README's setup (an init file in a fresh
;; HOME) has loaded taskpaper-lsp and hooked a client to `taskpaper-mode'.
;; `taskpaper-test-run' opens a copy of Tests/Editors/sample.taskpaper, checks
;; the mode and its colours, lets the client connect, checks the diagnostics
;; (with maxLineLength 60 from the client's settings), then presses C-c C-d
;; twice on a line and on a region and C-c C-a once, each with no wait and no
;; answer to any question (stdin is empty: a prompt or a menu fails the test).
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

(defun taskpaper-test-run (connect diagnostics)
  "Open the sample, CONNECT the client (returns once it is up), check it all.
DIAGNOSTICS returns the client's findings as (CODE . MESSAGE) pairs."
  (condition-case err
      (let ((dir (make-temp-file "taskpaper-emacs" t)))
        (taskpaper-test--check (featurep 'taskpaper-lsp) "the README's setup did not load taskpaper-lsp")
        (taskpaper-test--check (executable-find (car taskpaper-lsp-command))
                               "%s is not on exec-path %S" (car taskpaper-lsp-command) exec-path)
        (copy-file (expand-file-name "Tests/Editors/sample.taskpaper" taskpaper-test--root)
                   (expand-file-name "errands.taskpaper" dir))
        (find-file (expand-file-name "errands.taskpaper" dir))
        (taskpaper-test--check-mode-and-colours)
        (funcall connect)
        (taskpaper-test--check-diagnostics diagnostics)
        (taskpaper-test--check-toggle-done)
        (taskpaper-test--check-archive)
        (set-buffer-modified-p nil)
        (kill-buffer)
        (delete-directory dir t)
        (princ "PASS\n")
        (kill-emacs 0))
    (error (taskpaper-test--fail "%S" err))))

;;; emacs_checks.el ends here
