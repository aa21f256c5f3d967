"""`skeleton mcp` under bad calls, garbage input and a daemon that dies or hangs: every failure is a tool error (or
a JSON-RPC error for what is not a tool call) and the server keeps serving."""

from __future__ import annotations

import json
import os
import pathlib
import select
import signal
import subprocess
import threading
import time
from contextlib import AsyncExitStack

import pytest
from mcp.shared.exceptions import MCPError

from conftest import CLI, DAEMON, connect, daemon_pids, peak_memory_kib, server_parameters, server_pid

CARD = "profile-card.skeleton.json"

# (tool, arguments, words the error must contain)
BAD_CALLS = [
    ("lint", {}, "lint: file is required"),
    ("lint", {"file": 5}, "lint: file must be a string, not a number"),
    ("lint", {"file": None}, "lint: file is required"),
    ("lint", {"file": ""}, "file must be a path of 1 to 4096 bytes"),
    ("lint", {"file": "x" * 5000}, "lint: file is longer than 4096 bytes"),
    ("lint", {"file": CARD, "colour": "red"}, 'lint: unknown argument "colour"; it takes file'),
    ("render", {"file": CARD, "scale": "2"}, "render: scale must be a number, not a string"),
    ("render", {"file": CARD, "scale": 1e9}, "render: scale must be between 1 and 4, not 1000000000"),
    ("render", {"file": CARD, "scale": 0.5}, "render: scale must be between 1 and 4, not 0.5"),
    ("render", {"file": CARD, "time": -1}, "render: time must be between 0 and 600, not -1"),
    ("render", {"file": CARD, "time": 1e300}, "render: time must be between 0 and 600"),
    ("render", {"file": CARD, "animated": "yes"}, "render: animated must be true or false, not a string"),
    ("render", {"file": CARD, "type": "wavy"}, "render: type must be one of solid, gradient"),
    ("render", {"file": CARD, "scheme": ["dark"]}, "render: scheme must be a string, not an array"),
    ("render", {"file": CARD, "node": "nope"}, 'no node has the reference "nope"; tree lists the views'),
    ("render", {"file": "screens.storyboard", "scene": "nope"}, 'scene "nope": no scene with this id'),
    ("tree", {"file": "screens.storyboard", "scene": "nope"}, "list_scenes lists the scenes"),
    ("render", {"file": CARD, "scene": "s" * 100_000}, "render: scene is longer than 1024 bytes"),
    ("render", {"file": "broken.json", "node": "card"}, "nothing is drawn"),
    ("render", {"file": "not-a-layout.json"}, "not-a-layout.json is not a valid skeleton document"),
    ("tree", {"file": CARD, "node": {"id": "card"}}, "tree: node must be a string, not an object"),
    ("tree", {"file": CARD, "state": 1}, "tree: state must be true or false, not a number"),
    ("explain", {"file": CARD, "node": "nope"}, 'no node has the reference "nope"'),
    ("explain", {"file": "not-a-layout.json"}, "not a valid skeleton document"),
    ("list_scenes", {"file": 3}, "list_scenes: file must be a string, not a number"),
    ("list_scenes", {"file": "README.md"}, "README.md is not a layout"),
    ("lint", {"file": "missing.json"}, "cannot read missing.json: No such file or directory"),
    ("lint", {"file": "README.md"}, "README.md is not a layout"),
    ("lint", {"file": "folder.json"}, "Is a directory"),
    ("lint", {"file": "binary.json"}, "it is not UTF-8 text"),
    ("lint", {"file": "../outside.json"}, "../outside.json is outside what this server may read"),
    ("lint", {"file": "link.json"}, "link.json is outside what this server may read"),
    ("lint", {"file": "/etc/passwd"}, "/etc/passwd is outside what this server may read"),
    ("render", {"file": "/dev/zero"}, "outside what this server may read"),
]


async def test_every_bad_call_is_a_tool_error_and_the_server_keeps_serving(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        for tool, arguments, words in BAD_CALLS:
            result = await session.call_tool(tool, arguments)
            message = "\n".join(block.text for block in result.content if block.type == "text")
            assert result.is_error, (tool, arguments, message)
            assert words in message, (tool, arguments, message)
            good = await session.call_tool("lint", {"file": CARD})
            assert not good.is_error and good.structured_content["diagnostics"] == [], (tool, arguments)


async def test_an_unknown_tool_is_a_protocol_error_and_the_server_keeps_serving(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        with pytest.raises(MCPError) as raised:
            await session.call_tool("delete_everything", {})
        assert raised.value.error.code == -32602
        assert "unknown tool" in raised.value.error.message
        assert not (await session.call_tool("lint", {"file": CARD})).is_error


async def test_files_named_on_the_command_line_are_the_only_ones_read(project: pathlib.Path, tmp_path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters(str(project / CARD)))
        good = await session.call_tool("lint", {"file": str(project / CARD)})
        assert not good.is_error
        other = await session.call_tool("lint", {"file": str(project / "broken.json")})
        assert other.is_error and "outside what this server may read" in other.content[0].text
        listed = await session.call_tool("list_scenes", {})
        assert [scene["file"] for scene in listed.structured_content["scenes"]] == [str(project / CARD)]


def test_a_command_line_without_files_is_a_usage_error():
    run = subprocess.run([str(CLI), "mcp"], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert run.returncode == 64
    assert "name the layouts the tools may read" in run.stderr
    missing = subprocess.run(
        [str(CLI), "mcp", "--project", "/nonexistent"], capture_output=True, text=True, timeout=30,
        stdin=subprocess.DEVNULL)
    assert missing.returncode == 2 and "--project /nonexistent: no such folder" in missing.stderr


async def test_a_killed_daemon_is_replaced(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        assert not (await session.call_tool("lint", {"file": CARD})).is_error
        server = server_pid()
        [daemon] = daemon_pids(server)
        os.kill(daemon, signal.SIGKILL)
        # The first call after the kill either finds the daemon gone and starts another, or meets its death and
        # says so; the server answers either way, and the call after it is served by a new daemon.
        first = await session.call_tool("lint", {"file": CARD})
        if first.is_error:
            assert "skeletond" in first.content[0].text
        second = await session.call_tool("render", {"file": CARD})
        assert not second.is_error
        [replacement] = daemon_pids(server)
        assert replacement != daemon


async def test_a_hung_daemon_is_a_tool_error_and_then_replaced(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project), env={"SKELETON_TIMEOUT": "2"}))
        assert not (await session.call_tool("lint", {"file": CARD})).is_error
        server = server_pid()
        [daemon] = daemon_pids(server)
        os.kill(daemon, signal.SIGSTOP)
        try:
            hung = await session.call_tool("tree", {"file": CARD})
            assert hung.is_error
            assert "skeletond did not answer" in hung.content[0].text
            after = await session.call_tool("tree", {"file": CARD})
            assert not after.is_error, after.content[0].text
            assert daemon not in daemon_pids(server)
        finally:
            try:
                os.kill(daemon, signal.SIGKILL)
            except ProcessLookupError:
                pass


def raw_server(project: pathlib.Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    """`skeleton mcp --project PROJECT`, initialized, on pipes this test reads and writes itself."""
    server = subprocess.Popen(
        [str(CLI), "mcp", "--project", str(project)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, bufsize=0, env={**os.environ, "SKELETOND": str(DAEMON), **(env or {})})
    initialize = {
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
    }
    assert "result" in exchange(server, initialize)
    server.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
    return server


def lint_call(id: int) -> dict:
    return {"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "lint", "arguments": {"file": CARD}}}


def answers(server: subprocess.Popen, until, seconds: float = 60) -> list[dict]:
    """The messages the server writes until `until(messages)` holds; fails after `seconds`. Reads the pipe itself
    (unbuffered), so that waiting for input never misses lines already read; a line's beginning read with the answer
    waited for is kept for the next call."""
    fd = server.stdout.fileno()
    deadline = time.monotonic() + seconds
    messages: list[dict] = []
    pending = getattr(server, "pending", b"")
    while not until(messages):
        readable, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        assert readable, f"no answer within {seconds} s: {messages}"
        chunk = os.read(fd, 1 << 16)
        assert chunk, "the server closed its output"
        pending += chunk
        *lines, pending = pending.split(b"\n")
        messages += [json.loads(line) for line in lines if line.strip()]
    server.pending = pending
    return messages


def exchange(server: subprocess.Popen, message: dict) -> dict:
    server.stdin.write(json.dumps(message).encode() + b"\n")
    server.stdin.flush()
    got = answers(server, lambda messages: any(m.get("id") == message["id"] for m in messages))
    return next(m for m in got if m.get("id") == message["id"])


def test_garbage_lines_get_errors_and_never_grow_the_server(project: pathlib.Path):
    server = raw_server(project)
    try:
        garbage = [b"hello", b"{", b"\xff\xfe\x80", b"[]", b"null", b"[" * 100_000, b'{"jsonrpc": "2.0", "id": 7}']
        for line in garbage:
            server.stdin.write(line + b"\n")
        # A 64 MiB line, sent in pieces: dropped as it streams in, answered with one error.
        piece = b"x" * (1 << 20)
        for _ in range(64):
            server.stdin.write(piece)
        server.stdin.write(b"\n")
        server.stdin.flush()
        # Each garbage line gets its error (the SDK's parse error, with an id of its own), the long line one that
        # says it was dropped; then a ping still answers.
        server.stdin.write(b'{"jsonrpc": "2.0", "id": 99, "method": "ping"}\n')
        server.stdin.flush()
        got = answers(server, lambda messages: any(m.get("id") == 99 for m in messages) and any(
            "dropped" in m.get("error", {}).get("message", "") for m in messages))
        dropped = [m for m in got if "dropped" in m.get("error", {}).get("message", "")]
        assert len(dropped) == 1 and dropped[0]["id"] is None and dropped[0]["error"]["code"] == -32600
        parse_errors = [m for m in got if m.get("error", {}).get("code") == -32700]
        assert len(parse_errors) >= 4, got
        listed = exchange(server, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert {tool["name"] for tool in listed["result"]["tools"]} == {
            "list_scenes", "lint", "render", "tree", "explain"}
        assert exchange(server, lint_call(3))["result"]["isError"] is False
        # The 64 MiB line was never held: the server's peak stays far below it.
        assert peak_memory_kib(server.pid) < 48 * 1024
    finally:
        server.stdin.close()
        assert server.wait(timeout=30) == 0


def test_calls_beyond_the_queue_bound_are_refused_at_once(project: pathlib.Path):
    """While the daemon hangs, the first call waits for it and 31 more queue behind it; the rest are refused at once
    (busy), and the queued ones are served by the next daemon."""
    server = raw_server(project, env={"SKELETON_TIMEOUT": "5"})
    try:
        assert exchange(server, lint_call(2))["result"]["isError"] is False
        [daemon] = daemon_pids(server.pid)
        os.kill(daemon, signal.SIGSTOP)
        ids = range(1000, 1048)
        for id in ids:
            server.stdin.write(json.dumps(lint_call(id)).encode() + b"\n")
        server.stdin.flush()
        got = answers(server, lambda messages: {m.get("id") for m in messages} >= set(ids), seconds=120)
        texts = [m["result"]["content"][0]["text"] for m in got if m.get("id") in ids and m["result"]["isError"]]
        busy = [text for text in texts if "the server is busy: 32 calls are already waiting" in text]
        hung = [text for text in texts if "skeletond did not answer" in text]
        assert (len(busy), len(hung), len(texts)) == (16, 1, 17), texts
        assert exchange(server, lint_call(3))["result"]["isError"] is False
    finally:
        try:
            os.kill(daemon, signal.SIGKILL)
        except (ProcessLookupError, UnboundLocalError):
            pass
        server.stdin.close()
        assert server.wait(timeout=30) == 0


async def test_a_daemon_dying_during_a_call_is_that_calls_error_and_the_next_call_is_served(project: pathlib.Path):
    dying = pathlib.Path(__file__).with_name("dying_daemon.py")
    env = {"SKELETOND": str(dying), "REAL_SKELETOND": str(DAEMON), "DIE_ON": "textDocument/hover"}
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project), env=env))
        assert not (await session.call_tool("lint", {"file": CARD})).is_error
        # explain asks for a hover: the daemon dies in the middle of the call.
        died = await session.call_tool("explain", {"file": CARD, "node": "avatar"})
        assert died.is_error
        message = died.content[0].text
        assert "skeletond exited with status 7 during textDocument/hover" in message
        assert "dying on textDocument/hover" in message
        for _ in range(2):
            assert not (await session.call_tool("render", {"file": CARD})).is_error


def test_a_client_that_does_not_read_its_answers_stops_being_read(project: pathlib.Path):
    """20,000 pings written without reading the answers: the server stops reading once its answers back up (instead
    of reading every request and holding an answer for each), and answers every one once they are read."""
    server = raw_server(project)
    count = 20_000
    written = [0]

    def write_all():
        try:
            for id in range(10_000, 10_000 + count):
                server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": id, "method": "ping"}).encode() + b"\n")
                written[0] += 1
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write_all, daemon=True)
    writer.start()
    time.sleep(5)
    # The writer is held up by the server no longer reading: what it wrote is what the two 64 KiB pipes (1,310
    # requests, 1,598 answers), the server's bound of unanswered lines (1,024) and one 64 KiB read hold, about 5,300
    # (without the bound, the server read on while it answered: 14,000 to 18,000).
    assert written[0] < 8000, written[0]
    got = answers(server, lambda messages: len(messages) >= count, seconds=300)
    assert {m["id"] for m in got} == set(range(10_000, 10_000 + count))
    writer.join(timeout=30)
    server.stdin.close()
    assert server.wait(timeout=30) == 0
