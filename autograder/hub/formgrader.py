"""The formgrader on the class server never autogrades: a Jupyter server extension of the formgrader
service whose route for the Autograde button answers with a Korean refusal pointing to
``course-grader grade``, because nbgrader's own autograde runs the submission unsandboxed as the
grader account (it could read source/, set its own marks and rewrite nbgrader_config.py).

nbgrader 0.9.6's formgrader runs student code in one place only: ``AutogradeHandler`` at
``formgrader/api/submission/<assignment>/<student>/autograde``, the route behind the Autograde button of
Manage Submissions, also inside JupyterLab's formgrader panel (there is no "autograde all" route). The
extension puts its handler for that route ahead of every other extension's routes, so nbgrader's handler
is never reached, whatever order the extensions load in. The command line ``nbgrader autograde`` is not
changed.

The formgrader service runs in the students' environment, which has no ``autograder`` package:
``course-grader hub start`` copies this file there as ``course_formgrader`` (autograder/hub/server.py), so
it imports only Jupyter's and nbgrader's own modules.
"""

from __future__ import annotations

import json

from jupyter_server.utils import url_path_join
from nbgrader.server_extensions.formgrader.base import BaseApiHandler, check_xsrf
from tornado import web

AUTOGRADE_ROUTE = r"/formgrader/api/submission/([^/]+)/([^/]+)/autograde"  # nbgrader's AutogradeHandler's


def refusal(assignment_id: str, course_root: str) -> dict:
    """What the Autograde button gets back: nbgrader's shape for a failed step, which the formgrader shows
    as an error with the message in its panel."""
    message = ("이 서버에서는 formgrader 의 Autograde 를 쓰지 않습니다: 학생 코드를 샌드박스 밖에서 채점 계정으로 "
               "실행하기 때문입니다 (source/ 를 읽고, 성적부에 자기 점수를 적고, nbgrader_config.py 를 바꿀 수 "
               "있습니다). 강사 터미널에서 "
               f"`sudo course-grader grade {assignment_id} --root {course_root}` 로 채점하세요.")
    return {"success": False, "error": message, "log": ""}


class RefusedAutograde(BaseApiHandler):
    """The Autograde button's route: the refusal, with nothing run and the gradebook untouched."""

    @web.authenticated
    @check_xsrf
    def post(self, assignment_id, student_id):
        self.log.warning("formgrader Autograde refused (%s, %s): course-grader grade grades in the sandbox",
                         assignment_id, student_id)
        # as nbgrader writes it (a JSON string, no JSON content type): the page parses it itself
        self.write(json.dumps(refusal(assignment_id, self.coursedir.root)))


def add_refusal(web_app) -> None:
    """Route the Autograde button to RefusedAutograde ahead of every extension's routes (tornado takes
    the first rule that matches, and each extension's rules go after those added before them)."""
    pattern = url_path_join(web_app.settings.get("base_url", "/"), AUTOGRADE_ROUTE.lstrip("/"))
    web_app.add_handlers(".*$", [(pattern, RefusedAutograde)])
    rules = web_app.default_router.rules
    rules.insert(0, rules.pop(-2))  # add_handlers put it just before the last rule (the server's own routes)


def _jupyter_server_extension_points():
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp) -> None:
    add_refusal(serverapp.web_app)
    serverapp.log.info("formgrader Autograde: refused on this server (course-grader grade grades in the sandbox)")
