"""The class server: JupyterHub for a whole class on one Linux machine, set up the way The Littlest
JupyterHub sets one up, with nbgrader's exchange and its "one class, multiple graders" layout.

``course-grader hub start`` prepares the server's folder (``--home``, by default /srv/<course id>)
and runs JupyterHub in the foreground until Ctrl-C, which stops every server it started:

- ``edition/``: the student edition (``course.py edition``): lectures, release/, helpers;
- ``edition/.venv``: the students' Python, made by the edition's course.py as on a student's machine; no
  source/, no autograder; their Lab is the edition's student-only Lab (jupyter/student, Korean);
- ``course/``: the graders' course folder, closed to everyone but root and the grader account: root's
  nbgrader_config.py, source/, release/ and autograded/, the grader's submitted/, feedback/ and SQLite gradebook
  folder (``course_folder``); ``sudo course-grader grade --root <home>/course`` grades it;
- ``exchange/``: nbgrader's exchange; ``hub/``: the hub's database, cookie secret, logins and
  settings (hub_settings.json, read by autograder/hub/jupyterhub_config.py); ``proxy/``: configurable-http-proxy.

Accounts: a system user per roster id, made by the hub itself (``create_system_users``), home
folders closed to others; a student's first login needs the one-time code ``hub start`` made for that id
(hub/login-codes.csv, for the instructor to hand out) and sets the password (autograder/hub/accounts.py).
The grader account ``grader-<course id>`` runs the formgrader as a hub service for the
``formgrade-<course id>`` group (the instructors); students are in ``nbgrader-<course id>``.
``course-grader hub release|collect|return`` runs nbgrader's exchange steps as the grader account.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from autograder.course.context import (
    ROOT,
    CourseContext,
    CourseError,
    is_server,
    normalise_db_url,
    shown_url,
    sqlite_file,
)
from autograder.course.credentials import SECRET_VARIABLES, password_for, pgpass_line, without_password
from autograder.course.roster import read_roster, record_names
from autograder.course.secret import SECRET_FILE
from autograder.hub.accounts import Accounts
from autograder.hub.disks import DiskWay, HomeDisk, prepare_submissions
from autograder.hub.exchange import EXCHANGE_ROOT_MODE, INBOUND_MODE
from autograder.hub.origin import Origin
from helpers.korean import Particle, attach

PROXY_PACKAGE = "configurable-http-proxy@5.3.0"
HUB_CONFIG = Path(__file__).with_name("jupyterhub_config.py")
SETTINGS_FILE = "hub_settings.json"
EXCHANGE_MODULE = "course_exchange"  # autograder/hub/exchange.py, as the students' environment imports it
FULL_DISK_MODULE = "course_fulldisk"  # autograder/hub/fulldisk.py, as the students' servers import it
FORMGRADER_EXTENSION = "course_formgrader"  # autograder/hub/formgrader.py, as the formgrader service imports it
GRADER_PACKAGES = ("psycopg", "psycopg-binary")  # the formgrader and nbgrader collect run in the students' env
# a system account: its own group, a home only it can read (Debian's useradd otherwise leaves homes 0755)
ADD_USER = ["useradd", "--create-home", "--user-group", "--shell", "/bin/bash", "-K", "HOME_MODE=0700"]
GRADER_PASSFILE = ".pgpass"  # in <home>/course: the gradebook's password for the grader account's processes
ACCOUNT_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")  # what useradd and JupyterHub both accept unchanged


@dataclass
class HubSettings:
    """What jupyterhub_config.py needs to configure JupyterHub; written as <home>/hub/hub_settings.json."""

    course_id: str
    home: str
    ip: str
    port: int
    hub_port: int  # the hub's own API, on loopback
    proxy_api_port: int
    service_port: int  # the formgrader service
    students: list[str]
    instructors: list[str]
    grader: str
    proxy_command: str
    db_url: str  # the graders' gradebook, as nbgrader and course-grader read it
    # each student's server and all its kernels together (autograder/hub/spawner.py); 0: no limit
    student_memory_bytes: int = 2 << 30
    student_cpus: float = 1.0
    student_processes: int = 512  # processes and threads
    student_disk_bytes: int = 1 << 30  # what a student may keep in her home (autograder/hub/disks.py); 0: no limit
    idle_timeout: int = 3600  # seconds: a server nobody used this long is stopped (jupyterhub-idle-culler); 0: never
    # where students reach it (autograder/hub/origin.py): the hub at https://<host>/, each server at <name>.<host>
    host: str = ""
    tls_cert: str = ""  # the proxy's TLS certificate and key; both empty: TLS ends in a proxy in front
    tls_key: str = ""

    @property
    def origin(self) -> Origin:
        return Origin(self.host, self.tls_cert, self.tls_key)

    @property
    def env(self) -> Path:
        """The students' Python: the edition's .venv (kept when the edition is built again)."""
        return self.edition / ".venv"

    @property
    def course_root(self) -> Path:
        return Path(self.home) / "course"

    @property
    def exchange(self) -> Path:
        return Path(self.home) / "exchange"

    @property
    def inbound(self) -> Path:
        """The exchange's inbound: only the grader (and root) write in it; each student's own folder there."""
        return self.exchange / self.course_id / "inbound"

    @property
    def edition(self) -> Path:
        return Path(self.home) / "edition"

    @property
    def grader_lab(self) -> Path:
        """The formgrader service's Jupyter config, on top of the student one: the instructor tools on."""
        return Path(self.home) / "grader-lab"

    @property
    def state(self) -> Path:
        return Path(self.home) / "hub"

    @property
    def disks(self) -> Path:
        """The students' home images (autograder/hub/disks.py), root's alone."""
        return Path(self.home) / "disks"

    @property
    def grader_passfile(self) -> Path:
        """The grader account's PGPASSFILE: its own, 0600, in the course folder only root writes."""
        return self.course_root / GRADER_PASSFILE

    def save(self) -> Path:
        path = self.state / SETTINGS_FILE
        path.write_text(json.dumps(asdict(self), ensure_ascii=False, indent=1), encoding="utf-8")
        path.chmod(0o600)
        return path

    @classmethod
    def load(cls, path: Path) -> HubSettings:
        return cls(**json.loads(Path(path).read_text(encoding="utf-8")))


class HubError(CourseError):
    """The class server cannot start or act as asked (Korean message saying what to fix)."""


# ------------------------------------------------------------------ checks before anything changes
def require_root_on_linux() -> None:
    if not sys.platform.startswith("linux"):
        raise HubError("수업 서버는 Linux에서만 띄울 수 있습니다 (JupyterHub가 학생마다 시스템 계정을 만듭니다)")
    if os.geteuid() != 0:
        raise HubError("수업 서버는 root로 띄웁니다: sudo를 붙여 다시 실행하세요 (학생 계정을 만들어야 합니다)")


def require_private_checkout(context: CourseContext, roster: Path) -> None:
    """HubError (what to change) when a student's account can read the checkout's solutions and hidden tests
    (source/), the roster or the course's secret: each must be closed by its own mode or by a folder above it
    that others cannot enter. Checked before anything is made."""
    closed_by = {"source": context.folder("source"), "roster": Path(roster), "secret": context.root / SECRET_FILE}
    for what, path in closed_by.items():
        exposed = next(readable_by_students(Path(os.path.abspath(path))), None)
        if exposed is not None:
            raise HubError(f"{attach(f'{exposed} ({what})', Particle.OBJECT)} 학생 계정도 읽을 수 있습니다: "
                           "풀이·숨은 테스트, 명단, 과정 "
                           f"비밀은 root만 읽어야 합니다. `chown -R root:root {context.root} && chmod 700 "
                           f"{context.root}` (명단은 `chmod 600 {roster}`)로 닫은 뒤 다시 시작하세요 (README의 "
                           "'수업 서버'). 아무것도 바꾸지 않았습니다.")


def readable_by_students(path: Path):
    """`path` and what is in it that an account other than root may read: every folder from / to it enterable
    and the path readable, by others or by a group other than root's."""
    if not path.exists() or not all(_others_may(folder, stat.S_IXOTH) for folder in path.parents):
        return
    if _others_may(path, stat.S_IROTH):
        yield path
    if not path.is_dir() or path.is_symlink() or not _others_may(path, stat.S_IXOTH):
        return
    for parent, folders, files in os.walk(path):
        yield from (Path(parent) / name for name in folders + files if _others_may(Path(parent) / name, stat.S_IROTH))
        folders[:] = [name for name in folders if _others_may(Path(parent) / name, stat.S_IXOTH)]


def _others_may(path: Path, other_bit: int) -> bool:
    """Whether an account that is neither root nor in root's group gets `other_bit` (or its group twin) on `path`."""
    info = os.lstat(path)
    group_bit = other_bit << 3
    return bool(info.st_mode & other_bit or (info.st_gid != 0 and info.st_mode & group_bit))


def account_names(roster_path: Path, instructors: list[str], course_id: str) -> tuple[list[str], list[str]]:
    """(students, instructors) as system account names, checked: each a name useradd takes as it is, no
    one twice, none an account of the system itself (uid below 1000: root, postgres, …) or the grader's."""
    roster = read_roster(roster_path)  # a duplicate id is refused there, with both line numbers
    if not roster.students:
        raise HubError(f"명단 {roster_path}에 학생이 없습니다 (한 줄에 학번 하나, 또는 '학번' 머리줄이 있는 CSV)")
    problems = []
    for student in roster.students.values():
        if not ACCOUNT_NAME.match(student.student_id):
            problems.append(f"{student.line}행 '{student.student_id}': 계정 이름으로 쓸 수 없습니다 "
                            "(영문 소문자, 숫자, -, _로 32자까지, 첫 글자는 영문 소문자나 숫자)")
    for instructor in instructors:
        if not ACCOUNT_NAME.match(instructor):
            problems.append(f"--instructor '{instructor}': 계정 이름으로 쓸 수 없습니다")
        if instructor in roster.students:
            problems.append(f"--instructor '{instructor}': 학생 명단에도 있습니다")
    for name in [*roster.students, *instructors]:
        if name == grader_account(course_id) or _is_system_account(name):
            problems.append(f"'{name}': 이 컴퓨터의 시스템 계정이거나 채점 계정과 이름이 같아 쓸 수 없습니다")
    if len(set(instructors)) != len(instructors):
        problems.append("--instructor에 같은 이름이 두 번 있습니다")
    if not instructors:
        problems.append("강사 계정이 없습니다: --instructor 이름 을 한 번 이상 주세요")
    if problems:
        raise HubError("명단을 고쳐 주세요 (아무것도 바꾸지 않았습니다):\n  " + "\n  ".join(problems))
    return list(roster.students), list(instructors)


def _is_system_account(name: str) -> bool:
    try:
        return pwd.getpwnam(name).pw_uid < 1000
    except KeyError:
        return False


def grader_account(course_id: str) -> str:
    return f"grader-{course_id}"


def check_port_free(ip: str, port: int) -> None:
    """HubError when (ip, port) cannot be bound, before any account or folder is made."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the proxy binds: old connections don't count
        try:
            probe.bind((ip, port))
        except OSError as error:
            raise HubError(f"{ip}:{attach(port, Particle.OBJECT)} 열 수 없습니다 ({error.strerror}). 다른 프로그램이 "
                           "쓰고 있으면 "
                           "그것을 멈추거나 --port로 다른 포트를 고르세요") from None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def find_proxy(home: Path) -> str:
    """configurable-http-proxy: on PATH, or installed from npm into <home>/proxy."""
    local = home / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
    for candidate in (shutil.which("configurable-http-proxy"), str(local) if local.exists() else None):
        if candidate:
            return candidate
    if not shutil.which("node") or not shutil.which("npm"):
        raise HubError("JupyterHub의 프록시(configurable-http-proxy)에는 Node.js가 필요합니다: "
                       "`apt-get install nodejs npm`으로 설치한 뒤 다시 실행하세요")
    print(f"프록시를 설치합니다: npm {PROXY_PACKAGE}…", flush=True)
    done = subprocess.run(["npm", "install", "--prefix", str(home / "proxy"), "--no-audit", "--no-fund",
                           PROXY_PACKAGE], capture_output=True, text=True)
    if done.returncode or not local.exists():
        raise HubError(f"npm으로 {attach(PROXY_PACKAGE, Particle.OBJECT)} 설치하지 못했습니다:\n{done.stderr[-1500:]}")
    return str(local)


# ------------------------------------------------------------------ the server's folder
def build_edition(target: Path) -> None:
    """The student edition of this repository, made by course.py's own command."""
    done = subprocess.run([sys.executable, str(ROOT / "course.py"), "edition", "--to", str(target)],
                          capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        raise HubError(f"학생판을 만들지 못했습니다:\n{done.stdout[-800:]}{done.stderr[-1500:]}")


def student_environment(settings: HubSettings, context: CourseContext) -> None:
    """The students' Python, <home>/edition/.venv: made by the edition's own course.py, as on a student's machine
    (its pins, the edition installed), with the grader's packages, nbgrader's exchange settings and the course's
    time per cell added (Validate runs every cell as the grader does; nbgrader's own default is 30 s)."""
    # in a process of its own, from the edition's folder: its course.py finds ROOT through its own helpers package
    # (in this process `helpers` is this repository's, whose .venv it would take for the students')
    made = subprocess.run([sys.executable, "-c", "import runpy; runpy.run_path('course.py', "
                           "run_name='edition_course')['ensure_environment']()"], cwd=settings.edition)
    if made.returncode or not (settings.env / "bin" / "python").exists():
        raise HubError("학생 환경에 설치하지 못했습니다: 위의 pip 메시지를 보세요")
    done = subprocess.run([str(settings.env / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check",
                           "--quiet", "--no-deps", *grader_packages()], capture_output=True, text=True)
    if done.returncode:
        raise HubError(f"학생 환경에 {attach(', '.join(grader_packages()), Particle.OBJECT)} 설치하지 "
                       f"못했습니다:\n{done.stderr[-1500:]}")
    config_dir = settings.env / "etc" / "jupyter"
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "nbgrader_config.py").write_text(
        "# written by course-grader hub start\nc = get_config()  # noqa: F821\n" + exchange_lines(settings)
        + f"c.Execute.timeout = {context.config.Execute.get('timeout', 30)!r}\n",
        encoding="utf-8")


def grader_packages() -> list[str]:
    """The pins (from this repository's requirements.txt) of what the grader account's nbgrader needs beyond the
    students' packages: the PostgreSQL driver of a shared gradebook."""
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in pins if line.split("==")[0] in GRADER_PACKAGES]


def exchange_lines(settings: HubSettings) -> str:
    """nbgrader settings every process of the server shares: the course, where its exchange is, and the checked
    exchange classes (autograder/hub/exchange.py): course-grader's own in this repository's Python, the copy
    exchange_module() puts in the students' environment elsewhere (the formgrader, the grader's nbgrader)."""
    return (f"c.CourseDirectory.course_id = {settings.course_id!r}\n"
            f"c.Exchange.root = {str(settings.exchange)!r}\n"
            "import importlib.util\n"
            "_exchange = 'autograder.hub.exchange' if importlib.util.find_spec('autograder') "
            f"else {EXCHANGE_MODULE!r}\n"
            "c.ExchangeFactory.collect = _exchange + '.CheckedCollect'\n"
            "c.ExchangeFactory.release_assignment = _exchange + '.CheckedRelease'\n"
            "c.ExchangeFactory.submit = _exchange + '.CheckedSubmit'\n"
            "c.ExchangeFactory.fetch_assignment = _exchange + '.CheckedFetch'\n"
            "c.ExchangeFactory.fetch_feedback = _exchange + '.CheckedFetchFeedback'\n"
            "c.ExchangeFactory.list = _exchange + '.CheckedList'\n")


def ensure_account(name: str) -> pwd.struct_passwd:
    """A system account made the way the hub makes the students' (ADD_USER), when missing."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        subprocess.run([*ADD_USER, name], check=True, capture_output=True)
        return pwd.getpwnam(name)


def course_folder(settings: HubSettings, context: CourseContext) -> None:
    """<home>/course: nbgrader_config.py, source/ and release/ of this course, the gradebook's URL and the exchange
    added. `sudo course-grader grade` runs its nbgrader_config.py as root, so what root runs or trusts is root's
    (autograder/course/trust.py): the folder (0750, group the grader account's, closed to everyone else), the
    configuration, source/, release/ and autograded/ (made by root's grade). The grader account (the formgrader,
    nbgrader collect and release_feedback) owns what it writes: submitted/, feedback/ and the folder of an
    SQLite gradebook."""
    root, grader = settings.course_root, pwd.getpwnam(settings.grader)
    root.mkdir(parents=True, exist_ok=True)
    for folder in ("source", "release"):
        shutil.copytree(context.folder(folder), root / folder, dirs_exist_ok=True)
    config = (context.root / "nbgrader_config.py").read_text(encoding="utf-8")
    (root / "nbgrader_config.py").write_text(
        f"{config}\n# written by course-grader hub start\n{exchange_lines(settings)}"
        f"c.CourseDirectory.root = {str(root)!r}\nc.CourseDirectory.db_url = {settings.db_url!r}\n",
        encoding="utf-8")
    for path in (root / "nbgrader_config.py", root / "source", root / "release", root / "autograded"):
        if path.exists():
            chown_tree(path, 0, 0, no_write_for_others=True)
    grader_owned = [root / "submitted", root / "feedback"]
    database = sqlite_file(settings.db_url)
    if database is not None and database.parent != root:
        grader_owned.append(database.parent)
    for folder in grader_owned:
        folder.mkdir(parents=True, exist_ok=True)
        chown_tree(folder, grader.pw_uid, grader.pw_gid)
    os.chown(root, 0, grader.pw_gid)
    root.chmod(0o750)


def grader_passfile(settings: HubSettings, password: str) -> None:
    """The gradebook's password for the grader account's processes (the formgrader service, nbgrader collect),
    which find it as libpq does (PGPASSFILE): a file of the grader's, 0600, in the course folder that only root
    writes, written without following a link; no other file of the server holds the password."""
    grader = pwd.getpwnam(settings.grader)
    path = settings.grader_passfile
    path.unlink(missing_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        os.fchown(handle.fileno(), grader.pw_uid, grader.pw_gid)
        handle.write(pgpass_line(settings.db_url, password))


def chown_tree(root: Path, uid: int, gid: int, no_write_for_others: bool = False) -> None:
    """`root` and everything in it given to uid:gid (symbolic links themselves, not what they point to); with
    `no_write_for_others`, group and others lose write as well."""
    for path in [root, *(Path(folder) / name for folder, folders, files in os.walk(root) for name in folders + files)]:
        os.chown(path, uid, gid, follow_symlinks=False)
        if no_write_for_others and not path.is_symlink():
            path.chmod(path.stat().st_mode & 0o7755)


def exchange_folder(settings: HubSettings) -> None:
    """nbgrader's exchange, made before any student can log in, owned by the grader account, where no student adds
    anything on the shared disk: the root and the course's folder in it read only, inbound (INBOUND_MODE: students
    reach their own folder in it, student_inbound, and neither add to it nor list it), outbound (read only) and
    feedback (names known to their student only). A folder there that is not a real folder of the grader's or root's
    is refused."""
    grader = pwd.getpwnam(settings.grader)
    course = settings.exchange / settings.course_id
    modes = {settings.exchange: EXCHANGE_ROOT_MODE, course: 0o755, course / "inbound": INBOUND_MODE,
             course / "outbound": 0o755, course / "feedback": 0o711}
    for folder, mode in modes.items():
        folder.mkdir(parents=True, exist_ok=True)
        status = os.lstat(folder)
        if not stat.S_ISDIR(status.st_mode) or status.st_uid not in (0, grader.pw_uid):
            raise HubError(f"교환 폴더의 {attach(folder, Particle.SUBJECT)} 채점 계정의 폴더가 아닙니다 (주인 uid "
                           f"{status.st_uid}"
                           f"{', 심볼릭 링크' if stat.S_ISLNK(status.st_mode) else ''}): 다른 곳으로 옮겨 두고 "
                           "다시 시작하세요")
        os.chown(folder, grader.pw_uid, grader.pw_gid, follow_symlinks=False)
        os.chmod(folder, mode)


def student_inbound(settings: HubSettings, student: str, disk: HomeDisk | None) -> None:
    """Her own folder in the exchange's inbound, where her submissions go (autograder/hub/disks.py): her disk
    image's folder bound there, or, on the quota way and without a disk limit, a folder of hers."""
    account, grader = pwd.getpwnam(student), pwd.getpwnam(settings.grader)
    prepare_submissions(settings.inbound / student, account.pw_uid, grader.pw_gid, disk)


def student_inbounds(settings: HubSettings) -> None:
    """Every student's own inbound folder whose account exists (after a restart her image's is bound again, so the
    grader collects what she submitted before; the others are made when her first server starts)."""
    for student in settings.students:
        try:
            disk = student_disk(settings, student)
        except KeyError:  # no account yet: made when she first logs in
            continue
        if disk is None or disk.way() is not DiskWay.IMAGE or disk.image.exists():
            student_inbound(settings, student, disk)


def student_disk(settings: HubSettings, student: str) -> HomeDisk | None:
    """Her home's disk limit as her server's spawner sees it (autograder/hub/spawner.py), or None without a limit."""
    account = pwd.getpwnam(student)
    return HomeDisk(Path(account.pw_dir), account.pw_uid, account.pw_gid, settings.student_disk_bytes,
                    settings.disks / f"{student}.img") if settings.student_disk_bytes else None


def release_home_disks(settings: HubSettings) -> None:
    """When the class server has stopped: the image of every account whose server had one (each student, each
    instructor: the spawner limits every server's home) unbound from the home and the inbound folder and unmounted
    (hub start binds them again)."""
    for account in (*settings.students, *settings.instructors):
        try:
            disk = student_disk(settings, account)
        except KeyError:
            continue
        if disk is not None and disk.way() is DiskWay.IMAGE:
            disk.release(settings.inbound / account)


def exchange_module(settings: HubSettings) -> None:
    """autograder/hub/exchange.py copied into the students' environment as EXCHANGE_MODULE: the
    nbgrader_config.py every process there reads names its classes (exchange_lines), so the students' servers,
    the formgrader service and the grader's nbgrader, run by hub collect or by hand, all import it."""
    students_module(settings, Path(__file__).with_name("exchange.py"), EXCHANGE_MODULE)


def students_module(settings: HubSettings, source: Path, name: str) -> None:
    """`source` copied into the students' environment as module `name`, root's file (0644)."""
    done = subprocess.run([str(settings.env / "bin" / "python"), "-c",
                           "import sysconfig; print(sysconfig.get_path('purelib'))"], capture_output=True, text=True)
    if done.returncode:
        raise HubError(f"학생 환경의 파이썬을 실행하지 못했습니다:\n{done.stderr[-1500:]}")
    target = Path(done.stdout.strip()) / f"{name}.py"
    shutil.copyfile(source, target)
    os.chown(target, 0, 0)
    target.chmod(0o644)


def prepare(home: Path, roster: Path, instructors: list[str], ip: str, port: int, db_url: str | None,
            context: CourseContext, *, origin: Origin, student_memory_bytes: int, student_cpus: float,
            student_processes: int, idle_timeout: int, student_disk_bytes: int) -> HubSettings:
    """Check everything that can be wrong, then make or update the server's folder; the settings (the origin
    checked by origin.checked_origin; the limits per student's server and the idle timeout as given: 0 for none)."""
    require_root_on_linux()
    require_private_checkout(context, roster)
    students, instructors = account_names(roster, instructors, context.course_id)
    check_port_free(ip, port)
    home = home.resolve()
    for folder in (home, home / "hub"):
        folder.mkdir(parents=True, exist_ok=True)
    home.chmod(0o755)
    (home / "hub").chmod(0o700)
    saved = home / "hub" / SETTINGS_FILE  # a restart keeps the gradebook the server was started with
    gradebook = (normalise_db_url(db_url) if db_url else HubSettings.load(saved).db_url if saved.is_file()
                 else f"sqlite:///{home / 'course' / 'gradebook' / 'gradebook.db'}")  # the grader's folder
    password = password_for(gradebook) if is_server(gradebook) else None
    if is_server(gradebook):
        roster_names_to_gradebook(gradebook, roster)  # while the URL still has its password, if it came with one
    gradebook = without_password(gradebook) if is_server(gradebook) else gradebook  # no file of the server has it
    settings = HubSettings(
        course_id=context.course_id, home=str(home), ip=ip, port=port, hub_port=free_port(),
        proxy_api_port=free_port(), service_port=free_port(), students=students, instructors=instructors,
        grader=grader_account(context.course_id), proxy_command=find_proxy(home), db_url=gradebook,
        student_memory_bytes=student_memory_bytes, student_cpus=student_cpus, student_processes=student_processes,
        idle_timeout=idle_timeout, host=origin.host, tls_cert=origin.tls_cert, tls_key=origin.tls_key,
        student_disk_bytes=student_disk_bytes)
    ensure_account(settings.grader)
    build_edition(settings.edition)
    formgrader_without_autograde(settings)
    student_environment(settings, context)
    exchange_module(settings)
    students_module(settings, Path(__file__).with_name("fulldisk.py"), FULL_DISK_MODULE)
    course_folder(settings, context)
    if password:
        grader_passfile(settings, password)
    exchange_folder(settings)
    student_inbounds(settings)
    settings.save()
    login_codes(settings, roster)
    if not is_server(settings.db_url):
        print("성적부가 SQLite 파일입니다: formgrader는 쓸 수 있지만 `sudo course-grader grade`는 채점 계정이 "
              "바꿀 수 있는 SQLite 성적부를 열지 않습니다 (autograder/course/trust.py). 채점하려면 --db-url "
              "postgresql://… 로 다시 띄우세요 (README의 '수업 서버').", flush=True)
    return settings


def roster_names_to_gradebook(db_url: str, roster: Path) -> None:
    """The roster's names into the shared gradebook, so the formgrader lists each student's name beside the id. (A
    SQLite gradebook is the grader account's own file, which root leaves alone: `collect --roster` names it.)"""
    from nbgrader.api import Gradebook

    with Gradebook(db_url) as gradebook:
        record_names(gradebook, read_roster(roster))


def formgrader_without_autograde(settings: HubSettings) -> None:
    """The formgrader service's Jupyter config: the local instructor Lab's (jupyter/instructor) with its extension
    (autograder/hub/formgrader.py: Autograde refused, submissions shown as sanitised data in sandboxed frames)
    copied to <grader-lab>/python/course_formgrader.py (the service's PYTHONPATH, jupyterhub_config.py) and turned
    on under that name instead of autograder.hub.formgrader; root's files, which the grader account cannot change."""
    shutil.copytree(ROOT / "jupyter" / "instructor", settings.grader_lab, dirs_exist_ok=True)
    python = settings.grader_lab / "python"
    python.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(Path(__file__).with_name("formgrader.py"), python / f"{FORMGRADER_EXTENSION}.py")
    server_config = settings.grader_lab / "jupyter_server_config.json"
    config = json.loads(server_config.read_text(encoding="utf-8"))
    extensions = config["ServerApp"]["jpserver_extensions"]
    extensions.pop("autograder.hub.formgrader", None)  # the service's environment has no autograder package
    extensions[FORMGRADER_EXTENSION] = True
    server_config.write_text(json.dumps(config, indent=2), encoding="utf-8")


def login_codes(settings: HubSettings, roster: Path) -> None:
    """A one-time code for every roster account that has neither a password nor a code yet, added to
    <home>/hub/login-codes.csv (root's alone) for the instructor to hand out; says where."""
    names = {student.student_id: student.name for student in read_roster(roster).students.values()}
    people = {name: names.get(name, "") for name in settings.students} | dict.fromkeys(settings.instructors, "강사")
    accounts = Accounts(settings.state)
    made = accounts.issue_codes(people)
    waiting = [name for name in accounts.unspent() if name in people]
    if made:
        print(f"일회용 로그인 코드 {len(made)}개를 새로 만들어 {accounts.codes_file}에 적었습니다 (root만 읽을 수 "
              "있습니다). 학생마다 자기 코드만 따로 건네 주세요: 처음 로그인할 때 학번, 코드, 새 비밀번호를 넣습니다.",
              flush=True)
    if len(waiting) > len(made):  # codes of an earlier start, still unspent
        print(f"아직 첫 로그인을 하지 않은 계정 {len(waiting)}개: 그 코드는 {accounts.codes_file}에 있습니다.",
              flush=True)


# ------------------------------------------------------------------ running it
def hub_command(settings: HubSettings) -> list[str]:
    return [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(HUB_CONFIG)]


def hub_environment(settings: HubSettings) -> dict[str, str]:
    """root's environment without the gradebook's secrets (JupyterHub passes some of it on), and the settings."""
    kept = {name: value for name, value in os.environ.items() if name not in SECRET_VARIABLES}
    return dict(kept, COURSE_HUB_SETTINGS=str(settings.state / SETTINGS_FILE))


def interrupt_as_by_default() -> None:
    """In the hub's process, before it runs JupyterHub: SIGINT's default action, whatever `hub start` inherited.
    A shell without job control (a script's `&`, some CI runners) starts its background commands with SIGINT
    ignored; JupyterHub starts its services (the formgrader, the idle culler) before it sets its own handlers, so
    they inherited that and ignored the SIGINT their stop begins with (LocalProcessSpawner), each stop waiting its
    interrupt_timeout (30 s) before SIGTERM: a minute for every stop of the class server."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_hub(settings: HubSettings) -> int:
    """JupyterHub in the foreground; Ctrl-C or SIGTERM stops it, and it stops what it started."""
    print(f"수업 서버: {settings.origin.hub_url(settings.port)}/  (학생 {len(settings.students)}명, "
          f"강사 {', '.join(settings.instructors)}, 성적부 {shown_url(settings.db_url)}; 멈추려면 Ctrl-C)", flush=True)
    hub = subprocess.Popen(hub_command(settings), cwd=settings.state, env=hub_environment(settings),
                           preexec_fn=interrupt_as_by_default)
    previous = signal.signal(signal.SIGTERM, lambda *_: hub.send_signal(signal.SIGTERM))
    try:
        return hub.wait()
    except KeyboardInterrupt:
        hub.send_signal(signal.SIGINT)
        return hub.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)
        release_home_disks(settings)


# ------------------------------------------------------------------ the exchange steps, as the grader
EXCHANGE_STEPS = {  # our word → nbgrader's command
    "release": "release_assignment",
    "collect": "collect",
    "return": "release_feedback",
}


def exchange_step(home: Path, step: str, assignment: str, extra: list[str] | None = None) -> int:
    """nbgrader's release_assignment / collect / release_feedback for `assignment`, run as the grader
    account in the course folder with the students' environment (what the formgrader's buttons do)."""
    require_root_on_linux()
    settings_path = home.resolve() / "hub" / SETTINGS_FILE
    if not settings_path.is_file():
        raise HubError(f"{home}에 수업 서버가 없습니다: 먼저 `course-grader hub start --home {home}`로 만드세요")
    settings = HubSettings.load(settings_path)
    if step == "release" and not (settings.course_root / "release" / assignment).is_dir():
        raise HubError(f"과제 {assignment}의 학생용 버전이 {settings.course_root / 'release'}에 없습니다")
    command = [str(settings.env / "bin" / "nbgrader"), EXCHANGE_STEPS[step], assignment, *(extra or [])]
    grader = pwd.getpwnam(settings.grader)
    done = subprocess.run(["setpriv", f"--reuid={grader.pw_uid}", f"--regid={grader.pw_gid}", "--init-groups",
                           *command], cwd=settings.course_root, capture_output=True, text=True,
                          env={"HOME": grader.pw_dir, "USER": grader.pw_name, "LANG": "C.UTF-8",
                               "PGPASSFILE": str(settings.grader_passfile),
                               "PATH": f"{settings.env / 'bin'}:/usr/bin:/bin"})
    output = done.stdout + done.stderr
    print(output.strip())
    if done.returncode:
        raise HubError(f"nbgrader {EXCHANGE_STEPS[step]} {attach(assignment, Particle.SUBJECT)} 실패했습니다 (위의 "
                       "메시지)")
    return 0
