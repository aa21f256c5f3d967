"""`skeleton serve` in headless Chromium: the page draws what `skeleton render` draws, follows edits on disk, its
controls work, and the server refuses other hosts, origins and bad messages."""
import http.client
import shutil
import socket
import subprocess
import time

import pytest

from conftest import ROOT, SKELETON, Page, differing_pixels, environment, render

SELECT = """
    const select = document.getElementById(arguments[0]);
    select.value = arguments[1];
    select.dispatchEvent(new Event('change'));
"""
SEEK = """
    const slider = document.getElementById('time');
    slider.value = String(arguments[0]);
    slider.dispatchEvent(new Event('input'));
"""
CLICK = "document.getElementById(arguments[0]).click();"


def test_the_page_draws_exactly_what_render_writes(browser, serve, workdir):
    card = str(workdir / "profile-card.skeleton.json")
    served = serve(card)
    page = Page(browser, served.url)
    assert page.state()["state"]["time"] == 1
    assert differing_pixels(page.pixels(), render(card, "--time", "1")) == 0


def test_an_edit_saved_to_disk_reaches_the_page(browser, serve, workdir):
    card = workdir / "profile-card.skeleton.json"
    served = serve(str(card))
    page = Page(browser, served.url)
    before = page.pixels()
    frames = page.state()["frames"]
    text = card.read_text()
    assert '"cornerRadius": 32' in text
    # Saved the way many editors do: a new file renamed over the old one.
    replacement = workdir / "profile-card.tmp"
    replacement.write_text(text.replace('"cornerRadius": 32', '"cornerRadius": 4', 1))
    replacement.rename(card)
    page.settle(frames)
    after = page.pixels()
    assert differing_pixels(before, after) > 0
    assert differing_pixels(after, render(str(card), "--time", "1")) == 0
    # Written in place, broken: the page says why and keeps the last picture.
    card.write_text(text.replace("{", "[", 1))
    page.wait(lambda p: "error" in p_text(browser, "diagnostics"), "the diagnostics")
    assert differing_pixels(page.pixels(), after) == 0


def p_text(browser, element):
    return browser.execute_script("return document.getElementById(arguments[0]).textContent", element)


def test_the_controls_change_the_picture_as_render_options_do(browser, serve, workdir):
    card = str(workdir / "profile-card.skeleton.json")
    page = Page(browser, serve(card).url)
    page.act(SELECT, "scheme", "dark")
    assert differing_pixels(page.pixels(), render(card, "--time", "1", "--scheme", "dark")) == 0
    page.act(SELECT, "direction", "rtl")
    assert differing_pixels(page.pixels(), render(card, "--time", "1", "--scheme", "dark", "--rtl")) == 0
    page.act(SELECT, "scheme", "")
    page.act(SELECT, "direction", "")
    browser.execute_script(SELECT, "skeleton", "gradient")
    page.act(CLICK, "show")
    assert differing_pixels(page.pixels(), render(card, "--time", "1", "--type", "gradient")) == 0
    # The scrubber: forward moves the clock, back shows the skeleton again.
    page.act(SEEK, 0.15)
    assert differing_pixels(page.pixels(), render(card, "--time", "0.15", "--type", "gradient")) == 0
    page.act(SEEK, 0.5)
    assert differing_pixels(page.pixels(), render(card, "--time", "0.5", "--type", "gradient")) == 0
    # Hidden: the content alone, as at the moment of the show (before the fade-in).
    page.act(CLICK, "hide")
    assert page.state()["state"]["shown"] is False
    assert differing_pixels(page.pixels(), render(card, "--time", "0")) == 0
    # Play moves time on with the clock; pause stops it.
    browser.execute_script(SELECT, "skeleton", "solid")
    browser.execute_script("document.getElementById('animated').checked = true;")
    page.act(CLICK, "show")
    start = page.state()["at"]
    browser.execute_script(CLICK, "play")
    page.wait(lambda p: p["at"] > start + 0.5 and p["state"]["playing"], "time moving on")
    browser.execute_script(CLICK, "play")
    paused = page.wait(lambda p: not p["state"]["playing"] and p["drawing"] == 0, "a pause")
    time.sleep(0.5)
    assert page.state()["frames"] - paused["frames"] <= 2


def test_the_scene_picker_shows_every_scene_as_render_does(browser, serve, workdir):
    storyboard = str(workdir / "screens.storyboard")
    card = str(workdir / "profile-card.skeleton.json")
    page = Page(browser, serve(card, storyboard).url)
    scenes = page.state()["scenes"]
    assert len(scenes) >= 3
    assert scenes[0]["file"] == "profile-card.skeleton.json"
    for scene in scenes[1:]:
        assert scene["file"] == "screens.storyboard" and scene["scene"]
        page.act(SELECT, "scene", str(scene["index"]))
        expected = render(storyboard, "--scene", scene["scene"], "--time", "1")
        assert differing_pixels(page.pixels(), expected) == 0, scene["label"]


def test_foreign_hosts_origins_and_messages_are_refused(browser, serve, workdir):
    served = serve(str(workdir / "profile-card.skeleton.json"))
    port = served.port
    for host in (f"rebound.example:{port}", f"127.0.0.1:{port + 1}", "127.0.0.1"):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.putrequest("GET", "/", skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        answer = connection.getresponse()
        assert answer.status == 403, host
        assert b"is not this server" in answer.read()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\n"
                    "Connection: close\r\n\r\n".encode())
        answer = raw.recv(4096).decode()
        assert answer.startswith("HTTP/1.1 403") and "more than one Host header" in answer
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode())
        assert not raw.recv(4096).decode().startswith("HTTP/1.1 101")
    # From the page itself: unknown messages get an error and change nothing; an oversized one ends that socket.
    page = Page(browser, served.url)
    replies = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const socket = new WebSocket('ws://' + location.host + '/ws');
        const errors = [];
        socket.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === 'error') errors.push(message.message);
            if (errors.length === 2) {
                socket.send('x'.repeat(100000));
            }
        };
        socket.onopen = () => {
            socket.send(JSON.stringify({type: 'open', path: '../../etc/passwd'}));
            socket.send(JSON.stringify({type: 'select', scene: 99}));
        };
        socket.onclose = () => done(errors);
        setTimeout(() => done(errors.concat(['still open'])), 10000);
    """)
    assert replies == ["unknown message type 'open'", "there is no scene 99: there are 1"]
    assert page.state()["connected"]


def test_a_taken_port_is_said_clearly():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [SKELETON, "serve", "--port", str(port), "Examples/profile-card.skeleton.json"], capture_output=True,
            text=True, env=environment(), timeout=120, cwd=str(ROOT))
    assert result.returncode == 2
    assert result.stdout == ""
    assert f"port {port} on 127.0.0.1 is taken by another program" in result.stderr


def test_a_storyboard_saved_with_a_new_title_updates_the_picker(browser, serve, workdir):
    storyboard = workdir / "screens.storyboard"
    page = Page(browser, serve(str(storyboard)).url)
    # It starts on the initial scene, as render does without --scene.
    assert page.state()["scenes"][page.state()["state"]["scene"]]["scene"] == "feedVC"
    assert differing_pixels(page.pixels(), render(str(storyboard), "--time", "1")) == 0
    grid = next(scene for scene in page.state()["scenes"] if scene["scene"] == "gridVC")
    page.act(SELECT, "scene", str(grid["index"]))
    text = storyboard.read_text()
    # Xcode's scene title is the comment above the scene.
    assert "<!--Grid-->" in text
    storyboard.write_text(text.replace("<!--Grid-->", "<!--Photo grid-->", 1))
    state = page.wait(lambda p: any("Photo grid" in s["label"] for s in p["scenes"]), "the new title")
    assert state["scenes"][state["state"]["scene"]]["scene"] == "gridVC"
    page.settle(0)
    expected = render(str(storyboard), "--scene", "gridVC", "--time", "1")
    assert differing_pixels(page.pixels(), expected) == 0


def test_an_edit_of_the_apps_swift_code_reaches_the_page(browser, serve, workdir):
    project = workdir / "app"
    shutil.copytree(ROOT / "Examples" / "CollectionView", project)
    page = Page(browser, serve("--project", str(project)).url)
    storyboard = str(project / "Main.storyboard")
    assert differing_pixels(page.pixels(), render(storyboard, "--project", str(project), "--time", "1")) == 0
    code = project / "ViewController.swift"
    text = code.read_text()
    assert "self.view.showAnimatedSkeleton()" in text
    frames = page.state()["frames"]
    code.write_text(text.replace("self.view.showAnimatedSkeleton()", "self.view.showGradientSkeleton()", 1))
    page.settle(frames)
    expected = render(storyboard, "--project", str(project), "--time", "1")
    assert differing_pixels(page.pixels(), expected) == 0
