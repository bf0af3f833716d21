"""One course as the instructor tools see it: its root, its nbgrader configuration and its folders.

Every subcommand builds a :class:`CourseContext` from the command line (``--root``,
``--db-url``, ``--set Section.option=value``) and hands nbgrader the resulting ``Config``,
so nbgrader's own apps and converters do the work with the course's nbgrader_config.py.
"""

from __future__ import annotations

import ast
import copy
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.api import Gradebook
from nbgrader.apps import NbGraderAPI
from nbgrader.coursedir import CourseDirectory
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parent.parent  # this repository: the course the tools ship with
STATE_DIR = ".autograder"  # inside the autograded folder: run scratch, per-assignment status, logs, locks
CONFIG_FILE = "nbgrader_config.py"


class CourseError(RuntimeError):
    """A command cannot do what was asked; the message (Korean) says what to fix."""


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
        raise ValueError(f"설정은 Section.option=값 꼴이어야 합니다: {text!r}")
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

    def _load(self) -> Config:
        """The root's nbgrader_config.py (this repository's when the root has none), then the overrides."""
        folder = self.root if (self.root / CONFIG_FILE).is_file() else ROOT
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
        return config

    def derived(self, **overrides) -> Config:
        """A copy of the configuration with more 'Section.option' values set."""
        return apply_overrides(copy.deepcopy(self.config), overrides)

    def nbgrader_api(self, **overrides) -> NbGraderAPI:
        """nbgrader's own API on this course, with more 'Section.option' values set."""
        config = self.derived(**overrides)
        return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)

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
        """nbgrader's Gradebook on this course's database (use it as a context manager)."""
        return Gradebook(self.gradebook_url(), self.course_id)

    def gradebook_exists(self) -> bool:
        """False only for an SQLite gradebook whose file is missing."""
        match = re.match(r"sqlite:///(.+?)(\?.*)?$", self.db_url)
        return not match or os.path.exists(match.group(1))
