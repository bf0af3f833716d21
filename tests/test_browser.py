"""In a real browser: the student's JupyterLab (Korean, no instructor tools, no news popup, Hangul drawn in the
course's font), nbgrader's Validate button and what its dialog says, and the instructor's Lab with the formgrader.

JupyterLab is started the way students and instructors start it, `course.py lab [--instructor]`, on loopback
with the course's stack; Debian's Chromium (course.py test installs it where it can) is driven by Playwright,
which downloads no browser of its own. The tests are skipped, saying why, where Chromium is missing.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import chromium
import pytest
from course_testing import write_student_notebook

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
TOKEN = "course-browser-test"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_serving(url: str, server: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"JupyterLab stopped with code {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"JupyterLab did not answer at {url} in {timeout:g} s")


def _served(base: str, path: str) -> int:
    """The HTTP status the Lab answers `path` with (the token given)."""
    try:
        with urllib.request.urlopen(f"{base}{path}?token={TOKEN}", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def _serve_lab(home: Path, *options: str):
    """Yield the base url of `course.py lab *options` serving the folder `home` as its user's home; stop it after."""
    chromium.skip_without_chromium()
    port = _free_port()
    environment = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
                       JUPYTER_RUNTIME_DIR=str(home / ".runtime"))
    server = subprocess.Popen(
        [sys.executable, str(REPO / "course.py"), "lab", *options, "--no-browser", f"--port={port}",
         "--ip=127.0.0.1", f"--ServerApp.root_dir={home}", f"--IdentityProvider.token={TOKEN}"],
        cwd=home, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_serving(f"{base}/api/status?token={TOKEN}", server)
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # course.py and the Lab it started
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """(base url, the student's folder): the student's Lab, as `python course.py lab` opens it."""
    home = tmp_path_factory.mktemp("student")
    for base in _serve_lab(home):
        yield base, home


@pytest.fixture(scope="module")
def instructor_lab(tmp_path_factory):
    """The base url of the instructor's Lab, as `python course.py lab --instructor` opens it."""
    yield from _serve_lab(tmp_path_factory.mktemp("instructor"), "--instructor")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = chromium.launch(playwright)
        yield instance
        instance.close()


def _opened_lab(browser, base: str, tmp_path: Path, name: str):
    """A page on the Lab's launcher once its menus are drawn and any start-up notice had time to show;
    its screenshot is `tmp_path/<name>.png`."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(f"{base}/lab?token={TOKEN}")
    page.locator(".lm-MenuBar-itemLabel").first.wait_for(timeout=120_000)
    page.wait_for_timeout(5_000)  # the news question appears as a toast shortly after the Lab is restored
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    return page


def test_student_lab_is_korean_without_instructor_tools_or_news(lab, browser, tmp_path):
    base, _ = lab
    page = _opened_lab(browser, base, tmp_path, "student_lab")
    assert chromium.KOREAN_MENUS <= set(chromium.menu_bar(page)), chromium.menu_bar(page)
    assert chromium.nbgrader_menu(page) == ["Assignment List"]
    assert chromium.toasts(page) == []
    assert page.locator(".lm-TabBar-tab", has_text="Create Assignment").count() == 0
    page.close()
    for path in ("/formgrader", "/formgrader/static/css/nbgrader.css", "/formgraders"):
        assert _served(base, path) == 404, path
    news = json.loads(urllib.request.urlopen(f"{base}/lab/api/news?token={TOKEN}", timeout=10).read())
    assert news == {"news": []}


LAB_FONT_PROBES = {"menu": ".lm-MenuBar-itemLabel", "markdown": ".jp-RenderedMarkdown p",
                   "code comment": ".jp-CodeCell .jp-InputArea-editor .cm-line span",
                   "output": ".jp-OutputArea-output pre"}


def test_hangul_in_the_labs_menus_and_a_lectures_cells_is_drawn_in_the_shipped_nanumgothic(lab, browser, tmp_path):
    """This machine has no Korean system font (`fc-list :lang=ko` is empty): the Lab's Korean menus, a lecture's
    markdown, code comments and outputs are drawn by the course's NanumGothic, served by helpers.lab."""
    base, home = lab
    lecture = REPO / "notebooks" / "01_handmade_qkv.ipynb"
    (home / lecture.name).write_bytes(lecture.read_bytes())
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{base}/lab/tree/{lecture.name}?token={TOKEN}")
    page.locator(".jp-OutputArea-output pre").first.wait_for(timeout=120_000)
    page.screenshot(path=str(tmp_path / "lab_hangul.png"))
    missed = chromium.hangul_not_in_nanum(page, LAB_FONT_PROBES)
    page.close()
    assert missed == {}


def test_instructor_lab_has_the_formgrader(instructor_lab, browser, tmp_path):
    page = _opened_lab(browser, instructor_lab, tmp_path, "instructor_lab")
    assert "파일" in chromium.menu_bar(page)
    assert {"Assignment List", "Course List", "Formgrader", "Create assignment"} <= set(chromium.nbgrader_menu(page))
    assert page.locator(".lm-TabBar-tab", has_text="Create Assignment").count() == 1
    page.close()
    assert _served(instructor_lab, "/formgrader/static/css/nbgrader.css") == 200


def test_validate_dialog_shows_the_korean_diagnosis_first_and_no_traceback(lab, browser, tmp_path):
    base, home = lab
    wrong = "def dot_scores(Q, K):\n    return Q @ K  # 전치를 잊은 답\n"
    notebook = write_student_notebook(REPO / "release" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb",
                                      {"dot_scores": wrong}, home)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{base}/lab/tree/{notebook.name}?token={TOKEN}")
    page.locator(".validate-button").first.click(timeout=120_000)
    dialog = page.locator(".jp-Dialog .validation-failed")
    dialog.wait_for(timeout=240_000)
    page.screenshot(path=str(tmp_path / "validate.png"))
    errors = [text.strip() for text in dialog.locator("div.jp-RenderedText pre").all_inner_texts()[1::2]]
    page.close()
    assert errors, "the dialog lists no failed cell"
    first = errors[0]
    assert first.startswith("[진단: dot_scores/no_transpose]"), first
    assert "Traceback" not in first and "File \"" not in first and "helpers/grading" not in first
    assert "K 를 전치하지 않고" in " ".join(first.split())  # the message is wrapped into short lines
