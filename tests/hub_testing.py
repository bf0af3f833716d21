"""The running class server for the tests of tests/autograder/hub/: `course-grader hub start` on loopback
(ClassServer, started by the `class_server` fixture of that folder's conftest.py), a student's browser session
reduced to its HTTP calls (Student), and commands run as the grader or as a student's account.

The hub runs as README says, each user's server on an origin of its own over HTTPS: the hub at
https://hub.localhost:<port>/, a student's server at https://<name>.hub.localhost:<port>/user/<name>/, with the
proxy's TLS and a self-signed certificate for hub.localhost and *.hub.localhost made once per test process
(requests trusts it through REQUESTS_CA_BUNDLE; Chromium pages are opened with ignore_https_errors). Chromium
resolves every *.localhost name to loopback itself; getaddrinfo does not, so the Python clients connect through
resolve_localhost_to_loopback(), urllib3's connection hook, to 127.0.0.1 with the name kept for Host and TLS.
"""

from __future__ import annotations

import atexit
import csv
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import requests
import urllib3.util.connection
import websocket
from other_account import run_as
from sqlalchemy.engine import make_url

from autograder.course.context import CourseContext
from helpers.paths import ROOT

COURSE = CourseContext(ROOT).course_id
ASSIGNMENT = "ch01_handmade_qkv"
NOTEBOOK = f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb"
PASSWORD = "처음-비밀번호-7"
GRADEBOOK_PASSWORD = "gradebook-pw-4f1c9e"  # in the URL file `hub start` is given, never on its command line
LOGIN_CODES: dict[str, str] = {}  # 학번 → the one-time code `hub start` wrote for it (ClassServer.start reads them)
START_TIMEOUT = 900  # seconds: the first start builds the student edition and the students' environment
HUB_HOST = "hub.localhost"  # `hub start --host`: Chromium resolves it and every <name>.hub.localhost to loopback


def resolve_localhost_to_loopback() -> None:
    """urllib3 (under requests) connects to 127.0.0.1 for localhost and every *.localhost name, as browsers do,
    and keeps the name for the Host header and TLS; other names resolve as before. /etc/hosts is left alone."""
    resolve = urllib3.util.connection.create_connection
    if getattr(resolve, "resolves_localhost", False):
        return

    def create_connection(address, *args, **kwargs):
        host, port = address
        if is_localhost(host):
            address = ("127.0.0.1", port)
        return resolve(address, *args, **kwargs)

    create_connection.resolves_localhost = True
    urllib3.util.connection.create_connection = create_connection


def is_localhost(host: str) -> bool:
    return host == "localhost" or host.endswith(".localhost")


@cache
def tls_files() -> tuple[Path, Path]:
    """(certificate, key) for HUB_HOST and *.HUB_HOST, self-signed, made once per process in a folder of root's;
    requests trusts the certificate from then on (trust())."""
    folder = Path(tempfile.mkdtemp(prefix="course-hub-tls-"))
    atexit.register(shutil.rmtree, folder, True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-days", "7", "-subj", f"/CN={HUB_HOST}", "-addext",
                    f"subjectAltName=DNS:{HUB_HOST},DNS:*.{HUB_HOST}", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    key.chmod(0o600)
    trust(cert, folder / "trusted.pem")
    return cert, key


def trust(cert: Path, bundle: Path) -> None:
    """requests (here and in every process started from here) trusts `cert` as well as what it trusted before:
    REQUESTS_CA_BUNDLE becomes `bundle`, the earlier bundle (the environment's, or certifi's) with `cert` added."""
    earlier = Path(os.environ.get("REQUESTS_CA_BUNDLE") or requests.certs.where())
    bundle.write_text(f"{earlier.read_text()}\n{cert.read_text()}")
    os.environ["REQUESTS_CA_BUNDLE"] = str(bundle)


def user_server(hub: str, name: str) -> str:
    """The URL of `name`'s server (ending in /) on the hub whose URL is `hub`: its own subdomain."""
    parts = urlsplit(hub)
    return f"{parts.scheme}://{name}.{parts.netloc}/user/{name}/"


def service_url(hub: str, service: str) -> str:
    """The URL of the hub service `service` (ending in /): its own subdomain, <service>--service.<host>."""
    parts = urlsplit(hub)
    return f"{parts.scheme}://{service}--service.{parts.netloc}/services/{service}/"


def missing_for_a_hub() -> str | None:
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return "수업 서버는 Linux의 root 로만 띄웁니다 (학생마다 시스템 계정을 만듭니다)"
    if not (shutil.which("node") and shutil.which("npm")) and not shutil.which("configurable-http-proxy"):
        return "Node.js와 npm이 없습니다: `apt-get install nodejs npm`"
    if not shutil.which("openssl"):
        return "openssl이 없습니다 (시험용 TLS 인증서): `apt-get install openssl`"
    return None


def private_url_file(folder: Path, url: str) -> Path:
    """`url` with GRADEBOOK_PASSWORD in it, written to a 0600 file of root's in `folder`, as README's set-up does:
    `hub start --db-url @<that file>` (the test PostgreSQL trusts 127.0.0.1, so any password connects)."""
    path = folder / "gradebook-url"
    path.touch(mode=0o600)
    path.write_text(make_url(url).set(password=GRADEBOOK_PASSWORD).render_as_string(hide_password=False) + "\n",
                    encoding="utf-8")
    return path


def account_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class ClassServer:
    """A running `course-grader hub start` and what the test made for it."""

    home: Path
    roster: Path
    students: list[str]
    instructor: str
    port: int
    process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        """The hub's URL: https://hub.localhost:<port> (no trailing /)."""
        return f"https://{HUB_HOST}:{self.port}"

    def user_server(self, name: str) -> str:
        return user_server(self.base, name)

    @property
    def formgrader(self) -> str:
        """The formgrader service's URL (ending in /)."""
        return service_url(self.base, COURSE)

    @property
    def course_root(self) -> Path:
        return self.home / "course"

    def start(self, *options: str) -> None:
        """Start the hub (again) and wait until it answers; its output goes to <home>/hub.log."""
        log = self.home / "hub.log"
        keep_source_private()
        cert, key = tls_files()
        resolve_localhost_to_loopback()
        with open(log, "ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "autograder", "hub", "start", "--home", str(self.home), "--roster",
                 str(self.roster), "--instructor", self.instructor, "--ip", "127.0.0.1", "--port", str(self.port),
                 "--host", HUB_HOST, "--tls-cert", str(cert), "--tls-key", str(key), *options],
                cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_hub(self.base, self.process, log)
        LOGIN_CODES.update(self.login_codes())

    def login_codes(self) -> dict[str, str]:
        """<home>/hub/login-codes.csv, the codes the instructor hands out: 학번 → 코드."""
        with open(self.home / "hub" / "login-codes.csv", encoding="utf-8-sig", newline="") as handle:
            return {row["학번"]: row["코드"] for row in csv.DictReader(handle)}

    def stop(self) -> None:
        """SIGTERM, as a service manager stops it: the hub stops the students' servers, the service, the proxy."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()




def still_running(accounts: list[str], grace: float = 20) -> list[str]:
    """The accounts that still have a live process once `grace` seconds have passed (exited ones that
    nobody has reaped yet do not count)."""
    uids = {pwd.getpwnam(account).pw_uid: account for account in accounts if account_exists(account)}
    deadline = time.monotonic() + grace
    while True:
        running = sorted({uids[p.info["uids"].real] for p in psutil.process_iter(["uids", "status"]) if p.info["uids"]
                          and p.info["uids"].real in uids and p.info["status"] != psutil.STATUS_ZOMBIE})
        if not running or time.monotonic() > deadline:
            return running
        time.sleep(0.5)


def wait_for_hub(base: str, hub: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if hub.poll() is not None:
            raise AssertionError(f"the hub stopped with code {hub.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if requests.get(f"{base}/hub/health", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(1)
    raise AssertionError(f"the hub did not answer in {START_TIMEOUT} s:\n{log.read_text()[-3000:]}")


class Student:
    """One student's browser session reduced to its HTTP calls: log in, start the server, use the
    Assignment List's API (what its buttons call) and the contents API (what saving a notebook calls)."""

    def __init__(self, base: str, name: str):
        self.base, self.name = base, name
        self.server = user_server(base, name)
        self.session = requests.Session()

    def log_in(self, password: str = PASSWORD) -> None:
        self.session.get(f"{self.base}/hub/login", timeout=30)
        form = {"username": self.name, "password": password, "_xsrf": self.session.cookies.get("_xsrf"),
                "code": LOGIN_CODES.get(self.name, "")}  # needed the first time only, ignored once spent
        answer = self.session.post(f"{self.base}/hub/login", data=form, allow_redirects=False, timeout=30)
        assert answer.status_code == 302, answer.text[-500:]
        self.session.get(f"{self.base}/hub/home", timeout=30)
        xsrf = [cookie.value for cookie in self.session.cookies if cookie.name == "_xsrf"][-1]
        made = self.session.post(f"{self.base}/hub/api/users/{self.name}/tokens", headers={"X-XSRFToken": xsrf},
                                 json={"note": "test", "expires_in": 3600}, timeout=30)
        assert made.status_code == 201, made.text
        self.headers = {"Authorization": f"token {made.json()['token']}"}

    def start_server(self, timeout: float = 240) -> None:
        """Start the student's server and wait until it is ready. Raises as soon as the hub has given up on it
        (neither ready nor pending), with the hub's reason; a start the hub throttles (HTTP 429, more servers
        starting than JupyterHub.concurrent_spawn_limit) is asked for again after the Retry-After it gives."""
        deadline = time.monotonic() + timeout
        self.ask_for_server(deadline)
        while time.monotonic() < deadline:
            user = requests.get(f"{self.base}/hub/api/users/{self.name}", headers=self.headers, timeout=30).json()
            server = user["servers"].get("", {})
            if server.get("ready"):
                return
            if not server.get("pending"):
                raise AssertionError(f"{self.name}'s server did not start: {self.spawn_failure()}")
            time.sleep(1)
        raise AssertionError(f"{self.name}'s server did not start in {timeout:g} s")

    def ask_for_server(self, deadline: float) -> None:
        """POST the start, again after each 429 until `deadline`; 400 means it is already running or starting."""
        while True:
            started = requests.post(f"{self.base}/hub/api/users/{self.name}/server", headers=self.headers, timeout=30)
            if started.status_code != 429:
                assert started.status_code in (201, 202, 400), started.text
                return
            wait = float(started.headers.get("Retry-After", 30))
            if time.monotonic() + wait > deadline:
                raise AssertionError(f"{self.name}'s server: the hub kept refusing to start it (429): {started.text}")
            time.sleep(wait)

    def spawn_failure(self) -> str:
        """The hub's reason for the failed start, from its progress stream ("Spawn failed: …")."""
        progress = requests.get(f"{self.base}/hub/api/users/{self.name}/server/progress", headers=self.headers,
                                timeout=30, stream=True)
        with progress:
            for line in progress.iter_lines(decode_unicode=True):
                if line.startswith("data:"):
                    return json.loads(line[len("data:"):]).get("message", line)
        return f"the hub gave no reason (progress: HTTP {progress.status_code})"

    def call(self, method: str, path: str, **options) -> requests.Response:
        answer = requests.request(method, f"{self.server}{path}", headers=self.headers,
                                  timeout=300, **options)
        assert answer.status_code < 400, f"{method} {path}: {answer.status_code} {answer.text[-800:]}"
        return answer

    def assignments(self, action: str = "") -> list[dict]:
        """The Assignment List's view of the course, after `action` (fetch, submit, fetch_feedback)."""
        if action:
            answer = self.call("POST", f"assignments/{action}", data={"course_id": COURSE, "assignment_id": ASSIGNMENT})
        else:
            answer = self.call("GET", "assignments", params={"course_id": COURSE})
        listing = answer.json()
        assert listing["success"], listing
        return listing["value"]

    def read(self, path: str) -> dict:
        return self.call("GET", f"api/contents/{path}", params={"content": "1"}).json()

    def save_notebook(self, path: str, notebook: dict) -> None:
        self.call("PUT", f"api/contents/{path}", json={"type": "notebook", "format": "json", "content": notebook})

    def execute(self, kernel: str, code: str, timeout: float = 180) -> list[dict]:
        """Run `code` in the student's kernel through the Jupyter server's websocket, as Lab does; the messages
        until the cell is done (idle after its reply) or the kernel is restarted under it."""
        server = urlsplit(self.server)  # connected to 127.0.0.1 with the server's name for Host and TLS
        url = f"wss://127.0.0.1:{server.port}{server.path}api/kernels/{kernel}/channels"
        tls = {"ca_certs": str(tls_files()[0]), "server_hostname": server.hostname}
        channel = websocket.create_connection(url, header=[f"{k}: {v}" for k, v in self.headers.items()],
                                              host=server.netloc, timeout=timeout, suppress_origin=True, sslopt=tls)
        request = str(uuid.uuid4())
        channel.send(json.dumps({
            "header": {"msg_id": request, "msg_type": "execute_request", "session": str(uuid.uuid4()),
                       "username": self.name, "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        seen, deadline = [], time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                message = json.loads(channel.recv())
                seen.append(message)
                state = message.get("content", {}).get("execution_state")
                if state == "restarting" or (state == "idle" and message["parent_header"].get("msg_id") == request):
                    return seen
        finally:
            channel.close()
        raise AssertionError(f"no answer from {self.name}'s kernel in {timeout} s: {seen[-5:]}")


def outputs(messages: list[dict]) -> str:
    """What the cell printed or returned, from `execute`'s messages."""
    return "".join(m["content"].get("text", "") + m["content"].get("data", {}).get("text/plain", "")
                   for m in messages if m.get("channel") == "iopub")


def keep_source_private() -> None:
    """README's set-up keeps the instructor repository's source/ closed to students, and `hub start` refuses a
    checkout that is not (autograder/hub/server.py); git makes source/ 0755 in a fresh clone, so the tests close it
    the way README does before they start a hub from the checkout."""
    (ROOT / "source").chmod(0o700)


def run_grader(server: ClassServer, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "autograder", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done


def as_account(name: str, *command: str) -> subprocess.CompletedProcess:
    """`command` run as the account `name` in its home with the students' environment, as its terminal would."""
    account = pwd.getpwnam(name)
    return run_as(account.pw_uid, account.pw_gid, list(command), init_groups=True, capture_output=True, text=True,
                  cwd=account.pw_dir, timeout=300,
                  env={"HOME": account.pw_dir, "USER": name, "LANG": "C.UTF-8", "PATH": os.environ["PATH"]})
