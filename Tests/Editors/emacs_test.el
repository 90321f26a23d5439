;;; emacs_test.el --- editors/emacs with eglot, set up as its README says  -*- lexical-binding: t; -*-

;; Run by Tests/TaskPaperServerTests/Editors/EmacsTests.swift in a fresh HOME whose
;; ~/.local/bin holds the server (the README's install step) and whose init
;; file is the README's eglot setup:
;;
;;   HOME=... emacs --batch -f package-activate-all -l ~/.emacs.d/init.el -l Tests/Editors/emacs_test.el
;;
;; The setup's `eglot-ensure' starts the server once the command that opened
;; the file ends; the checks are in emacs_checks.el.

(load (expand-file-name "emacs_checks.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(setq-default eglot-workspace-configuration '(:taskpaper (:maxLineLength 60)))

(taskpaper-test-run
 (lambda ()
   (taskpaper-test--check (memq 'eglot-ensure taskpaper-mode-hook) "the setup does not run eglot-ensure")
   ;; The end of the command that opened the file, where eglot-ensure connects.
   (run-hooks 'post-command-hook)
   (taskpaper-test--check (taskpaper-test--wait 15 #'eglot-current-server) "eglot did not connect"))
 (lambda ()
   (mapcar (lambda (d)
             (let ((text (flymake-diagnostic-text d)))
               (cons (and (string-match "\\[\\([a-z-]+\\)\\]" text) (match-string 1 text)) text)))
           (flymake-diagnostics))))

;;; emacs_test.el ends here
