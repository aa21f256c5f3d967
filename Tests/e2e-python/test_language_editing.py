"""Completion mid-keystroke and the quick fixes through pytest-lsp: exact textEdit ranges in UTF-16 after a character
outside the BMP, and every quick fix applied to the text and checked by the daemon."""

from __future__ import annotations

from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from test_lsp_client import client, within  # noqa: F401 (the fixture)

URI = "file:///tmp/edit.skeleton.json"


def col(line: str, needle: str) -> int:
    """The UTF-16 column of `needle` in `line`."""
    return len(line[: line.index(needle)].encode("utf-16-le")) // 2


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """Text edits applied to `text` (UTF-16 positions)."""
    lines = text.split("\n")

    def offset(p: types.Position) -> int:
        before = sum(len(l) + 1 for l in lines[: p.line])
        return before + len(lines[p.line].encode("utf-16-le")[: 2 * p.character].decode("utf-16-le"))

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def opened(client: LanguageClient, text: str) -> types.TextDocumentIdentifier:
    await within(client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))))
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="json", version=1, text=text)))
    return types.TextDocumentIdentifier(uri=URI)


async def complete(client: LanguageClient, doc, line: int, character: int):
    answer = await within(client.text_document_completion_async(
        types.CompletionParams(text_document=doc, position=types.Position(line, character))))
    return {item.label: item for item in answer.items}


async def test_completion_inside_a_key_after_non_ascii(client: LanguageClient):
    line = '{"root": {"comment": "𝄞", "type": "UILabel", "frame": [0, 0, 100, 20], "textAl'
    doc = await opened(client, line)
    end = col(line, "textAl") + 6
    items = await complete(client, doc, 0, end)
    item = items["textAlignment"]
    assert item.text_edit.range == types.Range(types.Position(0, end - 6), types.Position(0, end))
    assert item.text_edit.new_text == 'textAlignment": '
    assert item.documentation.kind == "markdown" and "SkeletonView: `textAlignment`" in item.documentation.value
    assert "type" not in items and "frame" not in items


async def test_completion_of_a_value_and_a_template(client: LanguageClient):
    line0 = '{"root": {"comment": "𝄞", "type": "UICollectionView", "frame": [0, 0, 320, 480], "cell": "G"'
    line1 = '  "scrollDirection": "ho'
    line2 = '  "templates": {"GridCell": {"type": "UICollectionViewCell", "frame": [0, 0, 50, 50]}}}}'
    doc = await opened(client, "\n".join([line0, line1, line2]))
    cell = await complete(client, doc, 0, col(line0, '"G"') + 2)
    assert list(cell) == ["GridCell"]
    start = col(line0, '"G"') + 1
    assert cell["GridCell"].text_edit.range == types.Range(types.Position(0, start), types.Position(0, start + 1))
    direction = await complete(client, doc, 1, len(line1))
    assert direction["horizontal"].text_edit.new_text == 'horizontal"'
    assert direction["horizontal"].text_edit.range.start == types.Position(1, len(line1) - 2)


async def test_the_chain_quick_fix_makes_the_skeleton_show(client: LanguageClient):
    text = ('{"root": {"comment": "𝄞", "type": "UIView", "frame": [0, 0, 320, 200], "children": [\n'
            '  {"type": "UILabel", "id": "title", "frame": [10, 10, 200, 20], "isSkeletonable": true}]}}')
    doc = await opened(client, text)
    actions = await within(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc, range=types.Range(types.Position(1, 5), types.Position(1, 5)),
        context=types.CodeActionContext(diagnostics=[]))))
    fix = actions[0]
    assert fix.kind == types.CodeActionKind.QuickFix
    fixed = apply(text, fix.edit.changes[URI])
    assert '"type": "UIView", "isSkeletonable": true, "frame"' in fixed
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    again = await within(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc, range=types.Range(types.Position(1, 5), types.Position(1, 5)),
        context=types.CodeActionContext(diagnostics=[]))))
    assert not again
    shown = await within(client.protocol.send_request_async("skeleton/show", {"uri": URI, "transition": "none"}))
    assert shown is not None
    layers = await within(client.protocol.send_request_async("skeleton/layers", {"uri": URI}))
    assert any(layer.node == "title" for layer in layers.layers)


async def published(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """The diagnostics last published for `uri`, once every change sent so far is analysed (a request on the
    document's lane answers after them, and its answer comes after their notifications)."""
    await within(client.protocol.send_request_async("skeleton/isActive", {"uri": uri}))
    return client.diagnostics.get(uri, [])


async def fixes_for(client: LanguageClient, doc, warning: types.Diagnostic) -> list[types.CodeAction]:
    """The code actions offered on `warning`'s range, with the warning in the context (as an editor asks)."""
    return await within(client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc, range=warning.range, context=types.CodeActionContext(diagnostics=[warning]))))


def send_edits(client: LanguageClient, version: int, edits: list[types.TextEdit]) -> None:
    """A quick fix's edits sent as range changes, as an editor applies them."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=e.range, text=e.new_text) for e in edits]))


async def test_the_chain_warning_names_the_ancestor_and_its_fix_clears_it(client: LanguageClient):
    text = ('{"root": {"comment": "𝄞", "type": "UIView", "frame": [0, 0, 320, 200], "children": [\n'
            '  {"type": "UILabel", "id": "title", "frame": [10, 10, 200, 20], "isSkeletonable": true}]}}')
    doc = await opened(client, text)
    [warning] = await published(client, URI)
    line = text.split("\n")[1]
    start = col(line, '"isSkeletonable"')
    assert warning.code == "not-skeletonable-ancestor"
    assert warning.severity == types.DiagnosticSeverity.Warning
    assert warning.range == types.Range(types.Position(1, start), types.Position(1, start + 16))
    assert warning.message.startswith('"title" is skeletonable but its ancestor "0" is not: ')
    actions = await fixes_for(client, doc, warning)
    fix = actions[0]
    assert list(fix.diagnostics) == [warning]
    # The fix's edits sent as range changes: the warning goes, and the title's skeleton shows.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=e.range, text=e.new_text)
                         for e in fix.edit.changes[URI]]))
    assert not await published(client, URI)
    await within(client.protocol.send_request_async("skeleton/show", {"uri": URI, "transition": "none"}))
    layers = await within(client.protocol.send_request_async("skeleton/layers", {"uri": URI}))
    assert any(layer.node == "title" for layer in layers.layers)


async def test_chain_warnings_follow_one_node_edits_as_whole_text_analysis_finds_them(client: LanguageClient):
    lines = ['{"root": {"type": "UIView", "frame": [0, 0, 320, 400], "isSkeletonable": true, "children": [',
             '  {"type": "UIView", "id": "card", "frame": [0, 0, 320, 100], "isSkeletonable": true, "children": [',
             '    {"type": "UILabel", "id": "title", "frame": [10, 10, 200, 20], "isSkeletonable": true},',
             '    {"type": "UILabel", "frame": [10, 40, 200, 20], "isSkeletonable": true}]}]}}']
    text = "\n".join(lines)
    await opened(client, text)
    version = 1
    status = await within(client.protocol.send_request_async("daemon/status", {}))
    before = status.analyses.incremental
    for line, value in [(1, "false"), (2, "false"), (2, "true"), (1, "true")]:
        version += 1
        current = text.split("\n")[line]
        start = col(current, '"isSkeletonable": ') + 18
        end = start + (4 if current[start] == "t" else 5)
        change = types.Range(types.Position(line, start), types.Position(line, end))
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=change, text=value)]))
        text = apply(text, [types.TextEdit(range=change, new_text=value)])
        fast = await published(client, URI)
        whole = f"file:///tmp/whole{version}.skeleton.json"
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=whole, language_id="json", version=1, text=text)))
        reference = await published(client, whole)
        assert list(fast) == list(reference), (version, text)
        assert len(fast) == {2: 2, 3: 1, 4: 2, 5: 0}[version]
    status = await within(client.protocol.send_request_async("daemon/status", {}))
    assert status.analyses.incremental - before == 4


async def test_a_label_whose_lines_cannot_fit_gets_a_warning_and_a_fix_that_clears_it(client: LanguageClient):
    lines = ['{"root": {"comment": "𝄞", "type": "UIView", "frame": [0, 0, 320, 400], "isSkeletonable": true, "children": [',
             '  {"type": "UILabel", "id": "title", "frame": [10, 10, 200, 12], "isSkeletonable": true, "numberOfLines": 0},',
             '  {"type": "UILabel", "id": "body", "frame": [10, 40, 200, 20], "isSkeletonable": true, "numberOfLines": 3}]}}']
    text = "\n".join(lines)
    doc = await opened(client, text)
    block, stretched = await published(client, URI)
    # The one-block label: on its frame (the member, as for any array value); the stretched one: on its count.
    frame = col(lines[1], '"frame"')
    assert block.code == "lines-do-not-fit" and block.severity == types.DiagnosticSeverity.Warning
    assert block.range == types.Range(types.Position(1, frame), types.Position(1, frame + len('"frame"')))
    assert "one block, not lines" in block.message and "round(12 / (15 + 10)) = 0" in block.message
    count = col(lines[2], '"numberOfLines": 3') + len('"numberOfLines": ')
    assert stretched.range == types.Range(types.Position(2, count), types.Position(2, count + 1))
    assert "need 65 pt" in stretched.message and "1 line fits" in stretched.message
    # Each fix gives its label the count that fits; applied as range edits, every warning goes (one-node edits).
    version = 1
    for warning in (stretched, block):
        actions = await fixes_for(client, doc, warning)
        [fix] = [a for a in actions if a.title.startswith("Give ")]
        assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
        assert list(fix.diagnostics) == [warning]
        [edit] = fix.edit.changes[URI]
        assert edit.new_text == ', "skeletonTextNumberOfLines": 1'
        text = apply(text, [edit])
        version += 1
        send_edits(client, version, [edit])
    assert not await published(client, URI)
    assert '"type": "UILabel", "skeletonTextNumberOfLines": 1, "id": "body"' in text
    status = await within(client.protocol.send_request_async("daemon/status", {}))
    assert status.analyses.incremental == 2


async def test_a_table_without_a_cell_gets_a_template_and_rows(client: LanguageClient):
    lines = ['{"root": {"comment": "𝄞", "type": "UIView", "frame": [0, 0, 320, 400], "isSkeletonable": true, "children": [',
             '  {"type": "UITableView", "id": "list", "frame": [0, 0, 320, 300], "isSkeletonable": true, "rowHeight": 60}]}}']
    text = "\n".join(lines)
    doc = await opened(client, text)
    [warning] = await published(client, URI)
    assert warning.code == "missing-cell-template"
    actions = await fixes_for(client, doc, warning)
    [fix] = actions
    assert fix.title == 'Add a cell template to "list"' and fix.kind == types.CodeActionKind.QuickFix
    [edit] = fix.edit.changes[URI]
    after_type = col(lines[1], '"UITableView"') + len('"UITableView"')
    assert edit.range == types.Range(types.Position(1, after_type), types.Position(1, after_type))
    assert edit.new_text == (', "cell": "Cell", "templates": {"Cell": {"type": "UITableViewCell", '
                             '"frame": [0, 0, 320, 60], "isSkeletonable": true}}')
    send_edits(client, 2, [edit])
    assert not await published(client, URI)
    # 300 pt of 60-pt rows: five skeleton rows.
    await within(client.protocol.send_request_async("skeleton/show", {"uri": URI, "transition": "none"}))
    layers = await within(client.protocol.send_request_async("skeleton/layers", {"uri": URI}))
    rows = {layer.node for layer in layers.layers if layer.node.startswith("list[")}
    assert rows == {f"list[0,{r}]/0" for r in range(5)}


async def test_a_collection_with_templates_but_no_cell_is_told_to_use_one(client: LanguageClient):
    lines = ['{"root": {"type": "UIView", "frame": [0, 0, 320, 400], "isSkeletonable": true, "children": [',
             '  {"type": "UICollectionView", "id": "grid", "frame": [0, 0, 320, 300], "isSkeletonable": true, '
             '"templates": {"Tile": {"type": "UICollectionViewCell", "frame": [0, 0, 50, 50], "isSkeletonable": true}, '
             '"Wide": {"type": "UICollectionViewCell", "frame": [0, 0, 100, 50], "isSkeletonable": true}}}]}}']
    doc = await opened(client, "\n".join(lines))
    [warning] = await published(client, URI)
    actions = await fixes_for(client, doc, warning)
    assert [a.title for a in actions] == ['Use template "Tile" for the cells of "grid"',
                                          'Use template "Wide" for the cells of "grid"']
    assert [a.is_preferred for a in actions] == [True, False]
    assert [e.new_text for e in actions[0].edit.changes[URI]] == [', "cell": "Tile"']


async def test_a_hidden_flag_on_a_view_that_is_not_skeletonable_gets_a_fix_that_makes_it_work(client: LanguageClient):
    lines = ['{"root": {"comment": "𝄞", "type": "UIView", "frame": [0, 0, 320, 400], "isSkeletonable": true, "children": [',
             '  {"type": "UIImageView", "id": "badge", "frame": [10, 10, 20, 20], "isHiddenWhenSkeletonIsActive": true},',
             '  {"type": "UILabel", "id": "title", "frame": [40, 10, 200, 20], "isSkeletonable": true}]}}']
    text = "\n".join(lines)
    doc = await opened(client, text)
    [warning] = await published(client, URI)
    value = col(lines[1], '"isHiddenWhenSkeletonIsActive": true') + len('"isHiddenWhenSkeletonIsActive": ')
    assert warning.code == "hidden-flag-ignored"
    assert warning.range == types.Range(types.Position(1, value), types.Position(1, value + 4))
    assert warning.message.startswith("isHiddenWhenSkeletonIsActive has no effect here")
    actions = await fixes_for(client, doc, warning)
    [fix] = actions
    assert fix.title == 'Make "badge" skeletonable' and list(fix.diagnostics) == [warning]
    [edit] = fix.edit.changes[URI]
    assert edit.new_text == ', "isSkeletonable": true'
    send_edits(client, 2, [edit])
    assert not await published(client, URI)
    # Now SkeletonView hides the badge while the skeleton shows: no layer of it, the title's skeleton drawn.
    await within(client.protocol.send_request_async("skeleton/show", {"uri": URI, "transition": "none"}))
    layers = await within(client.protocol.send_request_async("skeleton/layers", {"uri": URI}))
    nodes = {layer.node for layer in layers.layers}
    assert "badge" not in nodes and "title" in nodes


HEADER = '"Header": {"type": "UIView", "frame": [0, 0, 320, 30], "isSkeletonable": true}'


async def cell_fixes(client: LanguageClient, templates: str) -> list[types.CodeAction]:
    """The quick fixes of a 44-pt-row table "list" that names no cell and defines `templates` (members, written)."""
    lines = ['{"root": {"type": "UIView", "frame": [0, 0, 320, 400], "isSkeletonable": true, "children": [',
             '  {"type": "UITableView", "id": "list", "frame": [0, 0, 320, 300], "isSkeletonable": true, '
             f'"rowHeight": 44, "templates": {{{templates}}}}}]}}}}']
    doc = await opened(client, "\n".join(lines))
    [warning] = await published(client, URI)
    assert warning.code == "missing-cell-template"
    return await fixes_for(client, doc, warning)


async def test_a_tables_cell_fix_prefers_a_cell_template_over_a_view(client: LanguageClient):
    # The fix once preferred the first template written, a header's UIView, which is no cell.
    row = '"Row": {"type": "UITableViewCell", "frame": [0, 0, 320, 44], "isSkeletonable": true}'
    actions = await cell_fixes(client, f"{HEADER}, {row}")
    assert [(a.title, a.is_preferred) for a in actions] == [('Use template "Row" for the cells of "list"', True),
                                                            ('Use template "Header" for the cells of "list"', False)]


async def test_a_table_with_only_a_view_template_gets_a_cell_template_first(client: LanguageClient):
    actions = await cell_fixes(client, HEADER)
    assert [(a.title, a.is_preferred) for a in actions] == [('Add a cell template to "list"', True),
                                                            ('Use template "Header" for the cells of "list"', False)]
    edits = sorted(actions[0].edit.changes[URI], key=lambda e: (e.range.start.line, e.range.start.character))
    assert [e.new_text for e in edits] == [
        ', "cell": "Cell"',
        '"Cell": {"type": "UITableViewCell", "frame": [0, 0, 320, 44], "isSkeletonable": true}, ']
    send_edits(client, 2, list(reversed(edits)))
    assert not await published(client, URI)
