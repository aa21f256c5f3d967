"""The Neovim plugin, for real: Neovim runs in a tmux terminal with Clients/nvim on its runtimepath and the
built skeletond as its daemon. The test types commands and edits as a user would and reads the screen with
`tmux capture-pane -p -e` (24-bit colours included).

Skips only when nvim or tmux is missing. Uses $SKELETOND when set, else .build/debug/skeletond (built with
`swift build --product skeletond` when absent).
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tmuxterm import Tmux, wait_for

REPO = Path(__file__).resolve().parents[2]
PLUGIN = REPO / "Clients" / "nvim"
EXAMPLE = REPO / "Examples" / "profile-card.skeleton.json"

pytestmark = pytest.mark.skipif(
    shutil.which("nvim") is None or shutil.which("tmux") is None,
    reason="the Neovim end-to-end test needs `nvim` and `tmux` on PATH (Debian packages neovim, tmux)",
)

INIT = r"""
vim.opt.runtimepath:prepend(%(plugin)s)
vim.o.termguicolors = true
vim.o.swapfile = false
vim.o.signcolumn = 'yes'
vim.o.cmdheight = 2
vim.o.shortmess = vim.o.shortmess .. 'I'
-- Record notifications (and keep them off the screen: no hit-enter prompts in a test).
E2E_NOTES = {}
vim.notify = function(msg, level) table.insert(E2E_NOTES, { msg = msg, level = level or 2 }) end
require('skeleton').setup{ cmd = { %(daemon)s } }
function E2E_dump()
  local doc = vim.fn.bufnr(%(doc)s)
  local diags = vim.diagnostic.get(doc)
  local state = {
    attached = #vim.lsp.buf_get_clients(doc),
    diagnostics = vim.tbl_map(function(d) return { message = d.message, lnum = d.lnum, severity = d.severity } end, diags),
    preview = require('skeleton').status(doc) or vim.NIL,
    skeleton = require('skeleton').state(doc) or vim.NIL,
    notes = E2E_NOTES,
    columns = vim.o.columns,
    lines = vim.o.lines,
  }
  local tmp = %(state)s .. '.tmp'
  vim.fn.writefile({ vim.fn.json_encode(state) }, tmp)
  vim.loop.fs_rename(tmp, %(state)s)
end
"""


def lua_string(s: str | Path) -> str:
    return json.dumps(str(s))


@pytest.fixture(scope="module")
def daemon() -> Path:
    path = Path(os.environ.get("SKELETOND", REPO / ".build" / "debug" / "skeletond"))
    if not path.exists():
        subprocess.run(["swift", "build", "--product", "skeletond"], cwd=REPO, check=True, timeout=1800)
    assert path.exists(), f"no daemon at {path}"
    return path


class Session:
    """Neovim in tmux, plus helpers to drive it and read its state."""

    def __init__(self, tmux: Tmux, state_file: Path, doc: Path):
        self.tmux, self.state_file, self.doc = tmux, state_file, doc

    def command(self, text: str) -> None:
        self.tmux.keys("Escape")
        self.tmux.literal(":" + text)
        self.tmux.keys("Enter")

    def state(self) -> dict:
        self.state_file.unlink(missing_ok=True)
        self.command("lua E2E_dump()")
        wait_for(self.state_file.exists, timeout=20, what="E2E_dump() to write the state file")
        return json.loads(self.state_file.read_text())

    def preview(self):
        return self.tmux.capture().preview()

    def stable_preview(self, quiet: float = 0.8, timeout: float = 30.0, differs_from=None):
        """Waits until the preview stops changing for `quiet` seconds (and differs from a given snapshot)."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while time.monotonic() < deadline:
            now = self.preview()
            if now != last:
                last, since = now, time.monotonic()
            elif now and time.monotonic() - since >= quiet and (differs_from is None or now != differs_from):
                return now
            time.sleep(0.1)
        raise AssertionError("the preview did not settle" + (" on a new picture" if differs_from else ""))

    def notes(self) -> list[str]:
        return [n["msg"] for n in self.state()["notes"]]


@contextlib.contextmanager
def neovim_in_tmux(tmp_path: Path, daemon: Path, text: str | None = None, source: Path = EXAMPLE,
                   marker: str = '"root"', arguments: tuple[str, ...] = (), doc: Path | None = None,
                   cwd: Path | None = None, extra_init: str = ""):
    """Neovim in a 120x40 tmux terminal, editing a copy of the example `source` (or `text`), or the file `doc` where
    it is, from `cwd` (default: tmp_path), with `extra_init` run after the test's init; the daemon is started with
    `arguments`."""
    if doc is None:
        doc = tmp_path / source.name
        shutil.copy(source, doc)
        if text is not None:
            doc.write_text(text)
    state_file = tmp_path / "state.json"
    init = tmp_path / "init.lua"
    init.write_text(INIT % {
        "plugin": lua_string(PLUGIN), "daemon": ", ".join(lua_string(part) for part in (daemon, *arguments)),
        "doc": lua_string(doc), "state": lua_string(state_file),
    } + extra_init)
    home = tmp_path / "home"
    env = {f"XDG_{k}_HOME": str(home / k.lower()) for k in ("CONFIG", "DATA", "STATE", "CACHE")}
    tmux = Tmux("nvim", columns=120, rows=40)
    tmux.start(f"nvim -u {init} -i NONE -n {doc}", env=env, cwd=str(cwd or tmp_path))
    try:
        session = Session(tmux, state_file, doc)
        wait_for(lambda: marker in tmux.plain(), timeout=20, what="Neovim to show the document")
        wait_for(lambda: session.state()["attached"] == 1, timeout=30, what="the LSP client to attach")
        yield session
    finally:
        tmux.kill()


@pytest.fixture()
def nvim(tmp_path: Path, daemon: Path):
    with neovim_in_tmux(tmp_path, daemon) as session:
        yield session


def rows_that_differ(a, b) -> set[int]:
    da, db = dict(a), dict(b)
    return {row for row in set(da) | set(db) if da.get(row) != db.get(row)}


def test_live_preview_follows_edits_and_diagnostics(nvim: Session):
    # --- An animated gradient skeleton, previewed from `cells` frames ------------------------------------
    nvim.command("SkeletonShow gradient animated")
    nvim.command("SkeletonPreview")
    state = wait_for(lambda: (s := nvim.state())["preview"] and s["preview"]["frames"] >= 2 and s,
                     timeout=30, what="preview frames")
    columns, rows = state["preview"]["columns"], state["preview"]["rows"]
    assert columns > 10 and rows > 3
    screen = wait_for(lambda: (s := nvim.tmux.capture()).rgb_cells() >= columns * rows and s,
                      timeout=30, what="the preview's ▀ cells with 24-bit colours on screen")
    assert "\x1b[38;2;" in screen.raw and "\x1b[48;2;" in screen.raw
    preview_rows = [r for r, cells in screen.cells.items() if len(cells) == columns]
    assert len(preview_rows) == rows, f"expected {rows} rows of {columns} cells, got {len(preview_rows)}"
    # Half blocks with real colours: skeleton greys and the card's white, not one flat colour.
    colours = {fg for r in preview_rows for _, fg, _ in screen.cells[r]}
    assert len(colours) > 3
    assert any("show: shown" in n for n in nvim.notes())

    # The animation streams: the picture keeps changing without edits (frames are acknowledged).
    first = screen.preview()
    wait_for(lambda: nvim.preview() != first, timeout=15, what="the animated preview to change")
    seq_before = nvim.state()["preview"]["seq"]
    wait_for(lambda: nvim.state()["preview"]["seq"] > seq_before + 5, timeout=15,
             what="more frames (acks keep the stream going)")

    # --- Following the window's size: a narrower terminal gives a new subscription and grid --------------
    nvim.tmux._run("resize-window", "-t", nvim.tmux.session, "-x", "100", "-y", "40")
    resized = wait_for(lambda: (s := nvim.state())["columns"] == 100 and s["preview"]["columns"] != columns
                       and s["preview"].get("subscription") and s, timeout=20, what="a resubscription after resize")
    new_columns = resized["preview"]["columns"]
    assert new_columns < columns
    wait_for(lambda: any(len(c) == new_columns for c in nvim.tmux.capture().cells.values())
             and not any(len(c) == columns for c in nvim.tmux.capture().cells.values()),
             timeout=20, what=f"preview rows of {new_columns} cells")

    # --- A static skeleton, then an edit that changes a frame -------------------------------------------
    nvim.command("SkeletonHide")
    wait_for(lambda: (nvim.state()["skeleton"] or {}).get("state") == "didDisappear", timeout=20,
             what="didDisappear after the hide's transition")
    nvim.command("SkeletonShow solid")
    wait_for(lambda: sum("show: shown" in n for n in nvim.notes()) >= 2, timeout=20, what="the solid show")
    wait_for(lambda: (nvim.state()["skeleton"] or {}).get("state") == "didAppear", timeout=20,
             what="didAppear after the show's transition")
    before = nvim.stable_preview()

    # Type an edit: the "follow" button's width 311 -> 120 (its frame is [16, 176, 311, 36]).
    nvim.tmux.keys("Escape")
    nvim.tmux.literal("/176, 311")
    nvim.tmux.keys("Enter")
    nvim.tmux.literal("Wcw120")
    nvim.tmux.keys("Escape")
    after = nvim.stable_preview(differs_from=before)
    changed = rows_that_differ(before, after)
    top = min(r for r, _ in after)
    height = len(after)
    # The button sits at y 192...228 of 260 points: only the lower part of the preview may change.
    assert changed and all(r - top >= height // 2 for r in changed), (changed, top, height)
    assert nvim.state()["diagnostics"] == []

    # --- A broken edit: a diagnostic appears; the preview keeps the last valid tree ----------------------
    nvim.tmux.keys("Escape", "G", "$")  # the document's last line is its closing brace
    nvim.tmux.literal("x")
    broken = wait_for(lambda: (s := nvim.state())["diagnostics"] and s, timeout=20,
                      what="a diagnostic after deleting the closing brace")
    assert broken["diagnostics"][0]["severity"] == 1  # error
    assert nvim.stable_preview() == after
    # ... and shows in the editor (a sign in the sign column, and virtual text with the message).
    message = broken["diagnostics"][0]["message"].splitlines()[0][:20]
    wait_for(lambda: message in nvim.tmux.plain(), timeout=10, what="the diagnostic's virtual text on screen")

    # The fix: type the brace back. The diagnostic clears.
    nvim.tmux.keys("Escape", "G")
    nvim.tmux.literal("A}")
    nvim.tmux.keys("Escape")
    wait_for(lambda: nvim.state()["diagnostics"] == [], timeout=20, what="the diagnostic to clear")
    assert nvim.stable_preview() == after

    # --- :SkeletonTree: the tree description in a scratch buffer -----------------------------------------
    nvim.command("SkeletonTree")
    wait_for(lambda: '"reference" : "follow"' in nvim.tmux.plain() or '"reference" : "screen"' in nvim.tmux.plain(),
             timeout=20, what="the tree description on screen")
    nvim.command("close")

    # --- Closing the preview ---------------------------------------------------------------------------
    nvim.command("SkeletonPreviewClose")
    wait_for(lambda: not nvim.tmux.capture().cells, timeout=20, what="the preview window to close")
    final = nvim.state()
    assert final["preview"] is None
    errors = [n["msg"] for n in final["notes"] if n["level"] >= 4]
    assert errors == [], errors

    nvim.command("qa!")
    wait_for(nvim.tmux.pane_dead, timeout=20, what="Neovim to exit")


def test_preview_of_a_broken_document_waits_for_valid_text(tmp_path: Path, daemon: Path):
    text = EXAMPLE.read_text().rstrip()
    assert text.endswith("}")
    with neovim_in_tmux(tmp_path, daemon, text=text[:-1] + "\n") as nvim:
        wait_for(lambda: nvim.state()["diagnostics"], timeout=20, what="the syntax error's diagnostic")
        nvim.command("SkeletonPreview")
        wait_for(lambda: "waiting for valid text" in nvim.tmux.plain(), timeout=20,
                 what="the preview to say it waits for valid text")
        assert not nvim.tmux.capture().cells
        # Type the missing brace: the preview subscribes and draws.
        nvim.tmux.keys("Escape", "G")
        nvim.tmux.literal("o}")
        nvim.tmux.keys("Escape")
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100, timeout=30, what="preview cells after the fix")
        state = nvim.state()
        assert state["diagnostics"] == []
        assert [n["msg"] for n in state["notes"] if n["level"] >= 4] == []


def test_a_storyboard_buffer_is_previewed(tmp_path: Path, daemon: Path):
    """Interface Builder files are documents too: the plugin attaches to a storyboard and previews its
    initial scene."""
    storyboard = REPO / "Examples" / "screens.storyboard"
    with neovim_in_tmux(tmp_path, daemon, source=storyboard, marker="<document") as nvim:
        nvim.command("SkeletonShow gradient")
        nvim.command("SkeletonPreview")
        state = wait_for(lambda: (s := nvim.state())["preview"] and s["preview"]["frames"] >= 1 and s,
                         timeout=30, what="storyboard preview frames")
        columns, rows = state["preview"]["columns"], state["preview"]["rows"]
        wait_for(lambda: nvim.tmux.capture().rgb_cells() >= columns * rows, timeout=30,
                 what="the storyboard preview's cells on screen")
        assert state["diagnostics"] == []


def test_one_preview_follows_the_current_skeleton_buffer(tmp_path: Path, daemon: Path):
    """A new document's preview is titled with its file and state, with a hint while nothing is shown; the one
    preview switches to the next skeleton buffer, closes over an unrelated one, and comes back with the document."""
    with neovim_in_tmux(tmp_path, daemon) as nvim:
        nvim.command("SkeletonPreview")
        wait_for(lambda: "profile-card.skeleton.json · hidden · :SkeletonShow" in nvim.tmux.plain(), timeout=30,
                 what="the title with the state and the hint")
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100, timeout=30, what="the document's content")
        nvim.command("SkeletonShow")
        wait_for(lambda: "profile-card.skeleton.json · shown" in nvim.tmux.plain(), timeout=30,
                 what="the title saying shown")
        assert "· :SkeletonShow" not in nvim.tmux.plain()

        # Another skeleton document: the same one window now shows it.
        other = tmp_path / "grid.skeleton.json"
        shutil.copy(REPO / "Examples" / "grid.skeleton.json", other)
        nvim.command(f"edit {other}")
        wait_for(lambda: "grid.skeleton.json · hidden" in nvim.tmux.plain(), timeout=30,
                 what="the preview to switch to the grid")
        assert "profile-card.skeleton.json ·" not in nvim.tmux.plain()
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100, timeout=30, what="the grid's content")
        windows = nvim.state()
        assert windows["preview"] is None  # the first document has no preview of its own any more

        # An unrelated buffer: the preview goes away ...
        nvim.command("enew")
        wait_for(lambda: not nvim.tmux.capture().cells and "grid.skeleton.json ·" not in nvim.tmux.plain(),
                 timeout=20, what="the preview to close over :enew")
        # ... and comes back with a skeleton buffer, showing that buffer's state.
        nvim.command("buffer profile-card.skeleton.json")
        wait_for(lambda: "profile-card.skeleton.json · shown" in nvim.tmux.plain(), timeout=30,
                 what="the preview to come back with the document")
        # :SkeletonPreviewClose stops following.
        nvim.command("SkeletonPreviewClose")
        wait_for(lambda: not nvim.tmux.capture().cells, timeout=20, what="the preview to close")
        nvim.command(f"buffer {other.name}")
        wait_for(lambda: "grid.skeleton.json" in nvim.tmux.plain(), timeout=20, what="the grid buffer")
        nvim.command("buffer profile-card.skeleton.json")
        wait_for(lambda: '"root"' in nvim.tmux.plain(), timeout=20, what="the card buffer")
        assert nvim.state()["preview"] is None
        assert [n["msg"] for n in nvim.state()["notes"] if n["level"] >= 4] == []


def test_the_preview_hides_no_diagnostic(tmp_path: Path, daemon: Path):
    """A warning at the end of a long line near the top: the preview moves down instead of covering it."""
    text = EXAMPLE.read_text().replace('"id": "screen", "frame"', '"id": "screen", "tint": "blue", "frame"')
    with neovim_in_tmux(tmp_path, daemon, text=text) as nvim:
        state = wait_for(lambda: (s := nvim.state())["diagnostics"] and s, timeout=20, what="the unknown-field warning")
        message = state["diagnostics"][0]["message"]
        assert "tint" in message
        wait_for(lambda: message[:30] in nvim.tmux.plain(), timeout=20, what="the warning's virtual text")
        nvim.command("SkeletonPreview")
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100, timeout=30, what="the preview's cells")
        screen = nvim.tmux.plain()
        assert message[:30] in screen, screen
        # The warning's screen rows are above the preview's first row.
        warning_row = max(i for i, line in enumerate(screen.split("\n")) if message[:12] in line)
        preview_top = min(nvim.tmux.capture().cells)
        assert preview_top > warning_row + 1


def test_a_preview_the_frame_budget_refuses_says_why(tmp_path: Path, daemon: Path):
    """A daemon whose frame budget cannot hold the preview's grid refuses the subscription (-32803 with
    `data.reason` "frameBudget"): the preview and a notice give the daemon's reason, where the preview once said
    "waiting for valid text" for a document whose text was valid, and retried on every edit."""
    with neovim_in_tmux(tmp_path, daemon, arguments=("--preview-budget", "4096")) as nvim:
        nvim.command("SkeletonPreview")
        wait_for(lambda: any("frames would need" in note for note in nvim.notes()), timeout=30,
                 what="the refusal's notice")
        wait_for(lambda: "preview/subscribe: this preview" in nvim.tmux.plain(), timeout=10,
                 what="the refusal in the preview")
        assert "waiting for valid text" not in nvim.tmux.plain()
        assert nvim.state()["preview"].get("subscription") is None


def test_update_and_completion(nvim: Session):
    """:SkeletonUpdate sends skeleton/update with every option; <Tab> completes words, options and values."""
    nvim.command("SkeletonShow solid")
    wait_for(lambda: any("show: shown" in n for n in nvim.notes()), timeout=20, what="the show")
    nvim.command("SkeletonUpdate gradient animated node=card gradient=#FF0000,#00FF00 animation=topBottom")
    wait_for(lambda: any(n.startswith("[skeleton] update: updated") for n in nvim.notes()), timeout=20,
             what="the update's outcome")
    nvim.command("SkeletonUpdate color=nosuchcolour")
    wait_for(lambda: any("skeleton/update" in n and "/params/color" in n for n in nvim.notes()), timeout=20,
             what="the daemon's refusal naming the member")
    nvim.command("SkeletonUpdate bogus=1")
    wait_for(lambda: any("unknown option `bogus`" in n for n in nvim.notes()), timeout=20, what="a bad option")

    def completes(typed: str, expected: str) -> None:
        nvim.tmux.keys("Escape")
        nvim.tmux.literal(":" + typed)
        nvim.tmux.keys("Tab")
        wait_for(lambda: (":" + expected) in nvim.tmux.plain(), timeout=10, what=f"completion of {typed!r}")
        nvim.tmux.keys("C-u", "Escape")

    completes("SkeletonUpdate gra", "SkeletonUpdate gradient")
    completes("SkeletonShow gradient anim", "SkeletonShow gradient animat")
    completes("SkeletonShow animation=topL", "SkeletonShow animation=topLeftBottomRight")
    completes("SkeletonHide tr", "SkeletonHide transition=")
    completes("SkeletonUpdate node=ava", "SkeletonUpdate node=avatar")


def test_omni_completion(tmp_path: Path, daemon: Path):
    """<C-x><C-o> completes with the daemon (Neovim 0.7 leaves 'omnifunc' unset: E764 before)."""
    with neovim_in_tmux(tmp_path, daemon) as nvim:
        nvim.command("lua E2E_NOTES[#E2E_NOTES + 1] = { msg = 'omnifunc=' .. vim.bo.omnifunc }")
        assert "omnifunc=v:lua.vim.lsp.omnifunc" in nvim.notes()
        # A new member in the handle label's object: `"numberOf` then <C-x><C-o>.
        nvim.command('call search(\'"id": "handle"\')')
        nvim.command("normal! f,")
        nvim.tmux.keys("a")
        nvim.tmux.literal(' "numberOf')
        nvim.tmux.keys("C-x", "C-o")
        wait_for(lambda: "numberOfLines" in nvim.tmux.plain(), timeout=20, what="the omni completion menu")
        assert "E764" not in nvim.tmux.plain()
        nvim.tmux.keys("C-e", "Escape")


def test_inlay_hints_colours_and_folding(tmp_path: Path, daemon: Path):
    """What Neovim 0.7's client does not show, the plugin does: hints at the end of their line, colour strings in
    their colour, and the daemon's folding ranges through 'foldexpr'."""
    with neovim_in_tmux(tmp_path, daemon) as nvim:
        def note(expression: str) -> str:
            nvim.command(f"lua E2E_NOTES[#E2E_NOTES + 1] = {{ msg = 'probe:' .. vim.fn.json_encode({expression}) }}")
            found = wait_for(lambda: [n for n in nvim.notes() if n.startswith("probe:")], timeout=10,
                             what="the probe's answer")
            nvim.command("lua for k = #E2E_NOTES, 1, -1 do"
                         " if E2E_NOTES[k].msg:sub(1, 6) == 'probe:' then table.remove(E2E_NOTES, k) end end")
            return json.loads(found[-1][len("probe:"):])

        marks = ("vim.tbl_map(function(m) return m[4].virt_text[1][1] end, vim.api.nvim_buf_get_extmarks(0,"
                 " require('skeleton.decorations').namespace, 0, -1, {details = true}))")
        # The bio label's automatic line count, at the end of its line and on the screen.
        hints = wait_for(lambda: (h := note(marks)) and h, timeout=20, what="inlay hints")
        assert any("lines" in h for h in hints), hints
        colors = ("#vim.api.nvim_buf_get_extmarks(0, require('skeleton.decorations').color_namespace, 0, -1, {})")
        assert wait_for(lambda: note(colors) >= 4, timeout=20, what="colour highlights")
        assert note("vim.wo.foldmethod") == "expr"
        # The card's object folds: its opening line starts a fold, and zc closes it.
        nvim.command("call search('\"id\": \"card\"')")
        nvim.command("normal! k")
        level = wait_for(lambda: (n := note("vim.fn.foldlevel('.')")) and n, timeout=10, what="fold levels")
        assert level >= 2
        nvim.command("normal! zc")
        assert note("vim.fn.foldclosed('.')") > 0
        # After an edit the hints follow: the bio's frame made one line high, its automatic line count is 1.
        assert not any("1 line" in h for h in hints), hints
        nvim.command("%s/16, 96, 311, 65/16, 96, 311, 20/")
        wait_for(lambda: any("1 line" in h for h in note(marks)), timeout=20, what="the hint after the edit")


def test_a_missing_daemon_is_one_notice(tmp_path: Path):
    """No setup{cmd} and no skeletond on PATH: one warning that says how to fix it, no error, no prompt."""
    doc = tmp_path / EXAMPLE.name
    shutil.copy(EXAMPLE, doc)
    second = tmp_path / "grid.skeleton.json"
    shutil.copy(REPO / "Examples" / "grid.skeleton.json", second)
    init = tmp_path / "init.lua"
    init.write_text(f"vim.opt.runtimepath:prepend({lua_string(PLUGIN)})\nvim.o.shortmess = vim.o.shortmess .. 'I'\n")
    home = tmp_path / "home"
    env = {f"XDG_{k}_HOME": str(home / k.lower()) for k in ("CONFIG", "DATA", "STATE", "CACHE")}
    env["PATH"] = "/usr/bin:/bin"
    assert shutil.which("skeletond", path=env["PATH"]) is None
    tmux = Tmux("nvim-nodaemon", columns=120, rows=30)
    tmux.start(f"nvim -u {init} -i NONE -n {doc}", env=env, cwd=str(tmp_path))
    try:
        wait_for(lambda: "no skeletond on PATH" in tmux.plain(), timeout=20, what="the notice")
        screen = tmux.plain()
        assert "Error detected" not in screen and "Press ENTER" not in screen, screen
        assert "scripts/demo" in screen and "setup{cmd}" in screen  # how to fix it, in one line
        assert '"root"' in screen  # the document, not a prompt
        # A second skeleton file: no second notice.
        messages = tmp_path / "messages.txt"
        tmux.keys("Escape")
        tmux.literal(f":edit {second}")
        tmux.keys("Enter")
        wait_for(lambda: "grid.skeleton.json" in tmux.plain(), timeout=20, what="the second file")
        tmux.literal(f":lua vim.fn.writefile(vim.split(vim.fn.execute('messages'), '\\n'), '{messages}')")
        tmux.keys("Enter")
        wait_for(messages.exists, timeout=20, what=":messages in a file")
        text = messages.read_text()
        assert text.count("no skeletond on PATH") == 1, text
        assert "Error" not in text, text
    finally:
        tmux.kill()


def test_a_new_document_shows_its_content_and_outlines_before_a_show(tmp_path: Path, daemon: Path):
    """Views without a background colour or text are not a blank white preview: their frames are outlined before any
    :SkeletonShow (issue 14, the preview of a new document); with outlines off the same preview is one colour."""
    text = json.dumps({"root": {"type": "UIView", "frame": [0, 0, 375, 300], "children": [
        {"type": "UIView", "id": "box", "frame": [16, 16, 343, 268], "children": [
            {"type": "UIView", "id": "inner", "frame": [16, 16, 150, 100]}]},
    ]}})
    with neovim_in_tmux(tmp_path, daemon, text=text) as nvim:
        nvim.command("SkeletonPreview")
        wait_for(lambda: " · hidden · :SkeletonShow" in nvim.tmux.plain(), timeout=30, what="the preview's title")

        def colours():
            return {c for _, cells in nvim.tmux.capture().cells.items() for _, fg, bg in cells for c in (fg, bg) if c}
        # The white canvas and the outlines' grey.
        wait_for(lambda: len(colours()) >= 2, timeout=30, what="outlines in the preview")
        assert any(max(c) < 250 for c in colours())
        # Without outlines nothing but the canvas shows.
        nvim.command("lua require('skeleton.config').options.preview.outlines = false")
        nvim.command("SkeletonPreviewClose")
        nvim.command("SkeletonPreview")
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100 and len(colours()) == 1, timeout=30,
                 what="a plain preview without outlines")


def float_box(screen: list[str]) -> tuple[int, int, int]:
    """The preview float's top row, left column and height (borders included), from its rounded border."""
    top = next(r for r, line in enumerate(screen) if "╭" in line)
    bottom = next(r for r, line in enumerate(screen) if "╰" in line)
    return top, screen[top].index("╭"), bottom - top + 1


def test_the_preview_sits_where_it_hides_least_code_with_its_whole_title(tmp_path: Path, daemon: Path):
    """The float once sat at the top right over the code's long lines, and its title ran past its width
    (" … · hidden · :SkeletonShow [solid|gradient] [a")."""
    with neovim_in_tmux(tmp_path, daemon) as nvim:
        before = nvim.tmux.plain().split("\n")
        nvim.command("SkeletonPreview")
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100, timeout=30, what="the preview's cells")
        screen = wait_for(lambda: (s := nvim.tmux.plain().split("\n")) and "hidden" in "".join(s) and s, timeout=20,
                          what="the title")
        top, left, height = float_box(screen)
        title = next(line for line in screen if "profile-card.skeleton.json · hidden" in line)
        assert re.search(r"· :SkeletonShow *│$", title.rstrip()), title  # the short hint, whole, inside the border

        # The rows of code whose text reaches under the float's columns, for each place it could sit.
        last = nvim.state()["lines"] - 2 - 1 - height  # 'cmdheight' 2, the status line
        def hidden(t: int) -> int:
            return sum(1 for r in range(t, t + height) if r < len(before) and before[r][left:].strip())
        assert hidden(top) == min(hidden(t) for t in range(0, last + 1)), (top, [hidden(t) for t in range(last + 1)])
        assert hidden(top) < hidden(0)

        # A long name loses its middle, never the state.
        probe = ("lua E2E_NOTES[#E2E_NOTES + 1] = { msg = 'title:' .. require('skeleton.preview')"
                 ".fit_title('a-very-long-document-name.skeleton.json', 'scheduled', 30) }")
        nvim.command(probe)
        fitted = wait_for(lambda: [n for n in nvim.notes() if n.startswith("title:")], timeout=10,
                          what="the fitted title")[0][len("title:"):]
        assert len(fitted) <= 30 and fitted.endswith(" · scheduled") and "…" in fitted, fitted


def test_only_closes_the_preview_but_it_comes_back_and_keeps_following(tmp_path: Path, daemon: Path):
    """:only closes every float: the preview once closed for good, silently no longer following buffers."""
    with neovim_in_tmux(tmp_path, daemon) as nvim:
        nvim.command("SkeletonPreview")
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100, timeout=30, what="the preview's cells")
        first = wait_for(lambda: (p := nvim.state()["preview"]) and p.get("subscription") and p, timeout=20,
                         what="the subscription")
        nvim.command("only")
        again = wait_for(lambda: (p := nvim.state()["preview"]) and p["window"] != first["window"]
                         and p.get("subscription") and p["frames"] >= 1 and p, timeout=30,
                         what="the preview to open again after :only")
        assert again["subscription"] != first["subscription"]
        wait_for(lambda: nvim.tmux.capture().rgb_cells() > 100, timeout=30, what="its cells on screen")
        # Still following: another skeleton document switches it.
        other = tmp_path / "grid.skeleton.json"
        shutil.copy(REPO / "Examples" / "grid.skeleton.json", other)
        nvim.command(f"edit {other}")
        wait_for(lambda: "grid.skeleton.json · hidden" in nvim.tmux.plain(), timeout=30,
                 what="the preview to switch to the grid")
        # Closed by hand, from inside it (:close there), it stays closed.
        nvim.command("wincmd W")  # the float is the last window
        nvim.command("close")
        wait_for(lambda: not nvim.tmux.capture().cells, timeout=20, what="the preview to close")
        nvim.command("buffer profile-card.skeleton.json")
        wait_for(lambda: '"root"' in nvim.tmux.plain(), timeout=20, what="the card buffer")
        assert nvim.state()["preview"] is None
        assert [n["msg"] for n in nvim.state()["notes"] if n["level"] >= 4] == []


def test_a_delayed_show_says_when_in_seconds(nvim: Session):
    """The outcome once read `scheduled at 17.07196183`, a raw session-clock value."""
    nvim.command("SkeletonShow delay=0.8")
    note = wait_for(lambda: [n for n in nvim.notes() if "show: scheduled" in n], timeout=20, what="the outcome")[0]
    assert re.search(r"show: scheduled in 0\.80 s \(at \d+\.\d\d s on the session clock\)$", note), note
