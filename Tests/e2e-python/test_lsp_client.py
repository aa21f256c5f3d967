"""skeletond checked by an LSP client we did not write: pytest-lsp (on pygls and lsprotocol).

The server is the built binary: $SKELETOND, or .build/debug/skeletond in the repository. Build it first
(`swift build`); scripts/test does.
"""

from __future__ import annotations

import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVER = pathlib.Path(os.environ.get("SKELETOND", ROOT / ".build" / "debug" / "skeletond"))

if not SERVER.is_file():
    raise pytest.UsageError(f"no skeletond binary at {SERVER}: run `swift build` or set SKELETOND")


# Every exchange must finish within this many seconds: a daemon that does not answer fails the test.
TIMEOUT = 15


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[str(SERVER), "--log-level", "info"]))
async def client(lsp_client: LanguageClient):
    """A client connected to a fresh daemon, not yet initialized."""
    yield
    # pygls waits for the server to exit without closing its stdin; after a failed test the daemon would
    # wait for input forever. End of input makes it exit; kill it if that does not work.
    process = server_process(lsp_client)
    if process is not None and process.returncode is None:
        if process.stdin is not None:
            process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), TIMEOUT)
        except asyncio.TimeoutError:
            process.kill()
            await process.wait()


def server_process(client: LanguageClient):
    """The daemon's process (pygls keeps it on the client)."""
    return getattr(client, "_server", None)


async def within(awaitable):
    return await asyncio.wait_for(awaitable, TIMEOUT)


async def test_session_initialize_open_unknown_method_shutdown(client: LanguageClient):
    result = await within(client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            client_info=types.ClientInfo(name="pytest-lsp"),
        )
    ))
    assert result.server_info is not None
    assert result.server_info.name == "skeletond"
    assert result.server_info.version
    assert result.capabilities is not None

    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri="file:///tmp/LoginView.swift",
                language_id="swift",
                version=1,
                text='let label = UILabel()\nlabel.isSkeletonable = true\nlabel.text = "Hello"\n',
            )
        )
    )

    # An unknown request gets -32601, and the daemon goes on serving.
    with pytest.raises(JsonRpcException) as raised:
        await within(client.protocol.send_request_async("skeleton/noSuchMethod", {"x": 1}))
    assert raised.value.code == -32601

    with pytest.raises(JsonRpcException) as again:
        await within(client.protocol.send_request_async("textDocument/noSuchMethod", {}))
    assert again.value.code == -32601

    # shutdown, then exit: the daemon ends with status 0.
    await within(client.shutdown_session())
    process = server_process(client)
    if process is not None:
        assert process.returncode == 0
