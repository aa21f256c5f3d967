"""The daemon's real answers validate against Protocol/schemas (the wire spec is the source of truth)."""
import json
import os
import subprocess
from pathlib import Path

import jsonschema
import pytest

REPO = Path(__file__).resolve().parents[2]
SCHEMAS = REPO / "Protocol" / "schemas"
DAEMON = Path(os.environ.get("SKELETOND", REPO / ".build" / "debug" / "skeletond"))


def schema(name: str, definition: str | None = None):
    document = json.loads((SCHEMAS / name).read_text())
    if definition is None:
        return document
    return {"$schema": document["$schema"], "$defs": document["$defs"], "$ref": f"#/$defs/{definition}"}


def session(messages: list[dict]) -> list[dict]:
    """Runs `messages` through the real daemon in --jsonl mode and returns everything it wrote."""
    text = "".join(json.dumps(m) + "\n" for m in messages)
    done = subprocess.run([str(DAEMON), "--jsonl"], input=text.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


@pytest.fixture(scope="module")
def answers():
    card = (REPO / "Examples" / "profile-card.skeleton.json").read_text()
    storyboard = (REPO / "Examples" / "screens.storyboard").read_text()
    uri, sb = "file:///card.skeleton.json", "file:///screens.storyboard"
    out = session([
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"initializationOptions": {"clock": "manual"}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": card}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": sb, "languageId": "storyboard", "version": 1, "text": storyboard}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///bad.json", "languageId": "json", "version": 1, "text": "{\"root\": 1"}}},
        {"jsonrpc": "2.0", "id": 2, "method": "preview/subscribe", "params": {"uri": uri, "encoding": "cells", "window": 64, "cells": {"columns": 20, "rows": 8}}},
        {"jsonrpc": "2.0", "id": 3, "method": "skeleton/show", "params": {"uri": uri, "type": "gradient", "animated": True}},
        {"jsonrpc": "2.0", "id": 4, "method": "clock/set", "params": {"time": 0.6}},
        {"jsonrpc": "2.0", "id": 5, "method": "skeleton/layers", "params": {"uri": uri, "includeContent": True}},
        {"jsonrpc": "2.0", "id": 6, "method": "skeleton/treeDescription", "params": {"uri": uri, "includeState": True}},
        {"jsonrpc": "2.0", "id": 7, "method": "skeleton/scenes", "params": {"uri": sb}},
        {"jsonrpc": "2.0", "id": 8, "method": "preview/render", "params": {"uri": uri, "encoding": "png", "scale": 2}},
        {"jsonrpc": "2.0", "id": 9, "method": "skeleton/patch", "params": {"uri": uri, "ops": [{"op": "set", "node": "follow", "properties": {"frame": [16, 176, 200, 36]}}]}},
        {"jsonrpc": "2.0", "id": 10, "method": "skeleton/hide", "params": {"uri": uri}},
        {"jsonrpc": "2.0", "id": 11, "method": "daemon/status"},
        {"jsonrpc": "2.0", "id": 12, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ])
    return out


def by_id(answers, i):
    return next(a for a in answers if a.get("id") == i)


def test_every_message_is_a_jsonrpc_message(answers):
    validator = jsonschema.Draft202012Validator(schema("jsonrpc-message.schema.json"))
    for message in answers:
        validator.validate(message)


def test_initialize_result(answers):
    jsonschema.validate(by_id(answers, 1)["result"], schema("initialize-result.schema.json"))


@pytest.mark.parametrize("i, definition", [
    (3, "operation.result"), (5, "layers.result"), (6, "treeDescription.result"), (7, "scenes.result"),
    (8, "render.result"), (9, "patch.result"), (10, "operation.result"), (11, "status.result"), (2, "subscribe.result"),
])
def test_results(answers, i, definition):
    jsonschema.validate(by_id(answers, i)["result"], schema("methods.schema.json", definition))


@pytest.mark.parametrize("method, definition", [
    ("preview/frame", "frame.params"), ("skeleton/didChangeState", "didChangeState.params"),
    ("textDocument/publishDiagnostics", "publishDiagnostics.params"),
])
def test_notifications(answers, method, definition):
    seen = [a["params"] for a in answers if a.get("method") == method]
    assert seen, f"no {method} was sent"
    for params in seen:
        jsonschema.validate(params, schema("methods.schema.json", definition))


def test_examples_validate_against_the_document_schema():
    document_schema = schema("document.schema.json")
    for path in sorted((REPO / "Examples").glob("*.skeleton.json")):
        jsonschema.validate(json.loads(path.read_text()), document_schema)


def test_workspace_and_linked_scenes(tmp_path):
    """skeleton/workspace and skeleton/scenes with the code's class and show (a workspace on disk)."""
    fixtures = REPO.parent / "shared" / "fixtures"
    (tmp_path / "Assets.xcassets" / "Brand.colorset").mkdir(parents=True)
    (tmp_path / "Assets.xcassets" / "Bad.colorset").mkdir(parents=True)
    (tmp_path / "Assets.xcassets" / "Brand.colorset" / "Contents.json").write_text(
        '{"colors":[{"color":{"color-space":"display-p3","components":{"red":"0x10","green":"0.5","blue":"200"}},'
        '"idiom":"universal"}]}')
    (tmp_path / "Assets.xcassets" / "Bad.colorset" / "Contents.json").write_text('{"colors": 1}')
    storyboard = (fixtures / "interface-builder" / "CollectionView-Main.storyboard").read_text()
    (tmp_path / "Main.storyboard").write_text(storyboard)
    (tmp_path / "ViewController.swift").write_text(
        (fixtures / "swift-code" / "CollectionView-ViewController.swift").read_text())
    sb = (tmp_path / "Main.storyboard").as_uri()
    # The storyboard is opened once skeleton/workspace has answered (the workspace is read by then), as the CLI does.
    daemon = subprocess.Popen([str(DAEMON), "--jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = []

    def send(messages, until_id=None):
        daemon.stdin.write("".join(json.dumps(m) + "\n" for m in messages).encode())
        daemon.stdin.flush()
        while until_id is not None:
            out.append(json.loads(daemon.stdout.readline()))
            if out[-1].get("id") == until_id:
                return

    send([
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"rootUri": tmp_path.as_uri(), "initializationOptions": {"clock": "manual"}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "skeleton/workspace", "params": {}},
    ], until_id=2)
    send([
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": sb, "languageId": "storyboard", "version": 1, "text": storyboard}}},
        {"jsonrpc": "2.0", "id": 3, "method": "skeleton/scenes", "params": {"uri": sb}},
    ], until_id=3)
    daemon.stdin.close()
    assert daemon.wait(timeout=60) == 0
    workspace = by_id(out, 2)["result"]
    jsonschema.validate(workspace, schema("methods.schema.json", "workspace.result"))
    assert workspace["colors"]["Brand"]["light"] == workspace["colors"]["Brand"]["dark"]
    assert [p["message"] for p in workspace["colorSetProblems"]] == ['no "colors" array']
    scenes = by_id(out, 3)["result"]
    jsonschema.validate(scenes, schema("methods.schema.json", "scenes.result"))
    assert scenes[0]["class"] == "ViewController" and scenes[0]["show"] == {"type": "solid", "animated": True}
