"""Build the student edition: what students clone or download, made from this (private) repository.

    python course.py edition [--to FOLDER] [--zip]

The edition holds the lectures (notebooks/), release/, the helpers package they and Validate import, the
student README (edition/README.md), course.py (the same file: with no source/ it offers only lab and check),
nbgrader_config.py (Validate reads it), the student Lab's Jupyter configuration (jupyter/student, the prebuilt
Lab extension of the course's Validate in jupyter/share, and jupyter/README.md), .gitignore, and install files
that pin the student's packages only: pyproject.toml's `dependencies` and what they need of requirements.txt.
Nothing of source/, autograder/, tests/, benchmarks/ or class data goes in, and nothing is written when a file
would hold nbgrader's solution or hidden-test markers.

FOLDER (default: a folder beside this repository, its name + "-student") is a git repository: the first
build creates it, each later one replaces its files and commits on top, ready to push to the public remote.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from autograder.course.context import CourseError
from autograder.course.publishing import refuse_foreign_folder, refuse_marked
from helpers.paths import ROOT

COPIED = ("notebooks", "release", "helpers", "jupyter/student", "jupyter/share", "jupyter/README.md", "course.py",
          "nbgrader_config.py", ".gitignore")
SKIPPED = {"__pycache__", ".ipynb_checkpoints"}  # folders never copied
GENERATED = "# 학생판 파일: 강사용 저장소의 `python course.py edition`이 만들었습니다 (고칠 곳: 그 저장소의 {}).\n"
STUDENT_PLATFORMS = [  # environment markers of Linux, Windows and macOS
    {"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"},
    {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt"},
    {"sys_platform": "darwin", "platform_system": "Darwin", "os_name": "posix"},
]
FALLBACK_IDENTITY = ["-c", "user.name=attention-course edition", "-c", "user.email=edition@localhost"]


def copied_files() -> dict[str, bytes]:
    """The repository's files the edition takes as they are, by path relative to the repository."""
    files = {}
    for entry in COPIED:
        path = ROOT / entry
        for file in [path] if path.is_file() else sorted(path.rglob("*")):
            relative = file.relative_to(ROOT)
            if file.is_file() and not SKIPPED & set(relative.parts) and file.suffix != ".pyc":
                files[relative.as_posix()] = file.read_bytes()
    return files


def student_lock(requirements: list[str], lock: str) -> list[str]:
    """The pins of `lock` (requirements.txt) that `requirements` need: each installed package's own requirements,
    with the extras asked for and this Python's version, on any of the students' systems (STUDENT_PLATFORMS),
    followed through what the lock pins. What the lock leaves out on purpose (ch07's sentence-transformers)
    stays out."""
    pins = {canonicalize_name(line.split("==")[0]): line for line in lock.splitlines() if re.match(r"\w", line)}
    needed, followed = set(), set()
    queue = [Requirement(text) for text in requirements]
    while queue:
        requirement = queue.pop()
        name = canonicalize_name(requirement.name)
        if name not in pins:
            continue
        needed.add(name)
        for extra in {"", *requirement.extras}:
            if (name, extra) in followed:
                continue
            followed.add((name, extra))
            for text in distribution(name).requires or []:
                dependency = Requirement(text)
                marker = dependency.marker
                if marker is None or any(marker.evaluate({**system, "extra": extra}) for system in STUDENT_PLATFORMS):
                    queue.append(dependency)
    return [line for name, line in pins.items() if name in needed]


def _toml(tables: dict[str, dict]) -> str:
    """TOML for tables of strings and lists of strings (JSON strings are TOML basic strings)."""
    def value(item) -> str:
        if isinstance(item, list):
            return "[\n" + "".join(f"    {json.dumps(entry, ensure_ascii=False)},\n" for entry in item) + "]"
        return json.dumps(item, ensure_ascii=False)
    return "\n".join(f"[{name}]\n" + "".join(f"{key} = {value(item)}\n" for key, item in table.items())
                     for name, table in tables.items())


def install_files() -> dict[str, bytes]:
    """pyproject.toml (the helpers package, the student's pins, no instructor tool), requirements.txt and
    environment.yml of the edition, from this repository's."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    dependencies = project["dependencies"]
    edition_project = {key: project[key] for key in ("name", "version", "readme", "requires-python")}
    edition_project["description"] = f"{project['description']} (student edition)"
    edition_project["dependencies"] = dependencies
    pyproject_text = GENERATED.format("pyproject.toml") + "\n" + _toml({
        "build-system": pyproject["build-system"],
        "project": edition_project,
        "tool.setuptools.packages.find": {"include": ["helpers*"]},
    })
    lock = student_lock(dependencies, (ROOT / "requirements.txt").read_text(encoding="utf-8"))
    requirements_text = (GENERATED.format("requirements.txt") +
                         "# 학생 패키지(pyproject.toml의 dependencies)와 그것이 쓰는 모든 패키지의 고정 버전입니다.\n"
                         "# course.py가 --no-deps로 설치합니다.\n" + "".join(f"{line}\n" for line in lock))
    python = re.search(r"^\s*-\s*(python=\S+)\s*$", (ROOT / "environment.yml").read_text(encoding="utf-8"),
                       re.MULTILINE).group(1)
    environment_text = (GENERATED.format("environment.yml") +
                        "# conda로 설치하기: conda env create -f environment.yml && conda activate attention-course\n"
                        "name: attention-course\nchannels:\n  - conda-forge\ndependencies:\n"
                        f"  - {python}\n  - pip\n  - pip:\n" + "".join(f"      - {pin}\n" for pin in dependencies) +
                        "      - -e .\n")
    return {name: text.encode("utf-8") for name, text in
            [("pyproject.toml", pyproject_text), ("requirements.txt", requirements_text),
             ("environment.yml", environment_text)]}


def edition_files() -> dict[str, bytes]:
    """Every file of the edition by its path in the edition; stops if one holds nbgrader's markers."""
    files = {**copied_files(), **install_files(), "README.md": (ROOT / "edition" / "README.md").read_bytes()}
    refuse_marked(files, "학생판을 만들지 않았습니다")
    return files


def _git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, text=True).stdout


def clear_previous_edition(target: Path) -> None:
    """Empty `target` for a new build, keeping its git history and what its .gitignore ignores (a .venv);
    refuse a folder that is neither empty nor an edition built before."""
    refuse_foreign_folder(target, (target / ".git").is_dir() and (target / "course.py").is_file()
                          and not (target / "source").exists(), "학생판")
    if not target.exists() or not any(target.iterdir()):
        return
    _git(target, "clean", "-fdq")  # files not tracked and not ignored
    for path in _git(target, "ls-files", "-z").split("\0"):
        if path:
            (target / path).unlink(missing_ok=True)


def commit(target: Path) -> str:
    """Commit the folder's files as the next edition (making the repository the first time); the commit id."""
    if not (target / ".git").is_dir():
        _git(target, "init", "-q", "-b", "main")
    _git(target, "add", "-A")
    if _git(target, "status", "--porcelain"):
        identity = [] if subprocess.run(["git", "-C", str(target), "config", "user.email"], capture_output=True,
                                        text=True).stdout.strip() else FALLBACK_IDENTITY
        source = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True,
                                text=True).stdout.strip()
        _git(target, *identity, "commit", "-q", "-m", f"학생판 (강사용 저장소 {source})" if source else "학생판")
    return _git(target, "rev-parse", "--short", "HEAD").strip()


def write_zip(files: dict[str, bytes], target: Path) -> Path:
    """FOLDER.zip beside the folder: the edition's files under one folder of the same name (no .git)."""
    archive = target.with_name(f"{target.name}.zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path, content in sorted(files.items()):
            bundle.writestr(f"{target.name}/{path}", content)
    return archive


def build(target: Path, with_zip: bool = False) -> None:
    if shutil.which("git") is None:
        raise CourseError("git이 없어 학생판 저장소를 만들 수 없습니다: git을 설치하세요.")
    files = edition_files()
    clear_previous_edition(target)
    for path, content in files.items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_bytes(content)
    shutil.copymode(ROOT / "course.py", target / "course.py")
    print(f"학생판: {target} (git 커밋 {commit(target)}, 파일 {len(files)}개)")
    if with_zip:
        print(f"zip: {write_zip(files, target)}")


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python course.py edition",
        description="학생판을 만듭니다: 강의, release/, helpers, 학생용 README·course.py·설치 파일, "
                    "학생용 Jupyter 설정. source/, 채점 도구, 테스트, 반 자료는 들어가지 않습니다. 만든 폴더는 "
                    "git 저장소이고, 다시 만들면 그 위에 커밋합니다: 공개 원격 저장소에 그대로 올리면 됩니다.")
    parser.add_argument("--to", type=Path, default=ROOT.parent / f"{ROOT.name}-student", metavar="FOLDER",
                        help="만들 폴더: 비어 있거나 전에 만든 학생판 (기본: 이 저장소 옆의 <저장소 이름>-student; "
                             "상대 경로는 저장소 폴더 기준)")
    parser.add_argument("--zip", action="store_true", help="FOLDER.zip도 만듭니다 (LMS에 올릴 때, .git 없이)")
    arguments = parser.parse_args()
    try:
        build((ROOT / arguments.to).resolve(), with_zip=arguments.zip)
    except CourseError as error:  # one Korean line, as every course-grader command prints it
        print(f"오류: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
