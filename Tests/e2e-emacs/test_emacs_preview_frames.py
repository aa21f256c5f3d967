"""The Emacs preview's frames and grid (issue #28): a frame that changes a few cells changes the faces of those
cells and nothing else in the preview buffer (no text is rewritten, no undo is recorded); resizing the preview's
window gives the subscription the window's new grid (`preview/viewport`); a long document's preview scrolls to the node at point. The
frame test runs the daemon on the manual clock, so nothing but the test's own edit makes frames.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from long_document import HEIGHT, TARGET, shows_red, write_long_document
from test_emacs import Session, daemon, elisp_string, emacs_in_tmux, goto, pytestmark, wait_for  # noqa: F401

PROBE = r"""
(setq skeleton-initialization-options '(:clock "manual"))

(defvar skeleton-e2e-listed nil
  "Buffer positions of the cells the non-key frames listed since the last `skeleton-e2e-cells'.")

(advice-add 'skeleton--apply-frame :before
            (lambda (columns _rows keyframe cells)
              (unless (eq keyframe t)
                (seq-doseq (run cells)
                  (dotimes (k (length (plist-get run :fg)))
                    (push (+ 1 (* (plist-get run :y) (1+ columns)) (plist-get run :x) k) skeleton-e2e-listed))))))

(defvar skeleton-e2e-packed 0
  "How many `cellsPacked' frames were drawn.")

(advice-add 'skeleton--apply-packed-frame :before
            (lambda (columns _rows keyframe cells)
              (setq skeleton-e2e-packed (1+ skeleton-e2e-packed))
              (unless (eq keyframe t)
                (seq-doseq (run cells)
                  (dotimes (k (/ (- (length run) 2) 2))
                    (push (+ 1 (* (aref run 1) (1+ columns)) (aref run 0) k) skeleton-e2e-listed))))))

(defun skeleton-e2e-cells (file)
  "Write the preview's cells (each position's face as text), its counters and the listed positions to FILE."
  (let ((preview (buffer-local-value 'skeleton--preview (get-file-buffer %(doc)s)))
        (json-encoding-pretty-print nil))
    (with-current-buffer preview
      (let ((faces (let (out)
                     (dotimes (k (1- (point-max)))
                       (push (format "%%S" (get-text-property (1+ k) 'face)) out))
                     (vconcat (nreverse out))))
            (state (list (cons 'text-tick (buffer-chars-modified-tick))
                         (cons 'undo (if (eq buffer-undo-list t) "off" (length buffer-undo-list)))
                         (cons 'frames skeleton--frames)
                         (cons 'frame-cells skeleton--frame-cells)
                         (cons 'frame-writes skeleton--frame-writes)
                         (cons 'packed skeleton-e2e-packed)
                         (cons 'columns (car skeleton--grid))
                         (cons 'rows (cdr skeleton--grid))
                         (cons 'listed (vconcat skeleton-e2e-listed)))))
        (setq skeleton-e2e-listed nil)
        (with-temp-file file
          (insert (json-encode (cons (cons 'faces faces) state)))))))
  t)

(defvar skeleton-e2e-sent nil
  "The preview/* requests sent, newest first: (METHOD . PARAMS).")

(advice-add 'jsonrpc-async-request :before
            (lambda (_connection method params &rest _)
              (when (string-prefix-p ":preview/" (format "%%s" method))
                (push (cons (substring (format "%%s" method) 1) params) skeleton-e2e-sent))))

(defun skeleton-e2e-sent (file)
  "Write the preview/* requests sent so far, oldest first, to FILE."
  (let ((json-encoding-pretty-print nil))
    (with-temp-file file
      (insert (json-encode (vconcat (mapcar (lambda (sent) (list (cons 'method (car sent)) (cons 'params (cdr sent))))
                                            (reverse skeleton-e2e-sent)))))))
  t)
"""


def sent(emacs: Session) -> list[dict]:
    path = emacs.tmp_path / "sent.json"
    path.unlink(missing_ok=True)
    emacs.eval(f"(skeleton-e2e-sent {elisp_string(path)})")
    return json.loads(path.read_text())


def cells(emacs: Session) -> dict:
    path = emacs.tmp_path / "cells.json"
    path.unlink(missing_ok=True)
    emacs.eval(f"(skeleton-e2e-cells {elisp_string(path)})")
    return json.loads(path.read_text())


def drawn_grid(state: dict) -> bool:
    """Whether the preview's text is the subscribed grid: each row's blocks and its newline."""
    return len(state["faces"]) == state["columns"] * state["rows"] + state["rows"]


def test_a_frame_that_changes_a_few_cells_changes_only_their_faces(tmp_path: Path, daemon: Path):
    doc = tmp_path / "profile-card.skeleton.json"
    with emacs_in_tmux(tmp_path, [str(daemon)], extra_init=PROBE % {"doc": elisp_string(doc)}) as emacs:
        emacs.tmux.keys("C-a")
        wait_for(lambda: emacs.state()["managed"], timeout=30, what="eglot to manage the document")
        before = wait_for(lambda: (c := cells(emacs))["frames"] >= 1 and drawn_grid(c) and c, timeout=30,
                          what="the keyframe of the window's grid")
        grid = before["columns"] * before["rows"]
        # The avatar's background, a 64-point circle of the 375x260 card, turns red: a frame of a few cells.
        emacs.eval(f"(with-current-buffer (get-file-buffer {elisp_string(doc)})"
                   ' (goto-char (point-min)) (search-forward "#BDC3C7") (replace-match "#E74C3C" t t) t)')
        after = wait_for(lambda: (c := cells(emacs))["frames"] > before["frames"] and c, timeout=30,
                         what="the frame of the new colour")
        listed = set(after["listed"])
        changed = {k + 1 for k, (a, b) in enumerate(zip(before["faces"], after["faces"])) if a != b}
        assert changed, "the avatar's cells changed colour"
        assert 0 < len(listed) < grid // 10, f"a frame of a few cells: {len(listed)} of {grid}"
        assert changed <= listed, f"cells the frames did not list changed: {sorted(changed - listed)[:10]}"
        assert after["frame-cells"] <= len(listed) and after["frame-writes"] <= after["frame-cells"]
        # The text is the keyframe's: frames change faces, they insert and delete nothing; no undo grows.
        assert after["text-tick"] == before["text-tick"], "a frame rewrote the preview's text"
        assert after["undo"] == "off"
        # A daemon that lists `cellsPacked` sends it: its runs are arrays of integers.
        assert after["packed"] == after["frames"], after["packed"]


def test_packed_frames_draw_the_faces_of_cells_frames(tmp_path: Path, daemon: Path):
    """`cellsPacked` frames draw exactly the faces `cells` frames draw: the same preview, subscribed once with each
    (the manual clock: both show the same instant), has the same face at every position."""
    doc = tmp_path / "profile-card.skeleton.json"
    with emacs_in_tmux(tmp_path, [str(daemon)], extra_init=PROBE % {"doc": elisp_string(doc)}) as emacs:
        emacs.tmux.keys("C-a")
        wait_for(lambda: emacs.state()["managed"], timeout=30, what="eglot to manage the document")
        emacs.eval(f"(with-current-buffer (get-file-buffer {elisp_string(doc)}) (skeleton-show '(\"gradient\")) t)")
        packed = wait_for(lambda: (c := cells(emacs))["packed"] >= 2 and drawn_grid(c) and c, timeout=30,
                          what="packed frames of the shown skeleton")
        emacs.eval("(setq skeleton-preview-packed nil)")
        preview = f"(buffer-local-value 'skeleton--preview (get-file-buffer {elisp_string(doc)}))"
        emacs.eval(f"(progn (skeleton--subscribe {preview}) t)")
        plain = wait_for(lambda: (c := cells(emacs))["frames"] > packed["frames"] and drawn_grid(c) and c,
                         timeout=30, what="the keyframe of a cells subscription")
        assert plain["packed"] == packed["packed"], "cells frames after the packed ones"
        assert (plain["columns"], plain["rows"]) == (packed["columns"], packed["rows"])
        assert len(set(packed["faces"])) > 3, "a picture of several colours"
        differ = [k for k, (a, b) in enumerate(zip(packed["faces"], plain["faces"])) if a != b]
        assert not differ, f"{len(differ)} positions differ, e.g. {differ[:5]}"


def test_resizing_the_preview_window_sends_its_new_grid(tmp_path: Path, daemon: Path):
    """A narrower side window: the live subscription gets the window's new grid with `preview/viewport` (no
    unsubscribe, no new subscription), and the frames drawn are the new grid's."""
    doc = tmp_path / "profile-card.skeleton.json"
    with emacs_in_tmux(tmp_path, [str(daemon)], extra_init=PROBE % {"doc": elisp_string(doc)}) as emacs:
        emacs.tmux.keys("C-a")
        wait_for(lambda: emacs.state()["managed"], timeout=30, what="eglot to manage the document")
        first = wait_for(lambda: (p := emacs.preview_state()).get("frames", 0) >= 1 and p, timeout=30,
                         what="the first frame")
        before = len(sent(emacs))
        window = f"(get-buffer-window (buffer-local-value 'skeleton--preview (get-file-buffer {elisp_string(doc)})) t)"
        # The side window 12 columns narrower: the grid follows the window (the card keeps its proportions).
        emacs.eval(f"(let ((w {window})) (window-resize w -12 t) t)")
        width = int(emacs.eval(f"(window-body-width {window})"))
        resized = wait_for(lambda: (p := emacs.preview_state())["columns"] != first["columns"]
                           and p["frames"] > first["frames"] and p, timeout=30, what="frames of the new grid")
        assert resized["columns"] == width - 1, (resized, width)
        assert resized["rows"] < first["rows"]
        assert resized["subscription"] == first["subscription"]
        requests = sent(emacs)[before:]
        methods = [r["method"] for r in requests]
        assert "preview/unsubscribe" not in methods and "preview/subscribe" not in methods, methods
        grids = [r["params"] for r in requests if r["method"] == "preview/viewport"]
        assert grids and grids[-1]["subscription"] == first["subscription"], requests
        assert grids[-1]["cells"] == {"columns": resized["columns"], "rows": resized["rows"]}
        # The card fits the window at its width: the whole canvas, no viewport (rounding its rows once made one).
        assert "viewport" not in grids[-1]
        preview = f"(buffer-local-value 'skeleton--preview (get-file-buffer {elisp_string(doc)}))"
        assert emacs.eval(f"(buffer-local-value 'skeleton--viewport {preview})") == "nil"
        assert emacs.eval(f"(buffer-local-value 'skeleton--grid-requests {preview})") != "0"
        # The frames drawn are the new grid's.
        wait_for(lambda: drawn_grid(cells(emacs)) and cells(emacs)["columns"] == resized["columns"], timeout=10,
                 what="the new grid in the buffer")
        assert emacs.eval("(hash-table-count skeleton--subscriptions)") == "1"


def test_the_preview_scrolls_to_the_node_at_point_in_a_long_document(tmp_path: Path, daemon: Path):
    """A canvas far taller than the side window shows at its width: the preview gets the whole window and shows a
    viewport of the canvas; moving point to a node near the bottom scrolls the viewport to it (`preview/viewport`),
    and back to the top scrolls back."""
    doc = write_long_document(tmp_path / "long.skeleton.json")
    with emacs_in_tmux(tmp_path, [str(daemon)], doc=doc) as emacs:
        emacs.tmux.keys("C-a")
        wait_for(lambda: emacs.state()["managed"], timeout=30, what="eglot to manage the document")
        preview = f"(buffer-local-value 'skeleton--preview (get-file-buffer {elisp_string(doc)}))"
        if emacs.eval(f"(skeleton--viewports-p (get-file-buffer {elisp_string(doc)}))") != "t":
            pytest.skip("this skeletond has no preview/viewport")

        def viewport() -> dict:
            return json.loads(json.loads(emacs.eval(
                f"(with-current-buffer {preview} (json-encode (list (cons 'viewport skeleton--viewport)"
                " (cons 'requests skeleton--viewport-requests) (cons 'frames skeleton--frames))))")))

        first = wait_for(lambda: (v := viewport())["viewport"] and v["frames"] >= 1 and v, timeout=30,
                         what="a subscription with a viewport")
        assert first["viewport"]["y"] == 0 and first["viewport"]["width"] == 375
        assert first["viewport"]["height"] < HEIGHT / 4
        # The grid is the whole side window, not the canvas shrunk to fit it.
        grid = emacs.preview_state()
        window = f"(get-buffer-window {preview} t)"
        assert grid["columns"] == int(emacs.eval(f"(window-body-width {window})")) - 1
        assert grid["rows"] == int(emacs.eval(f"(window-body-height {window})"))
        assert not shows_red(emacs.tmux.capture())

        # Point on the red strip's object (a key, so the command loop's hook follows it).
        goto(emacs, '"id": "target"')
        emacs.tmux.keys("C-f")
        _, y, _, h = TARGET
        scrolled = wait_for(lambda: (v := viewport())["viewport"]["y"] <= y
                            and y + h <= v["viewport"]["y"] + v["viewport"]["height"] and v, timeout=20,
                            what="the viewport to scroll to the target")
        assert scrolled["requests"] >= 1
        wait_for(lambda: shows_red(emacs.tmux.capture()), timeout=20, what="the red strip in the preview")

        # Back to the top: the viewport follows.
        emacs.tmux.keys("M-<")
        wait_for(lambda: viewport()["viewport"]["y"] < 100, timeout=20, what="the viewport back at the top")
        wait_for(lambda: not shows_red(emacs.tmux.capture()), timeout=20, what="the red strip out of the preview")
