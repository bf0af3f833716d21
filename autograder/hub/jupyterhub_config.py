"""jupyterhub_config.py of the class server (``jupyterhub -f`` this file), configured from the settings
``course-grader hub start`` wrote (autograder/hub/server.py): roster accounts made by the hub as system
users, a first login only with the instructor's one-time code, the students' environment and student-only
Lab, and the formgrader as a service of the grader account for the ``formgrade-<course>`` group, as
nbgrader's docs lay out "one class, multiple graders"."""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import sys
from pathlib import Path

from jupyterhub.auth import LocalAuthenticator
from tornado import web

from autograder.hub.accounts import LOGIN_TEMPLATES, Accounts, LoginRefused
from autograder.hub.roles import course_roles, formgraders_group, students_group
from autograder.hub.server import ADD_USER, HubSettings, chown_tree, student_inbound

settings = HubSettings.load(Path(os.environ["COURSE_HUB_SETTINGS"]))
course = settings.course_id
env_bin = settings.env / "bin"
STUDENT_LAB = settings.edition / "jupyter" / "student"  # the student-only Lab's Jupyter config (course.py)
LAB_DATA = settings.edition / "jupyter" / "share"  # its Jupyter data: the course's Validate Lab extension
LECTURES = "강의"  # the folder each student's home gets the lecture notebooks in, at first start
MACHINE_MEMORY = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")  # a limit of 0 means these
MACHINE_PROCESSES = int(Path("/proc/sys/kernel/pid_max").read_text())
SPAWNS_PER_CORE = 2  # students' servers starting at once, per core (JupyterHub.concurrent_spawn_limit)


class CourseAuthenticator(LocalAuthenticator):
    """Roster accounts: the hub makes the system user; the first login needs the one-time code `hub start`
    wrote for the instructor and sets the password (autograder/hub/accounts.py). A refusal shows its Korean
    reason on the login page, a second later."""

    accounts = Accounts(settings.state)

    async def authenticate(self, handler, data):
        name = self.normalize_username(data.get("username", ""))
        try:
            return await asyncio.to_thread(self.accounts.log_in, name, data.get("password", ""), data.get("code", ""))
        except LoginRefused as refused:
            await asyncio.sleep(1)
            raise web.HTTPError(403, str(refused)) from None


def before_her_server(spawner) -> None:
    """After her disk limit is in force (LimitedSpawner), before her server starts: the lectures, and her own folder in
    the exchange's inbound."""
    copy_lectures(spawner)
    if spawner.user.name in settings.students:
        student_inbound(settings, spawner.user.name, spawner.home_disk() if hasattr(spawner, "home_disk") else None)


def copy_lectures(spawner) -> None:
    """Put the edition's lecture notebooks in the student's home the first time their server starts."""
    account = pwd.getpwnam(spawner.user.name)
    target = Path(account.pw_dir) / LECTURES
    if target.exists():
        return
    shutil.copytree(settings.edition / "notebooks", target)
    chown_tree(target, account.pw_uid, account.pw_gid)


c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

c.JupyterHub.ip = settings.ip
c.JupyterHub.port = settings.port
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = settings.hub_port
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings.proxy_api_port}"
c.ConfigurableHTTPProxy.command = [settings.proxy_command]
c.JupyterHub.db_url = f"sqlite:///{settings.state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(settings.state / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(settings.state / "proxy.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server
c.JupyterHub.template_paths = [str(LOGIN_TEMPLATES)]  # the Korean login form with the one-time code field
c.JupyterHub.template_vars = {"announcement_login": "처음 로그인할 때는 학번, 강사에게 받은 일회용 코드, 새로 정할 "
                                                   "비밀번호를 넣으세요. 그다음부터는 학번과 그 비밀번호로 들어옵니다."}

# ---------------------------------------------------------------- each server its own origin (autograder/hub/origin.py)
c.JupyterHub.subdomain_host = settings.origin.hub_url(settings.port)  # <name>.<host> per user, over HTTPS
c.JupyterHub.cookie_host_prefix_enabled = True  # __Host- cookies: no page on <name>.<host> can set the hub's
c.Spawner.oauth_client_allowed_scopes = []  # what a visit gives a server: access to that server, the visitor's name
if settings.tls_cert:  # otherwise TLS ends in a proxy in front of this loopback-only hub
    c.JupyterHub.ssl_cert = settings.tls_cert
    c.JupyterHub.ssl_key = settings.tls_key

# ---------------------------------------------------------------- accounts
c.JupyterHub.authenticator_class = CourseAuthenticator
c.Authenticator.allowed_users = set(settings.students) | set(settings.instructors)
c.LocalAuthenticator.create_system_users = True
c.LocalAuthenticator.add_user_cmd = ADD_USER

# ---------------------------------------------------------------- the students' servers
if settings.student_memory_bytes or settings.student_cpus or settings.student_processes:
    c.JupyterHub.spawner_class = "autograder.hub.spawner.LimitedSpawner"  # a control group per student's server
    c.Spawner.mem_limit = settings.student_memory_bytes or MACHINE_MEMORY  # 0 (no limit): the whole machine's
    c.Spawner.cpu_limit = settings.student_cpus or os.cpu_count()
    c.LimitedSpawner.process_limit = settings.student_processes or MACHINE_PROCESSES
    c.LimitedSpawner.disk_bytes = settings.student_disk_bytes  # her home's limit (autograder/hub/disks.py)
    c.LimitedSpawner.disk_folder = str(settings.disks)
    c.LimitedSpawner.shared_folders = [settings.home]  # seen through a private /tmp when it lives there (tests)
else:  # no limit at all: JupyterHub's own spawner, no control group
    c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [str(env_bin / "jupyterhub-singleuser")]
c.Spawner.args = ["--ServerApp.contents_manager_class=course_fulldisk.FullDiskContentsManager"]  # full disk: Korean
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
# A server alone takes 8-12 s to come up on 2 cores (importing Jupyter Server and Lab); a whole class logging in at
# once shares the cores: 20 at once on 2 busy cores, none came up in 180 s (benchmarks/hub_sizing.py). At most
# SPAWNS_PER_CORE start together, so each start stays short; the others get JupyterHub's "try again in N seconds".
c.JupyterHub.concurrent_spawn_limit = SPAWNS_PER_CORE * (os.cpu_count() or 1)
c.Spawner.pre_spawn_hook = before_her_server
c.Spawner.environment = {
    "PATH": f"{env_bin}:/usr/local/bin:/usr/bin:/bin",
    "JUPYTER_CONFIG_PATH": str(STUDENT_LAB),
    "JUPYTER_PATH": str(LAB_DATA),
    "LANG": "C.UTF-8",
}

# ---------------------------------------------------------------- graders: the formgrader as a service
formgraders, students = formgraders_group(course), students_group(course)
c.JupyterHub.load_groups = {
    formgraders: {"users": [*settings.instructors, settings.grader]},
    students: {"users": list(settings.students)},
}
c.JupyterHub.load_roles = [role.as_load_role() for role in course_roles(course, list(settings.instructors))]
c.JupyterHub.services = [{
    "name": course,
    "url": f"http://127.0.0.1:{settings.service_port}",
    "command": [str(env_bin / "jupyterhub-singleuser")],
    "user": settings.grader,
    "cwd": str(settings.course_root),
    "environment": {
        "JUPYTERHUB_DEFAULT_URL": "/lab",
        "JUPYTER_CONFIG_PATH": f"{settings.grader_lab}:{STUDENT_LAB}",
        "JUPYTER_PATH": str(LAB_DATA),
        "PYTHONPATH": str(settings.grader_lab / "python"),  # course_formgrader.py: no Autograde, submissions as data
        "PATH": f"{env_bin}:/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PGPASSFILE": str(settings.grader_passfile),  # the gradebook's password, the grader's alone (server.py)
    },
}]

# ---------------------------------------------------------------- abandoned servers return their memory
if settings.idle_timeout:
    c.JupyterHub.load_roles.append({"name": "idle-culler", "services": ["idle-culler"],
                                    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]})
    c.JupyterHub.services.append({
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={settings.idle_timeout}"],
    })
