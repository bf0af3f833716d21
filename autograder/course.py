"""Where things are, and nbgrader's API bound to this course's configuration."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from nbgrader.apps import NbGraderAPI
from nbgrader.coursedir import CourseDirectory
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

# nbgrader runs the `alembic` executable to check the gradebook's schema: make the scripts of
# this Python's environment findable even when it was started as .venv/bin/python without
# activating the environment.
_SCRIPTS = str(Path(sys.executable).parent)
if _SCRIPTS not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _SCRIPTS + os.pathsep + os.environ.get("PATH", "")

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENTS = ("ch01_handmade_qkv", "ch02_scaling", "ch03_padding_mask", "ch04_random_weights")


def load_config(root: Path = ROOT, **overrides) -> Config:
    """The course's nbgrader_config.py, with the course root made absolute and `overrides`
    ("Section.option" → value) applied on top."""
    config = PyFileConfigLoader("nbgrader_config.py", path=str(ROOT)).load_config()
    config.CourseDirectory.root = str(root)
    for dotted, value in overrides.items():
        section, option = dotted.split(".", 1)
        config[section][option] = value
    return config


def nbgrader_api(root: Path = ROOT, **overrides) -> NbGraderAPI:
    """nbgrader's own API for the course rooted at `root`."""
    config = load_config(root, **overrides)
    return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def source_notebook(assignment: str, root: Path = ROOT) -> Path:
    return root / "source" / assignment / f"{assignment}.ipynb"


def release_notebook(assignment: str, root: Path = ROOT) -> Path:
    return root / "release" / assignment / f"{assignment}.ipynb"


def read_notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
