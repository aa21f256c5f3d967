"""The Neovim preview's frames and viewport (issue #28): a frame that changes a few cells changes the highlights of
those cells and nothing else (the preview buffer's text is the keyframe's); a long document's preview scrolls to the
node at the cursor. The frame test runs the daemon on the manual clock, so nothing but the test's own edit makes
frames.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from long_document import HEIGHT, TARGET, shows_red, write_long_document
from tmuxterm import wait_for
from test_nvim_preview import EXAMPLE, daemon, lua_string, neovim_in_tmux, pytestmark  # noqa: F401

PROBE = r"""
require('skeleton').setup{ cmd = { %(daemon)s }, init_options = { clock = 'manual' } }
-- The cells ("y:x") every non-key frame lists, until E2E_cells() reads them.
local Canvas = getmetatable(require('skeleton.canvas').new(0, 0, 0))
local apply = Canvas.apply
E2E_LISTED = {}
Canvas.apply = function(self, frame)
  if not frame.keyframe then
    for _, run in ipairs(frame.cells or {}) do
      for k = 1, #run.fg do
        table.insert(E2E_LISTED, run.y .. ':' .. (run.x + k - 1))
      end
    end
  end
  return apply(self, frame)
end
-- Writes every cell's colours (from the highlights on the preview's grid), the buffer's changedtick and what was
-- listed to the file.
function E2E_cells(path)
  local status = require('skeleton').status(vim.fn.bufnr(%(doc)s))
  local cells = {}
  local ns = vim.api.nvim_create_namespace('skeleton_preview')
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(status.buffer, ns, { 1, 0 }, -1, { details = true })) do
    local row, col, details = mark[2], mark[3], mark[4]
    local hl = vim.api.nvim_get_hl_by_name(details.hl_group, true)
    for x = col / 3, details.end_col / 3 - 1 do
      cells[(row - 1) .. ':' .. x] = string.format('%%06x/%%06x', hl.foreground or 0, hl.background or 0)
    end
  end
  local state = { cells = cells, listed = E2E_LISTED, frames = status.frames, columns = status.columns,
                  rows = status.rows, changedtick = vim.api.nvim_buf_get_changedtick(status.buffer) }
  E2E_LISTED = {}
  vim.fn.writefile({ vim.fn.json_encode(state) }, path .. '.tmp')
  vim.loop.fs_rename(path .. '.tmp', path)
end
"""


def test_a_frame_that_changes_a_few_cells_changes_only_their_highlights(tmp_path: Path, daemon: Path):
    doc = tmp_path / EXAMPLE.name
    with neovim_in_tmux(tmp_path, daemon, extra_init=PROBE % {"daemon": lua_string(daemon),
                                                              "doc": lua_string(doc)}) as nvim:
        path = tmp_path / "cells.json"

        def cells() -> dict:
            path.unlink(missing_ok=True)
            nvim.command(f"lua E2E_cells({lua_string(path)})")
            wait_for(path.exists, timeout=20, what="E2E_cells() to write its file")
            return json.loads(path.read_text())

        nvim.command("SkeletonPreview")
        before = wait_for(lambda: (c := cells())["frames"] >= 1 and len(c["cells"]) == c["columns"] * c["rows"]
                          and c, timeout=30, what="the keyframe's cells")
        grid = before["columns"] * before["rows"]
        # The card fits the window at its width: the whole canvas, no viewport (rounding its rows once made one).
        assert nvim.state()["preview"]["viewport"] is None
        # The avatar's background, a 64-point circle of the 375x260 card, turns red: a frame of a few cells.
        nvim.tmux.keys("Escape")
        nvim.command("%s/#BDC3C7/#E74C3C/")
        after = wait_for(lambda: (c := cells())["frames"] > before["frames"] and c, timeout=30,
                         what="the frame of the new colour")
        listed = set(after["listed"])
        changed = {key for key, colours in after["cells"].items() if before["cells"].get(key) != colours}
        assert changed, "the avatar's cells changed colour"
        assert 0 < len(listed) < grid // 10, f"a frame of a few cells: {len(listed)} of {grid}"
        assert changed <= listed, f"cells the frame did not list changed: {sorted(changed - listed)[:10]}"
        assert len(after["cells"]) == grid
        # The text is the keyframe's: a frame changes highlights only.
        assert after["changedtick"] == before["changedtick"], "a frame rewrote the preview's text"


def test_the_preview_scrolls_to_the_node_at_the_cursor_in_a_long_document(tmp_path: Path, daemon: Path):
    """A canvas far taller than the preview shows at its width: the window keeps its width and shows a viewport of
    the canvas; moving the cursor to a node near the bottom scrolls the viewport to it (`preview/viewport`), and
    back to the top scrolls back."""
    doc = write_long_document(tmp_path / "long.skeleton.json")
    with neovim_in_tmux(tmp_path, daemon, doc=doc) as nvim:
        nvim.command("SkeletonPreview")
        first = wait_for(lambda: (p := nvim.state()["preview"]) and p["frames"] >= 1 and p, timeout=30,
                         what="the first frame")
        if not first["viewports"]:
            pytest.skip("this skeletond has no preview/viewport")
        first = wait_for(lambda: (p := nvim.state()["preview"]).get("viewport") and p.get("subscription") and p,
                         timeout=30, what="a subscription with a viewport")
        assert first["viewport"]["y"] == 0 and first["viewport"]["width"] == 375
        assert first["viewport"]["height"] < HEIGHT / 4
        assert first["columns"] >= 40, "the window kept its width"
        assert not shows_red(nvim.tmux.capture())

        nvim.tmux.keys("Escape")
        nvim.tmux.literal('/"id": "target"')
        nvim.tmux.keys("Enter")
        _, y, _, h = TARGET
        scrolled = wait_for(lambda: (v := nvim.state()["preview"])["viewport"]["y"] <= y
                            and y + h <= v["viewport"]["y"] + v["viewport"]["height"] and v, timeout=20,
                            what="the viewport to scroll to the target")
        assert scrolled["viewport_requests"] >= 1
        wait_for(lambda: shows_red(nvim.tmux.capture()), timeout=20, what="the red strip in the preview")

        nvim.tmux.keys("Escape", "g", "g")
        wait_for(lambda: nvim.state()["preview"]["viewport"]["y"] < 100, timeout=20,
                 what="the viewport back at the top")
        wait_for(lambda: not shows_red(nvim.tmux.capture()), timeout=20, what="the red strip out of the preview")


RECORDER = r"""
-- Records the preview/* requests the LSP client sends from E2E_record() on; E2E_requests(path) writes them.
E2E_SENT = {}
function E2E_record()
  local c = require('skeleton.client').get()
  local request = c.request
  c.request = function(method, params, ...)
    if type(method) == 'string' and method:match('^preview/') then
      table.insert(E2E_SENT, { method = method, params = params })
    end
    return request(method, params, ...)
  end
end
function E2E_requests(path)
  vim.fn.writefile({ vim.fn.json_encode(E2E_SENT) }, path .. '.tmp')
  vim.loop.fs_rename(path .. '.tmp', path)
end
"""


def test_a_resized_window_changes_the_grid_without_subscribing_again(tmp_path: Path, daemon: Path):
    """A narrower terminal gives the preview a narrower window: the live subscription gets the new grid (and the
    viewport it shows of a long document) with `preview/viewport`, no unsubscribe and no new subscription, and the
    screen shows the new grid."""
    doc = write_long_document(tmp_path / "long.skeleton.json")
    with neovim_in_tmux(tmp_path, daemon, doc=doc, extra_init=RECORDER) as nvim:
        nvim.command("SkeletonPreview")
        # The state leaves out what is nil (Lua tables): the subscription is there once its answer has come.
        first = wait_for(lambda: (p := nvim.state()["preview"]).get("viewport") and p.get("subscription")
                         and p.get("frames", 0) >= 1 and p, timeout=30, what="a subscription with a viewport")
        nvim.command("lua E2E_record()")
        nvim.tmux._run("resize-window", "-t", nvim.tmux.session, "-x", "90", "-y", "40")
        resized = wait_for(lambda: (p := nvim.state()["preview"]).get("columns") not in (None, first["columns"]) and p,
                           timeout=20, what="the preview to follow the narrower terminal")
        columns, rows = resized["columns"], resized["rows"]
        assert columns < first["columns"]
        wait_for(lambda: any(len(c) == columns for c in nvim.tmux.capture().cells.values())
                 and not any(len(c) == first["columns"] for c in nvim.tmux.capture().cells.values()),
                 timeout=20, what=f"preview rows of {columns} cells")
        path = tmp_path / "requests.json"
        nvim.command(f"lua E2E_requests({lua_string(path)})")
        wait_for(path.exists, timeout=20, what="E2E_requests() to write its file")
        sent = json.loads(path.read_text())
        methods = [r["method"] for r in sent]
        assert "preview/unsubscribe" not in methods and "preview/subscribe" not in methods, methods
        grids = [r["params"] for r in sent if r["method"] == "preview/viewport" and r["params"].get("cells")]
        assert grids, methods
        assert grids[-1]["subscription"] == first["subscription"]
        assert grids[-1]["cells"] == {"columns": columns, "rows": rows}
        assert grids[-1]["viewport"]["width"] == 375 and grids[-1]["viewport"]["height"] < HEIGHT / 4
        final = nvim.state()["preview"]
        assert final["subscription"] == first["subscription"] and final["grid_requests"] >= 1
