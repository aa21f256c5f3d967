"""The language features through pytest-lsp: each request once, exact ranges in UTF-16 on a document with
non-ASCII text (a character outside the BMP counts two code units), and -32602 for a position past the end."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient, client_capabilities

from test_lsp_client import ROOT, client, within  # noqa: F401 (the fixture)

URI = "file:///tmp/music.skeleton.json"
LINE0 = '{"root": {"comment": "𝄞 é", "type": "UIView", "id": "screen", "frame": [0, 0, 320, 200], "isSkeletonable": true,'
LINE1 = '  "children": [{"type": "UILabel", "id": "titre", "frame": [10, 10, 200, 20], "isSkeletonable": true, "backgroundColor": "emerald"}]'
TEXT = LINE0 + "\n" + LINE1 + "\n}}\n"


def col(line: str, needle: str, after: int = 0) -> int:
    """The UTF-16 column of `needle` in `line`."""
    index = line.index(needle, after)
    return len(line[:index].encode("utf-16-le")) // 2


async def opened(client: LanguageClient) -> types.TextDocumentIdentifier:
    await within(client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))))
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="json", version=1, text=TEXT)))
    return types.TextDocumentIdentifier(uri=URI)


async def test_outline_in_utf16(client: LanguageClient):
    doc = await opened(client)
    symbols = await within(client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc)))
    screen = symbols[0]
    assert screen.name == "screen" and screen.detail == "UIView [0, 0, 320, 200]"
    start = col(LINE0, '"screen"')
    assert screen.selection_range == types.Range(types.Position(0, start), types.Position(0, start + 8))
    label = screen.children[0]
    assert label.name == "titre" and label.kind == types.SymbolKind.String
    assert label.range.start == types.Position(1, col(LINE1, "{"))


async def test_hover_on_a_node_after_non_ascii(client: LanguageClient):
    doc = await opened(client)
    character = col(LINE0, '"screen"') + 2
    hover = await within(client.text_document_hover_async(types.HoverParams(text_document=doc, position=types.Position(0, character))))
    assert hover.range.start.character == col(LINE0, '"screen"')
    assert "its 1 skeletonable child is drawn" in hover.contents.value
    label = await within(client.text_document_hover_async(types.HoverParams(
        text_document=doc, position=types.Position(1, col(LINE1, '"titre"') + 1))))
    assert "1 line, 15 pt high, the last 140 pt wide" in label.contents.value


async def test_colours_and_presentation(client: LanguageClient):
    doc = await opened(client)
    colors = await within(client.text_document_document_color_async(types.DocumentColorParams(text_document=doc)))
    assert len(colors) == 1
    start = col(LINE1, "emerald")
    assert colors[0].range == types.Range(types.Position(1, start), types.Position(1, start + 7))
    assert round(colors[0].color.green * 255) == 0xCC
    presentations = await within(client.text_document_color_presentation_async(types.ColorPresentationParams(
        text_document=doc, color=colors[0].color, range=colors[0].range)))
    assert [p.label for p in presentations] == ["#2ECC71", "emerald"]


async def test_folding_definition_and_references(client: LanguageClient):
    doc = await opened(client)
    folds = await within(client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc)))
    assert [(f.start_line, f.end_line) for f in folds] == [(0, 1), (0, 1)]
    definition = await within(client.text_document_definition_async(types.DefinitionParams(
        text_document=doc, position=types.Position(0, 3))))
    assert definition is None
    references = await within(client.text_document_references_async(types.ReferenceParams(
        text_document=doc, position=types.Position(0, 3), context=types.ReferenceContext(include_declaration=True))))
    assert not references


async def test_a_position_past_the_end_is_invalid_params(client: LanguageClient):
    doc = await opened(client)
    with pytest.raises(JsonRpcException) as raised:
        await within(client.text_document_hover_async(types.HoverParams(text_document=doc, position=types.Position(40, 0))))
    assert raised.value.code == -32602


async def test_inlay_hints_on_the_feed_example_within_the_range(client: LanguageClient):
    text = (ROOT / "Examples" / "feed.skeleton.json").read_text()
    lines = text.split("\n")
    await within(client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))))
    uri = "file:///tmp/feed-hints.skeleton.json"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)))
    doc = types.TextDocumentIdentifier(uri=uri)
    whole = types.Range(types.Position(0, 0), types.Position(len(lines) - 1, 0))
    hints = await within(client.text_document_inlay_hint_async(types.InlayHintParams(text_document=doc, range=whole)))
    found = [(h.position.line, h.position.character, h.label) for h in hints]
    sections = next(i for i, l in enumerate(lines) if '"sections"' in l)
    body = next(i for i, l in enumerate(lines) if '"numberOfLines": 0' in l)
    cell = next(i for i, l in enumerate(lines) if '"PostCell": {' in l)
    def after(line: int, needle: str) -> int:
        return lines[line].index(needle) + len(needle)
    assert (sections, after(sections, '"rows": "automatic"'), "7 rows") in found
    assert (cell, after(cell, '"PostCell"'), "7 instances") in found
    assert (body, after(body, '"numberOfLines": 0'), "2 lines") in found
    one = types.Range(types.Position(body, 0), types.Position(body, 200))
    only = await within(client.text_document_inlay_hint_async(types.InlayHintParams(text_document=doc, range=one)))
    assert [(h.position.line, h.label) for h in only] == [(body, "2 lines")]


async def test_formatting_is_stable_keeps_the_json_and_leaves_broken_text_alone(client: LanguageClient):
    import json

    text = (ROOT / "Examples" / "grid.skeleton.json").read_text()
    await within(client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))))
    uri = "file:///tmp/format.skeleton.json"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)))
    doc = types.TextDocumentIdentifier(uri=uri)
    options = types.FormattingOptions(tab_size=3, insert_spaces=True)
    edits = await within(client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc, options=options)))
    [edit] = edits
    formatted = edit.new_text
    assert json.loads(formatted) == json.loads(text)
    assert formatted.endswith("}\n") and '\n   "root": {\n      "type": "UIView",' in formatted
    assert '"frame": [0, 0, 375, 500],' in formatted
    before = await within(client.protocol.send_request_async("skeleton/treeDescription", {"uri": uri}))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=formatted)]))
    after = await within(client.protocol.send_request_async("skeleton/treeDescription", {"uri": uri}))
    assert after == before
    again = await within(client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc, options=options)))
    assert not again
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=formatted[:-40])]))
    broken = await within(client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc, options=options)))
    assert broken is not None and len(broken) == 0
