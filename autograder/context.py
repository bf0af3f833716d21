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
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.api import Gradebook
from nbgrader.coursedir import CourseDirectory
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from autograder import course as _course  # noqa: F401 - puts this environment's alembic on PATH
from autograder.course import ROOT

STATE_DIR = ".autograder"  # inside the autograded folder: run scratch, per-assignment status, logs, locks


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


@dataclass
class CourseContext:
    """The course rooted at `root`, with nbgrader_config.py and `overrides` applied."""

    root: Path = ROOT
    overrides: dict[str, object] = field(default_factory=dict)
    db_url: str | None = None  # passed through unchanged (sqlite:///..., postgresql://...)

    def __post_init__(self) -> None:
        self.root = Path(self.root).resolve()
        self.config = self._load()
        self.coursedir = CourseDirectory(config=self.config)
        self.course_id = self.coursedir.course_id
        self.db_url = self.coursedir.db_url

    def _load(self) -> Config:
        own = self.root / "nbgrader_config.py"
        folder = self.root if own.is_file() else ROOT
        config = PyFileConfigLoader("nbgrader_config.py", path=str(folder)).load_config()
        # nbgrader 0.9 no longer knows db_assignments; dropping it keeps its warning out of every run
        if "db_assignments" in config.CourseDirectory:
            del config.CourseDirectory["db_assignments"]
        if "allow_errors" in config.Execute:  # not configurable in nbgrader's Execute (always True)
            del config.Execute["allow_errors"]
        config.CourseDirectory.root = str(self.root)
        for dotted, value in self.overrides.items():
            section, option = dotted.split(".", 1)
            config[section][option] = value
        if self.db_url:
            config.CourseDirectory.db_url = self.db_url
        return config

    def derived(self, **overrides) -> Config:
        """A copy of the configuration with more 'Section.option' values set."""
        config = copy.deepcopy(self.config)
        for dotted, value in overrides.items():
            section, option = dotted.split(".", 1)
            config[section][option] = value
        return config

    # ------------------------------------------------------------ folders
    def folder(self, name: str) -> Path:
        """source/release/submitted/autograded/feedback as configured, absolute."""
        return (self.root / getattr(self.coursedir, f"{name}_directory")).resolve()

    def submission_dir(self, student: str, assignment: str) -> Path:
        return self.folder("submitted") / student / assignment

    def autograded_dir(self, student: str, assignment: str) -> Path:
        return self.folder("autograded") / student / assignment

    @property
    def state_dir(self) -> Path:
        return self.folder("autograded") / STATE_DIR

    def source_notebook(self, assignment: str) -> Path:
        return self.folder("source") / assignment / f"{assignment}.ipynb"

    def release_notebook(self, assignment: str) -> Path:
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
        return Gradebook(self.gradebook_url(), self.course_id)

    def gradebook_exists(self) -> bool:
        match = re.match(r"sqlite:///(.+?)(\?.*)?$", self.db_url)
        return not match or os.path.exists(match.group(1))
