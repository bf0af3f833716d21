"""In a real browser: the student's JupyterLab (Korean, no instructor tools, no news popup, Hangul drawn in the
course's font), the course's Validate button (in place of nbgrader's) and what its dialog says, and the
instructor's Lab with the formgrader.

JupyterLab is started the way students and instructors start it, `course.py lab [--instructor]`, on loopback
with the course's stack; Debian's Chromium (course.py test installs it where it can) is driven by Playwright,
which downloads no browser of its own. The tests are skipped, saying why, where Chromium is missing.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import chromium
import pytest
from course_testing import source_solutions, write_student_notebook

from helpers.paths import ROOT

pytestmark = pytest.mark.slow

TOKEN = "course-browser-test"


def _wait_until_serving(runtime: Path, server: subprocess.Popen, timeout: float = 120) -> str:
    """The base url of the Lab `server` started, once it answers.

    The Lab binds a port the kernel picks (--port=0) and writes it to its own runtime folder, so no
    other process (another test's kernel, say) can hold the port the test then talks to.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"JupyterLab stopped with code {server.returncode}")
        for info_file in runtime.glob("jpserver-*.json"):
            try:
                port = json.loads(info_file.read_text())["port"]
            except (OSError, ValueError, KeyError):
                continue  # being written
            base = f"http://127.0.0.1:{port}"
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=2):
                    return base
            except OSError:
                pass
        time.sleep(0.5)
    raise AssertionError(f"JupyterLab did not answer (runtime folder {runtime}) in {timeout:g} s")


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
    runtime = home / ".runtime"
    environment = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
                       JUPYTER_RUNTIME_DIR=str(runtime))
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "course.py"), "lab", *options, "--no-browser", "--port=0",
         "--ip=127.0.0.1", f"--ServerApp.root_dir={home}", f"--IdentityProvider.token={TOKEN}"],
        cwd=home, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        yield _wait_until_serving(runtime, server)
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
    lecture = ROOT / "notebooks" / "01_handmade_qkv.ipynb"
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


def _validate(page) -> tuple[str, list[str], list[str]]:
    """Press the course's Validate and read its dialog: (its class, the Korean words around the results, the
    failing cells' errors)."""
    page.locator(".course-validate-button:visible").first.click(timeout=120_000)  # the open tab's
    dialog = page.locator(".jp-Dialog")
    dialog.locator(".course-validation").wait_for(timeout=240_000)
    kind = dialog.locator(".course-validation").get_attribute("class")
    words = [*dialog.locator(".jp-Dialog-header").all_inner_texts(), *dialog.locator(".course-validation > div > p")
             .all_inner_texts(), *dialog.locator(".jp-Dialog-button").all_inner_texts()]
    errors = dialog.locator("pre.course-validation-error").all_inner_texts()
    summary = dialog.locator(".course-validation-summary").inner_text()
    dialog.locator(".jp-Dialog-button").first.click()
    return kind, [summary, *words], errors


def test_validate_answers_in_korean_diagnosis_first_while_the_lab_stays_usable(lab, browser, tmp_path):
    """nbgrader's Validate is replaced by the course's: its button counts the seconds while the server validates
    in a thread of its own, another notebook opens meanwhile, and the dialog is in Korean, the diagnosis first.
    The student's own cell takes 15 s (Validate's forked kernel starts in well under a second, so only the student's
    code keeps it running long enough to open another notebook)."""
    base, home = lab
    release = ROOT / "release" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb"
    wrong = "import time\n\ntime.sleep(15)  # 느린 셀\n\n\ndef dot_scores(Q, K):\n    return Q @ K  # 전치를 잊은 답\n"
    notebook = write_student_notebook(release, {**source_solutions("ch01_handmade_qkv"), "dot_scores": wrong}, home)
    lecture = ROOT / "notebooks" / "02_scaling_experiment.ipynb"
    (home / lecture.name).write_bytes(lecture.read_bytes())
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    # a workspace of its own: the default one would restore the lecture an earlier test opened, and a button found
    # in that tab while it was in front is hidden once this notebook's tab comes forward
    page.goto(f"{base}/lab/workspaces/validate-while-busy/tree/{notebook.name}?token={TOKEN}")
    assert page.locator(".validate-button").count() == 0  # nbgrader's own button is off
    page.locator(".course-validate-button:visible").first.click(timeout=120_000)
    page.locator(".course-validate-button", has_text="검사 중").wait_for(timeout=30_000)
    page.locator(".jp-DirListing-item", has_text=lecture.name).dblclick()
    page.locator(".lm-TabBar-tab", has_text=lecture.name).wait_for(timeout=60_000)
    opened_while_validating = page.locator(".course-validate-button", has_text="검사 중").count() > 0
    page.locator(".jp-Dialog .course-validation").wait_for(timeout=240_000)
    page.screenshot(path=str(tmp_path / "validate.png"))
    page.locator(".jp-Dialog .jp-Dialog-button").first.click()
    page.locator(".lm-TabBar-tab", has_text=notebook.name).click()
    kind, words, errors = _validate(page)
    page.close()
    assert opened_while_validating
    assert "course-validation-failed" in kind
    assert words[0] == f"{notebook.name}: 테스트 셀 5 개 중 3 개 통과, 2 개 실패."
    assert set(words[1:]) == {"검사 결과", "통과하지 못한 셀의 오류:", "그 셀의 코드:", "확인"}, words
    assert errors[0].startswith("[진단: dot_scores/no_transpose]"), errors[0]
    assert " ".join(errors[1].split()).startswith(
        "[진단: self_attention/wrong_part] self_attention: 문제 1의 dot_scores가 틀려서"), errors[1]
    assert not [error for error in errors if "Traceback" in error or "helpers/grading" in error]


def test_validate_of_a_right_answer_says_every_test_passed(lab, browser):
    base, home = lab
    release = ROOT / "release" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb"
    (home / "right").mkdir(exist_ok=True)
    notebook = write_student_notebook(release, source_solutions("ch01_handmade_qkv"), home / "right")
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{base}/lab/workspaces/right-answer/tree/right/{notebook.name}?token={TOKEN}")  # not the last layout
    kind, words, errors = _validate(page)
    page.close()
    assert "course-validation-passed" in kind and errors == [], (words, errors)
    assert words == [f"{notebook.name}: 통과 — 테스트 셀 5 개 모두 통과했습니다.", "검사 결과", "확인"]
