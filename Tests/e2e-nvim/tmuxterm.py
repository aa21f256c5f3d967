"""A real terminal for end-to-end tests: a private tmux server, its pane captured with colours.

`capture()` returns the pane as `Screen`: the plain text and, for every `▀` (U+2580) cell, its 24-bit
foreground and background decoded from the SGR escapes tmux writes with `capture-pane -e`.
"""
from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass, field

BLOCK = "\u2580"
SGR = re.compile(r"\x1b\[([0-9;:]*)m")
OTHER_ESCAPE = re.compile(r"\x1b(\[[0-9;:?]*[A-Za-z]|\][^\x07]*\x07|[()][0-9A-Za-z])")


@dataclass
class Screen:
    raw: str
    text: list[str] = field(default_factory=list)
    # cells[row] = list of (column, fg, bg) for each ▀ on that row; fg/bg are (r, g, b) or None
    cells: dict[int, list[tuple[int, tuple | None, tuple | None]]] = field(default_factory=dict)

    def preview(self) -> list[tuple]:
        """The ▀ cells, row by row, as hashable (row, [(fg, bg), ...]) tuples."""
        return [(row, tuple((fg, bg) for _, fg, bg in cells)) for row, cells in sorted(self.cells.items())]

    def rgb_cells(self) -> int:
        return sum(1 for cells in self.cells.values() for _, fg, bg in cells if fg and bg)


def _apply_sgr(params: str, fg, bg):
    parts = [p for p in re.split(r"[;:]", params)] if params else ["0"]
    i = 0
    while i < len(parts):
        p = parts[i] or "0"
        n = int(p) if p.isdigit() else 0
        if n == 0:
            fg = bg = None
        elif n in (38, 48) and i + 1 < len(parts) and parts[i + 1] == "2":
            # 38;2;r;g;b (tmux may also write 38:2::r:g:b, with an empty colour-space id)
            rest = [x for x in parts[i + 2:i + 6] if x != ""][:3]
            if len(rest) == 3 and all(x.isdigit() for x in rest):
                colour = tuple(int(x) for x in rest)
                if n == 38:
                    fg = colour
                else:
                    bg = colour
            i += 5 if parts[i + 2:i + 3] != [""] else 6
            continue
        elif n in (38, 48) and i + 1 < len(parts) and parts[i + 1] == "5":
            if n == 38:
                fg = ("index", parts[i + 2] if i + 2 < len(parts) else "")
            else:
                bg = ("index", parts[i + 2] if i + 2 < len(parts) else "")
            i += 3
            continue
        elif n == 39 or 30 <= n <= 37 or 90 <= n <= 97:
            fg = None if n == 39 else ("ansi", n)
        elif n == 49 or 40 <= n <= 47 or 100 <= n <= 107:
            bg = None if n == 49 else ("ansi", n)
        i += 1
    return fg, bg


def parse(raw: str) -> Screen:
    screen = Screen(raw=raw)
    for row, line in enumerate(raw.split("\n")):
        fg = bg = None
        column = 0
        plain = []
        pos = 0
        while pos < len(line):
            m = SGR.match(line, pos)
            if m:
                fg, bg = _apply_sgr(m.group(1), fg, bg)
                pos = m.end()
                continue
            m = OTHER_ESCAPE.match(line, pos)
            if m:
                pos = m.end()
                continue
            ch = line[pos]
            pos += 1
            if ch == BLOCK:
                screen.cells.setdefault(row, []).append((column, fg, bg))
            plain.append(ch)
            column += 1
        screen.text.append("".join(plain))
    return screen


class Tmux:
    def __init__(self, name: str, columns: int = 120, rows: int = 40):
        self.socket = f"skeleton-e2e-{name}-{os.getpid()}"
        self.session = "e2e"
        self.columns, self.rows = columns, rows

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                              check=check, capture_output=True, text=True, timeout=30)

    def start(self, command: str, env: dict[str, str] | None = None, cwd: str | None = None) -> None:
        args = ["new-session", "-d", "-s", self.session, "-x", str(self.columns), "-y", str(self.rows)]
        if cwd:
            args += ["-c", cwd]
        for key, value in (env or {}).items():
            args += ["-e", f"{key}={value}"]
        self._run(*args, command)
        self.socket_path = self._run("display-message", "-p", "#{socket_path}").stdout.strip()
        self._run("set-option", "-t", self.session, "remain-on-exit", "on")

    def keys(self, *keys: str) -> None:
        self._run("send-keys", "-t", self.session, *keys)

    def literal(self, text: str) -> None:
        self._run("send-keys", "-t", self.session, "-l", text)

    def capture(self) -> Screen:
        out = self._run("capture-pane", "-p", "-e", "-t", self.session).stdout
        return parse(out)

    def plain(self) -> str:
        return self._run("capture-pane", "-p", "-t", self.session).stdout

    def pane_dead(self) -> bool:
        out = self._run("display-message", "-p", "-t", self.session, "#{pane_dead}", check=False).stdout
        return out.strip() == "1"

    def kill(self) -> None:
        self._run("kill-server", check=False)
        if getattr(self, "socket_path", None):
            try:
                os.unlink(self.socket_path)
            except OSError:
                pass


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.1, what: str = "condition"):
    """Polls predicate() until it returns a truthy value; returns it, or raises AssertionError."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what} (last: {last!r})")
