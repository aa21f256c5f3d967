"""`skeleton snapshot verify` end to end: its JUnit XML and SARIF against their schemas, and its HTML report opened
in headless Chromium (Debian's `chromium` and `chromium-driver`) as a person would after a failed CI run."""

import json
import os
import pathlib
import shutil
import struct
import subprocess
import zlib

import jsonschema
import pytest
from lxml import etree

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DAEMON = pathlib.Path(os.environ.get("SKELETOND", ROOT / ".build/debug/skeletond"))
SKELETON = DAEMON.parent / "skeleton"
CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")


def skeleton(*args, cwd, expect):
    env = dict(os.environ, SKELETOND=str(DAEMON))
    run = subprocess.run([str(SKELETON), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == expect, f"skeleton {' '.join(args)} → {run.returncode}\n{run.stdout}\n{run.stderr}"
    return run


@pytest.fixture(scope="module")
def failed_run(tmp_path_factory):
    """A project of three examples recorded, then one avatar's corner radius changed by 1 pt and verified."""
    project = tmp_path_factory.mktemp("project")
    for name in ["profile-card.skeleton.json", "feed.skeleton.json", "screens.storyboard"]:
        shutil.copy(ROOT / "Examples" / name, project / name)
    files = ["profile-card.skeleton.json", "feed.skeleton.json", "screens.storyboard"]
    skeleton("snapshot", "record", *files, cwd=project, expect=0)
    card = project / "profile-card.skeleton.json"
    text = card.read_text()
    assert '"cornerRadius": 32' in text
    card.write_text(text.replace('"cornerRadius": 32', '"cornerRadius": 31'))
    run = skeleton(
        "snapshot", "verify", *files, "--report", "report", "--junit", "junit.xml", "--sarif", "snapshots.sarif",
        cwd=project, expect=1)
    manifest = json.loads((project / "skeleton-snapshots/manifest.json").read_text())
    return project, run, manifest


def test_junit_validates_and_has_one_case_per_picture(failed_run):
    project, _, manifest = failed_run
    schema = etree.XMLSchema(etree.parse(str(HERE / "junit.xsd")))
    document = etree.parse(str(project / "junit.xml"))
    schema.assertValid(document)
    cases = document.findall(".//testcase")
    assert len(cases) == len(manifest["pictures"])
    failures = document.findall(".//testcase/failure")
    # Light and dark pictures of the card changed; nothing else did.
    assert len(failures) == 2
    assert {f.getparent().get("classname") for f in failures} == {"profile-card.skeleton.json"}
    assert all(f.get("type") == "differs" for f in failures)
    assert document.getroot().get("failures") == "2"


def test_sarif_validates_and_locates_the_failures(failed_run):
    project, _, _ = failed_run
    log = json.loads((project / "snapshots.sarif").read_text())
    checker = jsonschema.Draft7Validator(
        json.loads((HERE / "sarif-2.1.0-subset.schema.json").read_text()),
        format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    checker.validate(log)
    official = os.environ.get("SARIF_SCHEMA")
    if official:
        jsonschema.Draft7Validator(json.loads(pathlib.Path(official).read_text())).validate(log)
    results = [r for r in log["runs"][0]["results"] if r["ruleId"].startswith("snapshot-")]
    assert len(results) == 2
    for result in results:
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {"uri": "profile-card.skeleton.json", "uriBaseId": "%SRCROOT%"}
        assert result["level"] == "error"


def read_png(data):
    """RGBA rows of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium's screenshots are)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat = 8, b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0
        elif kind == b"IDAT":
            idat += body
        offset += length + 12
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255
        rows.append([tuple(row[x * channels:x * channels + 3]) for x in range(width)])
        previous = row
    return width, height, rows


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="needs Debian's chromium and chromium-driver")
def test_the_html_report_in_headless_chromium(failed_run, tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    project, _, manifest = failed_run
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1000", "--allow-file-access-from-files"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        driver.get((project / "report/index.html").as_uri())
        driver.execute_async_script(
            "var done = arguments[0]; Promise.all(Array.from(document.images).map(function (i) {"
            " return i.complete ? 0 : new Promise(function (r) { i.onload = i.onerror = r; }); })).then(done);")
        # Every image loads: the failures' three pictures and slider, and every passing picture's baseline.
        images = driver.execute_script(
            "return Array.from(document.images).map(function (i) {"
            " return [i.getAttribute('src'), i.complete && i.naturalWidth > 0]; });")
        assert images and all(ok for _, ok in images), [src for src, ok in images if not ok]
        cards = driver.execute_script(
            "return Array.from(document.querySelectorAll('.card')).map(function (c) {"
            " return [c.dataset.outcome, c.dataset.variant, c.offsetParent !== null]; });")
        assert len(cards) == len(manifest["pictures"])
        # Failures first, and shown; passes are hidden until asked for.
        assert [c[0] for c in cards[:2]] == ["failed", "failed"] and cards[0][2]
        assert all(c[0] == "passed" and not c[2] for c in cards[2:])
        driver.execute_script(
            "var o = document.getElementById('outcome'); o.value = 'all';"
            " o.dispatchEvent(new Event('input'));")
        assert driver.execute_script(
            "return Array.from(document.querySelectorAll('.card')).every(function (c) { return c.offsetParent !== null; });")
        # Every variant is browsable.
        variants = driver.execute_script(
            "return Array.from(document.querySelectorAll('#variant option')).slice(1).map(function (o) { return o.value; });")
        assert sorted(variants) == sorted({p["variant"] for p in manifest["pictures"]})
        # The slider wipes between the baseline and the new picture.
        width = driver.execute_script(
            "var w = document.querySelector('.wipe'), s = w.querySelector('input'); s.value = 20;"
            " s.dispatchEvent(new Event('input')); return w.querySelector('.over').style.width;")
        assert width == "20%"
        driver.execute_script(
            "var o = document.getElementById('outcome'); o.value = 'failed'; o.dispatchEvent(new Event('input'));"
            " window.scrollTo(0, 0);")
        shot = driver.get_screenshot_as_png()
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == [], errors
    finally:
        driver.quit()
    (tmp_path / "report.png").write_bytes(shot)
    target = os.environ.get("SNAPSHOT_REPORT_SCREENSHOT")
    if target:
        pathlib.Path(target).write_bytes(shot)
    width, height, rows = read_png(shot)
    # The window's width; its height less the browser's frame.
    assert width == 1400 and 600 <= height <= 1000
    # The first screen shows the failure: the diff's pure red pixels (the changed avatar corners) are on it.
    red = sum(1 for row in rows for pixel in row if pixel == (255, 0, 0))
    assert red > 0
