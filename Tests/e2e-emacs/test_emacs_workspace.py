"""The Emacs package and the app as the unit (issue #26): eglot's project for a skeleton buffer is the app's folder
(the nearest folder with an .xcodeproj, an .xcworkspace, a Package.swift or a .git), which skeletond reads as its
workspace, so a storyboard opened alone links with the app's Swift files that are never visited; eglot watches the
files the daemon registers, so a Swift file changed on disk re-links the storyboard; `skeleton-scene' chooses the
scene the commands and the preview use.
"""
from __future__ import annotations

import json
from pathlib import Path

from example_app import make_app
from test_emacs import Session, daemon, elisp_string, emacs_in_tmux, pytestmark, wait_for  # noqa: F401

QUERY = r"""
(customize-set-variable 'skeleton-interface-builder t)

(defun skeleton-e2e-request (file method params)
  "Send METHOD with PARAMS about the test's document; write the answer and the project root to FILE."
  (let* ((doc (get-file-buffer %(doc)s))
         (server (with-current-buffer doc (eglot-current-server)))
         (answer (condition-case err
                     (jsonrpc-request server (intern (concat ":" method))
                                      (append (list :uri (skeleton--uri doc)) params))
                   (error (list :error (format "%%S" err)))))
         (json-encoding-pretty-print nil))
    (with-temp-file file
      (insert (json-encode (list (cons 'answer answer)
                                 (cons 'root (with-current-buffer doc (project-root (project-current)))))))))
  t)
"""


def test_a_storyboard_visited_alone_links_with_its_apps_swift_files(tmp_path: Path, daemon: Path):
    app = make_app(tmp_path)
    storyboard = app / "Shop" / "Main.storyboard"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with emacs_in_tmux(tmp_path, [str(daemon)], marker="<document", doc=storyboard, cwd=elsewhere,
                       extra_init=QUERY % {"doc": elisp_string(storyboard)}) as emacs:
        tmux = emacs.tmux
        tmux.keys("C-a")
        wait_for(lambda: emacs.state()["managed"], timeout=30, what="eglot to manage the storyboard")
        answer_file = tmp_path / "answer.json"

        def request(method: str, params: str = "nil") -> dict:
            answer_file.unlink(missing_ok=True)
            emacs.eval(f"(skeleton-e2e-request {elisp_string(answer_file)} {elisp_string(method)} '{params})")
            return json.loads(answer_file.read_text())

        # The project (the workspace folder) is the app's folder, found by its .xcodeproj.
        scenes = wait_for(lambda: (a := request("skeleton/scenes"))["answer"][0].get("show") and a, timeout=30,
                          what="the storyboard to link with the workspace's code")
        assert scenes["root"] == str(app) + "/"
        first = scenes["answer"][0]
        assert first["class"] == "ViewController" and first["show"] == {"type": "solid", "animated": True}, scenes

        def cells() -> int:
            request("skeleton/hide", '(:transition "none")')
            shown = request("skeleton/show", '(:node "HKL-L0-T2w")')
            assert shown["answer"]["outcome"] == "shown", shown
            tree = request("skeleton/treeDescription", '(:node "HKL-L0-T2w")')
            return len(tree["answer"]["tree"]["children"])

        # The tree lists skeletonable cells: all but the first, which the code's prepareCellForSkeleton makes not
        # skeletonable (indexPath.row != 0).
        assert cells() == 9
        # Changed on disk, outside Emacs: eglot's watcher (the daemon's registration) tells the daemon.
        swift = app / "Shop" / "ViewController.swift"
        swift.write_text(swift.read_text().replace("return 10", "return 3"))
        wait_for(lambda: cells() == 2, timeout=30, what="the storyboard to follow the Swift file changed on disk")

        # skeleton-scene: the preview subscribes to the chosen scene and its title names it.
        scene_id = first["id"]
        emacs.mx("skeleton-scene", scene_id)
        wait_for(lambda: f"Main.storyboard · scene {scene_id}" in tmux.plain(), timeout=30,
                 what="the preview's title to name the scene")
        assert emacs.eval("(buffer-local-value 'skeleton--scene (get-file-buffer "
                          f"{elisp_string(storyboard)}))") == json.dumps(scene_id)
