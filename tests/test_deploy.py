"""deploy/ (the course image and the Zero to JupyterHub values) stays in step with the course: the same
Python and torch as the pins, the student edition as the only build context, the course id, groups and
service names nbgrader expects. Neither is built or deployed here (no container engine, no cluster)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from autograder.course.context import CourseContext

REPO = Path(__file__).resolve().parent.parent
DOCKERFILE = (REPO / "deploy" / "Dockerfile").read_text(encoding="utf-8")
VALUES = yaml.safe_load((REPO / "deploy" / "z2jh-values.yaml").read_text(encoding="utf-8"))
COURSE = CourseContext(REPO).course_id


def _pin(name: str) -> str:
    line = next(line for line in (REPO / "requirements.txt").read_text().splitlines() if line.startswith(f"{name}=="))
    return line.split("==", 1)[1]


def test_image_runs_the_pinned_python_and_the_cpu_build_of_the_pinned_torch():
    assert re.search(r"^FROM python:3\.11\.\d+-slim", DOCKERFILE, re.M)
    assert f'"torch=={_pin("torch")}+cpu"' in DOCKERFILE
    assert "download.pytorch.org/whl/cpu" in DOCKERFILE
    assert "--no-deps -r /tmp/requirements.txt" in DOCKERFILE and "grep -v '^torch=='" in DOCKERFILE


def test_image_is_built_from_the_student_edition_alone():
    assert "python course.py edition --to deploy/edition" in DOCKERFILE
    assert "-f deploy/Dockerfile deploy/edition" in DOCKERFILE
    copies = re.findall(r"^COPY (.+)$", DOCKERFILE, re.M)
    assert copies == [". /opt/course"], copies
    assert "ENV JUPYTER_CONFIG_PATH=/opt/course/jupyter/student" in DOCKERFILE
    assert (REPO / "jupyter" / "student").is_dir()


def test_values_use_the_course_id_for_groups_roles_and_nbgrader():
    hub = VALUES["hub"]
    groups = hub["extraConfig"]["course-groups"]
    assert f'"formgrade-{COURSE}"' in groups and f'"nbgrader-{COURSE}"' in groups
    role = hub["loadRoles"][f"formgrade-{COURSE}"]
    assert role["groups"] == [f"formgrade-{COURSE}"]
    assert f"access:services!service={COURSE}" in role["scopes"]
    config = VALUES["singleuser"]["extraFiles"]["nbgrader-config"]["stringData"]
    compile(config, "nbgrader_config.py", "exec")
    assert f'c.CourseDirectory.course_id = "{COURSE}"' in config


def test_values_send_every_exchange_step_to_ngshare():
    config = VALUES["singleuser"]["extraFiles"]["nbgrader-config"]["stringData"]
    steps = dict(re.findall(r"c\.ExchangeFactory\.(\w+) = \"([\w.]+)\"", config))
    assert set(steps) == {"exchange", "fetch_assignment", "fetch_feedback", "release_feedback", "list",
                          "release_assignment", "submit", "collect"}
    assert all(path.startswith("ngshare_exchange.") for path in steps.values())
    assert "ngshare_exchange==" in DOCKERFILE
    services = VALUES["hub"]["extraConfig"]["ngshare"]
    assert '"name": "ngshare"' in services
