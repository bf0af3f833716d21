"""One course as the instructor tools see it: its root, its nbgrader configuration and its folders.

Every subcommand builds a :class:`CourseContext` from the command line (``--root``,
``--db-url``, ``--set Section.option=value``) and hands nbgrader the resulting ``Config``,
so nbgrader's own converters do the work with the course's nbgrader_config.py: every one of
them through :func:`run_converter`.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import logging
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.api import Gradebook
from nbgrader.coursedir import CourseDirectory
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from helpers.korean import Particle, attach
from helpers.paths import ROOT

STATE_DIR = ".autograder"  # inside the autograded folder: run scratch, per-assignment status, logs, locks
CONFIG_FILE = "nbgrader_config.py"


class CourseError(RuntimeError):
    """A command cannot do what was asked; the message (Korean) says what to fix."""


class GradebookUnavailable(CourseError):
    """The gradebook's database server cannot be reached, or went away (the message says what to fix)."""


def normalise_db_url(url: str) -> str:
    """postgresql://… and postgres://… → postgresql+psycopg://…: the driver this course pins is psycopg 3
    (SQLAlchemy alone reads postgresql:// as psycopg2 and knows no postgres://). Other URLs as given."""
    scheme, sep, rest = url.partition("://")
    return f"postgresql+psycopg://{rest}" if sep and scheme in ("postgresql", "postgres") else url


def shown_url(url: str) -> str:
    """The URL for a message: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def check_driver(url: str) -> None:
    """CourseError (Korean) when `url` is no database URL SQLAlchemy reads, or its driver is not installed."""
    try:
        dialect = make_url(url).get_dialect()
    except (ArgumentError, NoSuchModuleError):
        raise CourseError(f"성적부 주소를 읽을 수 없습니다: {shown_url(url)} (예: sqlite:///gradebook.db, "
                          "postgresql://사용자:암호@서버:5432/데이터베이스)") from None
    try:
        dialect.import_dbapi()
    except ImportError as error:
        module = error.name or dialect.driver
        if dialect.driver == "psycopg":
            install = ("`pip install --no-deps -r requirements.txt` (이 과정이 고정한 psycopg와 libpq를 담은 "
                       "psycopg-binary)")
        else:
            install = f"`pip install {module}`"
        raise CourseError(f"성적부 {shown_url(url)}에 쓸 데이터베이스 드라이버 {attach(module, Particle.SUBJECT)} "
                          f"설치되어 있지 않습니다: {attach(install, Particle.TOWARD)} 설치하세요 "
                          f"({type(error).__name__}: {error})") from None


def is_server(url: str) -> bool:
    """A gradebook on a database server (PostgreSQL), not an SQLite file."""
    return not url.startswith("sqlite:")


def sqlite_file(url: str) -> Path | None:
    """The file of an SQLite gradebook's URL, as written there (relative to the current folder when relative);
    None for a server's."""
    match = re.match(r"sqlite:///(.+?)(\?.*)?$", url)
    return Path(match.group(1)) if match else None


def unavailable(url: str, error: BaseException) -> GradebookUnavailable:
    """The Korean message for a gradebook server that refused a connection or dropped one."""
    said = " ".join(str(getattr(error, "orig", None) or error).split())[:300]
    return GradebookUnavailable(
        f"성적부 서버 {shown_url(url)}에 연결할 수 없거나 연결이 끊겼습니다. 서버가 켜져 있는지, 주소·포트·사용자·"
        "암호·데이터베이스 이름이 맞는지, 이 컴퓨터에서 그 서버에 닿는지 확인한 뒤 같은 명령을 다시 실행하세요. "
        f"이미 성적부에 기록된 성적과 제출물은 그대로입니다. (서버의 말: {said})")


def use_environment_scripts() -> None:
    """Put this Python's scripts folder on PATH: nbgrader runs the `alembic` executable to check a
    gradebook's schema, which fails when .venv/bin/python was started without activating .venv."""
    scripts = str(Path(sys.executable).parent)
    if scripts not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = scripts + os.pathsep + os.environ.get("PATH", "")


def parse_override(text: str) -> tuple[str, object]:
    """'Execute.timeout=5' → ('Execute.timeout', 5): the value as a Python literal when it is one."""
    key, sep, raw = text.partition("=")
    if not sep or "." not in key:
        raise CourseError(f"설정은 Section.option=값 꼴이어야 합니다: {text!r}")
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw
    return key.strip(), value


def apply_overrides(config: Config, overrides: dict[str, object]) -> Config:
    """Set each 'Section.option' → value of `overrides` in `config` (in place); returns it."""
    for dotted, value in overrides.items():
        section, option = dotted.split(".", 1)
        config[section][option] = value
    return config


def default_root(cwd: Path | None = None) -> Path:
    """The course a command works on without --root: the current folder when it holds an
    nbgrader_config.py, else this repository."""
    cwd = Path.cwd() if cwd is None else cwd
    return cwd if (cwd / CONFIG_FILE).is_file() else ROOT


@dataclass
class CourseContext:
    """The course rooted at `root`, with its nbgrader_config.py and `overrides` applied."""

    root: Path = ROOT
    overrides: dict[str, object] = field(default_factory=dict)  # 'Section.option' → value, as --set gives them
    db_url: str | None = None  # the gradebook: None for nbgrader_config.py's (sqlite:///…, postgresql://…)

    def __post_init__(self) -> None:
        use_environment_scripts()
        self.root = Path(self.root).resolve()
        self.config = self._load()
        self.coursedir = CourseDirectory(config=self.config)
        self.course_id = self.coursedir.course_id
        self.db_url = self.coursedir.db_url
        check_driver(self.db_url)
        self._check_gradebook_file()

    def _check_gradebook_file(self) -> None:
        """As root, an SQLite gradebook only in a folder no other account can change: SQLite follows a link at
        the database and creates its journal (or WAL) files next to it, so a link planted there would make root
        write wherever it points."""
        from autograder.course import trust

        database = sqlite_file(self.db_url)
        if database is None or not trust.running_as_root():
            return
        path = Path(os.path.abspath(database))  # as SQLite reads it: a relative path from the current folder
        try:
            trust.require_trusted(path.parent, "SQLite 성적부 폴더")
            if path.is_symlink():
                trust.require_trusted(path, "SQLite 성적부")
        except trust.Untrusted as error:
            raise trust.Untrusted(f"{error} 수업 서버처럼 채점 계정도 성적부에 써야 하면 PostgreSQL 성적부를 쓰세요 "
                                  "(`course-grader hub start --db-url postgresql://…`, README의 수업 서버).") from None

    def _load(self) -> Config:
        """The root's nbgrader_config.py (this repository's when the root has none), then the overrides; as root,
        only a course folder and a configuration no other account can change (autograder/course/trust.py)."""
        from autograder.course import trust

        trust.require_trusted(self.root, "과정 폴더")
        folder = self.root if (self.root / CONFIG_FILE).is_file() else ROOT
        trust.require_trusted(folder / CONFIG_FILE, "설정 파일")
        config = PyFileConfigLoader(CONFIG_FILE, path=str(folder)).load_config()
        # nbgrader 0.9 no longer knows db_assignments; dropping it keeps its warning out of every run
        if "db_assignments" in config.CourseDirectory:
            del config.CourseDirectory["db_assignments"]
        if "allow_errors" in config.Execute:  # not configurable in nbgrader's Execute (always True)
            del config.Execute["allow_errors"]
        config.CourseDirectory.root = str(self.root)
        apply_overrides(config, self.overrides)
        if self.db_url:
            config.CourseDirectory.db_url = self.db_url
        if "db_url" in config.CourseDirectory:
            config.CourseDirectory.db_url = normalise_db_url(config.CourseDirectory.db_url)
        return config

    # ------------------------------------------------------------ folders
    def folder(self, name: str) -> Path:
        """source/release/submitted/autograded/feedback as configured, absolute."""
        return (self.root / getattr(self.coursedir, f"{name}_directory")).resolve()

    def submission_dir(self, student: str, assignment: str) -> Path:
        """submitted/<student>/<assignment>/."""
        return self.folder("submitted") / student / assignment

    def autograded_dir(self, student: str, assignment: str) -> Path:
        """autograded/<student>/<assignment>/."""
        return self.folder("autograded") / student / assignment

    @property
    def state_dir(self) -> Path:
        """The grading tool's own folder: run scratch, status files, logs and locks."""
        return self.folder("autograded") / STATE_DIR

    def source_notebook(self, assignment: str) -> Path:
        """source/<assignment>/<assignment>.ipynb."""
        return self.folder("source") / assignment / f"{assignment}.ipynb"

    def release_notebook(self, assignment: str) -> Path:
        """release/<assignment>/<assignment>.ipynb."""
        return self.folder("release") / assignment / f"{assignment}.ipynb"

    def assignments(self) -> list[str]:
        """Assignments that have a source notebook, in name order."""
        source = self.folder("source")
        return sorted(p.name for p in source.iterdir() if (p / f"{p.name}.ipynb").is_file()) if source.is_dir() else []

    def submitted_students(self, assignment: str) -> list[str]:
        """Students with a submitted/<student>/<assignment>/ folder, in name order."""
        submitted = self.folder("submitted")
        if not submitted.is_dir():
            return []
        return sorted(p.name for p in submitted.iterdir()
                      if not p.name.startswith(".") and (p / assignment).is_dir())

    # ------------------------------------------------------------ gradebook
    def gradebook_url(self) -> str:
        """The gradebook URL, with a generous lock wait for SQLite (formgrader may hold it briefly)."""
        url = self.db_url
        if url.startswith("sqlite:") and "timeout=" not in url:
            url += ("&" if "?" in url else "?") + "timeout=60"
        return url

    def gradebook(self) -> Gradebook:
        """nbgrader's Gradebook on this course's database (use it as a context manager); an empty database
        becomes a gradebook. GradebookUnavailable when its server cannot be reached."""
        try:
            return Gradebook(self.gradebook_url(), self.course_id)
        except OperationalError as error:
            if is_server(self.db_url):
                raise unavailable(self.db_url, error) from None
            raise

    def gradebook_exists(self) -> bool:
        """False only for an SQLite gradebook whose file is missing."""
        database = sqlite_file(self.db_url)
        return database is None or database.exists()


# ---------------------------------------------------------------- running one nbgrader step
class ConverterFailed(CourseError):
    """An nbgrader converter failed; the message (Korean) ends with nbgrader's own errors."""

    def __init__(self, message: str, converter, log: list[str]):
        super().__init__(message)
        self.converter = converter  # the converter that failed (its subclass may remember why)
        self.log = log  # nbgrader's warnings and errors of the run


LOG_LINES = 200  # lines of nbgrader's log kept for one converter run


@contextlib.contextmanager
def quiet_nbgrader():
    """Collect nbgrader's log lines (warnings and worse, and its cell timeouts; the last LOG_LINES) instead of
    printing them; yields the list."""
    logger = logging.getLogger("traitlets")
    lines: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            message = record.getMessage()
            if record.levelno >= logging.WARNING or "Timeout" in message:
                lines.append(f"{record.levelname}: {message}")
                del lines[:-LOG_LINES]

    handler = Collect(logging.INFO)
    saved = logger.handlers[:], logger.propagate, logger.level
    logger.handlers = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        yield lines
    finally:
        logger.handlers, logger.propagate = saved[0], saved[1]
        logger.setLevel(saved[2])


def run_converter(converter_class: type, config: Config, assignment: str, student: str = ".", *, what: str,
                  **settings):
    """Run nbgrader's `converter_class` on one assignment (and one student; "." for the source) with the
    course's `config` and more 'Section.option' `settings`, its log collected, not printed. Returns the
    converter and nbgrader's log lines; ConverterFailed, saying what could not be done (`what`), when
    nbgrader fails."""
    config = apply_overrides(copy.deepcopy(config), {"CourseDirectory.assignment_id": assignment,
                                                     "CourseDirectory.student_id": student,
                                                     "CourseDirectory.notebook_id": "*", **settings})
    converter = converter_class(coursedir=CourseDirectory(config=copy.deepcopy(config)), config=config)
    with quiet_nbgrader() as log:
        try:
            converter.start()
        except Exception as error:  # noqa: BLE001 - nbgrader reports the details in its log
            errors = "\n".join(line for line in log if line.startswith(("ERROR", "CRITICAL")))[-2000:]
            raise ConverterFailed(f"{what} 못했습니다: {type(error).__name__}: {error}\n{errors}".rstrip(),
                                  converter, log) from None
    return converter, log
