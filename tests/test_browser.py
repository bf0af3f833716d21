"""In a real browser: a student's JupyterLab, nbgrader's Validate button, and what its dialog says.

JupyterLab runs on loopback with the course's stack; Debian's Chromium (course.py test installs it where
it can) is driven by Playwright, which downloads no browser of its own. The test is skipped, saying why,
where Chromium is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from autograder.notebook import nbgrader_metadata, read_notebook

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# As root on a machine with no outside network: no sandbox of Chromium's own, nothing fetched in the background.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
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


def _student_notebook(folder: Path, assignment: str, answers: dict[str, str]) -> Path:
    """The released notebook of `assignment` as a student saves it, with `answers` in its solution cells."""
    notebook = read_notebook(REPO / "release" / assignment / f"{assignment}.ipynb")
    for cell in notebook["cells"]:
        grade_id = nbgrader_metadata(cell).get("grade_id")
        if grade_id in answers:
            cell["source"] = answers[grade_id]
    path = folder / f"{assignment}.ipynb"
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """(base url, the student's folder): JupyterLab serving a student's folder, stopped afterwards."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium 이 없습니다: `apt-get install chromium` (course.py test 가 root 에서는 설치합니다)")
    home = tmp_path_factory.mktemp("student")
    port = _free_port()
    environment = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
                       JUPYTER_RUNTIME_DIR=str(home / ".runtime"))
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         f"--ServerApp.root_dir={home}", f"--IdentityProvider.token={TOKEN}", "--allow-root"],
        cwd=home, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_serving(f"{base}/api/status?token={TOKEN}", server)
        yield base, home
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


def test_validate_dialog_shows_the_korean_diagnosis_first_and_no_traceback(lab, tmp_path):
    from playwright.sync_api import sync_playwright

    base, home = lab
    wrong = "def dot_scores(Q, K):\n    return Q @ K  # 전치를 잊은 답\n"
    notebook = _student_notebook(home, "ch01_handmade_qkv", {"dot_scores": wrong})
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{base}/lab/tree/{notebook.name}?token={TOKEN}")
            page.locator(".validate-button").first.click(timeout=120_000)
            dialog = page.locator(".jp-Dialog .validation-failed")
            dialog.wait_for(timeout=240_000)
            page.screenshot(path=str(tmp_path / "validate.png"))
            errors = [text.strip() for text in dialog.locator("div.jp-RenderedText pre").all_inner_texts()[1::2]]
        finally:
            browser.close()
    assert errors, "the dialog lists no failed cell"
    first = errors[0]
    assert first.startswith("[진단: dot_scores/no_transpose]"), first
    assert "Traceback" not in first and "File \"" not in first and "helpers/grading" not in first
    assert "K 를 전치하지 않고" in " ".join(first.split())  # the message is wrapped into short lines
