"""`skeleton mcp` driven by the official MCP Python client: every tool listed and called with good arguments, and
a rendered PNG equal to `skeleton render`'s bytes."""

from __future__ import annotations

import base64
import os
import pathlib
import shutil
import subprocess
from contextlib import AsyncExitStack

from conftest import CLI, DAEMON, ROOT, connect, server_parameters

TOOLS = {"list_scenes", "lint", "render", "tree", "explain"}


def text_of(result) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


async def test_every_tool_is_listed_with_a_closed_schema(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        tools = (await session.list_tools()).tools
        assert {tool.name for tool in tools} == TOOLS
        for tool in tools:
            assert tool.description
            schema = tool.input_schema
            assert schema["type"] == "object" and schema["additionalProperties"] is False
            if tool.name != "list_scenes":
                assert schema["required"] == ["file"]
            assert tool.annotations.read_only_hint is True


async def test_list_scenes_of_a_file_and_of_the_project(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        one = await session.call_tool("list_scenes", {"file": "screens.storyboard"})
        assert not one.is_error, text_of(one)
        ids = [scene["id"] for scene in one.structured_content["scenes"]]
        assert ids == ["gridVC", "feedVC", "hostVC", "childVC"]
        assert [s["id"] for s in one.structured_content["scenes"] if s["initial"]] == ["feedVC"]
        assert "feedVC  375×667  Feed  (initial)" in text_of(one)

        everything = await session.call_tool("list_scenes", {})
        assert not everything.is_error, text_of(everything)
        files = {scene["file"] for scene in everything.structured_content["scenes"]}
        assert files == {"profile-card.skeleton.json", "screens.storyboard"}
        assert everything.structured_content["problems"] == []

        json_document = await session.call_tool("list_scenes", {"file": "profile-card.skeleton.json"})
        assert [s["id"] for s in json_document.structured_content["scenes"]] == [""]


async def test_lint_gives_positions_codes_and_counts(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        result = await session.call_tool("lint", {"file": "broken.json"})
        assert not result.is_error, text_of(result)
        found = result.structured_content
        assert found["file"] == "broken.json" and found["errors"] == 0 and found["warnings"] == 1
        [warning] = found["diagnostics"]
        assert warning["code"] == "not-skeletonable-ancestor" and warning["severity"] == "warning"
        assert (warning["line"], warning["column"]) == (7, 73)
        assert text_of(result).startswith("broken.json:7:73: warning: \"title\" is skeletonable")

        # The same lines as `skeleton lint` prints for the file.
        cli = subprocess.run(
            [str(CLI), "lint", "broken.json"], cwd=project, capture_output=True, text=True, timeout=60,
            env={**os.environ, "SKELETOND": str(DAEMON)})
        assert cli.stdout.strip() == text_of(result)

        clean = await session.call_tool("lint", {"file": "profile-card.skeleton.json"})
        assert clean.structured_content["diagnostics"] == []
        assert text_of(clean) == "profile-card.skeleton.json: no problems"

        # A layout with errors is linted, not refused: its errors are the answer.
        invalid = await session.call_tool("lint", {"file": "not-a-layout.json"})
        assert not invalid.is_error
        assert invalid.structured_content["errors"] >= 1


async def test_render_equals_skeleton_render_bytes(project: pathlib.Path, tmp_path: pathlib.Path):
    variant = {"type": "gradient", "animated": True, "time": 0.7, "scale": 2, "scheme": "dark", "rtl": True}
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        # Earlier calls move the session's clock on: the picture must not depend on it.
        for _ in range(2):
            warm = await session.call_tool("render", {"file": "profile-card.skeleton.json", "time": 3.3})
            assert not warm.is_error, text_of(warm)
        result = await session.call_tool("render", {"file": "profile-card.skeleton.json", **variant})
        assert not result.is_error, text_of(result)
        [image] = [block for block in result.content if block.type == "image"]
        assert image.mime_type == "image/png"
        png = base64.b64decode(image.data)
        assert result.structured_content["width"] == 750 and result.structured_content["height"] == 520

        out = tmp_path / "cli.png"
        subprocess.run(
            [str(CLI), "render", str(project / "profile-card.skeleton.json"), "--type", "gradient", "--animated",
             "--time", "0.7", "--scale", "2", "--scheme", "dark", "--rtl", "-o", str(out)],
            check=True, timeout=60, env={**os.environ, "SKELETOND": str(DAEMON)})
        assert png == out.read_bytes()

        scene = await session.call_tool(
            "render", {"file": "screens.storyboard", "scene": "gridVC", "assumeSkeletonable": True})
        assert not scene.is_error, text_of(scene)
        assert "screens.storyboard (scene gridVC): 375×667 px PNG" in text_of(scene)


async def test_tree_describes_the_scene_and_a_node(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        result = await session.call_tool("tree", {"file": "broken.json", "state": True})
        assert not result.is_error, text_of(result)
        tree = result.structured_content["tree"]
        assert tree["reference"] == "screen" and tree["isSkeletonable"] is True and "isHidden" in tree
        assert '"reference" : "screen"' in text_of(result)

        card = await session.call_tool("tree", {"file": "broken.json", "node": "card"})
        assert card.structured_content["tree"]["reference"] == "card"
        assert card.structured_content["tree"]["isSkeletonable"] is False


async def test_explain_says_why_a_view_draws_no_skeleton_and_how_to_fix_it(project: pathlib.Path):
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(project)))
        result = await session.call_tool("explain", {"file": "broken.json", "node": "title"})
        assert not result.is_error, text_of(result)
        found = result.structured_content
        assert found["node"] == "title" and found["type"] == "UILabel" and found["isSkeletonable"] is True
        assert "its ancestor `card` is not skeletonable" in found["hover"]
        assert found["drawsFromRoot"] is False
        assert [d["code"] for d in found["diagnostics"]] == ["not-skeletonable-ancestor"]
        [fix] = found["fixes"]
        assert fix["title"].startswith('Make the chain to "title" skeletonable')
        [edit] = fix["edits"]
        assert edit["newText"] == ', "isSkeletonable": true'
        assert found["showOnView"]["outcome"] == "shown"
        text = text_of(result)
        assert "draws no skeleton of its own" in text and "Fixes" in text

        # Applying the fix's edit makes the label draw.
        path = project / "broken.json"
        lines = path.read_text().split("\n")
        start = edit["range"]["start"]
        line = lines[start["line"]]
        lines[start["line"]] = line[:start["character"]] + edit["newText"] + line[start["character"]:]
        path.write_text("\n".join(lines))
        fixed = await session.call_tool("explain", {"file": "broken.json", "node": "title"})
        assert fixed.structured_content["drawsFromRoot"] is True
        assert fixed.structured_content["fixes"] == [] and fixed.structured_content["diagnostics"] == []

        root = await session.call_tool("explain", {"file": "profile-card.skeleton.json"})
        assert root.structured_content["node"] == "screen"

        storyboard = await session.call_tool(
            "explain", {"file": "screens.storyboard", "scene": "gridVC", "node": "grid[0,0]/thumb"})
        assert not storyboard.is_error, text_of(storyboard)
        assert "UIImageView" in storyboard.structured_content["hover"]


async def test_an_edit_to_the_apps_swift_code_is_seen_by_the_next_call(tmp_path: pathlib.Path):
    app = tmp_path / "CollectionView"
    shutil.copytree(ROOT / "Examples" / "CollectionView", app)
    code = app / "ViewController.swift"
    original = code.read_text()
    collection = {"file": "Main.storyboard", "node": "HKL-L0-T2w"}
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(app)))
        drawn = await session.call_tool("render", collection)
        assert not drawn.is_error, text_of(drawn)
        # The code no longer makes the collection skeletonable: the same call draws nothing.
        code.write_text(original.replace("collectionView.isSkeletonable = true", "collectionView.isSkeletonable = false"))
        blank = await session.call_tool("render", collection)
        assert blank.is_error and "nothing is drawn" in text_of(blank)
        code.write_text(original)
        assert not (await session.call_tool("render", collection)).is_error


async def test_explain_finds_a_xib_views_warning_and_a_json_template_instance():
    examples = ROOT / "Examples"
    async with AsyncExitStack() as stack:
        session = await connect(stack, server_parameters("--project", str(examples)))
        xib = await session.call_tool("explain", {"file": "profile-card.xib", "node": "insidePlain"})
        assert not xib.is_error, text_of(xib)
        found = xib.structured_content
        assert [d["code"] for d in found["diagnostics"]] == ["not-skeletonable-ancestor"]
        assert found["diagnostics"][0]["line"] == 70
        assert "its ancestor `plain` is not skeletonable" in found["hover"]
        assert found["fixes"][0]["title"].startswith('Make the chain to "insidePlain" skeletonable')
        assert found["drawsFromRoot"] is False and found["showOnView"]["leaves"] == ["insidePlain"]

        instance = await session.call_tool("explain", {"file": "feed.skeleton.json", "node": "feed[0,3]/avatar"})
        assert not instance.is_error, text_of(instance)
        assert "In template `PostCell` of `feed`" in instance.structured_content["hover"]
        assert instance.structured_content["drawsFromRoot"] is True
