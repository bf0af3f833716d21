"""As root, course-grader trusts only what no other account can change.

`sudo course-grader grade` (root builds the sandbox) executes the course's nbgrader_config.py, draws the hidden
cases from the course's secret, reads the assignment's source/ and writes its own state folder
(``autograded/.autograder``). On the class server the course folder is shared with the grader account, which
the formgrader runs as: a file that account can write, or a folder above it that it can write (the file can be
swapped there), would let it run code as uid 0 or steer root's writes. So, when the process runs as root,
each of those paths must be:

- owned by root, with no write for group or others, and no symbolic link, itself and every folder from / down
  to it; a root-owned folder with the sticky bit (/tmp) may be writable by others, since nobody else can rename
  or remove a root-owned entry in it;
- otherwise a :class:`Untrusted` error (Korean) names the path, its owner and mode, and the `chown root:root` /
  `chmod go-w` that fixes it, before anything of the course runs.

Run as anyone else (an instructor grading their own folder), nothing is checked: that account runs its own code.
"""

from __future__ import annotations

import os
import pwd
import stat
from dataclasses import dataclass
from pathlib import Path

from autograder.course.context import CourseError
from helpers.korean import Particle, attach

STATE_FOLDER = "채점 상태 폴더 (autograded/.autograder)"  # what a refusal calls the tool's own folder


class Untrusted(CourseError):
    """Root was asked to trust a path another account can change (the Korean message says how to fix it)."""


@dataclass(frozen=True)
class Problem:
    """Why one path on the way is not root's alone."""

    path: Path
    owner: int
    mode: int
    link: bool

    def line(self, what: str) -> str:
        """The Korean refusal, with the command that fixes it."""
        try:
            name = pwd.getpwuid(self.owner).pw_name
        except KeyError:
            name = str(self.owner)
        if self.link:
            fix = f"링크를 지우고 실제 파일·폴더를 두세요 (rm {self.path})"
            why = "심볼릭 링크입니다"
        else:
            fixes = [f"chown root:root {self.path}"] if self.owner != 0 else []
            fixes += [f"chmod go-w {self.path}"] if self.mode & 0o022 else []
            commands = [f"`{command}`" for command in fixes]
            fix = " ".join([*(attach(command, Particle.AND) for command in commands[:-1]),
                            attach(commands[-1], Particle.TOWARD), "고치세요"])
            why = f"주인이 {name}, 권한이 {stat.filemode(self.mode)}입니다"
        return (f"root로 실행할 때는 다른 계정이 바꿀 수 없는 {what}만 믿습니다: {self.path}의 {why}. "
                f"다른 계정이 이것을 고쳐 쓰면 root로 코드를 실행하거나 root의 쓰기를 딴 곳으로 돌릴 수 있으므로 "
                f"아무것도 하지 않고 멈춥니다. {fix} (또는 root가 아닌 계정으로 실행하세요).")


def running_as_root() -> bool:
    """The process runs with uid 0's rights, where every check of this module applies."""
    return os.geteuid() == 0


def _problem(path: Path, below: bool) -> Problem | None:
    """What is wrong with `path` (None when it is root's alone); `below`: a folder other paths sit in."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        return Problem(path, info.st_uid, info.st_mode, link=True)
    sticky_folder = below and stat.S_ISDIR(info.st_mode) and info.st_mode & stat.S_ISVTX
    writable = info.st_mode & 0o022 and not sticky_folder
    return Problem(path, info.st_uid, info.st_mode, link=False) if info.st_uid != 0 or writable else None


def problems(path: Path) -> list[Problem]:
    """Every folder from / down to `path`, and `path`, that is not root's alone (the first ones first);
    [] when `path` is missing below a trusted folder."""
    path = Path(os.path.abspath(path))
    found = []
    for current in [*reversed(path.parents), path]:
        try:
            problem = _problem(current, below=current != path)
        except FileNotFoundError:
            break
        if problem:
            found.append(problem)
            if problem.link:
                break
    return found


def require_trusted(path: Path, what: str) -> None:
    """As root: Untrusted unless `path` (when it exists) and every folder above it are root's alone."""
    if running_as_root():
        found = problems(path)
        if found:
            raise Untrusted(found[0].line(what))


def require_trusted_tree(folder: Path, what: str) -> None:
    """As root: Untrusted unless `folder`, the folders above it and everything in it are root's alone."""
    if not running_as_root():
        return
    require_trusted(folder, what)
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            problem = _problem(Path(parent) / name, below=False)
            if problem:
                raise Untrusted(problem.line(what))


def trusted_folder(folder: Path, what: str) -> Path:
    """`folder`, made (root's, 0755) where missing; as root, Untrusted unless it and every folder above it are
    root's alone, checked before anything is made in it. Returns `folder`."""
    require_trusted(folder, what)
    Path(folder).mkdir(mode=0o755, parents=True, exist_ok=True)
    require_trusted(folder, what)
    return Path(folder)
