"""deploy/ (the course image and the Zero to JupyterHub values) stays in step with the course: the same
Python and torch as the pins, the student edition as the only build context, the course id, groups and
service names nbgrader expects. Neither is built or deployed here (no container engine, no cluster)."""

from __future__ import annotations

import re

import yaml

from autograder.course.context import CourseContext
from autograder.hub.roles import course_roles
from helpers.paths import ROOT

DOCKERFILE = (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8")
VALUES = yaml.safe_load((ROOT / "deploy" / "z2jh-values.yaml").read_text(encoding="utf-8"))
COURSE = CourseContext(ROOT).course_id


def _pin(name: str) -> str:
    line = next(line for line in (ROOT / "requirements.txt").read_text().splitlines() if line.startswith(f"{name}=="))
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
    assert (ROOT / "jupyter" / "student").is_dir()


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


def test_values_make_no_hub_admin_and_load_the_class_servers_roles():
    hub = VALUES["hub"]
    assert "admin_users" not in hub["config"]["Authenticator"], "instructors are no hub admins (autograder/README.md)"
    loaded = hub["loadRoles"]
    instructors = loaded[f"instructors-{COURSE}"]["users"]
    expected = {role.name: role.as_load_role() for role in course_roles(COURSE, instructors)}
    assert {name: {"name": name, **spec} for name, spec in loaded.items()} == expected


def test_values_give_each_users_server_its_own_origin_over_https():
    config = VALUES["hub"]["config"]
    host = config["JupyterHub"]["subdomain_host"]
    assert host.startswith("https://") and config["JupyterHub"]["cookie_host_prefix_enabled"] is True
    assert config["KubeSpawner"]["oauth_client_allowed_scopes"] == []
    https = VALUES["proxy"]["https"]
    assert https["enabled"] and https["hosts"] == [host.removeprefix("https://")]
