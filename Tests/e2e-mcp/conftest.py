"""Fixtures for `skeleton mcp` driven by the official MCP Python client (the `mcp` package from PyPI).

The server is the built CLI: $SKELETON, else `skeleton` beside $SKELETOND, else .build/debug/skeleton; it starts
$SKELETOND (else the skeletond beside it). Build both first (`swift build`); scripts/test does.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import sys
from contextlib import AsyncExitStack

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = pathlib.Path(__file__).resolve().parents[2]
DAEMON = pathlib.Path(os.environ.get("SKELETOND", ROOT / ".build" / "debug" / "skeletond"))
CLI = pathlib.Path(os.environ.get("SKELETON", DAEMON.parent / "skeleton"))

if not CLI.is_file() or not DAEMON.is_file():
    raise pytest.UsageError(f"no skeleton or skeletond binary at {CLI} / {DAEMON}: run `swift build`")

# Every call must finish within this many seconds: a server that does not answer fails the test.
TIMEOUT = 60

BROKEN_CARD = """{
  "root": {
    "type": "UIView", "id": "screen", "frame": [0, 0, 200, 120], "isSkeletonable": true,
    "children": [
      {"type": "UIView", "id": "card", "frame": [10, 10, 180, 100],
       "children": [
         {"type": "UILabel", "id": "title", "frame": [10, 10, 120, 20], "isSkeletonable": true, "text": "Hi"}
       ]}
    ]
  }
}
"""


@pytest.fixture
def project(tmp_path: pathlib.Path) -> pathlib.Path:
    """An app folder: two examples, a layout whose label sits under a view that is not skeletonable, a JSON file
    that is not a layout, a README, a symbolic link leading out of the folder; and a layout outside it."""
    app = tmp_path / "app"
    app.mkdir()
    for name in ("profile-card.skeleton.json", "screens.storyboard"):
        shutil.copy(ROOT / "Examples" / name, app / name)
    (app / "broken.json").write_text(BROKEN_CARD)
    (app / "not-a-layout.json").write_text('{"hello": "world"}\n')
    (app / "binary.json").write_bytes(b"\xff\xfe\x00garbage\x80")
    (app / "README.md").write_text("# an app\n")
    (app / "folder.json").mkdir()
    outside = tmp_path / "outside.json"
    shutil.copy(ROOT / "Examples" / "profile-card.skeleton.json", outside)
    (app / "link.json").symlink_to(outside)
    return app


def server_parameters(*args: str, env: dict[str, str] | None = None) -> StdioServerParameters:
    return StdioServerParameters(
        command=str(CLI), args=["mcp", *args], env={"SKELETOND": str(DAEMON), **(env or {})})


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The fields after the command (which may hold spaces) start after its closing parenthesis.
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def command_name(pid: int) -> str:
    try:
        return (pathlib.Path("/proc") / str(pid) / "comm").read_text().strip()
    except OSError:
        return ""


def server_pid() -> int:
    """The `skeleton mcp` process this test started."""
    servers = [pid for pid in children(os.getpid()) if command_name(pid) == "skeleton"]
    assert len(servers) == 1, servers
    return servers[0]


def daemon_pids(server: int) -> list[int]:
    """The running skeletond processes the server started."""
    return [pid for pid in children(server) if command_name(pid) == "skeletond"]


def peak_memory_kib(pid: int) -> int:
    """The process's peak resident set (VmHWM), in KiB."""
    for line in (pathlib.Path("/proc") / str(pid) / "status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


async def connect(stack: AsyncExitStack, params: StdioServerParameters) -> ClientSession:
    read, write = await stack.enter_async_context(stdio_client(params, errlog=sys.stderr))
    session = await stack.enter_async_context(ClientSession(read, write, read_timeout_seconds=TIMEOUT))
    await session.initialize()
    return session
