;;; skeletond.el --- SkeletonView skeletons for JSON layouts, storyboards and XIBs, through eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9") (jsonrpc "1.0.14"))
;; Keywords: languages, tools
;; URL: https://github.com/skeletond/skeletond

;;; Commentary:

;; Runs the skeletond daemon through eglot for skeleton layout documents
;; (`*.skeleton.json', and storyboards and XIBs when
;; `skeleton-interface-builder' is on).  Eglot shows the daemon's
;; diagnostics (flymake) and, when the daemon offers them, its outline
;; (imenu), hover (eldoc), completion (completion-at-point) and code
;; actions.
;;
;; On top of eglot this package adds:
;;
;; - a live preview of the skeleton in a side window, drawn with half
;;   blocks and faces from the daemon's `cells' frames, so it works in
;;   a terminal Emacs (`skeleton-preview', `skeleton-preview-close');
;; - the commands `skeleton-show', `skeleton-update' and
;;   `skeleton-hide' (SkeletonView's `showSkeleton', `updateSkeleton'
;;   and `hideSkeleton', with their options), `skeleton-tree' and
;;   `skeleton-scene' (the scene of a storyboard or XIB they use);
;; - the app as the unit: eglot's project for a skeleton buffer is the
;;   nearest folder with an .xcodeproj, .xcworkspace, Package.swift or
;;   .git (`skeleton-root-markers'), which skeletond reads as its
;;   workspace: storyboards link with the app's Swift files unvisited.
;;
;; The file is called skeletond.el, not skeleton.el: Emacs already has
;; a library and feature named `skeleton' (statement templates, used by
;; `define-skeleton'), which a file of the same name would shadow.

;;; Code:

(require 'cl-lib)
(require 'crm)
(require 'subr-x)
(require 'jsonrpc)
(require 'eglot)
(require 'js)
(require 'nxml-mode)
(require 'hideshow)
(require 'seq)

(defgroup skeleton nil
  "SkeletonView skeleton previews through the skeletond daemon."
  :group 'tools
  :prefix "skeleton-")

(defcustom skeleton-server-command nil
  "The skeletond program and its arguments, as a list of strings.
When nil, `skeletond' is looked up on `exec-path'."
  :type '(choice (const :tag "skeletond on exec-path" nil)
                 (repeat :tag "Program and arguments" string)))

(defcustom skeleton-initialization-options nil
  "A plist sent as the daemon's `initializationOptions'.
For example (:clock \"manual\") or motion options such as
\(:reducedMotion \"static\")."
  :type '(plist :key-type symbol :value-type sexp))

(defcustom skeleton-autostart t
  "When non-nil, skeleton buffers start eglot (and the daemon) on opening."
  :type 'boolean)

(defcustom skeleton-preview-auto t
  "When non-nil, a skeleton buffer shows its preview once eglot manages it."
  :type 'boolean)

(defcustom skeleton-preview-width 0.45
  "Width of the preview's side window: a fraction of the frame, or columns."
  :type 'number)

(defcustom skeleton-preview-max-fps 30
  "The most frames a second the daemon sends to a preview (`maxFps')."
  :type 'integer)

(defcustom skeleton-preview-window 2
  "Frames the daemon may send before the preview acknowledges them."
  :type 'integer)

(defcustom skeleton-preview-follow-point t
  "When non-nil, a long document's preview scrolls, following point.
A canvas taller than the preview window shows at its width gets the
whole window, which shows a viewport of it (when the daemon has
`preview/viewport'); the node at point (the innermost view whose object
holds it) is scrolled into view.  Off, the canvas shrinks to fit."
  :type 'boolean)

(defcustom skeleton-preview-outlines t
  "Whether the preview outlines every view's frame (preview/subscribe outlines)."
  :type 'boolean)

(defconst skeleton--words '("solid" "gradient" "animated")
  "The words `skeleton-show' and `skeleton-update' accept.")

(defconst skeleton--keys
  '((show "node" "color" "gradient" "animation" "delay" "transition" "minimumDuration")
    (update "node" "color" "gradient" "animation")
    (hide "node" "transition"))
  "The key=value options each command accepts: members of its request.")

(defconst skeleton--animations
  '("pulse" "leftRight" "rightLeft" "topBottom" "bottomTop"
    "topLeftBottomRight" "bottomRightTopLeft")
  "Values completed for animation=.")

;;;; Modes

;;;###autoload
(define-derived-mode skeleton-json-mode js-mode "Skeleton"
  "Major mode for skeletond's JSON layout documents (`*.skeleton.json').
It is `js-mode', which edits JSON in Emacs 28, with eglot and the
skeleton preview on top: see `skeleton-show' and `skeleton-preview'.
\\<skeleton-json-mode-map>\\[xref-find-definitions] goes to a template's definition through eglot.
It indents as the examples do: with spaces, by `skeleton-json-indent-level'
\(or what the file uses), and typing re-indents no line but the new one."
  (skeleton--setup-indentation)
  (skeleton--setup-buffer))

(defcustom skeleton-json-indent-level nil
  "Columns a nested level of a skeleton JSON document is indented by.
nil: what the file uses (its least indented nested line), 2 in a new file."
  :type '(choice (const :tag "What the file uses" nil) integer))

(defun skeleton--guess-indent-level ()
  "The indentation step of the current buffer: its smallest indentation.
2 when no line of the first 1000 is indented with spaces."
  (save-excursion
    (goto-char (point-min))
    (let ((step nil) (lines 0))
      (while (and (< lines 1000) (not (eobp)))
        (when (looking-at " +[^ \t\n]")
          (let ((width (- (match-end 0) (point) 1)))
            (setq step (if step (min step width) width))))
        (forward-line 1)
        (setq lines (1+ lines)))
      (if (and step (<= 1 step 8)) step 2))))

(defun skeleton--setup-indentation ()
  "Indent skeleton JSON as the examples are: spaces, and the file's step.
js-mode's own defaults (tabs, 4 columns, and re-indenting the line on
every `,' `:' `{' `}' and RET) re-indented the lines a user typed on."
  (setq-local indent-tabs-mode nil)
  (setq-local js-indent-level (or skeleton-json-indent-level (skeleton--guess-indent-level)))
  ;; RET indents the new line only; `,' and `:' re-indent nothing, and a
  ;; closing bracket only the line it starts.
  (setq-local electric-indent-inhibit t)
  (add-hook 'post-self-insert-hook #'skeleton--indent-closing-bracket nil t))

(defun skeleton--indent-closing-bracket ()
  "Indent the line when the `}' or `]' just typed is its first character."
  (when (and (memq last-command-event '(?\} ?\]))
             (save-excursion
               (backward-char)
               (skip-chars-backward " \t")
               (bolp)))
    (indent-according-to-mode)))

;; js-mode binds M-. to `js-find-symbol', which hides eglot's xref backend
;; (template definitions and references come from the daemon).
(define-key skeleton-json-mode-map (kbd "M-.") #'xref-find-definitions)

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.skeleton\\.json\\'" . skeleton-json-mode))

;;;###autoload
(define-derived-mode skeleton-interface-builder-mode nxml-mode "Skeleton-IB"
  "Major mode for storyboards and XIBs previewed by skeletond.
It is `nxml-mode' with eglot and the skeleton preview on top.  Files
use it when `skeleton-interface-builder' is on."
  (skeleton--setup-buffer))

(defconst skeleton--interface-builder-patterns
  '(("\\.storyboard\\'" . skeleton-interface-builder-mode)
    ("\\.xib\\'" . skeleton-interface-builder-mode))
  "The `auto-mode-alist' entries `skeleton-interface-builder' adds.")

(defun skeleton--set-interface-builder (symbol value)
  "Set SYMBOL to VALUE and add or remove the storyboard and XIB modes."
  (set-default symbol value)
  (dolist (entry skeleton--interface-builder-patterns)
    (if value
        (add-to-list 'auto-mode-alist entry)
      (setq auto-mode-alist (delete entry auto-mode-alist)))))

(defcustom skeleton-interface-builder nil
  "When non-nil, storyboards and XIBs open in `skeleton-interface-builder-mode'.
Set it with `customize' or `setopt'-like functions (not plain `setq'
after loading), or before loading this package."
  :type 'boolean
  :set #'skeleton--set-interface-builder)

;;;; The app as the unit

(defcustom skeleton-root-markers '("*.xcodeproj" "*.xcworkspace" "Package.swift" ".git")
  "What marks an app's folder: the nearest folder holding one is the workspace.
Globs matched against the names in each folder, from the skeleton
buffer's folder up.  The daemon reads every Swift file, storyboard, XIB
and colour set under that folder, so a storyboard links with the Swift
files that name its classes without opening them."
  :type '(repeat string))

(defun skeleton--app-root (dir)
  "The nearest folder at or above DIR holding one of `skeleton-root-markers'."
  (locate-dominating-file
   dir (lambda (folder)
         (and (file-directory-p folder)
              (cl-some (lambda (marker) (file-expand-wildcards (expand-file-name marker folder)))
                       skeleton-root-markers)))))

(defun skeleton--project-find (dir)
  "The app's folder around DIR as a project, in skeleton buffers (for eglot)."
  (when (skeleton--skeleton-buffer-p)
    (when-let ((root (skeleton--app-root dir)))
      (cons 'transient (file-name-as-directory (expand-file-name root))))))

(add-hook 'project-find-functions #'skeleton--project-find -90)

;;;; The daemon

(defclass skeleton-server (eglot-lsp-server) ()
  :documentation "An eglot connection to skeletond.")

;; jsonrpc kills the process right after eglot's `exit' notification ("Server
;; exited with status 9"); the daemon exits by itself at once when let.
(cl-defmethod jsonrpc-shutdown :before ((server skeleton-server) &optional _cleanup)
  "Give SERVER up to a second to exit by itself after a requested shutdown."
  (when (eglot--shutdown-requested server)
    (let ((process (jsonrpc--process server)))
      (with-timeout (1 nil)
        (while (process-live-p process)
          (accept-process-output process 0.05))))))

(cl-defmethod eglot-initialization-options ((_server skeleton-server))
  "Send `skeleton-initialization-options' to skeletond."
  (or skeleton-initialization-options eglot--{}))

(defun skeleton--command ()
  "The daemon's command line as a list, with the program found, or nil."
  (let* ((command (or skeleton-server-command '("skeletond")))
         (program (and (stringp (car command)) (executable-find (car command)))))
    (and program (cons program (cdr command)))))

(defun skeleton--missing-message ()
  "The one message that says the daemon is missing and how to fix it."
  (format "skeleton: %s; build it with scripts/demo, then put it on PATH or set `skeleton-server-command'"
          (if skeleton-server-command
              (format "`%s' is not executable" (car skeleton-server-command))
            "no skeletond on PATH")))

(defun skeleton--contact (&optional _interactive)
  "Eglot's contact for skeletond: the server class and its command line."
  (let ((command (skeleton--command)))
    (unless command
      (user-error "%s" (skeleton--missing-message)))
    (cons 'skeleton-server command)))

(add-to-list 'eglot-server-programs
             '(((skeleton-json-mode :language-id "json")
                (skeleton-interface-builder-mode :language-id "json"))
               . skeleton--contact))

(defvar skeleton--warned nil
  "Non-nil once the missing daemon was reported (it is reported once).")

(defun skeleton--setup-buffer ()
  "Start eglot in this skeleton buffer and follow it with the preview."
  (add-hook 'kill-buffer-hook #'skeleton--source-killed nil t)
  (add-hook 'post-command-hook #'skeleton--follow-point-later nil t)
  ;; Complete by prefix here.  eglot 1.9 completes with `flex' first, and
  ;; when a loose match is chosen (`"num' → skeletonTextNumberOfLines) it
  ;; applies the item's edit as if the match had extended the typed word,
  ;; damaging the text before it.  The daemon's edits are exact; prefix
  ;; matching keeps eglot's bookkeeping right.
  (setq-local completion-category-overrides
              (cons '(eglot (styles basic partial-completion))
                    (assq-delete-all 'eglot
                                     (copy-sequence completion-category-overrides))))
  (when (and skeleton-autostart buffer-file-name)
    (cond ((skeleton--command) (eglot-ensure))
          ((not skeleton--warned)
           (setq skeleton--warned t)
           (message "%s" (skeleton--missing-message))))))

(defun skeleton--skeleton-buffer-p (&optional buffer)
  "Non-nil when BUFFER (default: the current one) is a skeleton document."
  (with-current-buffer (or buffer (current-buffer))
    (and buffer-file-name
         (derived-mode-p 'skeleton-json-mode 'skeleton-interface-builder-mode))))

(defun skeleton--server (buffer)
  "The running skeletond connection of BUFFER, or signal a `user-error'."
  (with-current-buffer buffer
    (let ((server (and (eglot-managed-p) (eglot-current-server))))
      (unless (and server (cl-typep server 'skeleton-server) (jsonrpc-running-p server))
        (user-error (if (skeleton--command)
                        "skeleton: %s is not managed by skeletond (M-x eglot starts it)"
                      (skeleton--missing-message))
                    (buffer-name buffer)))
      server)))

(defun skeleton--uri (buffer)
  "The document uri of BUFFER, as eglot sends it."
  (with-current-buffer buffer
    (plist-get (eglot--TextDocumentIdentifier) :uri)))

(defvar-local skeleton--scene nil
  "In a storyboard or XIB buffer: the scene the commands and the preview use.
nil is the initial scene.")

(defun skeleton--target (buffer)
  "The params of every request about BUFFER's document.
:uri, and :scene when one is chosen."
  (let ((scene (buffer-local-value 'skeleton--scene buffer)))
    (append (list :uri (skeleton--uri buffer)) (and scene (list :scene scene)))))

(defvar-local skeleton--source nil
  "In a preview or tree buffer: the skeleton buffer it belongs to.")

(defun skeleton--source-buffer ()
  "The skeleton buffer the current buffer belongs to, or signal an error."
  (let ((buffer (if (skeleton--skeleton-buffer-p) (current-buffer) skeleton--source)))
    (unless (buffer-live-p buffer)
      (user-error "skeleton: not a skeleton document (open a *.skeleton.json file)"))
    buffer))

;;;; Commands

(defun skeleton--references (buffer)
  "Node references of BUFFER's document, for completion (nil on any error)."
  (ignore-errors
    (let ((tree (plist-get (jsonrpc-request (skeleton--server buffer) :skeleton/treeDescription
                                            (list :uri (skeleton--uri buffer))
                                            :timeout 0.5)
                           :tree))
          (refs nil))
      (cl-labels ((walk (node)
                    (when-let ((ref (plist-get node :reference))) (push ref refs))
                    (seq-doseq (child (plist-get node :children)) (walk child))))
        (walk tree))
      (nreverse refs))))

(defun skeleton--read-args (kind)
  "Read the options of the KIND command (show, update or hide).
Return them as a list of words."
  (let* ((buffer (skeleton--source-buffer))
         (keys (alist-get kind skeleton--keys))
         (candidates
          (append (unless (eq kind 'hide) skeleton--words)
                  (mapcar (lambda (key) (concat key "=")) keys)
                  (mapcar (lambda (ref) (concat "node=" ref)) (skeleton--references buffer))
                  (unless (eq kind 'hide)
                    (mapcar (lambda (a) (concat "animation=" a)) skeleton--animations))
                  (mapcar (lambda (v) (concat "transition=" v)) '("none" "crossDissolve"))))
         (crm-separator "[ \t]+")
         ;; The words are separated by spaces, so SPC inserts one: the
         ;; completion map's `minibuffer-complete-word' would swallow it
         ;; after a complete word ("solid SPC" gave "[Sole completion]").
         (crm-local-completion-map
          (let ((map (make-sparse-keymap)))
            (set-keymap-parent map crm-local-completion-map)
            (define-key map " " #'self-insert-command)
            map)))
    (completing-read-multiple
     (format "skeleton %s (%s): " kind
             (string-join (append (unless (eq kind 'hide) '("solid|gradient" "animated"))
                                  (mapcar (lambda (key) (concat key "=")) keys))
                          " "))
     candidates)))

(defun skeleton--parse-value (key value)
  "VALUE of option KEY as its request member, or nil when it is not valid."
  (pcase key
    ((or "delay" "minimumDuration")
     (and (string-match-p "\\`[0-9]*\\.?[0-9]+\\'" value) (string-to-number value)))
    ("transition"
     (cond ((string-match-p "\\`[0-9]*\\.?[0-9]+\\'" value) (string-to-number value))
           ((member value '("none" "crossDissolve")) value)))
    ("gradient" (vconcat (split-string value "," t "[ \t]*")))
    (_ (and (not (string-empty-p value)) value))))

(defun skeleton--parse-args (kind words)
  "Request params (a plist) of the KIND command from its WORDS.
Signal a `user-error' naming the first word that is not an option."
  (let ((keys (alist-get kind skeleton--keys))
        (params nil))
    (dolist (word words)
      (cond
       ((string-match "\\`\\([A-Za-z]+\\)=\\(.*\\)\\'" word)
        (let* ((key (match-string 1 word))
               (value (match-string 2 word))
               (parsed (and (member key keys) (skeleton--parse-value key value))))
          (unless (member key keys)
            (user-error "skeleton-%s: unknown option `%s' (expected %s)" kind key
                        (mapconcat (lambda (k) (concat k "=")) keys ", ")))
          (unless parsed
            (user-error "skeleton-%s: %s has no valid value" kind word))
          (setq params (plist-put params (intern (concat ":" key)) parsed))))
       ((and (not (eq kind 'hide)) (member word '("solid" "gradient")))
        (setq params (plist-put params :type word)))
       ((and (not (eq kind 'hide)) (equal word "animated"))
        (setq params (plist-put params :animated t)))
       (t (user-error "skeleton-%s: unknown argument `%s'" kind word))))
    params))

(defun skeleton--clock (seconds)
  "SECONDS of the session clock as a person reads them."
  (format "%.2f s on the session clock" seconds))

(defun skeleton--describe (result &optional params)
  "A short text for a `skeleton/*' RESULT: its outcome and details.
PARAMS are the request's: a delayed show says when it runs from now
\(its delay) as well as on the session clock."
  (if (not (listp result))
      (format "%S" result)
    (let ((at (plist-get result :at))
          (until (plist-get result :until))
          (delay (plist-get params :delay)))
      (concat (or (plist-get result :outcome) "done")
              (when-let ((leaves (plist-get result :leaves)))
                (format " (%d leaves)" (length leaves)))
              (when-let ((text (plist-get result :message))) (concat ": " text))
              (when (numberp at)
                (if (numberp delay)
                    (format " in %.2f s (at %s)" delay (skeleton--clock at))
                  (concat " at " (skeleton--clock at))))
              (when (numberp until) (concat " until " (skeleton--clock until)))))))

(defconst skeleton--state-after
  '(("shown" . "shown") ("scheduled" . "scheduled") ("updated" . "shown")
    ("cancelledPendingShow" . "hidden"))
  "The preview's state after each outcome of a command.")

(defun skeleton--run (kind words)
  "Send `skeleton/KIND' with the options in WORDS and report the outcome."
  (let* ((buffer (skeleton--source-buffer))
         (params (skeleton--parse-args kind words))
         (server (skeleton--server buffer))
         (result (jsonrpc-request server (intern (format ":skeleton/%s" kind))
                                  (append (skeleton--target buffer) params)))
         (after (cdr (assoc (plist-get result :outcome) skeleton--state-after))))
    (when after
      (skeleton--set-state buffer after))
    (message "skeleton-%s: %s" kind (skeleton--describe result params))
    result))

;;;###autoload
(defun skeleton-show (&optional words)
  "Show the skeleton of the current document (`skeleton/show').
WORDS are options, read from the minibuffer: `solid' or `gradient',
`animated', and node=, color=, gradient= (colours separated by
commas), animation=, delay=, transition= and minimumDuration=.  An
empty answer is SkeletonView's `showSkeleton()'."
  (interactive (list (skeleton--read-args 'show)))
  (skeleton--run 'show words))

;;;###autoload
(defun skeleton-update (&optional words)
  "Update the skeleton of the current document (`skeleton/update').
WORDS are options as for `skeleton-show': `solid' or `gradient',
`animated', node=, color=, gradient= and animation=."
  (interactive (list (skeleton--read-args 'update)))
  (skeleton--run 'update words))

;;;###autoload
(defun skeleton-hide (&optional words)
  "Hide the skeleton of the current document (`skeleton/hide').
WORDS are options: node= and transition= (none, crossDissolve or
seconds)."
  (interactive (list (skeleton--read-args 'hide)))
  (skeleton--run 'hide words))

;;;###autoload
(defun skeleton-tree ()
  "Show the document's `skeletonTreeDescription' in a buffer."
  (interactive)
  (let* ((source (skeleton--source-buffer))
         (result (jsonrpc-request (skeleton--server source) :skeleton/treeDescription
                                  (skeleton--target source)))
         (buffer (get-buffer-create (format "*skeleton-tree: %s*" (buffer-name source)))))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert (or (plist-get result :text) ""))
        (goto-char (point-min)))
      (special-mode)
      (setq skeleton--source source))
    (pop-to-buffer buffer)))

;;;###autoload
(defun skeleton-scene (scene)
  "Choose the SCENE of a storyboard or XIB that commands and the preview use.
Reads a scene id with completion among the document's scenes
\(`skeleton/scenes'), each annotated with its title, its class and
the show its code makes; an empty answer is the initial scene."
  (interactive
   (let* ((buffer (skeleton--source-buffer))
          (scenes (append (jsonrpc-request (skeleton--server buffer) :skeleton/scenes
                                           (list :uri (skeleton--uri buffer)))
                          nil))
          (describe (lambda (id)
                      (let ((scene (cl-find id scenes :key (lambda (s) (plist-get s :id)) :test #'equal)))
                        (and scene (concat "  " (skeleton--describe-scene scene)))))))
     (list (let ((completion-extra-properties (list :annotation-function describe)))
             (completing-read "skeleton scene (empty: the initial one): "
                              (mapcar (lambda (s) (plist-get s :id)) scenes))))))
  (let ((buffer (skeleton--source-buffer)))
    (with-current-buffer buffer
      (setq skeleton--scene (and (stringp scene) (not (string-empty-p scene)) scene)))
    (message "skeleton: scene %s" (or (buffer-local-value 'skeleton--scene buffer) "(initial)"))
    (let ((preview (buffer-local-value 'skeleton--preview buffer)))
      (when (buffer-live-p preview)
        (skeleton--subscribe preview)
        (force-mode-line-update t)))))

(defun skeleton--describe-scene (scene)
  "SCENE's title, class and the show its code makes, in one line."
  (let ((show (plist-get scene :show)))
    (concat (or (plist-get scene :title) "")
            (when (plist-get scene :class) (format "  class %s" (plist-get scene :class)))
            (when show
              (format "  shows %s%s" (plist-get show :type)
                      (if (eq (plist-get show :animated) t) ", animated" "")))
            (when (eq (plist-get scene :initial) t) "  (initial)"))))

;;;; The preview

(defcustom skeleton-log-frames nil
  "When non-nil, eglot's events buffer logs the preview's frames and acks.
They come tens a second, and jsonrpc pretty-prints every message it
logs: logged, an animated preview cost Emacs more than drawing it."
  :type 'boolean)

(defun skeleton--log-event-p (connection message &rest _)
  "Non-nil when jsonrpc should log MESSAGE of CONNECTION.
A skeletond connection's `preview/frame' and `preview/ack' are left
out unless `skeleton-log-frames' is set; everything else is logged."
  (or skeleton-log-frames
      (not (cl-typep connection 'skeleton-server))
      (not (member (plist-get message :method) '("preview/frame" "preview/ack")))))

(advice-add 'jsonrpc--log-event :before-while #'skeleton--log-event-p)

(defvar skeleton--subscriptions (make-hash-table :test #'equal)
  "Live preview buffers by subscription id.")

(defvar-local skeleton--preview nil
  "In a skeleton buffer: its preview buffer.")

(defvar-local skeleton--subscription nil
  "In a preview buffer: its subscription id, or nil.")

(defvar-local skeleton--grid nil
  "In a preview buffer: the subscribed grid, (COLUMNS . ROWS).")

(defvar-local skeleton--canvas nil
  "In a preview buffer: the document's canvas size in points, (WIDTH . HEIGHT).")

(defvar-local skeleton--state "hidden"
  "In a preview buffer: the skeleton's state (shown, hidden, scheduled, hiding).")

(defvar-local skeleton--frames 0
  "In a preview buffer: how many frames it has drawn.")

(defvar-local skeleton--seq 0
  "In a preview buffer: the last frame's seq.")

(defvar-local skeleton--notice nil
  "In a preview buffer: a text shown instead of frames, or nil.")

(defvar-local skeleton--viewport nil
  "In a preview buffer: the canvas region it shows, (:x :y :width :height)
in points, or nil for the whole canvas.")

(defvar-local skeleton--viewport-requests 0
  "In a preview buffer: how many `preview/viewport' requests it sent.")

(defvar-local skeleton--viewport-pending nil
  "In a preview buffer: non-nil while a `preview/viewport' awaits its answer.")

(defvar-local skeleton--viewport-resent nil
  "In a preview buffer: the viewport a keyframe showing another one made it
ask for again (once for each viewport: never a loop of keyframes).")

(defvar-local skeleton--drawn nil
  "In a preview buffer: the grid its text holds, (COLUMNS . ROWS), or nil.")

(defvar-local skeleton--frame-cells 0
  "In a preview buffer: how many cells the last frame set.")

(defvar-local skeleton--frame-writes 0
  "In a preview buffer: how many face ranges the last frame wrote.")

(defface skeleton-preview-title '((t :inherit header-line :weight bold))
  "Face of the preview's title.")

(define-derived-mode skeleton-preview-mode special-mode "Skeleton-Preview"
  "Major mode of skeleton preview buffers: frames drawn by skeletond."
  (setq-local truncate-lines t)
  (setq-local cursor-type nil)
  (setq-local show-trailing-whitespace nil)
  (setq-local header-line-format '(:eval (skeleton--title)))
  ;; Every frame changes the buffer, so redisplay recomputes the window's mode line each time: the default one
  ;; (coding system, end-of-line, minor modes and their help) took ~8 % of the preview's time; the title is above.
  (setq-local mode-line-format " %b")
  ;; Frames are not edits: no undo list grows with them.
  (buffer-disable-undo)
  ;; Half blocks, left to right: redisplay need not look for bidirectional text.
  (setq-local bidi-display-reordering nil)
  (setq-local bidi-paragraph-direction 'left-to-right)
  (add-hook 'kill-buffer-hook #'skeleton--unsubscribe nil t)
  (add-hook 'window-size-change-functions #'skeleton--resized nil t))

(defun skeleton--title ()
  "The preview's title: the document, the skeleton's state and a hint.
It fits the preview's window: the hint is shortened, then left out,
then the document's name loses its middle; the scene and the state
always show."
  (let* ((source skeleton--source)
         (window (get-buffer-window (current-buffer) t))
         (width (if window (window-total-width window) 80))
         (scene (and (buffer-live-p source) (buffer-local-value 'skeleton--scene source)))
         (name (if (buffer-live-p source) (buffer-name source) "(closed)"))
         (state (concat (if scene (format " · scene %s" scene) "") " — " skeleton--state))
         (hints (and (equal skeleton--state "hidden")
                     '("  (M-x skeleton-show draws it)" "  (M-x skeleton-show)")))
         (title (or (cl-loop for hint in hints
                             for text = (concat " " name state hint)
                             when (<= (string-width text) width) return text)
                    (let ((room (- width (string-width (concat " …" state)))))
                      (if (or (<= (string-width name) room) (< room 2))
                          (concat " " name state)
                        (let ((head (/ (1+ room) 2)))
                          (concat " " (substring name 0 head) "…"
                                  (substring name (- (length name) (- room head))) state)))))))
    (propertize title 'face 'skeleton-preview-title)))

(defun skeleton--set-state (source state)
  "Record STATE as the skeleton state of SOURCE's preview."
  (let ((preview (buffer-local-value 'skeleton--preview source)))
    (when (buffer-live-p preview)
      (with-current-buffer preview
        (setq skeleton--state state)
        (force-mode-line-update t)))))

(defun skeleton--preview-buffer (source)
  "The preview buffer of the skeleton buffer SOURCE, created when needed."
  (let ((preview (buffer-local-value 'skeleton--preview source)))
    (unless (buffer-live-p preview)
      (setq preview (generate-new-buffer (format "*skeleton-preview: %s*" (buffer-name source))))
      (with-current-buffer preview
        (skeleton-preview-mode)
        (setq skeleton--source source))
      (with-current-buffer source
        (setq skeleton--preview preview)))
    preview))

(defun skeleton--display (preview)
  "Show PREVIEW in the side window on the right; return the window."
  (display-buffer preview
                  `(display-buffer-in-side-window
                    (side . right) (slot . 0)
                    (window-width . ,skeleton-preview-width)
                    (preserve-size . (t . nil))
                    (window-parameters . ((no-delete-other-windows . t))))))

(defun skeleton--fit (window canvas &optional scroll)
  "The grid (COLUMNS . ROWS) for WINDOW that keeps CANVAS's proportions.
A cell is one pixel wide and two tall (half blocks).  A canvas taller
than the window shows at its width is shrunk to fit, or with SCROLL
gets the whole window (a viewport then shows part of it)."
  (let* ((max-columns (max 4 (min 1000 (1- (window-body-width window)))))
         (max-rows (max 2 (min 500 (window-body-height window))))
         (width (float (or (car canvas) 4)))
         (height (float (or (cdr canvas) 3)))
         (rows (max 1 (round (* max-columns (/ height width) 0.5)))))
    (cond ((<= rows max-rows) (cons max-columns rows))
          (scroll (cons max-columns max-rows))
          (t (cons (max 4 (min max-columns (round (* max-rows 2 (/ width height))))) max-rows)))))

(defun skeleton--viewports-p (buffer)
  "Non-nil when the daemon of BUFFER moves viewports (`preview/viewport')."
  (with-current-buffer buffer
    (let* ((server (and (eglot-managed-p) (eglot-current-server)))
           (methods (and server (plist-get (plist-get (plist-get (eglot--capabilities server) :experimental)
                                                      :skeleton)
                                           :methods))))
      (and (seq-contains-p methods "preview/viewport") t))))

(defun skeleton--resizes-grid-p (buffer)
  "Non-nil when the daemon of BUFFER changes a grid with `preview/viewport'.
It says so in `experimental.skeleton.previews.viewportCells'."
  (with-current-buffer buffer
    (let* ((server (and (eglot-managed-p) (eglot-current-server)))
           (skeleton (and server (plist-get (plist-get (eglot--capabilities server) :experimental) :skeleton))))
      (eq (plist-get (plist-get skeleton :previews) :viewportCells) t))))

(defcustom skeleton-preview-packed t
  "When non-nil, ask for `cellsPacked' frames when the daemon has them.
Their runs are arrays of integers, which Emacs parses and draws with
far less garbage than `cells' frames' colour strings; the cells are
the same."
  :type 'boolean)

(defun skeleton--packed-p (buffer)
  "Non-nil when the preview of BUFFER asks for `cellsPacked' frames.
The daemon lists it in `experimental.skeleton.previews.encodings'."
  (and skeleton-preview-packed
       (with-current-buffer buffer
         (let* ((server (and (eglot-managed-p) (eglot-current-server)))
                (skeleton (and server (plist-get (plist-get (eglot--capabilities server) :experimental)
                                                 :skeleton))))
           (and (seq-contains-p (plist-get (plist-get skeleton :previews) :encodings) "cellsPacked") t)))))

(defun skeleton--wanted-grid (window)
  "The grid the current preview buffer wants in WINDOW."
  (skeleton--fit window skeleton--canvas
                 (and skeleton-preview-follow-point skeleton--canvas (buffer-live-p skeleton--source)
                      (skeleton--viewports-p skeleton--source))))

(defun skeleton--viewport-for (grid top)
  "The viewport of GRID on the canvas from TOP (points), or nil.
nil when the whole canvas fits the grid at the canvas's width (the
rows it needs, rounded as `skeleton--fit' does, are the grid's at
most); else the canvas's width and the height the grid shows of it,
from TOP kept inside the canvas."
  (when-let ((canvas skeleton--canvas))
    (let* ((width (float (car canvas)))
           (height (* width (/ (* 2.0 (cdr grid)) (car grid)))))
      (when (> (round (* (car grid) (/ (cdr canvas) width) 0.5)) (cdr grid))
        (list :x 0 :y (max 0 (min (- (cdr canvas) height) (or top 0))) :width width :height height)))))

(defun skeleton--unsubscribe ()
  "End the current preview buffer's subscription, if any."
  (when-let ((subscription skeleton--subscription))
    (remhash subscription skeleton--subscriptions)
    (setq skeleton--subscription nil)
    (let ((source skeleton--source))
      (when (buffer-live-p source)
        (with-current-buffer source
          (when-let ((server (and (eglot-managed-p) (eglot-current-server))))
            (when (jsonrpc-running-p server)
              (jsonrpc-async-request server :preview/unsubscribe
                                     (list :subscription subscription)
                                     :success-fn #'ignore :error-fn #'ignore
                                     :timeout-fn #'ignore))))))))

(defun skeleton--subscribe (preview)
  "Subscribe PREVIEW to `cells' frames of its document.
An older subscription of PREVIEW ends first."
  (with-current-buffer preview
    (skeleton--unsubscribe)
    (let* ((source skeleton--source)
           (window (get-buffer-window preview t))
           (grid (if window (skeleton--wanted-grid window) '(40 . 15)))
           (viewport (and window skeleton-preview-follow-point (skeleton--viewports-p source)
                          (skeleton--viewport-for grid (plist-get skeleton--viewport :y))))
           (server (skeleton--server source)))
      (setq skeleton--grid grid
            skeleton--viewport viewport)
      (jsonrpc-async-request
       server :preview/subscribe
       (append (skeleton--target source)
               (list :encoding (if (skeleton--packed-p source) "cellsPacked" "cells")
             :maxFps skeleton-preview-max-fps :window skeleton-preview-window
             :outlines (if skeleton-preview-outlines t :json-false)
             :cells (list :columns (car grid) :rows (cdr grid)))
               (and viewport (list :viewport viewport)))
       :success-fn
       (lambda (result)
         (when (buffer-live-p preview)
           (with-current-buffer preview
             (if (equal grid skeleton--grid)
                 (let ((subscription (plist-get result :subscription)))
                   (setq skeleton--subscription subscription
                         skeleton--notice nil)
                   (puthash subscription preview skeleton--subscriptions))
               ;; Resubscribed meanwhile: this one is stale.
               (jsonrpc-async-request server :preview/unsubscribe
                                      (list :subscription (plist-get result :subscription))
                                      :success-fn #'ignore :error-fn #'ignore)))))
       :error-fn
       (lambda (error)
         (when (buffer-live-p preview)
           (with-current-buffer preview
             ;; -32803 without a reason: no valid tree yet, waited out; with one (the frame
             ;; budget, too many previews): the daemon's message says why and what to do.
             (setq skeleton--notice
                   (if (and (eql (plist-get error :code) -32803)
                            (not (skeleton--refusal-reason error)))
                       "waiting for valid text (see the diagnostics)"
                     (format "preview/subscribe: %s" (plist-get error :message))))
             (skeleton--draw-notice))))))))

(defun skeleton--refusal-reason (error)
  "The `data.reason' of the JSON-RPC ERROR (a plist), or nil."
  (let ((data (plist-get error :data)))
    (and (listp data) (plist-get data :reason))))

(defun skeleton--draw-notice ()
  "Replace the preview's picture with `skeleton--notice'."
  (let ((inhibit-read-only t))
    (erase-buffer)
    (setq skeleton--drawn nil)
    (insert " " skeleton--notice "\n")))

(defvar-local skeleton--grid-requests 0
  "In a preview buffer: how many grids it changed with `preview/viewport'.")

(defun skeleton--resize (preview grid)
  "Give PREVIEW's live subscription GRID (and the viewport it shows).
Sent with `preview/viewport' when the daemon takes a grid there; returns
non-nil when sent (a refusal subscribes again).  A grid that now shows
the whole canvas where it showed a viewport is not sent: a subscription
without a viewport follows the canvas."
  (with-current-buffer preview
    (let* ((source skeleton--source)
           (window (get-buffer-window preview t))
           (viewport (and window skeleton-preview-follow-point (skeleton--viewports-p source)
                          (skeleton--viewport-for grid (plist-get skeleton--viewport :y))))
           (subscription skeleton--subscription))
      (when (and subscription (skeleton--resizes-grid-p source) (or viewport (not skeleton--viewport)))
        (setq skeleton--grid grid
              skeleton--viewport viewport
              skeleton--grid-requests (1+ skeleton--grid-requests)
              skeleton--viewport-pending t)
        (cl-flet ((answered (&rest _)
                    (when (buffer-live-p preview)
                      (with-current-buffer preview (setq skeleton--viewport-pending nil)))))
          (jsonrpc-async-request
           (skeleton--server source) :preview/viewport
           (append (list :subscription subscription :cells (list :columns (car grid) :rows (cdr grid)))
                   (and viewport (list :viewport viewport)))
           :success-fn #'answered
           :error-fn (lambda (error)
                       (answered)
                       (when (and (buffer-live-p preview)
                                  (equal subscription (buffer-local-value 'skeleton--subscription preview)))
                         (message "skeleton: preview/viewport: %s" (plist-get error :message))
                         (skeleton--subscribe preview)))))
        t))))

(defun skeleton--resized (window)
  "Follow WINDOW's size when the preview it shows needs another grid.
The subscription gets the new grid with `preview/viewport', or (a
daemon without it) the preview subscribes again."
  (with-current-buffer (window-buffer window)
    (when (and skeleton--grid (buffer-live-p skeleton--source))
      (let ((grid (skeleton--wanted-grid window)))
        (unless (or (equal skeleton--grid grid)
                    (skeleton--resize (current-buffer) grid))
          (skeleton--subscribe (current-buffer)))))))

;;;###autoload
(defun skeleton-preview ()
  "Show the live preview of the current skeleton document in a side window.
When it is shown already, redraw it from a full frame."
  (interactive)
  (let* ((source (skeleton--source-buffer))
         ;; No daemon, no preview: say so before a window opens.
         (_server (skeleton--server source))
         (preview (skeleton--preview-buffer source)))
    (skeleton--display preview)
    (with-current-buffer preview
      (if skeleton--subscription
          (jsonrpc-async-request (skeleton--server source) :preview/refresh
                                 (list :subscription skeleton--subscription)
                                 :success-fn #'ignore)
        (skeleton--subscribe preview)))
    preview))

(defun skeleton-preview-close ()
  "Close the current document's preview and end its subscription."
  (interactive)
  (let ((preview (buffer-local-value 'skeleton--preview (skeleton--source-buffer))))
    (when (buffer-live-p preview)
      (kill-buffer preview))))

(defun skeleton--source-killed ()
  "Close the preview of the skeleton buffer being killed."
  (when (buffer-live-p skeleton--preview)
    (kill-buffer skeleton--preview)))

;;;; Drawing frames: the grid's text never changes between keyframes; a frame
;;; sets the `face' of the cells it lists, and nothing else.

(defconst skeleton--block ?▀
  "The half block every cell shows: its foreground is the top half.")

(defcustom skeleton-preview-quantize 4
  "Colours are rounded to multiples of this step per channel (1: exact).
Fewer distinct colours make fewer faces for redisplay to realize."
  :type 'integer)

(defconst skeleton--face-limit 8192
  "The most colours, and colour pairs, kept for sharing before starting over.")

(defvar skeleton--colors (make-hash-table :test #'equal :size 512)
  "\"#RRGGBB\" from the daemon → its quantized string, one object per colour.")

(defvar skeleton--faces (make-hash-table :test #'eq :size 512)
  "Quantized foreground → (quantized background → face plist), both `eq'.
Cells of the same colours share one face object: Emacs keeps adjacent
cells with an `eq' face in one text interval, and redisplay computes
their face once.")

(defvar skeleton--face-count 0
  "How many face plists `skeleton--faces' holds.")

(defun skeleton--color (hex)
  "HEX (\"#RRGGBB\") quantized by `skeleton-preview-quantize', as a shared string."
  (or (gethash hex skeleton--colors)
      (let* ((step (max 1 skeleton-preview-quantize))
             (n (if (and (stringp hex) (= (length hex) 7))
                    (or (ignore-errors (string-to-number (substring hex 1) 16)) 0)
                  0))
             (q (lambda (c) (min 255 (* step (round c step))))))
        (when (>= (hash-table-count skeleton--colors) skeleton--face-limit)
          (clrhash skeleton--colors))
        (puthash hex (format "#%02x%02x%02x" (funcall q (ash n -16))
                             (funcall q (logand (ash n -8) 255)) (funcall q (logand n 255)))
                 skeleton--colors))))

(defun skeleton--face (fg bg)
  "The shared face plist of a cell whose top half is FG and bottom half BG."
  (let* ((fg (skeleton--color fg))
         (bg (skeleton--color bg))
         (by-bg (or (gethash fg skeleton--faces)
                    (puthash fg (make-hash-table :test #'eq) skeleton--faces))))
    (or (gethash bg by-bg)
        (progn
          (when (>= skeleton--face-count skeleton--face-limit)
            (clrhash skeleton--faces)
            (setq skeleton--face-count 0
                  by-bg (puthash fg (make-hash-table :test #'eq) skeleton--faces)))
          (setq skeleton--face-count (1+ skeleton--face-count))
          (puthash bg (list :foreground fg :background bg) by-bg)))))

(defun skeleton--reset-grid (columns rows)
  "Make the buffer's text COLUMNS x ROWS half blocks in the default face."
  (erase-buffer)
  (let ((line (concat (make-string columns skeleton--block) "\n")))
    (dotimes (_ rows) (insert line)))
  (setq skeleton--drawn (cons columns rows)))

(defun skeleton--draw-frame (columns rows keyframe cells decode)
  "Draw a frame of COLUMNS x ROWS whose runs CELLS DECODE reads.
KEYFRAME is t for a keyframe.  DECODE maps a run to (X Y N . FACE), N
its cells and FACE a function from K to the face of its K-th cell, or
nil for a run it cannot read.  Between keyframes only the faces of the
listed cells change: no text is inserted or deleted, and a run of cells
of one colour pair is one range.  Cells outside the grid are ignored."
  (let ((inhibit-read-only t)
        (inhibit-modification-hooks t)
        (buffer-undo-list t)
        (count 0) (writes 0))
    (unless (and (natnump columns) (natnump rows) (<= 1 columns 1000) (<= 1 rows 500))
      (setq columns 0 rows 0 cells nil))
    (when (or (eq keyframe t) skeleton--notice
              (not (equal skeleton--drawn (cons columns rows))))
      (setq skeleton--notice nil)
      (skeleton--reset-grid columns rows))
    (seq-doseq (run (if (sequencep cells) cells nil))
      (let* ((decoded (funcall decode run))
             (x (nth 0 decoded))
             (y (nth 1 decoded))
             (face-at (nthcdr 3 decoded))
             (n (if (and (natnump x) (natnump y) (< y rows) (< x columns) (natnump (nth 2 decoded)))
                    (min (nth 2 decoded) (- columns x))
                  0)))
        (when (> n 0)
          ;; Cell (x, y) is at 1 + y (COLUMNS + 1) + x: each line is COLUMNS blocks and a newline.
          (let ((start (+ 1 (* y (1+ columns)) x))
                (k 0) (from 0) (current nil))
            (while (<= k n)
              (let ((face (and (< k n) (funcall face-at k))))
                (unless (and face (eq face current))
                  (when current
                    (put-text-property (+ start from) (+ start k) 'face current)
                    (setq writes (1+ writes)))
                  (setq current face
                        from k)))
              (setq k (1+ k)))
            (setq count (+ count n))))))
    (setq skeleton--frame-cells count
          skeleton--frame-writes writes)))

(defun skeleton--apply-frame (columns rows keyframe cells)
  "Draw a `cells' frame of COLUMNS x ROWS.
KEYFRAME is t for a keyframe (else :json-false); CELLS are its runs,
each (:x X :y Y :fg [\"#RRGGBB\" ...] :bg [...]) (`skeleton--draw-frame')."
  (skeleton--draw-frame
   columns rows keyframe cells
   (lambda (run)
     (let ((fgs (plist-get run :fg))
           (bgs (plist-get run :bg)))
       (when (and (vectorp fgs) (vectorp bgs))
         (cl-list* (plist-get run :x) (plist-get run :y) (min (length fgs) (length bgs))
                   (lambda (k) (skeleton--face (aref fgs k) (aref bgs k)))))))))

(defvar skeleton--packed-colors (make-hash-table :test #'eq :size 512)
  "0xRRGGBB from a `cellsPacked' frame → its quantized integer.")

(defvar skeleton--packed-faces (make-hash-table :test #'eq :size 512)
  "Quantized foreground × 2^24 + quantized background → the face plist.
One `eq' lookup a cell; cells of the same colours share one face object.")

(defun skeleton--packed-color (n)
  "The integer colour N (0xRRGGBB) quantized by `skeleton-preview-quantize'."
  (or (gethash n skeleton--packed-colors)
      (let* ((step (max 1 skeleton-preview-quantize))
             (q (lambda (c) (min 255 (* step (round c step))))))
        (when (>= (hash-table-count skeleton--packed-colors) skeleton--face-limit)
          (clrhash skeleton--packed-colors))
        (puthash n (+ (ash (funcall q (logand (ash n -16) 255)) 16)
                      (ash (funcall q (logand (ash n -8) 255)) 8)
                      (funcall q (logand n 255)))
                 skeleton--packed-colors))))

(defun skeleton--packed-face (fg bg)
  "The shared face plist of a cell whose halves are the integers FG and BG."
  (let ((key (+ (ash (skeleton--packed-color fg) 24) (skeleton--packed-color bg))))
    (or (gethash key skeleton--packed-faces)
        (progn
          (when (>= (hash-table-count skeleton--packed-faces) skeleton--face-limit)
            (clrhash skeleton--packed-faces))
          (puthash key (list :foreground (format "#%06x" (ash key -24))
                             :background (format "#%06x" (logand key #xFFFFFF)))
                   skeleton--packed-faces)))))

(defun skeleton--apply-packed-frame (columns rows keyframe cells)
  "Draw a `cellsPacked' frame of COLUMNS x ROWS.
KEYFRAME is t for a keyframe; CELLS are its runs, each a vector
[X Y FG0 BG0 FG1 BG1 ...] of integers (`skeleton--draw-frame')."
  (skeleton--draw-frame
   columns rows keyframe cells
   (lambda (run)
     (when (and (vectorp run) (>= (length run) 2))
       (cl-list* (aref run 0) (aref run 1) (/ (- (length run) 2) 2)
                 (lambda (k)
                   (let ((fg (aref run (+ 2 (* 2 k))))
                         (bg (aref run (+ 3 (* 2 k)))))
                     (and (natnump fg) (natnump bg) (skeleton--packed-face fg bg)))))))))

(cl-defmethod eglot-handle-notification
  ((server skeleton-server) (_method (eql 'preview/frame))
   &key subscription seq encoding keyframe columns rows cells canvas viewport &allow-other-keys)
  "Draw a `preview/frame' of SERVER in its preview buffer and acknowledge it.
SUBSCRIPTION, SEQ, ENCODING, KEYFRAME, COLUMNS, ROWS, CELLS, CANVAS
and VIEWPORT are the frame's members."
  (let ((preview (gethash subscription skeleton--subscriptions)))
    (when (buffer-live-p preview)
      (with-current-buffer preview
        (if (equal encoding "cellsPacked")
            (skeleton--apply-packed-frame columns rows keyframe cells)
          (skeleton--apply-frame columns rows keyframe cells))
        (setq skeleton--frames (1+ skeleton--frames)
              skeleton--seq seq)
        (jsonrpc-notify server :preview/ack (list :subscription subscription :seq seq))
        ;; The viewport is the client's: a keyframe that shows another one (built before
        ;; a move, or for a subscription made meanwhile) gets the wanted one again.
        (when (and viewport skeleton--viewport (not skeleton--viewport-pending)
                   (not (eq skeleton--viewport-resent skeleton--viewport))
                   (> (abs (- (plist-get viewport :y) (plist-get skeleton--viewport :y))) 0.5))
          (setq skeleton--viewport-resent skeleton--viewport)
          (skeleton--send-viewport))
        (when canvas
          (setq skeleton--canvas (cons (plist-get canvas :width) (plist-get canvas :height)))
          (let ((window (get-buffer-window preview t)))
            (when (and window
                       (not (and (equal skeleton--grid (skeleton--wanted-grid window))
                                 (equal (and skeleton--viewport t)
                                        (and skeleton-preview-follow-point
                                             (skeleton--viewports-p skeleton--source)
                                             (skeleton--viewport-for skeleton--grid 0) t)))))
              (skeleton--subscribe preview))))))))

;;;; Following point: a preview that scrolls over a long document keeps
;;;; the node at point in view.

(defvar-local skeleton--follow-timer nil
  "In a skeleton buffer: the idle timer that follows point in the preview.")

(defvar-local skeleton--outline nil
  "In a skeleton buffer: (TICK SYMBOLS . INDEX) for the text at TICK.
SYMBOLS are its `textDocument/documentSymbol'; INDEX its nodes' frames
from `skeleton/layers' (see `skeleton--layer-index').")

(defun skeleton--union (a b)
  "The smallest rectangle (X Y W H) holding A and B (either may be nil)."
  (cond ((null a) b)
        ((null b) a)
        (t (let ((x (min (nth 0 a) (nth 0 b)))
                 (y (min (nth 1 a) (nth 1 b))))
             (list x y
                   (- (max (+ (nth 0 a) (nth 2 a)) (+ (nth 0 b) (nth 2 b))) x)
                   (- (max (+ (nth 1 a) (nth 3 a)) (+ (nth 1 b) (nth 3 b))) y))))))

(defun skeleton--layer-index (layers)
  "Index `skeleton/layers' LAYERS: (RECTS . FIRST).
RECTS maps a node reference to the union of its layers' rectangles;
FIRST maps the last part of a template instance's reference
\(\"author\" of \"feed[0,0]/author\") to the first such reference."
  (let ((rects (make-hash-table :test #'equal))
        (first (make-hash-table :test #'equal)))
    (seq-doseq (layer layers)
      (let ((ref (plist-get layer :node))
            (rect (append (plist-get layer :rect) nil)))
        (when (and (stringp ref) (= (length rect) 4) (cl-every #'numberp rect))
          (puthash ref (skeleton--union (gethash ref rects) rect) rects)
          (when (string-match "/\\([^/]+\\)\\'" ref)
            (let ((tail (match-string 1 ref)))
              (unless (gethash tail first)
                (puthash tail ref first)))))))
    (cons rects first)))

(defun skeleton--symbol-rect (symbol index)
  "The canvas rectangle (X Y W H) of the node SYMBOL names, from INDEX.
Its own layers (a template body's: its first instance's), else the
union of its children's; nil when nothing of it is drawn."
  (let* ((name (plist-get symbol :name))
         (ref (gethash name (cdr index))))
    (or (gethash name (car index))
        (and ref (gethash ref (car index)))
        (let ((union nil))
          (seq-doseq (child (plist-get symbol :children))
            (setq union (skeleton--union union (skeleton--symbol-rect child index))))
          union))))

(defun skeleton--before-p (a b)
  "Non-nil when LSP position A comes before B."
  (or (< (plist-get a :line) (plist-get b :line))
      (and (= (plist-get a :line) (plist-get b :line))
           (< (plist-get a :character) (plist-get b :character)))))

(defun skeleton--node-rect (symbols index position)
  "The rectangle of the innermost node of SYMBOLS around POSITION, from INDEX.
A node drawing nothing gives its nearest enclosing node's; a position
outside every node, the root's."
  (let ((path nil) (level symbols))
    (while level
      (let ((hit (seq-find (lambda (symbol)
                             (let ((range (plist-get symbol :range)))
                               (not (or (skeleton--before-p position (plist-get range :start))
                                        (skeleton--before-p (plist-get range :end) position)))))
                           level)))
        (setq level (and hit (plist-get hit :children)))
        (when hit (push hit path))))
    ;; Outside every node (the document's first lines): the root.
    (cl-some (lambda (symbol) (skeleton--symbol-rect symbol index))
             (or path (and (> (length symbols) 0) (list (elt symbols 0)))))))

(defun skeleton--with-outline (buffer then)
  "Call THEN with BUFFER's symbols and frame index, fetched when stale."
  (with-current-buffer buffer
    (let ((tick (buffer-chars-modified-tick))
          (server (eglot-current-server)))
      (if (eql (car skeleton--outline) tick)
          (funcall then (cadr skeleton--outline) (cddr skeleton--outline))
        (let ((symbols nil) (index nil) (answers 0))
          (cl-flet ((done ()
                      (when (and (= (setq answers (1+ answers)) 2) (buffer-live-p buffer))
                        (with-current-buffer buffer
                          (setq skeleton--outline (cons tick (cons symbols index))))
                        (funcall then symbols index))))
            (jsonrpc-async-request
             server :textDocument/documentSymbol (list :textDocument (eglot--TextDocumentIdentifier))
             :success-fn (lambda (result) (setq symbols result) (done))
             :error-fn #'ignore :deferred 'skeleton/documentSymbol)
            (jsonrpc-async-request
             server :skeleton/layers (append (skeleton--target buffer) (list :includeContent t))
             :success-fn (lambda (result) (setq index (skeleton--layer-index (plist-get result :layers))) (done))
             :error-fn #'ignore :deferred 'skeleton/layers)))))))

(defun skeleton--scroll-to (preview rect)
  "Move PREVIEW's viewport the least that shows RECT (X Y W H), if needed."
  (with-current-buffer preview
    ;; Between subscriptions (a resized window) the viewport moves all the same: the new
    ;; subscription's keyframe shows the old one, and asks for this one (see the frame handler).
    (let ((viewport skeleton--viewport))
      (when (and viewport rect skeleton--grid (buffer-live-p skeleton--source))
        (let* ((y (plist-get viewport :y))
               (height (plist-get viewport :height))
               (top (nth 1 rect))
               (bottom (+ top (nth 3 rect)))
               (margin (min 16.0 (* 0.1 height)))
               (wanted (cond ((and (>= top y) (<= bottom (+ y height))) y)
                             ((or (< top y) (> (- bottom top) (- height (* 2 margin)))) (- top margin))
                             (t (+ (- bottom height) margin))))
               (moved (skeleton--viewport-for skeleton--grid wanted)))
          (when (and moved (/= (plist-get moved :y) y))
            (setq skeleton--viewport moved)
            (skeleton--send-viewport)))))))

(defun skeleton--send-viewport ()
  "Ask the daemon to show `skeleton--viewport' in the current preview."
  (let ((server (and (buffer-live-p skeleton--source)
                     (with-current-buffer skeleton--source (eglot-current-server))))
        (preview (current-buffer)))
    (when (and server skeleton--subscription skeleton--viewport)
      (setq skeleton--viewport-requests (1+ skeleton--viewport-requests)
            skeleton--viewport-pending t)
      (cl-flet ((answered (&rest _)
                  (when (buffer-live-p preview)
                    (with-current-buffer preview (setq skeleton--viewport-pending nil)))))
        (jsonrpc-async-request server :preview/viewport
                               (list :subscription skeleton--subscription :viewport skeleton--viewport)
                               :success-fn #'answered
                               :error-fn (lambda (error)
                                           (answered)
                                           (message "skeleton: preview/viewport: %s" (plist-get error :message))))))))

(defun skeleton--follow-point (buffer)
  "Scroll the preview of BUFFER to the node at BUFFER's point."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (let ((preview skeleton--preview)
            (position (eglot--pos-to-lsp-position)))
        (when (and (buffer-live-p preview) (buffer-local-value 'skeleton--viewport preview)
                   (eglot-managed-p))
          (skeleton--with-outline
           buffer (lambda (symbols index)
                    (when (buffer-live-p preview)
                      (skeleton--scroll-to preview (skeleton--node-rect symbols index position))))))))))

(defun skeleton--follow-point-later ()
  "Follow point in the preview once Emacs is idle (after a command)."
  (when (and skeleton-preview-follow-point (buffer-live-p skeleton--preview)
             (buffer-local-value 'skeleton--viewport skeleton--preview))
    (when (timerp skeleton--follow-timer)
      (cancel-timer skeleton--follow-timer))
    (setq skeleton--follow-timer
          (run-with-idle-timer 0.1 nil #'skeleton--follow-point (current-buffer)))))

;; Flymake 1.2 (Emacs 28) never asks for its mode line to be redrawn: diagnostics
;; that come after the redisplay of the last key (a large document's) left its
;; counter stale until the next key.
(cl-defmethod eglot-handle-notification :after
  ((_server skeleton-server) (_method (eql textDocument/publishDiagnostics))
   &key uri &allow-other-keys)
  "Redraw the mode line of the document at URI: flymake's counter changed."
  (when-let ((buffer (find-buffer-visiting (eglot--uri-to-path uri))))
    (with-current-buffer buffer
      (force-mode-line-update))))

;; The daemon ends a subscription whose canvas grew past the frames previews may hold.
(cl-defmethod eglot-handle-notification
  ((_server skeleton-server) (_method (eql 'preview/ended))
   &key subscription message &allow-other-keys)
  "The daemon ended SUBSCRIPTION, which it can no longer serve.
Say MESSAGE in its preview and the echo area;
\\[skeleton-preview] subscribes again."
  (let ((preview (gethash subscription skeleton--subscriptions)))
    (remhash subscription skeleton--subscriptions)
    (when (buffer-live-p preview)
      (with-current-buffer preview
        (setq skeleton--subscription nil
              skeleton--notice (format "preview ended: %s" message))
        (skeleton--draw-notice)))
    (message "skeleton: preview ended: %s" message)))

(defconst skeleton--state-names
  '(("willAppear" . "shown") ("didAppear" . "shown") ("willUpdate" . "shown")
    ("didUpdate" . "shown") ("willDisappear" . "hiding") ("didDisappear" . "hidden"))
  "The preview's state after each SkeletonView notification.")

(cl-defmethod eglot-handle-notification
  ((_server skeleton-server) (_method (eql 'skeleton/didChangeState))
   &key uri state &allow-other-keys)
  "Follow the skeleton STATE of the document at URI in its preview's title."
  (let ((name (cdr (assoc state skeleton--state-names))))
    (dolist (preview (hash-table-values skeleton--subscriptions))
      (let ((source (buffer-local-value 'skeleton--source preview)))
        (when (and name (buffer-live-p source) (equal (skeleton--uri source) uri))
          (skeleton--set-state source name))))))

(defun skeleton--managed ()
  "Start or stop the preview as eglot manages a skeleton buffer or stops."
  (when (skeleton--skeleton-buffer-p)
    (if (eglot-managed-p)
        (when skeleton-preview-auto
          ;; After this hook eglot sends didOpen: subscribe after it.
          (let ((buffer (current-buffer)))
            (run-at-time 0 nil (lambda ()
                                 (when (and (buffer-live-p buffer)
                                            (with-current-buffer buffer (eglot-managed-p)))
                                   (with-current-buffer buffer (skeleton-preview)))))))
      (when (buffer-live-p skeleton--preview)
        (with-current-buffer skeleton--preview
          (when skeleton--subscription
            (remhash skeleton--subscription skeleton--subscriptions))
          (setq skeleton--subscription nil
                skeleton--notice "skeletond stopped (M-x eglot starts it)")
          (skeleton--draw-notice))))))

(add-hook 'eglot-managed-mode-hook #'skeleton--managed)

;;;; Decorations: what eglot 1.9 does not show of the daemon's answers

(defcustom skeleton-decorations '(inlay-hints colors)
  "What the package draws that eglot 1.9 does not: `inlay-hints' (the
automatic line, row, item and instance counts, inline after their
value) and `colors' (colour strings in their colour).  Folding uses
`hs-minor-mode' (\\[hs-toggle-hiding] on an object or array)."
  :type '(set (const inlay-hints) (const colors)))

(defface skeleton-inlay-hint '((t :inherit shadow :height 0.9))
  "Face of the inlay hints.")

(defvar-local skeleton--decorate-timer nil
  "The idle timer that asks for the decorations again after a change.")

(defun skeleton--clear-decorations (kind)
  "Delete this buffer's decoration overlays of KIND."
  (remove-overlays (point-min) (point-max) 'skeleton-decoration kind))

(defun skeleton--draw-inlay-hints (hints)
  "Show HINTS (LSP InlayHint objects) as overlays after their position."
  (skeleton--clear-decorations 'inlay-hint)
  (seq-doseq (hint hints)
    (let* ((label (plist-get hint :label))
           (text (if (stringp label)
                     label
                   (mapconcat (lambda (part) (or (plist-get part :value) "")) label "")))
           (at (eglot--lsp-position-to-point (plist-get hint :position)))
           (ov (make-overlay at at nil t nil)))
      (overlay-put ov 'skeleton-decoration 'inlay-hint)
      (overlay-put ov 'after-string
                   (propertize (concat (if (eq (plist-get hint :paddingLeft) t) " " "")
                                       text
                                       (if (eq (plist-get hint :paddingRight) t) " " ""))
                               'face 'skeleton-inlay-hint)))))

(defun skeleton--draw-colors (colors)
  "Show each of COLORS (LSP ColorInformation objects) in its colour."
  (skeleton--clear-decorations 'color)
  (seq-doseq (info colors)
    (let* ((color (plist-get info :color))
           (red (plist-get color :red)) (green (plist-get color :green)) (blue (plist-get color :blue))
           (hex (format "#%02X%02X%02X" (round (* 255 red)) (round (* 255 green)) (round (* 255 blue))))
           (light (> (+ (* 0.2126 red) (* 0.7152 green) (* 0.0722 blue)) 0.5))
           (region (eglot--range-region (plist-get info :range)))
           (ov (make-overlay (car region) (cdr region))))
      (overlay-put ov 'skeleton-decoration 'color)
      (overlay-put ov 'face (list :background hex :foreground (if light "black" "white"))))))

(defun skeleton--decorate ()
  "Ask the daemon for this buffer's inlay hints and colours, and draw them.
Deferred: the requests go after the changes eglot has yet to send."
  (when (and (skeleton--skeleton-buffer-p) (eglot-managed-p))
    (let ((buffer (current-buffer))
          (server (eglot--current-server-or-lose))
          (document (eglot--TextDocumentIdentifier)))
      (when (memq 'inlay-hints skeleton-decorations)
        (jsonrpc-async-request
         server :textDocument/inlayHint
         (list :textDocument document
               :range (list :start (eglot--pos-to-lsp-position (point-min))
                            :end (eglot--pos-to-lsp-position (point-max))))
         :success-fn (lambda (hints)
                       (when (buffer-live-p buffer)
                         (with-current-buffer buffer (skeleton--draw-inlay-hints hints))))
         :deferred 'skeleton/inlayHint))
      (when (memq 'colors skeleton-decorations)
        (jsonrpc-async-request
         server :textDocument/documentColor (list :textDocument document)
         :success-fn (lambda (colors)
                       (when (buffer-live-p buffer)
                         (with-current-buffer buffer (skeleton--draw-colors colors))))
         :deferred 'skeleton/documentColor)))))

(defun skeleton--decorate-later (&rest _)
  "Ask for the decorations again once typing pauses."
  (when (timerp skeleton--decorate-timer) (cancel-timer skeleton--decorate-timer))
  (let ((buffer (current-buffer)))
    (setq skeleton--decorate-timer
          (run-with-idle-timer 0.3 nil (lambda ()
                                         (when (buffer-live-p buffer)
                                           (with-current-buffer buffer (skeleton--decorate))))))))

(defun skeleton--decorations-managed ()
  "Draw the decorations while eglot manages a skeleton buffer."
  (when (skeleton--skeleton-buffer-p)
    (if (eglot-managed-p)
        (progn
          (add-hook 'after-change-functions #'skeleton--decorate-later nil t)
          (let ((buffer (current-buffer)))
            ;; After this hook eglot sends didOpen: ask after it.
            (run-at-time 0 nil (lambda ()
                                 (when (buffer-live-p buffer)
                                   (with-current-buffer buffer (skeleton--decorate)))))))
      (remove-hook 'after-change-functions #'skeleton--decorate-later t)
      (skeleton--clear-decorations 'inlay-hint)
      (skeleton--clear-decorations 'color))))

(add-hook 'eglot-managed-mode-hook #'skeleton--decorations-managed)

;; Folding: hideshow over JSON's objects and arrays.
(add-to-list 'hs-special-modes-alist '(skeleton-json-mode "[{[]" "[]}]" "/[*/]" nil))
(add-hook 'skeleton-json-mode-hook #'hs-minor-mode)

(defun skeleton--follow (frame)
  "Show the preview of the skeleton buffer selected in FRAME, if it has one."
  (let ((buffer (window-buffer (frame-selected-window frame))))
    (when (and (skeleton--skeleton-buffer-p buffer)
               (buffer-live-p (buffer-local-value 'skeleton--preview buffer)))
      (skeleton--display (buffer-local-value 'skeleton--preview buffer)))))

(add-hook 'window-buffer-change-functions #'skeleton--follow)

(provide 'skeletond)
;;; skeletond.el ends here
