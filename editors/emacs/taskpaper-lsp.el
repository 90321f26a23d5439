;;; taskpaper-lsp.el --- TaskPaper mode with the taskpaper-lsp language server  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: outlines, languages

;;; Commentary:

;; A small major mode for TaskPaper outlines (`*.taskpaper') and the
;; `eglot' entry (or `lsp-mode' client) that runs taskpaper-lsp for it:
;; diagnostics through Flymake, completion after "@" and "(", and the
;; server's code actions.
;;
;;   (add-to-list 'load-path "/path/to/taskpaper-lsp/editors/emacs")
;;   (require 'taskpaper-lsp)
;;   (add-hook 'taskpaper-mode-hook #'eglot-ensure)   ; or #'lsp-deferred
;;
;; Settings go to the server through `eglot-workspace-configuration' (with
;; lsp-mode: `lsp-register-custom-settings', as editors/emacs/README.md says):
;;
;;   (setq-default eglot-workspace-configuration
;;                 '(:taskpaper (:maxLineLength 80 :doneFormat "datetime")))
;;
;; Keys in `taskpaper-mode', with either client (one keystroke, no menu,
;; no question: they run the server's commands):
;;   C-c C-d  mark the task(s) on the line or region done, or not done
;;            when they are done already (taskpaper.toggleDone)
;;   C-c C-a  archive the done items under "Archive:" (taskpaper.archiveDone)

;;; Code:

(require 'font-lock)

(declare-function eglot-managed-p "eglot" ())
(declare-function eglot-execute-command "eglot" (server command arguments))
(declare-function eglot--current-server-or-lose "eglot" ())
(declare-function eglot--signal-textDocument/didChange "eglot" ())
(declare-function eglot--TextDocumentIdentifier "eglot" ())
(declare-function eglot--pos-to-lsp-position "eglot" (&optional pos))
(declare-function lsp-send-execute-command "lsp-mode" (command &optional args))
(declare-function lsp--buffer-uri "lsp-mode" ())
(declare-function lsp--point-to-position "lsp-mode" (point))
(declare-function lsp-register-client "lsp-mode" (client))
(declare-function make-lsp-client "lsp-mode")
(declare-function lsp-stdio-connection "lsp-mode" (command &optional test-command))
(declare-function lsp-activate-on "lsp-mode" (&rest languages))
(defvar eglot-server-programs)
(defvar eglot-confirm-server-initiated-edits)
(defvar lsp-language-id-configuration)

(defgroup taskpaper nil
  "TaskPaper outlines, with the taskpaper-lsp language server."
  :group 'outlines
  :prefix "taskpaper-")

(defcustom taskpaper-lsp-command '("taskpaper-lsp")
  "The program that runs the taskpaper-lsp server, and its arguments.
Give a full path if taskpaper-lsp is not on `exec-path'."
  :type '(repeat string))

(defface taskpaper-project-face
  '((t :inherit font-lock-function-name-face :weight bold))
  "Face for a project: its name and colon.")

(defface taskpaper-task-marker-face
  '((t :inherit font-lock-builtin-face))
  "Face for the \"-\" that starts a task.")

(defface taskpaper-tag-face
  '((t :inherit font-lock-keyword-face))
  "Face for a tag name with its \"@\".")

(defface taskpaper-payload-face
  '((t :inherit font-lock-string-face))
  "Face for a tag's value, between its parentheses.")

(defface taskpaper-done-face
  '((t :inherit shadow :strike-through t))
  "Face for a task marked @done.")

(defface taskpaper-cancelled-face
  '((t :inherit shadow :strike-through t :slant italic))
  "Face for a task marked @cancelled.")

(defconst taskpaper--tag-regexp
  (concat "\\(?:^\\|[ \t]\\)"
          "\\(@[[:alnum:]_.-]+\\)"
          "\\(?:(\\(\\(?:\\\\.\\|[^()\\\\\n]\\)*\\))\\)?"
          "\\(?:[ \t]\\|$\\)")
  "A tag: group 1 is @name, group 2 the payload.")

(defconst taskpaper--project-regexp
  (concat "^[ \t]*\\([^ \t\n].*?:\\)"
          "\\(?:\\(?:[ \t]+@[[:alnum:]_.-]+\\(?:([^()\n]*)\\)?\\)+[ \t]*\\)?$")
  "A line that ends with a colon before any trailing tags; group 1 is the name.")

(defconst taskpaper--done-task-regexp
  "^[ \t]*\\(-[ \t].*[ \t]@done\\(?:(.*\\)?\\(?:[ \t].*\\)?\\)$"
  "A task with a @done tag; group 1 is the task.")

(defconst taskpaper--cancelled-task-regexp
  "^[ \t]*\\(-[ \t].*[ \t]@cancelled\\(?:(.*\\)?\\(?:[ \t].*\\)?\\)$"
  "A task with a @cancelled tag; group 1 is the task.")

(defun taskpaper--match-project (limit)
  "Find the next project before LIMIT for font-lock: not a task."
  (let (found)
    (while (and (not found) (re-search-forward taskpaper--project-regexp limit t))
      (unless (save-excursion
                (goto-char (match-beginning 1))
                (looking-at "-[ \t]"))
        (setq found t)))
    found))

(defun taskpaper--match-tag (limit)
  "Find the next tag before LIMIT, leaving point after its name or payload.
The white space after it stays unmatched, so the next tag can use it."
  (when (re-search-forward taskpaper--tag-regexp limit t)
    (goto-char (or (match-end 2) (match-end 1)))
    t))

(defvar taskpaper-font-lock-keywords
  `((,taskpaper--done-task-regexp (1 'taskpaper-done-face))
    (,taskpaper--cancelled-task-regexp (1 'taskpaper-cancelled-face))
    ("^[ \t]*\\(-\\)[ \t]" (1 'taskpaper-task-marker-face prepend))
    (taskpaper--match-project (1 'taskpaper-project-face))
    (taskpaper--match-tag (1 'taskpaper-tag-face prepend)
                          (2 'taskpaper-payload-face prepend t)))
  "Colours for `taskpaper-mode'; taskpaper-lsp adds its diagnostics on top.")

(defun taskpaper--lines ()
  "The region, or the current line, as (BEG END)."
  (if (use-region-p)
      (list (region-beginning) (region-end))
    (list (line-beginning-position) (line-end-position))))

(defun taskpaper--lsp-mode-p ()
  "Non-nil when lsp-mode, not eglot, runs the server in this buffer."
  (bound-and-true-p lsp-mode))

(defun taskpaper--range (beg end)
  "BEG and END as an LSP range, in the client's own position converter."
  (if (taskpaper--lsp-mode-p)
      (list :start (lsp--point-to-position beg) :end (lsp--point-to-position end))
    (list :start (eglot--pos-to-lsp-position beg) :end (eglot--pos-to-lsp-position end))))

(defun taskpaper--run-command (command &rest arguments)
  "Run the server's COMMAND on this buffer's document, then ARGUMENTS.
The server answers with a workspace/applyEdit, which is applied without
asking: the key is the confirmation. The server gets the buffer's latest
text first (eglot sends changes on an idle timer), so a second press acts
on what the first one wrote."
  (let ((arguments (vconcat arguments)))
    (cond
     ((taskpaper--lsp-mode-p)
      ;; lsp-mode sends every change before its next message.
      (lsp-send-execute-command command (vconcat (list (lsp--buffer-uri)) arguments)))
     ((and (fboundp 'eglot-managed-p) (eglot-managed-p))
      (eglot--signal-textDocument/didChange)
      (let ((eglot-confirm-server-initiated-edits nil))
        (eglot-execute-command (eglot--current-server-or-lose) command
                               (vconcat (list (plist-get (eglot--TextDocumentIdentifier) :uri))
                                        arguments))))
     (t (user-error "taskpaper-lsp is not running here: start it with M-x eglot (or M-x lsp)")))))

(defun taskpaper-toggle-done (beg end)
  "Mark the task(s) between BEG and END done, or not done if they are done.
Interactively: the tasks of the region, or of the current line. Runs the
server's taskpaper.toggleDone command."
  (interactive (taskpaper--lines))
  (taskpaper--run-command "taskpaper.toggleDone" (taskpaper--range beg end)))

(defun taskpaper-archive-done ()
  "Move every @done item under an \"Archive:\" project.
Runs the server's taskpaper.archiveDone command."
  (interactive)
  (taskpaper--run-command "taskpaper.archiveDone"))

(defvar taskpaper-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-c C-d") #'taskpaper-toggle-done)
    (define-key map (kbd "C-c C-a") #'taskpaper-archive-done)
    map)
  "Keys for `taskpaper-mode'.")

;;;###autoload
(define-derived-mode taskpaper-mode text-mode "TaskPaper"
  "Major mode for TaskPaper outlines.
Projects end with a colon, tasks start with \"- \", tags are @name or
@name(value); the outline is indented with tabs. Start the language
server with \\[eglot] (or add `eglot-ensure' to `taskpaper-mode-hook').

\\{taskpaper-mode-map}"
  (setq-local indent-tabs-mode t)
  (setq-local tab-width 4)
  (setq-local font-lock-defaults '(taskpaper-font-lock-keywords t))
  (setq-local outline-regexp "\t*[^\t\n]")
  (setq-local outline-level (lambda () (1+ (- (match-end 0) (match-beginning 0) 1)))))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.taskpaper\\'" . taskpaper-mode))

(defun taskpaper-lsp--contact (&optional _interactive)
  "The eglot contact for taskpaper-lsp: `taskpaper-lsp-command'."
  taskpaper-lsp-command)

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(taskpaper-mode . taskpaper-lsp--contact)))

;; lsp-mode instead of eglot: the same server and the same keys.
;;;###autoload
(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(taskpaper-mode . "taskpaper"))
  (lsp-register-client
   (make-lsp-client :new-connection (lsp-stdio-connection (lambda () taskpaper-lsp-command))
                    :activation-fn (lsp-activate-on "taskpaper")
                    :server-id 'taskpaper-lsp)))

(provide 'taskpaper-lsp)
;;; taskpaper-lsp.el ends here
