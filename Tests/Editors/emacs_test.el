;;; emacs_test.el --- editors/emacs in a real Emacs with eglot  -*- lexical-binding: t; -*-

;; TASKPAPER_LSP=.build/debug/taskpaper-lsp emacs --batch -Q -l Tests/Editors/emacs_test.el
;;
;; Loads only editors/emacs/taskpaper-lsp.el (and eglot), opens a copy of
;; Tests/Editors/sample.taskpaper, starts the server through
;; `eglot-server-programs', and checks the mode, its colours, the diagnostics
;; (with a setting from `eglot-workspace-configuration') and
;; `taskpaper-toggle-done' both ways. Prints PASS, or FAIL: ... and exits 1.

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

(require 'cl-lib)
(require 'seq)

(condition-case err
    (progn
      ;; Eglot: built in from Emacs 29; on older Emacsen from an installed package.
      (unless (locate-library "eglot")
        (require 'package)
        (package-initialize)
        (dolist (dir (append (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*")
                             (file-expand-wildcards (expand-file-name "elpa/*" user-emacs-directory))))
          (add-to-list 'load-path dir)))
      (taskpaper-test--check (locate-library "eglot") "eglot is not installed")
      (require 'eglot)
      (require 'flymake)
      (add-to-list 'load-path (expand-file-name "editors/emacs" taskpaper-test--root))
      (require 'taskpaper-lsp)

      (let ((binary (or (getenv "TASKPAPER_LSP")
                        (expand-file-name ".build/debug/taskpaper-lsp" taskpaper-test--root)))
            (dir (make-temp-file "taskpaper-emacs" t)))
        (taskpaper-test--check (file-executable-p binary) "no taskpaper-lsp binary at %s" binary)
        (setq taskpaper-lsp-command (list binary))
        (setq-default eglot-workspace-configuration '(:taskpaper (:maxLineLength 60)))
        (copy-file (expand-file-name "Tests/Editors/sample.taskpaper" taskpaper-test--root)
                   (expand-file-name "errands.taskpaper" dir))
        (find-file (expand-file-name "errands.taskpaper" dir))

        ;; The mode and its colours.
        (taskpaper-test--check (eq major-mode 'taskpaper-mode) "*.taskpaper opened in %s" major-mode)
        (taskpaper-test--check indent-tabs-mode "taskpaper-mode should indent with tabs")
        (font-lock-ensure)
        (cl-flet ((face-at (text &optional offset)
                    (goto-char (point-min))
                    (search-forward text)
                    (let ((face (get-text-property (+ (match-beginning 0) (or offset 0)) 'face)))
                      (if (listp face) face (list face)))))
          (taskpaper-test--check (memq 'taskpaper-project-face (face-at "Home:")) "no project face on Home:")
          (taskpaper-test--check (memq 'taskpaper-tag-face (face-at "@home")) "no tag face on @home")
          (taskpaper-test--check (memq 'taskpaper-payload-face (face-at "2099-11-25")) "no payload face")
          (taskpaper-test--check (memq 'taskpaper-done-face (face-at "Fix the bike")) "no done face on a @done task")
          (taskpaper-test--check (not (memq 'taskpaper-project-face (face-at "Garden:")))
                                 "Garden: with a space after the colon is a note, not a project"))

        ;; The server, found through eglot-server-programs.
        (taskpaper-test--check (assq 'taskpaper-mode eglot-server-programs) "no eglot-server-programs entry")
        (let ((contact (eglot--guess-contact)))
          (apply #'eglot contact))
        (taskpaper-test--check (eglot-current-server) "eglot did not connect")
        (let* ((expected '("date-invalid" "range-inverted" "date-malformed" "overdue"
                           "tag-value-unbalanced" "project-trailing-space" "duplicate-tag" "line-too-long"))
               (codes (lambda ()
                        (sort (mapcar (lambda (d)
                                        (let ((text (flymake-diagnostic-text d)))
                                          (and (string-match "\\[\\([a-z-]+\\)\\]" text) (match-string 1 text))))
                                      (flymake-diagnostics))
                              #'string<))))
          (taskpaper-test--wait 15 (lambda () (equal (funcall codes) (sort (copy-sequence expected) #'string<))))
          (taskpaper-test--check (equal (funcall codes) (sort (copy-sequence expected) #'string<))
                                 "diagnostics: expected %S, got %S" expected (funcall codes))
          (taskpaper-test--check
           (seq-find (lambda (d) (string-match-p "limit 60" (flymake-diagnostic-text d))) (flymake-diagnostics))
           "line-too-long should use maxLineLength 60 from eglot-workspace-configuration"))

        ;; C-c C-d both ways.
        (goto-char (point-min))
        (search-forward "Water the plants")
        (let* ((original (buffer-substring (line-beginning-position) (line-end-position)))
               (line (lambda () (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
               (today (format-time-string "%Y-%m-%d")))
          (taskpaper-test--check (eq (key-binding (kbd "C-c C-d")) 'taskpaper-toggle-done) "C-c C-d is not bound")
          (call-interactively #'taskpaper-toggle-done)
          (taskpaper-test--wait 10 (lambda () (not (equal (funcall line) original))))
          (taskpaper-test--check (member (funcall line) (list (concat original " @done(" today ")")
                                                              (concat original " @done(" (format-time-string "%Y-%m-%d") ")")))
                                 "after taskpaper-toggle-done the line is %S" (funcall line))
          (call-interactively #'taskpaper-toggle-done)
          (taskpaper-test--wait 10 (lambda () (equal (funcall line) original)))
          (taskpaper-test--check (equal (funcall line) original)
                                 "a second taskpaper-toggle-done should restore the line, it is %S" (funcall line)))

        (set-buffer-modified-p nil)
        (ignore-errors (eglot-shutdown (eglot-current-server)))
        (delete-directory dir t)
        (princ "PASS\n")
        (kill-emacs 0)))
  (error (taskpaper-test--fail "%S" err)))
