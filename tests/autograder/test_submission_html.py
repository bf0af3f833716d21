"""Submissions are shown to graders as data, never as script (issue 32, item 4), without a hub: the strict
sanitiser, the formgrader's page with every student part in a sandboxed frame, the feedback exporter and the class
report, each fed the hostile submission of tests/hostile_html.py. The same tricks run in Chromium against the real
formgrader in tests/autograder/hub/test_formgrader_autograde.py."""

from __future__ import annotations

import html
import json
import os
import re
import signal
import subprocess
import sys
import time

import nbformat
import pytest
import requests
from bs4 import BeautifulSoup
from hostile_html import (
    HONEST_KOREAN,
    HONEST_TABLE_CELL,
    display_outputs,
    displays,
    honest_png,
    html_tricks,
    markdown_source,
)
from hub_testing import free_port
from jinja2 import DictLoader
from nbgrader.server_extensions.formgrader import handlers
from traitlets.config import Config

from autograder import report
from autograder.hub import formgrader
from helpers.paths import ROOT

MARKER = "http://127.0.0.1:9/marker"
CONTENTS_API = "/services/course/api/contents/course/nbgrader_config.py"
INERT_ELEMENTS = {"script", "style", "iframe", "frame", "object", "embed", "link", "meta", "base", "form", "svg",
                  "input", "button", "textarea", "select", "math"}
URL_ATTRIBUTES = {"href", "src", "action", "data", "formaction", "srcset", "poster", "background", "xlink:href"}
PNG = honest_png()


def live_parts(page: str) -> list[str]:
    """Everything in `page` that could run or fetch: active elements, event handlers, style attributes, URLs that
    are not embedded images or plain links."""
    found = []
    for element in BeautifulSoup(page, "html.parser").find_all(True):
        if element.name in INERT_ELEMENTS:
            found.append(str(element))
        for name, value in element.attrs.items():
            value = " ".join(value) if isinstance(value, list) else value
            if name.startswith("on") or name == "style" or (name in URL_ATTRIBUTES and not re.match(
                    r"(data:image/(png|jpeg);base64,|https?://(?!127\.0\.0\.1:9/)|#|mailto:)", value.strip())):
                found.append(f"<{element.name} {name}={value!r}>")
    return found


def submitted_live_parts(page: str) -> list[str]:
    """The live parts of a whole page (its own scripts and styles allowed) that came from the submission."""
    return [part for part in live_parts(page) if MARKER in part or "fetch(" in part]


def frame_body(frame) -> str:
    """A student frame's body: what the submission put there (its head is the formgrader's)."""
    return str(BeautifulSoup(frame["srcdoc"], "html.parser").body)


def hostile_notebook() -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    answer = nbformat.v4.new_markdown_cell(markdown_source(MARKER, CONTENTS_API))
    answer.metadata["nbgrader"] = {"solution": True, "grade": True, "grade_id": "answer", "points": 2,
                                   "schema_version": 3, "locked": False}
    code = nbformat.v4.new_code_cell("x = 1", outputs=[nbformat.from_dict(output) for output in
                                                       display_outputs(displays(MARKER, CONTENTS_API, PNG))])
    forged = nbformat.v4.new_code_cell("y = 2")
    forged.metadata["nbgrader"] = {"solution": True, "grade": False, "locked": False, "schema_version": 3,
                                   "grade_id": f'x" onmouseover="{html_tricks(MARKER, CONTENTS_API)["script"]}'}
    raw = nbformat.v4.new_raw_cell(html_tricks(MARKER, CONTENTS_API)["img-onerror"],
                                   metadata={"raw_mimetype": "text/html"})
    notebook.cells = [answer, code, forged, raw]
    return notebook


@pytest.mark.parametrize("trick", sorted(html_tricks(MARKER, CONTENTS_API)))
def test_sanitised_html_keeps_nothing_that_runs_or_fetches(trick):
    page = formgrader.sanitize_html(html_tricks(MARKER, CONTENTS_API)[trick])
    assert live_parts(page) == [], page


def test_sanitised_html_keeps_korean_text_tables_and_embedded_png():
    kept = formgrader.sanitize_html(f"<p>{HONEST_KOREAN}</p><table><tr><td>{HONEST_TABLE_CELL}</td></tr></table>"
                                    f'<img src="data:image/png;base64,{PNG}" alt="그림" width="100">'
                                    '<a href="https://docs.python.org/3/">문서</a>')
    soup = BeautifulSoup(kept, "html.parser")
    assert HONEST_KOREAN in soup.p.text and soup.td.text == HONEST_TABLE_CELL
    assert soup.img["src"] == f"data:image/png;base64,{PNG}" and soup.img["width"] == "100"
    assert soup.a["href"] == "https://docs.python.org/3/"


def test_outputs_keep_text_tables_and_pngs_and_lose_script_svg_and_forged_image_fields():
    notebook, _ = formgrader.StrictSanitizeHTML().preprocess(hostile_notebook(), {})
    outputs = notebook.cells[1].outputs
    assert HONEST_TABLE_CELL in outputs[0].data["text/html"] and outputs[1].data["image/png"] == PNG
    assert outputs[1].metadata == {"image/png": {"width": 100}}
    kinds = {mimetype for output in outputs for mimetype in output.data}
    assert kinds <= {"text/plain", "text/html", "text/markdown", "image/png"}, kinds
    assert "image/png" not in outputs[6].data  # not base64: it would close the src attribute
    assert outputs[7].metadata == {"image/png": {}} and outputs[8].metadata == {}  # width words, filenames
    assert "nbgrader" not in notebook.cells[2].metadata  # its grade_id would be written into an attribute
    assert all(live_parts(output.data.get("text/html", "")) == [] for output in outputs)
    assert live_parts(notebook.cells[3].source) == []


def formgrade_page(exporter_class=formgrader.SanitizingHTMLExporter, template: bool = True) -> str:
    config = Config()
    config.HTMLExporter.template_name = "formgrade"
    config.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    options = ({"template_file": formgrader.FORMGRADE_TEMPLATE_FILE, "extra_loaders": [
        DictLoader({formgrader.FORMGRADE_TEMPLATE_FILE: formgrader.FORMGRADE_TEMPLATE})]} if template else {})
    exporter = exporter_class(config=config, **options)
    resources = {"assignment_id": "ch01", "notebook_id": "ch01", "submission_id": "abc", "index": 0, "total": 1,
                 "base_url": "/services/course", "student": "s1", "last_name": "", "first_name": "",
                 "notebook_path": "/course/autograded/s1/ch01/ch01.ipynb"}
    page, _ = exporter.from_notebook_node(hostile_notebook(), resources=resources)
    return page


def test_formgrade_page_frames_every_student_part_and_keeps_the_grading_widgets():
    page = formgrade_page()
    soup = BeautifulSoup(page, "html.parser")
    frames = soup.find_all("iframe", class_="student-part")
    assert len(frames) == 3  # the markdown answer, the outputs, the raw cell
    assert all(frame["sandbox"] == ["allow-scripts"] for frame in frames)  # no allow-same-origin
    assert all(live_parts(frame_body(frame)) == [] for frame in frames)
    for frame in frames:
        frame.decompose()
    assert MARKER not in str(soup) and "fetch(" not in str(soup)  # nothing of the submission outside the frames
    assert soup.find("input", id="answer", class_="score") and soup.find("textarea", id="answer-comment")
    framed = " ".join(BeautifulSoup(frame["srcdoc"], "html.parser").text for frame in BeautifulSoup(
        page, "html.parser").find_all("iframe", class_="student-part"))
    assert HONEST_KOREAN in framed and HONEST_TABLE_CELL in framed


def test_frames_policy_allows_only_the_resize_script_and_no_fetch():
    policy = dict(part.strip().split(" ", 1) for part in formgrader.FRAME_POLICY.split(";"))
    assert policy["default-src"] == "'none'" and policy["img-src"] == "data:"
    assert policy["script-src"].startswith("'sha256-") and "unsafe" not in policy["script-src"]
    frame = formgrader.student_frame("<p>x</p>")
    assert html.escape(formgrader.FRAME_POLICY, quote=True) in frame and "allow-same-origin" not in frame


def test_feedback_page_from_the_sanitising_exporter_has_nothing_live():
    config = Config()
    config.HTMLExporter.template_name = "feedback"
    config.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    config.HTMLExporter.extra_template_paths = [f"{handlers.static_path}/node_modules/bootstrap/dist/css"]
    notebook = hostile_notebook()
    notebook.cells[0].metadata["nbgrader"].update(score=1, comment=html_tricks(MARKER, CONTENTS_API)["svg-onload"])
    page, _ = formgrader.SanitizingHTMLExporter(config=config).from_notebook_node(
        notebook, resources={"nbgrader": {"notebook": "ch01", "score": 1, "max_score": 2, "late_penalty": 0}})
    assert submitted_live_parts(page) == []
    text = BeautifulSoup(page, "html.parser").text
    assert HONEST_KOREAN in text and HONEST_TABLE_CELL in text and f"base64,{PNG}" in page


def test_feedback_is_written_by_the_sanitising_exporter():
    from autograder import feedback
    assert "SanitizingHTMLExporter" in feedback._student_feedback.__code__.co_names


def test_report_shows_submission_strings_as_text():
    trick = html_tricks(MARKER, CONTENTS_API)["img-onerror"]
    data = {"assignment": "ch01", "submitted": 1, "graded": 1, "ungraded_count": 1, "max_score": 2, "mean": 1,
            "median": 1, "full_marks": 0, "scores": {trick: 1.0}, "stale": [],
            "test_cells": [{"grade_id": trick, "max_points": 2, "passed": 0, "partial": 1, "graded": 1}],
            "failures": {trick: [{"code": trick, "count": 1, "message": trick, "students": [trick]}]},
            "checks": {trick: [{"name": trick, "title": trick, "share": 0.5, "passed": 1, "failed": 0}]},
            "ungraded": [{"student": trick, "reason": trick, "has_old_grade": False, "log": trick}],
            "findings": [{"student": trick, "kind": trick, "cell": trick, "line": trick,
                          "what": f"{HONEST_KOREAN} {trick}", "code": trick}], "unsandboxed": [trick]}
    page = report.render(data, {"scores.png": b"\x89PNG", "pass_rate.png": b"\x89PNG"})
    assert submitted_live_parts(page) == []
    assert HONEST_KOREAN in BeautifulSoup(page, "html.parser").text


def test_report_shows_a_script_in_a_name_or_note_as_text():
    """The gradebook's names and notes reach the page through the template's autoescape, as every other cell."""
    script = "<script>document.title='x'</script>"
    data = {"assignment": "ch01", "submitted": 1, "graded": 1, "ungraded_count": 0, "max_score": 2, "mean": 1,
            "median": 1, "full_marks": 0, "scores": {"s1": 1.0}, "stale": [], "test_cells": [], "failures": {},
            "checks": {}, "ungraded": [], "findings": [], "unsandboxed": [], "names": {"s1": script},
            "notes": {"s1": script}}
    page = report.render(data, {"scores.png": b"\x89PNG", "pass_rate.png": b"\x89PNG"})
    assert BeautifulSoup(page, "html.parser").find_all("script") == []
    assert page.count(html.escape(script, quote=False).replace("'", "&#39;")) == 2

@pytest.mark.slow
def test_local_instructor_lab_serves_the_course_formgrader(tmp_path):
    """`python course.py lab --instructor` loads the same extension: its formgrader's Autograde route answers with
    the refusal, which only autograder/hub/formgrader.py gives (its submission route is the framed page)."""
    port = free_port()
    token = "course-formgrader-test"
    home = tmp_path / "home"
    home.mkdir()
    lab = subprocess.Popen(
        [sys.executable, str(ROOT / "course.py"), "lab", "--instructor", "--no-browser", f"--port={port}",
         "--ip=127.0.0.1", f"--ServerApp.root_dir={ROOT}", f"--IdentityProvider.token={token}"],
        cwd=home, env=dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
                           JUPYTER_RUNTIME_DIR=str(home / ".runtime")),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{base}/api/status", params={"token": token}, timeout=2).ok:
                    break
            except requests.RequestException:
                time.sleep(0.5)
        pressed = requests.post(f"{base}/formgrader/api/submission/ch01/s1/autograde",
                                headers={"Authorization": f"token {token}"}, timeout=60)
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        lab.wait(timeout=30)
    assert pressed.status_code == 200, pressed.text[-500:]
    assert json.loads(pressed.text)["error"] == formgrader.refusal("ch01", str(ROOT))["error"]
