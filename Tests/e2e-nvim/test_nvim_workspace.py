"""The Neovim plugin and the app as the unit (issue #26): the plugin sends the app's folder as the workspace
folder (the nearest folder with an .xcodeproj, an .xcworkspace, a Package.swift or a .git, not the current
directory), so a storyboard opened alone links with the Swift files that name its classes, never opened in Neovim;
a Swift file written from Neovim is told to the daemon; :SkeletonScene chooses the scene commands and the preview
are about.
"""
from __future__ import annotations

import json
from pathlib import Path

from example_app import make_app
from test_nvim_preview import Session, daemon, lua_string, neovim_in_tmux, pytestmark  # noqa: F401
from tmuxterm import wait_for

QUERY = r"""
-- Sends a request about the storyboard's buffer and writes the answer (or the error) to the query file.
function E2E_query(method, params)
  local doc = vim.fn.bufnr(%(doc)s)
  params.uri = vim.uri_from_bufnr(doc)
  local answers = vim.lsp.buf_request_sync(doc, method, params, 10000) or {}
  local out = vim.NIL
  for _, answer in pairs(answers) do out = answer.result or answer.err or vim.NIL end
  local tmp = %(query)s .. '.tmp'
  vim.fn.writefile({ vim.fn.json_encode({ answer = out, root = vim.lsp.get_active_clients()[1].config.root_dir }) }, tmp)
  vim.loop.fs_rename(tmp, %(query)s)
end
"""


def query(nvim: Session, path: Path, method: str, params: dict) -> dict:
    path.unlink(missing_ok=True)
    nvim.command(f"lua E2E_query({json.dumps(method)}, vim.fn.json_decode({json.dumps(json.dumps(params))}))")
    wait_for(path.exists, timeout=20, what=f"E2E_query({method})")
    return json.loads(path.read_text())


def test_a_storyboard_opened_alone_links_with_its_apps_swift_files(tmp_path: Path, daemon: Path):
    app = make_app(tmp_path)
    storyboard = app / "Shop" / "Main.storyboard"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    query_file = tmp_path / "query.json"
    extra = QUERY % {"doc": lua_string(storyboard), "query": lua_string(query_file)}
    with neovim_in_tmux(tmp_path, daemon, doc=storyboard, cwd=elsewhere, marker="<document",
                        extra_init=extra) as nvim:
        tmux = nvim.tmux
        # The root is the app's folder (its .xcodeproj), not the current directory. (A storyboard opened while the
        # daemon still reads the workspace is analysed again once it has: poll until the code is linked.)
        scenes = wait_for(lambda: (a := query(nvim, query_file, "skeleton/scenes", {}))["answer"][0].get("show") and a,
                          timeout=30, what="the storyboard to link with the workspace's code")
        assert scenes["root"] == str(app)
        # The view controller's code, read from disk: its class and the show it makes.
        first = scenes["answer"][0]
        assert first["class"] == "ViewController" and first["show"] == {"type": "solid", "animated": True}, scenes

        def cells() -> int:
            query(nvim, query_file, "skeleton/hide", {"transition": "none"})
            shown = query(nvim, query_file, "skeleton/show", {"node": "HKL-L0-T2w"})
            assert shown["answer"]["outcome"] == "shown", shown
            tree = query(nvim, query_file, "skeleton/treeDescription", {"node": "HKL-L0-T2w"})
            return len(tree["answer"]["tree"]["children"])

        # The tree lists skeletonable cells: all but the first, which the code's prepareCellForSkeleton makes not
        # skeletonable (indexPath.row != 0).
        assert cells() == 9
        # The Swift file edited and written in Neovim: the daemon reads it again and the storyboard follows.
        nvim.command(f"edit {app / 'Shop' / 'ViewController.swift'}")
        nvim.command("%s/return 10/return 3/g")
        nvim.command("write")
        nvim.command(f"buffer {storyboard}")
        wait_for(lambda: "return 3" in (app / "Shop" / "ViewController.swift").read_text(), timeout=10,
                 what="the Swift file written")
        wait_for(lambda: cells() == 2, timeout=20, what="the storyboard to follow the written Swift file")

        # :SkeletonScene names the scene the preview and the commands are about; the title says it.
        scene_id = first["id"]
        nvim.command(f"SkeletonScene {scene_id}")
        nvim.command("SkeletonPreview")
        wait_for(lambda: (p := nvim.state()["preview"]) and p["scene"] == scene_id and p["frames"] >= 1, timeout=30,
                 what="the preview to show the scene")
        # The title names the scene whole (the file name shortened to fit the narrow window).
        assert f"{scene_id} · " in tmux.plain() and " Main." in tmux.plain(), tmux.plain()
        nvim.command("SkeletonScene nope")
        wait_for(lambda: any("no scene with this id" in n for n in nvim.notes()), timeout=30,
                 what="an unknown scene to be refused by the daemon")
