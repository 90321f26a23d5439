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
;;
;; M-x taskpaper-focus shows only what a search finds (TaskPaper's focus),
;; following the edits; M-x taskpaper-unfocus shows every line again.
;;
;; M-x taskpaper-capture adds a task to the file $TASKPAPER_INBOX names,
;; from any buffer (`taskpaper-lsp add').

;;; Code:

(require 'font-lock)
(require 'seq)
(require 'subr-x)

(declare-function eglot-managed-p "eglot" ())
(declare-function eglot-execute-command "eglot" (server command arguments))
(declare-function eglot--current-server-or-lose "eglot" ())
(declare-function eglot--signal-textDocument/didChange "eglot" ())
(declare-function eglot--TextDocumentIdentifier "eglot" ())
(declare-function eglot--pos-to-lsp-position "eglot" (&optional pos))
(declare-function jsonrpc-async-request "jsonrpc" (connection method params &rest args))
(declare-function lsp-send-execute-command "lsp-mode" (command &optional args))
(declare-function lsp-request-async "lsp-mode" (method params callback &rest args))
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

;;; Focus: TaskPaper's filtered view, with the lines the server names hidden.

(defcustom taskpaper-focus-delay 0.2
  "Seconds after the last edit before a focused buffer asks the server again."
  :type 'number)

(defvar taskpaper-focus-history nil
  "Searches given to `taskpaper-focus'.")

(defvar-local taskpaper--focus nil
  "What this buffer is focused on, as (:query QUERY :item MARKER), or nil.
The item is a marker, so it follows the edits above it.")

(defvar-local taskpaper--focus-timer nil
  "The timer that asks the server again once the edits pause.")

(defun taskpaper--get (object key)
  "KEY (a keyword) of the JSON OBJECT: eglot reads plists, lsp-mode hash tables."
  (if (hash-table-p object)
      (gethash (substring (symbol-name key) 1) object)
    (plist-get object key)))

(defun taskpaper--focus-arguments (focus)
  "The taskpaper.focus argument for FOCUS, a value of `taskpaper--focus'."
  (let ((query (plist-get focus :query))
        (item (plist-get focus :item)))
    (append (list :uri (if (taskpaper--lsp-mode-p)
                           (lsp--buffer-uri)
                         (plist-get (eglot--TextDocumentIdentifier) :uri)))
            (and query (list :query query))
            (and item (list :line (1- (line-number-at-pos item t)))))))

(defun taskpaper--focus-params (focus)
  "The workspace/executeCommand parameters for FOCUS."
  (list :command "taskpaper.focus" :arguments (vector (taskpaper--focus-arguments focus))))

(defun taskpaper--eglot-p ()
  "Non-nil when eglot runs the server in this buffer."
  (and (fboundp 'eglot-managed-p) (eglot-managed-p)))

(defun taskpaper--error-message (error)
  "The message of a JSON-RPC ERROR from lsp-mode (alone, or first in a list)."
  (taskpaper--get (if (and (consp error) (not (keywordp (car error)))) (car error) error)
                  :message))

(defun taskpaper--ask-focus-async (focus on-answer on-error)
  "Ask the server what FOCUS hides in this buffer, without waiting.
ON-ANSWER gets the answer, in this buffer; ON-ERROR the server's message."
  (let* ((buffer (current-buffer))
         (answered (lambda (answer)
                     (when (buffer-live-p buffer)
                       (with-current-buffer buffer (funcall on-answer answer))))))
    (cond
     ((taskpaper--lsp-mode-p)
      ;; Not `lsp-request': it reads the server's message as a format string.
      (lsp-request-async "workspace/executeCommand" (taskpaper--focus-params focus) answered
                         :mode 'alive
                         :error-handler (lambda (e) (funcall on-error (taskpaper--error-message e)))))
     ((taskpaper--eglot-p)
      ;; eglot sends changes on an idle timer: the server must read this text.
      (eglot--signal-textDocument/didChange)
      (jsonrpc-async-request (eglot--current-server-or-lose)
                             :workspace/executeCommand (taskpaper--focus-params focus)
                             :success-fn answered
                             :error-fn (lambda (e) (funcall on-error (plist-get e :message)))
                             :timeout-fn (lambda () (funcall on-error "taskpaper-lsp did not answer"))))
     (t (funcall on-error "taskpaper-lsp is not running here: start it with M-x eglot (or M-x lsp)")))))

(defun taskpaper--ask-focus (focus)
  "The server's answer for FOCUS in this buffer; its error signals `user-error'."
  (let ((deadline (+ (float-time) 10)) answer failure)
    (taskpaper--ask-focus-async focus
                                (lambda (a) (setq answer (list a)))
                                (lambda (message) (setq failure (or message "taskpaper-lsp failed"))))
    (while (not (or answer failure))
      (when (> (float-time) deadline) (setq failure "taskpaper-lsp did not answer"))
      (accept-process-output nil 0.05))
    (if failure (user-error "%s" failure) (car answer))))

(defun taskpaper--hide-lines (first last)
  "Hide the lines FIRST to LAST (0-based, both included) with an overlay of ours.
Point is at the start of line FIRST."
  (let ((beg (point)))
    (forward-line (1+ (- last first)))
    ;; Hidden up to the end of the buffer: hide the line end before them too,
    ;; or an empty line would show where they were.
    (when (and (eobp) (not (bolp)) (> beg (point-min)))
      (setq beg (1- beg)))
    (let ((overlay (make-overlay beg (point) nil t nil)))
      (overlay-put overlay 'invisible 'taskpaper-focus)
      (overlay-put overlay 'evaporate t))))

(defun taskpaper--show-focus (answer)
  "Hide the runs of lines the server's ANSWER names, and show every other line."
  (let ((hidden (taskpaper--get answer :hidden)))
    (save-excursion
      (save-restriction
        (widen)
        (remove-overlays (point-min) (point-max) 'invisible 'taskpaper-focus)
        (goto-char (point-min))
        (let ((line 0))
          (seq-doseq (run hidden)
            (let ((first (taskpaper--get run :start))
                  (last (taskpaper--get run :end)))
              (forward-line (- first line))
              (taskpaper--hide-lines first last)
              (setq line (1+ last)))))))
    (when (eql (taskpaper--get answer :matches) 0)
      (message "No items match"))))

(defun taskpaper--refocus-soon (&rest _)
  "After an edit, ask the server again once the edits pause."
  (when (timerp taskpaper--focus-timer) (cancel-timer taskpaper--focus-timer))
  ;; An ordinary timer restarted by each edit: an idle timer would wait for
  ;; input to stop, which a batch Emacs (the tests) never does.
  (setq taskpaper--focus-timer
        (run-with-timer taskpaper-focus-delay nil #'taskpaper--refocus (current-buffer))))

(defun taskpaper--refocus (buffer)
  "Ask the server again for BUFFER's focus, and show its answer."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (setq taskpaper--focus-timer nil)
      (when taskpaper--focus
        (let ((focus taskpaper--focus)
              (tick (buffer-chars-modified-tick)))
          (taskpaper--ask-focus-async
           focus
           (lambda (answer)
             ;; An edit since then has its own request coming.
             (when (and (eq focus taskpaper--focus) (= tick (buffer-chars-modified-tick)))
               (taskpaper--show-focus answer)))
           (lambda (message) (message "taskpaper-focus: %s" message))))))))

(defun taskpaper-focus (query &optional position)
  "Show only the items QUERY finds and their ancestors; hide the other lines.
QUERY is a TaskPaper search (\"@today\", \"project Work//@due\"). With a
prefix argument, focus into the item at point instead: it, its subtree
and its ancestors stay. From Lisp, give POSITION (the item) and QUERY
both to search within that item. The focus follows the edits until
\\[taskpaper-unfocus]."
  (interactive
   (if current-prefix-arg
       (list nil (point))
     (list (read-string "Focus on (TaskPaper search): " nil 'taskpaper-focus-history))))
  (when (equal query "") (setq query nil))
  (unless (or query position)
    (user-error "Give a search, or a prefix argument to focus into the item at point"))
  (let ((focus (list :query query
                     ;; Advancing: a line typed at its start pushes the item down.
                     :item (and position (save-excursion (goto-char position)
                                                         (copy-marker (line-beginning-position) t))))))
    ;; A bad query signals here, and leaves the focus as it was.
    (taskpaper--show-focus (taskpaper--ask-focus focus))
    (setq taskpaper--focus focus))
  (when (timerp taskpaper--focus-timer) (cancel-timer taskpaper--focus-timer))
  (add-to-invisibility-spec 'taskpaper-focus)
  (add-hook 'after-change-functions #'taskpaper--refocus-soon nil t))

(defun taskpaper-unfocus ()
  "Show every line again, and stop following the focus."
  (interactive)
  (setq taskpaper--focus nil)
  (when (timerp taskpaper--focus-timer) (cancel-timer taskpaper--focus-timer))
  (setq taskpaper--focus-timer nil)
  (remove-hook 'after-change-functions #'taskpaper--refocus-soon t)
  (save-restriction
    (widen)
    (remove-overlays (point-min) (point-max) 'invisible 'taskpaper-focus))
  (remove-from-invisibility-spec 'taskpaper-focus))

(defun taskpaper-capture (text &optional project file)
  "Add TEXT as a task with `taskpaper-lsp add', from any buffer.
It goes last in PROJECT (a path, \"Work / Errands\"; default Inbox) of
FILE, else of the file $TASKPAPER_INBOX names. A buffer visiting that
file is reverted when it has no changes of its own. Returns where the
task went, \"path:line: task\"."
  (interactive (list (read-string "Capture (TaskPaper task): ")))
  (let ((arguments (append '("add")
                           (and file (list "--to" (expand-file-name file)))
                           (and project (list "--project" project))
                           (list "--" text)))
        (errors (make-temp-file "taskpaper-capture")))
    (unwind-protect
        (with-temp-buffer
          (let* ((status (apply #'call-process (car taskpaper-lsp-command) nil (list t errors) nil arguments))
                 (where (string-trim (buffer-string)))
                 (problems (with-temp-buffer
                             (insert-file-contents errors)
                             (string-trim (buffer-string))))
                 (target (or file (getenv "TASKPAPER_INBOX")))
                 (visiting (and target (find-buffer-visiting (expand-file-name target)))))
            (unless (eql status 0) (user-error "taskpaper-capture: %s" problems))
            (when visiting
              (with-current-buffer visiting
                (unless (buffer-modified-p) (revert-buffer t t t))))
            (message "%s" (if (equal problems "") where (concat where "\n" problems)))
            where))
      (delete-file errors))))

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
