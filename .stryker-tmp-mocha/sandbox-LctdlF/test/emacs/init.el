;;; Emacs (Debian's 28 with elpa-eglot and elpa-yaml-mode) as an LSP client of the Ranklens server,
;;; configured by the README's snippet. Run:
;;;   emacs --batch -Q -l test/emacs/init.el
;;; Environment: RANKLENS_SNIPPET (a file holding the README's elisp), RANKLENS_FILE (the fixture to
;;; open, inside a git repository so that eglot finds a project), RANKLENS_OUT (where the results go).
;;; `ranklens-language-server' must be on PATH. Writes the server's name, then one line per
;;; diagnostic: TYPE LINE CODE MESSAGE.
(setq package-directory-list (list "/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(require 'eglot)
(require 'yaml-mode)
(load (getenv "RANKLENS_SNIPPET") nil t)
(find-file (getenv "RANKLENS_FILE"))
(apply #'eglot (eglot--guess-contact))
(let ((deadline (+ (float-time) 30)) (found nil) (lines nil))
  (while (and (not found) (< (float-time) deadline))
    (accept-process-output nil 0.2)
    (when (eglot-current-server)
      (flymake-start)
      (setq found (flymake-diagnostics))))
  (dolist (d found)
    (push (format "%s %d %s" (flymake-diagnostic-type d)
                  (line-number-at-pos (flymake-diagnostic-beg d))
                  (replace-regexp-in-string "\n" " " (flymake-diagnostic-text d)))
          lines))
  (let ((name (and (eglot-current-server) (plist-get (eglot--server-info (eglot-current-server)) :name))))
    (with-temp-file (getenv "RANKLENS_OUT")
      (insert (format "server: %s\n" name))
      (dolist (l (nreverse lines)) (insert l "\n")))))
(kill-emacs 0)
