"""Fixtures for the browser tests of `skeleton serve`: the command itself, headless Chromium, and `skeleton render`
to compare pictures with."""
import base64
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from pngdecode import read_png

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("SKELETON_BUILD", ROOT / ".build" / "debug"))
SKELETON = str(BUILD / "skeleton")


def environment():
    env = dict(os.environ)
    env.setdefault("SKELETOND", str(BUILD / "skeletond"))
    return env


class Served:
    """One `skeleton serve` process: its URL (the first line it printed) and its stderr."""

    def __init__(self, *arguments, cwd=None):
        self.process = subprocess.Popen(
            [SKELETON, "serve", *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=environment(), cwd=cwd)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.stop()
            raise AssertionError(f"no URL on the first line: {self.url!r}; stderr: {self.process.stderr.read()}")
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def workdir():
    """A copy of the examples the tests may edit."""
    directory = pathlib.Path(tempfile.mkdtemp(prefix="skeleton-serve-"))
    for name in ("profile-card.skeleton.json", "screens.storyboard", "feed.skeleton.json"):
        shutil.copy(ROOT / "Examples" / name, directory / name)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def serve():
    started = []

    def start(*arguments, cwd=None):
        served = Served(*arguments, cwd=cwd)
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()


@pytest.fixture(scope="session")
def browser():
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--force-color-profile=srgb", "--window-size=1200,900"):
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    yield driver
    driver.quit()


def render(*arguments):
    """(width, height, RGBA) of `skeleton render ARGUMENTS`."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "out.png")
        subprocess.run([SKELETON, "render", *arguments, "-o", out], check=True, env=environment(),
                       capture_output=True, timeout=120)
        return read_png(out)


class Page:
    """The preview page in the browser, and what it drew."""

    def __init__(self, browser, url):
        self.browser = browser
        browser.get(url)
        self.wait(lambda p: p["connected"] and p["frames"] >= 1 and p["drawing"] == 0, "a first frame")

    def state(self):
        return self.browser.execute_script("return window.skeletonPreview")

    def wait(self, condition, what, timeout=30):
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            last = self.state()
            if last and condition(last):
                return last
            time.sleep(0.05)
        raise AssertionError(f"the page did not show {what} within {timeout} s; it has {last}")

    def settle(self, since):
        """Waits until a frame after `since` frames is drawn and no more come for a moment."""
        self.wait(lambda p: p["frames"] > since and p["drawing"] == 0, "a new frame")
        count = -1
        while count != self.state()["frames"]:
            count = self.state()["frames"]
            time.sleep(0.3)
        return self.state()

    def pixels(self):
        """(width, height, RGBA) of the canvas, read back with getImageData."""
        encoded = self.browser.execute_script("""
            const canvas = document.getElementById('preview');
            const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
            let text = '';
            for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
            return [canvas.width, canvas.height, btoa(text)];
        """)
        return encoded[0], encoded[1], base64.b64decode(encoded[2])

    def act(self, script, *arguments):
        """Runs `script` (a control being used) and waits for the frames it causes."""
        before = self.state()["frames"]
        self.browser.execute_script(script, *arguments)
        return self.settle(before)


def differing_pixels(a, b):
    """How many pixels differ between two (width, height, RGBA) pictures of the same size."""
    assert (a[0], a[1]) == (b[0], b[1]), f"sizes differ: {a[0]}x{a[1]} and {b[0]}x{b[1]}"
    return sum(1 for i in range(0, len(a[2]), 4) if a[2][i:i + 4] != b[2][i:i + 4])
