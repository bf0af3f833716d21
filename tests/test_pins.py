"""The three install routes (pyproject.toml, requirements.txt, environment.yml) pin the same stack."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^\s*-?\s*([A-Za-z0-9_.\-]+)==([^\s#]+)\s*$")


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lines) -> dict[str, str]:
    pins = {}
    for line in lines:
        match = PIN.match(line)
        if match:
            pins[_normalise(match.group(1))] = match.group(2)
    return pins


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def pyproject_pins() -> dict[str, str]:
    project = _pyproject()["project"]
    return _pins(project["dependencies"] + project["optional-dependencies"]["test"])


def environment_pins() -> dict[str, str]:
    return _pins((ROOT / "environment.yml").read_text(encoding="utf-8").splitlines())


def requirements_pins() -> dict[str, str]:
    return _pins((ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines())


def test_every_pyproject_dependency_is_an_exact_pin():
    project = _pyproject()["project"]
    loose = [spec for spec in project["dependencies"] + project["optional-dependencies"]["test"] if "==" not in spec]
    assert not loose


def test_environment_yml_pins_exactly_what_pyproject_pins():
    assert environment_pins() == pyproject_pins()


def test_requirements_lock_agrees_with_pyproject():
    locked = requirements_pins()
    disagreements = {name: (version, locked.get(name)) for name, version in pyproject_pins().items()
                     if locked.get(name) != version}
    assert not disagreements


def test_the_installed_torch_is_the_pinned_cpu_build():
    import torch

    assert torch.__version__.split("+")[0] == pyproject_pins()["torch"] == requirements_pins()["torch"]
    assert torch.version.cuda is None


def test_every_route_uses_python_3_11():
    environment = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s*-\s*python=3\.11\s*$", environment, re.MULTILINE)
    assert _pyproject()["project"]["requires-python"].startswith(">=3.11")
