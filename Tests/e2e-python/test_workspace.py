"""The workspace as the app (issue #26), checked by pytest-lsp: the daemon reads the folders of `initialize`,
reports it as work done progress (created first: pytest-lsp refuses progress on an unknown token), registers its
file watchers dynamically, links a storyboard opened alone with the Swift files on disk, and follows
`workspace/didChangeWatchedFiles`.
"""

from __future__ import annotations

import shutil

from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from test_lsp_client import ROOT, client, within  # noqa: F401

FIXTURES = ROOT.parent / "shared" / "fixtures"


async def test_the_workspace_is_read_with_progress_watched_and_linked(client: LanguageClient, tmp_path):
    app = tmp_path / "App"
    app.mkdir()
    shutil.copyfile(FIXTURES / "interface-builder" / "CollectionView-Main.storyboard", app / "Main.storyboard")
    shutil.copyfile(FIXTURES / "swift-code" / "CollectionView-ViewController.swift", app / "ViewController.swift")
    registrations: list[types.RegistrationParams] = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        registrations.append(params)

    # VS Code's capabilities: work done progress, and dynamic registration of watched files.
    capabilities = client_capabilities("visual-studio-code")
    assert capabilities.window.work_done_progress and capabilities.workspace.did_change_watched_files.dynamic_registration
    await within(client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=app.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=app.as_uri(), name="App")],
    )))
    workspace = await within(client.protocol.send_request_async("skeleton/workspace", {}))
    assert workspace.phase == "ready"
    assert workspace.swiftFiles == [(app / "ViewController.swift").as_uri()]
    assert workspace.interfaceBuilderFiles == [(app / "Main.storyboard").as_uri()]

    # The progress: begun, ended, on the token the daemon created.
    reports = client.progress_reports["skeletond/workspace"]
    assert isinstance(reports[0], types.WorkDoneProgressBegin) and reports[0].title == "Indexing the workspace"
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert reports[-1].message.startswith("1 Swift files, 1 storyboards and XIBs")
    # The watchers, registered once.
    assert len(registrations) == 1
    registration = registrations[0].registrations[0]
    assert registration.method == "workspace/didChangeWatchedFiles"
    globs = [watcher["globPattern"] for watcher in registration.register_options["watchers"]]
    assert globs == ["**/*.swift", "**/*.storyboard", "**/*.xib", "**/*.skeleton.json", "**/*.colorset/Contents.json"]

    # The storyboard alone: its scene is the view controller's, with the show its viewDidLoad makes.
    storyboard = (app / "Main.storyboard").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=storyboard, language_id="storyboard", version=1, text=(app / "Main.storyboard").read_text())))
    scenes = await within(client.protocol.send_request_async("skeleton/scenes", {"uri": storyboard}))
    assert scenes[0]["class"] == "ViewController"
    assert (scenes[0]["show"]["type"], scenes[0]["show"]["animated"]) == ("solid", True)

    # The code changes on disk (a gradient, not animated); the client says so; the storyboard follows.
    swift = app / "ViewController.swift"
    swift.write_text(swift.read_text().replace("self.view.showAnimatedSkeleton()", "self.view.showGradientSkeleton()"))
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=swift.as_uri(), type=types.FileChangeType.Changed)]))
    assert (await within(client.protocol.send_request_async("skeleton/workspace", {}))).reads == 3
    scenes = await within(client.protocol.send_request_async("skeleton/scenes", {"uri": storyboard}))
    assert (scenes[0]["show"]["type"], scenes[0]["show"]["animated"]) == ("gradient", False)
    await within(client.shutdown_session())
