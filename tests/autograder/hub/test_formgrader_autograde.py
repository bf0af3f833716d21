"""The class server's formgrader (autograder/hub/formgrader.py). It cannot grade unsandboxed (issue 32, item 3): its
Autograde button answers with a Korean refusal pointing to `course-grader grade`, runs nothing and leaves the
gradebook, the course folder and nbgrader_config.py as they were. It shows submissions as data (item 4): a
submission that tries every trick of tests/hostile_html.py runs nothing in the instructor's Chromium, in the
formgrader, in its feedback page or in the class report, while its honest content still shows and a score can
still be saved.

The fast tests take the refusal, the two routes among nbgrader's own formgrader routes and the module's copy for
the formgrader service apart (the sanitiser itself: tests/autograder/test_submission_html.py); the slow ones work
on a real class server, as the instructor."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from types import SimpleNamespace

import chromium
import pytest
import requests
from hostile_html import HONEST_KOREAN, HONEST_TABLE_CELL, Listener, display_code, displays, honest_png, markdown_source
from hub_testing import ASSIGNMENT, COURSE, NOTEBOOK, PASSWORD, Student, run_grader
from nbgrader.api import MissingEntry
from nbgrader.server_extensions.formgrader import apihandlers
from nbgrader.server_extensions.formgrader import handlers as page_handlers
from nbgrader.server_extensions.formgrader.formgrader import FormgradeExtension
from tornado import web
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

from autograder.course.context import CourseContext
from autograder.hub import formgrader
from autograder.hub import server as classserver

BASE_URL = f"/services/{COURSE}/"
BUTTON = f"{BASE_URL}formgrader/api/submission/{ASSIGNMENT}/s1/autograde"  # what Manage Submissions posts


def _handler_for(web_app: web.Application, method: str, path: str) -> type:
    request = HTTPServerRequest(start_line=RequestStartLine(method, path, "HTTP/1.1"),
                                headers=HTTPHeaders({"Host": "127.0.0.1"}))
    return web_app.find_handler(request).handler_class


def test_refusal_is_a_failed_step_in_korean_naming_the_sandboxed_command():
    answer = formgrader.refusal(ASSIGNMENT, "/srv/course/course")
    assert answer["success"] is False
    assert "formgrader의 Autograde를 쓰지 않습니다" in answer["error"]
    assert f"`sudo course-grader grade {ASSIGNMENT} --root /srv/course/course`" in answer["error"]


def test_refusing_handler_writes_nbgraders_json_string_and_touches_no_gradebook():
    written = []
    # no api, no gradebook, no settings: the handler may only read the course folder's path and write
    handler = SimpleNamespace(coursedir=SimpleNamespace(root="/srv/c/course"), write=written.append,
                              log=SimpleNamespace(warning=lambda *args: None))
    post = formgrader.RefusedAutograde.post.__wrapped__.__wrapped__  # under @web.authenticated and @check_xsrf
    post(handler, ASSIGNMENT, "s1")
    assert len(written) == 1 and isinstance(written[0], str)  # the page JSON.parse-s the text itself
    assert json.loads(written[0]) == formgrader.refusal(ASSIGNMENT, "/srv/c/course")


@pytest.mark.parametrize("refusal_first", [True, False], ids=["loaded-before-nbgrader", "loaded-after-nbgrader"])
def test_autograde_route_goes_to_the_refusal_whatever_order_the_extensions_load(refusal_first):
    web_app = web.Application([], base_url=BASE_URL)
    steps = [lambda: formgrader.add_refusal(web_app), lambda: FormgradeExtension.init_handlers(None, web_app)]
    for step in steps if refusal_first else reversed(steps):
        step()
    assert _handler_for(web_app, "POST", BUTTON) is formgrader.RefusedAutograde
    # nbgrader's other routes are still nbgrader's
    assert _handler_for(web_app, "POST", f"{BASE_URL}formgrader/api/assignment/{ASSIGNMENT}/collect") \
        is apihandlers.CollectHandler
    assert _handler_for(web_app, "GET", f"{BASE_URL}formgrader/api/submission/{ASSIGNMENT}/s1") \
        is apihandlers.SubmissionHandler


@pytest.mark.parametrize("framed_first", [True, False], ids=["loaded-before-nbgrader", "loaded-after-nbgrader"])
def test_submission_page_route_goes_to_the_framed_page_whatever_order_the_extensions_load(framed_first):
    web_app = web.Application([], base_url=BASE_URL)
    steps = [lambda: formgrader.add_framed_submissions(web_app),
             lambda: FormgradeExtension.init_handlers(None, web_app)]
    for step in steps if framed_first else reversed(steps):
        step()
    assert _handler_for(web_app, "GET", f"{BASE_URL}formgrader/submissions/abc123/") is formgrader.FramedSubmission
    for action in ("next", "prev", "next_incorrect", "prev_incorrect/"):
        assert _handler_for(web_app, "GET", f"{BASE_URL}formgrader/submissions/abc123/{action}") \
            is page_handlers.SubmissionNavigationHandler
    for path in ("figure.png", "page.html", "sub/next", "next.html"):
        assert _handler_for(web_app, "GET", f"{BASE_URL}formgrader/submissions/abc123/{path}") \
            is formgrader.SandboxedSubmissionFile
    assert _handler_for(web_app, "GET", f"{BASE_URL}formgrader/submissions/components/bootstrap/x.css") \
        is web.StaticFileHandler


def test_only_the_autograde_handler_of_nbgrader_runs_autograde():
    """If a later nbgrader adds another route that autogrades, this fails and the refusal must cover it too."""
    autograding = [pattern for pattern, handler in apihandlers.default_handlers
                   if "self.api.autograde" in inspect.getsource(handler)]
    assert autograding == [formgrader.AUTOGRADE_ROUTE]


def test_hub_start_copies_the_refusal_as_a_module_the_students_environment_can_load(tmp_path):
    settings = SimpleNamespace(grader_lab=tmp_path / "grader-lab")
    classserver.formgrader_without_autograde(settings)
    enabled = json.loads((settings.grader_lab / "jupyter_server_config.json").read_text())["ServerApp"]
    assert enabled["jpserver_extensions"]["course_formgrader"] is True
    assert "autograder.hub.formgrader" not in enabled["jpserver_extensions"]  # not importable there
    # imported on its own, without the autograder package (the service's Python does not have it)
    done = subprocess.run([sys.executable, "-I", "-c", (
        "import sys; sys.path.insert(0, sys.argv[1]); import course_formgrader as m; "
        "print(m._jupyter_server_extension_points()[0]['module'], 'autograder' in sys.modules)"),
        str(settings.grader_lab / "python")], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["course_formgrader", "False"], done.stderr[-2000:]


# ---------------------------------------------------------------- the real formgrader on the real hub
@pytest.mark.slow
def test_formgrader_autograde_on_the_class_server_refuses_and_changes_nothing(class_server):
    server = class_server
    student_id = server.students[0]
    run_grader(server, "hub", "release", ASSIGNMENT, "--home", str(server.home))
    student = Student(server.base, student_id)
    student.log_in()
    student.start_server()
    student.assignments("fetch")
    submitted = student.assignments("submit")
    assert any(a["status"] == "submitted" for a in submitted), submitted
    run_grader(server, "hub", "collect", ASSIGNMENT, "--home", str(server.home))
    assert (server.course_root / "submitted" / student_id / ASSIGNMENT).is_dir()
    config = (server.course_root / "nbgrader_config.py").read_bytes()

    instructor = Student(server.base, server.instructor)
    instructor.log_in()
    formgrader_api = f"{server.formgrader}formgrader/api"
    listed = requests.get(f"{formgrader_api}/submissions/{ASSIGNMENT}", headers=instructor.headers, timeout=60)
    assert listed.status_code == 200, listed.text[-800:]
    assert student_id in [s["student"] for s in listed.json()], listed.text  # the formgrader sees the submission
    pressed = requests.post(f"{formgrader_api}/submission/{ASSIGNMENT}/{student_id}/autograde",
                            headers=instructor.headers, timeout=300)
    assert pressed.status_code == 200, pressed.text[-800:]
    answer = json.loads(pressed.text)
    assert answer == formgrader.refusal(ASSIGNMENT, str(server.course_root)), answer

    assert not (server.course_root / "autograded").exists()
    assert (server.course_root / "nbgrader_config.py").read_bytes() == config
    with CourseContext(server.course_root).gradebook() as gradebook:
        with pytest.raises(MissingEntry):
            gradebook.find_submission(ASSIGNMENT, student_id)


def _visit(browser, url: str, listener: Listener, log_in: tuple[str, str] | None = None) -> dict:
    """Open `url` in a fresh Chromium page (after logging in to the hub at log_in = (hub, account) and letting the
    service in, as the instructor does the first time), press every link, button and input of the submission (in its
    frames, or on the page when it has none), and say what happened: dialogs, requests the page made, the text and
    the PNG images that loaded."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, ignore_https_errors=True)
    page = context.new_page()
    seen = {"dialogs": [], "requests": []}
    page.on("dialog", lambda dialog: (seen["dialogs"].append(dialog.message), dialog.dismiss()))
    if log_in:
        hub, account = log_in
        page.goto(f"{hub}/hub/login")
        page.fill("#username_input", account)
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit")
        page.wait_for_url(lambda address: "/hub/login" not in address, timeout=240_000)
        page.goto(url, wait_until="load")  # the service's OAuth with the hub, before the requests are recorded
        if "/oauth2/authorize" in page.url:  # JupyterHub asks once whether the formgrader may know who you are
            page.click("button[type=submit]")
        page.wait_for_url(lambda address: address.startswith(url), timeout=60_000)
    context.on("request", lambda request: seen["requests"].append(request.url))
    answer = page.goto(url, wait_until="load")
    seen["policy"] = answer.headers.get("content-security-policy", "")
    page.wait_for_timeout(3_000)
    documents = page.frames[1:] if log_in else page.frames  # the formgrader's own links are not the submission's
    assert documents, f"no student frame: {page.url} {answer.status}\n{page.content()[:3000]}"
    for frame in documents:
        for target in frame.locator("a:not([href^='http']), button, input").all():
            try:
                target.click(timeout=1_000)
            except Exception:  # noqa: BLE001 - hidden or detached: nothing to press
                pass
    page.wait_for_timeout(2_000)
    seen["text"] = " ".join(frame.evaluate("document.body ? document.body.innerText : ''") for frame in documents)
    seen["images"] = sum(frame.evaluate("[...document.images].filter(i => i.src.startsWith('data:image/png') "
                                        "&& i.naturalWidth > 0).length") for frame in documents)
    seen["page"] = page
    seen["listener"] = list(listener.seen)
    return seen


@pytest.mark.slow
def test_hostile_submission_runs_nothing_for_the_instructor_and_its_answer_still_shows(class_server, tmp_path):
    """The formgrader's page, the feedback and the class report of a submission that tries every trick, in Chromium."""
    chromium.skip_without_chromium()
    from playwright.sync_api import sync_playwright

    server = class_server
    student_id = server.students[1]
    contents_api = f"/services/{COURSE}/api/contents/nbgrader_config.py"  # the service's root is the course folder
    listener = Listener()
    try:
        student = Student(server.base, student_id)
        student.log_in()
        student.start_server()
        if not student.assignments():  # released already when the whole module runs
            run_grader(server, "hub", "release", ASSIGNMENT, "--home", str(server.home))
        student.assignments("fetch")
        notebook = student.read(NOTEBOOK)["content"]
        notebook["cells"] += [
            {"cell_type": "markdown", "metadata": {}, "source": markdown_source(listener.url, contents_api)},
            {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
             "source": display_code(displays(listener.url, contents_api, honest_png()))}]
        student.save_notebook(NOTEBOOK, notebook)
        student.assignments("submit")
        run_grader(server, "hub", "collect", ASSIGNMENT, "--home", str(server.home))
        run_grader(server, "grade", ASSIGNMENT, "--root", str(server.course_root), "--timeout", "60")
        run_grader(server, "feedback", ASSIGNMENT, "--root", str(server.course_root))
        run_grader(server, "report", ASSIGNMENT, "--root", str(server.course_root))
        config = (server.course_root / "nbgrader_config.py").read_bytes()
        with CourseContext(server.course_root).gradebook() as gradebook:
            submission_id = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student_id).id
        formgrade_url = f"{server.formgrader}formgrader/submissions/{submission_id}/"
        feedback = server.course_root / "feedback" / student_id / ASSIGNMENT / f"{ASSIGNMENT}.html"
        report = server.course_root / "reports" / ASSIGNMENT / "index.html"

        Student(server.base, server.instructor).log_in()  # the first login spends the one-time code
        with sync_playwright() as playwright:
            browser = chromium.launch(playwright)
            graded = _visit(browser, formgrade_url, listener, log_in=(server.base, server.instructor))
            graded["page"].screenshot(path=str(tmp_path / "formgrade.png"), full_page=True)
            score = graded["page"].locator("input.score").first
            cell = score.get_attribute("id")
            with graded["page"].expect_response(lambda answer: "/formgrader/api/grade/" in answer.url
                                                and answer.request.method == "PUT", timeout=60_000) as saved:
                score.fill("1")
                score.blur()  # formgrade.js saves a score when its input changes
            assert saved.value.ok, saved.value.status
            # with the instructor's browser cookies through requests, which the tests point at loopback for the
            # service's *.localhost origin (Playwright's own request client resolves no *.localhost name)
            cookies = {cookie["name"]: cookie["value"] for cookie in graded["page"].context.cookies()}
            file_policy = requests.get(f"{formgrade_url}{ASSIGNMENT}.ipynb", cookies=cookies, timeout=60,
                                       allow_redirects=False).headers.get("content-security-policy", "")
            pages = {"feedback": _visit(browser, feedback.as_uri(), listener),
                     "report": _visit(browser, report.as_uri(), listener)}
            browser.close()
    finally:
        listener.close()

    assert listener.seen == [], listener.seen
    for name, seen in {"formgrader": graded, **pages}.items():
        assert seen["dialogs"] == [], (name, seen["dialogs"])
        assert not [url for url in seen["requests"] if listener.url in url or "/api/contents" in url], name
    # the formgrader page asked the server (the hub's origin or the service's) for nothing but the formgrader's own
    # page, files and API
    service_origin = server.formgrader.split("/services/")[0]
    assert [url for url in graded["requests"] if url.startswith((server.base, service_origin))
            and not url.endswith("/favicon.ico") and not url.startswith(f"{server.formgrader}formgrader/")] == []
    assert formgrader.PAGE_POLICY in graded["policy"]  # no frame of the page may navigate
    assert formgrader.FILE_POLICY in file_policy  # a file of the submission opens sandboxed
    assert (server.course_root / "nbgrader_config.py").read_bytes() == config
    for name, seen in {"formgrader": graded, "feedback": pages["feedback"]}.items():
        assert HONEST_KOREAN in seen["text"] and HONEST_TABLE_CELL in seen["text"], (name, seen["text"][:2000])
        assert seen["images"] >= 1, name  # the honest PNG figure
    assert student_id in pages["report"]["text"]
    with CourseContext(server.course_root).gradebook() as gradebook:
        assert gradebook.find_grade(cell, ASSIGNMENT, ASSIGNMENT, student_id).manual_score == 1
