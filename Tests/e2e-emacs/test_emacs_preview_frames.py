"""What a preview frame costs Emacs (issue #28): a frame that changes a few cells changes the faces of those cells
and nothing else in the preview buffer (no text is rewritten, no undo is recorded), and resizing the preview's
window subscribes again with the window's new grid. The daemon runs on the manual clock, so nothing but the test's
own edits makes frames.
"""
from __future__ import annotations

import json
from pathlib import Path

from test_emacs import Session, daemon, elisp_string, emacs_in_tmux, pytestmark, wait_for  # noqa: F401

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
                         (cons 'columns (car skeleton--grid))
                         (cons 'rows (cdr skeleton--grid))
                         (cons 'listed (vconcat skeleton-e2e-listed)))))
        (setq skeleton-e2e-listed nil)
        (with-temp-file file
          (insert (json-encode (cons (cons 'faces faces) state)))))))
  t)
"""


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


def test_resizing_the_preview_window_sends_its_new_grid(tmp_path: Path, daemon: Path):
    doc = tmp_path / "profile-card.skeleton.json"
    with emacs_in_tmux(tmp_path, [str(daemon)], extra_init=PROBE % {"doc": elisp_string(doc)}) as emacs:
        emacs.tmux.keys("C-a")
        wait_for(lambda: emacs.state()["managed"], timeout=30, what="eglot to manage the document")
        first = wait_for(lambda: (p := emacs.preview_state()).get("frames", 0) >= 1 and p, timeout=30,
                         what="the first frame")
        window = f"(get-buffer-window (buffer-local-value 'skeleton--preview (get-file-buffer {elisp_string(doc)})) t)"
        # The side window 12 columns narrower: the grid follows the window (the card keeps its proportions).
        emacs.eval(f"(let ((w {window})) (window-resize w -12 t) t)")
        width = int(emacs.eval(f"(window-body-width {window})"))
        resized = wait_for(lambda: (p := emacs.preview_state())["subscription"] != first["subscription"]
                           and p["columns"] != first["columns"] and p["frames"] > first["frames"] and p,
                           timeout=30, what="a subscription with the new grid")
        assert resized["columns"] == width - 1, (resized, width)
        assert resized["rows"] < first["rows"]
        # The frames drawn are the new grid's.
        wait_for(lambda: drawn_grid(cells(emacs)), timeout=10, what="the new grid in the buffer")
        assert emacs.eval("(hash-table-count skeleton--subscriptions)") == "1"
