"""The formgrader cannot grade unsandboxed (issue 32, item 3): on the class server its Autograde button answers
with a Korean refusal pointing to `course-grader grade`, runs nothing and leaves the gradebook, the course folder
and nbgrader_config.py as they were (autograder/hub/formgrader.py).

The fast tests take the refusal, its route among nbgrader's own formgrader routes and its copy for the formgrader
service apart; the slow one presses the button's endpoint on a real class server, as the instructor."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from types import SimpleNamespace

import pytest
import requests
from hub_testing import ASSIGNMENT, COURSE, Student, run_grader
from nbgrader.api import MissingEntry
from nbgrader.server_extensions.formgrader import apihandlers
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
    assert "formgrader 의 Autograde 를 쓰지 않습니다" in answer["error"]
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


def test_only_the_autograde_handler_of_nbgrader_runs_autograde():
    """If a later nbgrader adds another route that autogrades, this fails and the refusal must cover it too."""
    autograding = [pattern for pattern, handler in apihandlers.default_handlers
                   if "self.api.autograde" in inspect.getsource(handler)]
    assert autograding == [formgrader.AUTOGRADE_ROUTE]


def test_hub_start_copies_the_refusal_as_a_module_the_students_environment_can_load(tmp_path):
    settings = SimpleNamespace(grader_lab=tmp_path / "grader-lab")
    classserver.formgrader_without_autograde(settings)
    enabled = json.loads((settings.grader_lab / "jupyter_server_config.d" / "course_formgrader.json").read_text())
    assert enabled == {"ServerApp": {"jpserver_extensions": {"course_formgrader": True}}}
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
    formgrader_api = f"{server.base}/services/{COURSE}/formgrader/api"
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
