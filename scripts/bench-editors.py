#!/usr/bin/env python3
"""(q) The editors' own cost of an animated preview: Emacs and Neovim, each in a tmux terminal with its client from
Clients/, preview the feed example while its skeleton animates; the editor's process and the daemon it started are
measured over the same seconds (user + system CPU time from /proc, as % of one core), with the frames drawn.

    scripts/bench-editors.py --skeletond PATH [--seconds S] [--runs N] [--editors emacs,nvim] [--columns C --rows R]
                             [--replay]

With --replay each editor draws frames recorded from the daemon beforehand, sent by a proxy at the rate the client
asks for (its maxFps): the editor's cost at its default frame rate, whatever the daemon's speed on this machine.

Prints a Markdown table (medians of N runs). Needs tmux and the editor (emacs-nox with Debian's elpa-eglot, nvim); an
editor that is missing is reported as such and skipped. The terminal is the same size for both (140x40 by default).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "e2e-nvim"))
from tmuxterm import Tmux, wait_for  # noqa: E402

FEED = REPO / "Examples" / "feed.skeleton.json"
ELPA = os.environ.get("SKELETON_E2E_ELPA", "/usr/share/emacs/site-lisp/elpa")
TICKS = os.sysconf("SC_CLK_TCK")
SHOWS = {"gradient": ["gradient", "animated"], "pulse": ["solid", "animated"]}

EMACS_INIT = r"""
(require 'package)
(setq package-user-dir (expand-file-name "elpa" %(home)s) package-directory-list (list %(elpa)s))
(package-initialize)
(add-to-list 'load-path %(package)s)
(require 'skeletond)
(setq skeleton-server-command (list %(command)s) make-backup-files nil auto-save-default nil create-lockfiles nil)
(setq server-socket-dir %(sockets)s)
(server-start)
(defun skeleton-bench-frames ()
  (let ((preview (buffer-local-value 'skeleton--preview (get-file-buffer %(doc)s))))
    (if (buffer-live-p preview)
        (with-current-buffer preview
          (format "%%d %%d %%d" skeleton--frames (car skeleton--grid) (cdr skeleton--grid)))
      "0 0 0")))
"""

NVIM_INIT = r"""
vim.opt.runtimepath:prepend(%(plugin)s)
vim.o.termguicolors = true
vim.o.swapfile = false
vim.o.shortmess = vim.o.shortmess .. 'I'
vim.notify = function() end
require('skeleton').setup{ cmd = { %(command)s } }
function BENCH_frames()
  local s = require('skeleton').status(vim.fn.bufnr(%(doc)s)) or {}
  local tmp = %(out)s .. '.tmp'
  vim.fn.writefile({ string.format('%%d %%d %%d', s.frames or 0, s.columns or 0, s.rows or 0) }, tmp)
  vim.loop.fs_rename(tmp, %(out)s)
end
"""


def quoted(value) -> str:
    return json.dumps(str(value))


def descendants(pid: int) -> list[int]:
    """pid and every process under it."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def command_name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def executable(pid: int) -> str:
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return ""


def find(tmux: Tmux, what: str, test) -> int:
    """The first process in tmux's pane that passes test(pid)."""
    pane = int(tmux._run("display-message", "-p", "-t", tmux.session, "#{pane_pid}").stdout.strip())
    return wait_for(lambda: next((p for p in descendants(pane) if test(p)), None), timeout=30, what=what)


class Editor:
    """One editor in tmux previewing a copy of the feed: start(), show(words), frames(), stop()."""

    name = ""
    program = ""

    def __init__(self, command: list[str], columns: int, rows: int):
        self.daemon_command, self.columns, self.rows = command, columns, rows
        self.tmp = Path(tempfile.mkdtemp(prefix=f"skeleton-bench-{self.program}-"))
        self.doc = self.tmp / "feed.skeleton.json"
        shutil.copy(FEED, self.doc)
        self.tmux = Tmux(f"bench-{self.program}", columns=columns, rows=rows)

    def stop(self) -> None:
        self.tmux.kill()
        shutil.rmtree(self.tmp, ignore_errors=True)


class Emacs(Editor):
    name, program = "Emacs (skeletond.elc, eglot)", "emacs"

    def start(self) -> None:
        home, sockets, package = self.tmp / "home", self.tmp / "sockets", self.tmp / "package"
        home.mkdir()
        sockets.mkdir(mode=0o700)
        self.socket = sockets / "server"
        # Byte-compiled, as package.el installs it (loaded from source, Lisp is interpreted: ~1.5x the CPU a frame).
        package.mkdir()
        shutil.copy(REPO / "Clients" / "emacs" / "skeletond.el", package)
        subprocess.run(["emacs", "-Q", "--batch", "--eval",
                        f"(progn (require 'package) (setq package-directory-list (list {quoted(ELPA)}))"
                        " (package-initialize))", "-f", "batch-byte-compile", str(package / "skeletond.el")],
                       check=True, capture_output=True, timeout=120)
        init = self.tmp / "init.el"
        init.write_text(EMACS_INIT % {"home": quoted(home), "elpa": quoted(ELPA),
                                      "package": quoted(package),
                                      "command": " ".join(map(quoted, self.daemon_command)),
                                      "sockets": quoted(sockets), "doc": quoted(self.doc)})
        self.tmux.start(f"emacs -nw -Q -l {init} {self.doc}", cwd=str(self.tmp),
                        env={"HOME": str(home), "COLORTERM": "truecolor", "TERM": "xterm-256color"})
        wait_for(self.socket.exists, timeout=30, what="the Emacs server")
        self.tmux.keys("C-a")  # eglot-ensure connects after the first command
        wait_for(lambda: self.frames()[0] > 0, timeout=60, what="Emacs's first preview frame")

    def eval(self, form: str) -> str:
        out = subprocess.run(["emacsclient", "-s", str(self.socket), "--eval", form], capture_output=True, text=True,
                             timeout=30)
        return out.stdout.strip()

    def show(self, words: list[str]) -> None:
        self.eval(f"(with-current-buffer (get-file-buffer {quoted(self.doc)})"
                  f" (skeleton-show '({' '.join(quoted(w) for w in words)})) t)")

    def frames(self) -> tuple[int, int, int]:
        text = self.eval("(skeleton-bench-frames)").strip('"')
        parts = text.split() if text else []
        return tuple(int(p) for p in parts) if len(parts) == 3 else (0, 0, 0)


class Neovim(Editor):
    name, program = "Neovim (Clients/nvim, built-in LSP)", "nvim"

    def start(self) -> None:
        self.out = self.tmp / "frames.txt"
        init = self.tmp / "init.lua"
        init.write_text(NVIM_INIT % {"plugin": quoted(REPO / "Clients" / "nvim"),
                                     "command": ", ".join(map(quoted, self.daemon_command)),
                                     "doc": quoted(self.doc), "out": quoted(self.out)})
        home = self.tmp / "home"
        env = {f"XDG_{k}_HOME": str(home / k.lower()) for k in ("CONFIG", "DATA", "STATE", "CACHE")}
        self.tmux.start(f"nvim -u {init} -i NONE -n {self.doc}", env=env, cwd=str(self.tmp))
        wait_for(lambda: '"root"' in self.tmux.plain(), timeout=30, what="Neovim to show the document")
        self.tmux.keys(":SkeletonPreview", "Enter")
        wait_for(lambda: self.frames()[0] > 0, timeout=60, what="Neovim's first preview frame")

    def command(self, text: str) -> None:
        self.tmux.keys("Escape")
        self.tmux.literal(":" + text)
        self.tmux.keys("Enter")

    def show(self, words: list[str]) -> None:
        self.command("SkeletonShow " + " ".join(words))

    def frames(self) -> tuple[int, int, int]:
        self.out.unlink(missing_ok=True)
        self.command("lua BENCH_frames()")
        wait_for(self.out.exists, timeout=20, what="Neovim to write its frame count")
        parts = self.out.read_text().split()
        return tuple(int(p) for p in parts) if len(parts) == 3 else (0, 0, 0)


# --- Replayed frames: the editor's own cost at a steady frame rate, whatever the daemon's speed ----------------------
#
# `--record FILE` drives the daemon on the manual clock (the feed, `skeleton/show` animated, a `cells` subscription of
# the editor's grid and viewport), one `clock/advance` of 1/30 s after another, and keeps the frames. `--replay FILE`
# then runs each editor with a proxy in front of the daemon: everything goes through but the frames, which the proxy
# sends from FILE itself, at the subscription's `maxFps`, within its `window` of unacknowledged frames (a keyframe,
# then the diffs of two animation periods, the second looped). So every run draws the same frames at the rate the
# client asked for, and a slow daemon (a debug build, a busy machine) does not flatter the editor with fewer frames.


def lsp_write(stream, message: dict) -> None:
    body = json.dumps(message, separators=(",", ":")).encode()
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


def lsp_read(stream) -> dict | None:
    """The next message's body as bytes-decoded JSON, or None at the end."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    return json.loads(stream.read(length)) if length is not None else None


def record(daemon: Path, out: Path, columns: int, rows: int, periods: int = 2, fps: int = 30) -> None:
    """Frames of the feed's `gradient animated` skeleton on a columns x rows grid (with the viewport an editor asks
    for on a long canvas), one every 1/fps s over `periods` animation periods (1.5 s each) and one frame more."""
    process = subprocess.Popen([str(daemon)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    ids = iter(range(1, 1 << 30))
    frames: list[dict] = []

    def call(method: str, params: dict):
        request_id = next(ids)
        lsp_write(process.stdin, {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = lsp_read(process.stdout)
            assert message is not None, "the daemon ended"
            if message.get("method") == "preview/frame":
                frames.append(message["params"])
                lsp_write(process.stdin, {"jsonrpc": "2.0", "method": "preview/ack",
                                          "params": {"subscription": message["params"]["subscription"],
                                                     "seq": message["params"]["seq"]}})
            elif message.get("id") == request_id:
                assert "error" not in message, message
                return message.get("result")

    try:
        call("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                            "initializationOptions": {"clock": "manual"}})
        lsp_write(process.stdin, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        uri = "file:///bench/feed.skeleton.json"
        lsp_write(process.stdin, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "json", "version": 1, "text": FEED.read_text()}}})
        layers = call("skeleton/layers", {"uri": uri})
        width, height = layers["width"], layers["height"]
        shown = width * 2 * rows / columns
        viewport = {"x": 0, "y": 0, "width": width, "height": shown} if shown < height else None
        call("skeleton/show", {"uri": uri, "type": "gradient", "animated": True, "transition": "none"})
        params = {"uri": uri, "encoding": "cells", "cells": {"columns": columns, "rows": rows}, "window": 64}
        if viewport:
            params["viewport"] = viewport
        call("preview/subscribe", params)
        for _ in range(int(periods * 1.5 * fps)):
            call("clock/advance", {"seconds": 1 / fps})
        call("daemon/status", {})
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    keys = sum(1 for f in frames if f.get("keyframe"))
    assert frames and frames[0].get("keyframe") and keys == 1, f"{len(frames)} frames, {keys} keyframes"
    out.write_text("\n".join(json.dumps(f, separators=(",", ":")) for f in frames) + "\n")
    print(f"bench: recorded {len(frames)} frames of {columns}x{rows} to {out}", file=sys.stderr)


def packed_run(run: dict) -> list[int]:
    """A `cells` run as `cellsPacked` sends it: [x, y, fg0, bg0, ...], colours as 0xRRGGBB."""
    values = [run["x"], run["y"]]
    for fg, bg in zip(run["fg"], run["bg"]):
        values += [int(fg[1:], 16), int(bg[1:], 16)]
    return values


def proxy(frames_file: Path, command: list[str]) -> None:
    """Stands between an editor (stdin/stdout) and the daemon `command`. Until frames_file exists everything goes
    through; from then on the daemon's frames are dropped and the editor's acks kept (the daemon, its window full,
    builds nothing more), and the proxy sends frames_file's frames to the live subscription at its `maxFps`."""
    import threading

    daemon = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = sys.stdout.buffer
    lock = threading.Lock()
    acked = threading.Condition()
    state = {"acked": 0, "seq": 0, "subscription": None, "rate": (60.0, 2), "replaying": False, "encoding": "cells"}

    def replay() -> None:
        frames = [json.loads(line) for line in frames_file.read_text().splitlines() if line]
        if state["encoding"] == "cellsPacked":
            frames = [dict(f, encoding="cellsPacked", cells=[packed_run(run) for run in f["cells"]]) for f in frames]
        # After the first period the diffs are looped: the animation is periodic, so the last frame's grid is the
        # one the loop starts from.
        period = (len(frames) - 1) // 2
        fps, window = state["rate"]
        k, next_at = 0, time.monotonic()
        while True:
            with acked:
                acked.wait_for(lambda: state["seq"] - state["acked"] < window)
                state["seq"] += 1
                seq = state["seq"]
            next_at = max(next_at + 1 / fps, time.monotonic())
            time.sleep(max(0.0, next_at - time.monotonic()))
            frame = dict(frames[k], subscription=state["subscription"], seq=seq)
            with lock:
                lsp_write(out, {"jsonrpc": "2.0", "method": "preview/frame", "params": frame})
            k = k + 1 if k + 1 < len(frames) else len(frames) - period

    def from_daemon() -> None:
        while (message := lsp_read(daemon.stdout)) is not None:
            if message.get("method") == "preview/frame":
                if state["replaying"]:
                    continue
                if frames_file.exists():
                    state["replaying"] = True
                    with acked:
                        state["acked"] = state["seq"]
                    threading.Thread(target=replay, daemon=True).start()
                    continue
                state["subscription"], state["seq"] = message["params"]["subscription"], message["params"]["seq"]
            with lock:
                lsp_write(out, message)

    threading.Thread(target=from_daemon, daemon=True).start()
    while (message := lsp_read(sys.stdin.buffer)) is not None:
        method = message.get("method")
        if method == "preview/subscribe":
            state["rate"] = (float(message["params"].get("maxFps", 60)), int(message["params"].get("window", 2)))
            state["encoding"] = message["params"].get("encoding")
        if method == "preview/ack" and state["replaying"]:
            with acked:
                state["acked"] = max(state["acked"], int(message["params"]["seq"]))
                acked.notify_all()
            continue
        lsp_write(daemon.stdin, message)
    daemon.stdin.close()


def measure(editor_class, daemon: Path, words: list[str], seconds: float, columns: int, rows: int,
            replay: bool = False) -> dict:
    frames_file = Path(tempfile.mkdtemp(prefix="skeleton-bench-frames-")) / "frames.jsonl"
    command = [sys.executable, str(Path(__file__).resolve()), "--proxy", str(frames_file), str(daemon)] if replay \
        else [str(daemon)]
    editor = editor_class(command, columns, rows)
    try:
        editor.start()
        editor_pid = find(editor.tmux, f"the {editor.program} process",
                          lambda p: command_name(p).startswith(editor.program))
        daemon_pid = find(editor.tmux, "the daemon", lambda p: executable(p) == str(daemon))
        if replay:
            _, grid_columns, grid_rows = editor.frames()
            record(daemon, frames_file, grid_columns, grid_rows)
        editor.show(words)
        time.sleep(2)  # the show's transition, and the stream at its steady rate
        frames0 = editor.frames()[0]
        e0, d0, t0 = cpu_seconds(editor_pid), cpu_seconds(daemon_pid), time.monotonic()
        time.sleep(seconds)
        e1, d1, t1 = cpu_seconds(editor_pid), cpu_seconds(daemon_pid), time.monotonic()
        frames1, grid_columns, grid_rows = editor.frames()
        wall = t1 - t0
        frames = max(1, frames1 - frames0)
        return {"editor": 100 * (e1 - e0) / wall, "daemon": 100 * (d1 - d0) / wall, "fps": (frames1 - frames0) / wall,
                "per_frame": 1000 * (e1 - e0) / frames, "grid": f"{grid_columns}×{grid_rows}"}
    finally:
        editor.stop()
        shutil.rmtree(frames_file.parent, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skeletond", required=True, type=Path)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--editors", default="emacs,nvim")
    parser.add_argument("--shows", default="gradient,pulse")
    parser.add_argument("--columns", type=int, default=140)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--replay", action="store_true",
                        help="draw recorded frames at the client's maxFps (see record and proxy), not the daemon's")
    if len(sys.argv) > 2 and sys.argv[1] == "--proxy":
        return proxy(Path(sys.argv[2]), sys.argv[3:])
    args = parser.parse_args()
    daemon = args.skeletond.resolve()
    editors = {"emacs": Emacs, "nvim": Neovim}
    print(f"\n## (q) Editors: an animated preview's cost in the editor (feed example, {args.columns}×{args.rows}"
          f" terminal, CPU over {args.seconds:g} s, median of {args.runs}; aim: the editor ≤ 10 % of a core"
          f"{'; recorded frames replayed at the client’s maxFps' if args.replay else ''})\n")
    print("| editor | show | grid | frames/s | editor CPU (% of a core) | editor CPU per frame | daemon CPU (same run)"
          " | editor ÷ daemon |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for key in args.editors.split(","):
        editor_class = editors[key]
        missing = [p for p in (editor_class.program, "tmux") + (("emacsclient",) if key == "emacs" else ())
                   if shutil.which(p) is None]
        if missing:
            print(f"| {editor_class.name} | | | | not measured: no {', '.join(missing)} | | | |")
            continue
        for show in args.shows.split(","):
            runs = [measure(editor_class, daemon, SHOWS[show], args.seconds, args.columns, args.rows, args.replay)
                    for _ in range(args.runs)]
            print(f"bench: {key} {show}: {runs}", file=sys.stderr)
            editor = statistics.median(r["editor"] for r in runs)
            daemon_cpu = statistics.median(r["daemon"] for r in runs)
            fps = statistics.median(r["fps"] for r in runs)
            per_frame = statistics.median(r["per_frame"] for r in runs)
            ratio = f"{editor / daemon_cpu:.2f}×" if daemon_cpu > 0 else "–"
            print(f"| {editor_class.name} | `{' '.join(SHOWS[show])}` | {runs[0]['grid']} | {fps:.1f} |"
                  f" **{editor:.1f} %** | {per_frame:.1f} ms | {daemon_cpu:.1f} % | {ratio} |", flush=True)
    print("")


if __name__ == "__main__":
    main()
