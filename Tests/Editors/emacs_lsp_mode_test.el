;;; emacs_lsp_mode_test.el --- editors/emacs with lsp-mode, set up as its README says  -*- lexical-binding: t; -*-

;; Run by Tests/TaskPaperServerTests/Editors/EmacsTests.swift in a fresh HOME whose
;; ~/.local/bin holds the server (the README's install step) and whose init
;; file is the README's lsp-mode setup:
;;
;;   HOME=... emacs --batch -f package-activate-all -l ~/.emacs.d/init.el -l Tests/Editors/emacs_lsp_mode_test.el
;;
;; The setup's `lsp-deferred' starts the server once the buffer shows; the
;; checks are in emacs_checks.el.

(load (expand-file-name "emacs_checks.el" (file-name-directory (or load-file-name buffer-file-name))) nil t)

(require 'lsp-mode)
(require 'lsp-diagnostics)
(lsp-register-custom-settings '(("taskpaper.maxLineLength" 60)))

(taskpaper-test-run
 (lambda ()
   (taskpaper-test--check (memq 'lsp-deferred taskpaper-mode-hook) "the setup does not run lsp-deferred")
   ;; lsp-deferred waits for an idle moment, which batch Emacs never has.
   (taskpaper-test--check lsp--buffer-deferred "lsp-deferred did not run")
   ;; What a user answers the first time lsp-mode asks for the project root ("i": this folder).
   (lsp-workspace-folders-add default-directory)
   (lsp--init-if-visible)
   (taskpaper-test--check (taskpaper-test--wait 15 (lambda () (and lsp-mode (lsp-workspaces)
                                                                 (eq (lsp--workspace-status (car (lsp-workspaces)))
                                                                     'initialized))))
                          "lsp-mode did not connect"))
 (lambda ()
   (mapcar (lambda (d) (cons (format "%s" (lsp:diagnostic-code? d)) (lsp:diagnostic-message d)))
           (gethash (lsp--fix-path-casing (buffer-file-name)) (lsp-diagnostics t))))
 ;; lsp-mode keeps every file's diagnostics, visited or not (editors/emacs/README.md says so).
 (lambda (file)
   (mapcar (lambda (d) (format "%s" (lsp:diagnostic-code? d)))
           (gethash (lsp--fix-path-casing file) (lsp-diagnostics t)))))

;;; emacs_lsp_mode_test.el ends here
