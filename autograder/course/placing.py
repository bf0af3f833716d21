"""Putting a finished folder into place without following a link another account planted on the way.

Root writes results into folders another account may own: ``autograded/<student>/<assignment>``,
``feedback/<student>/<assignment>``, ``reports/<assignment>``. A link planted there (``autograded/s1/ch01 ->
/etc``) would make any path-based write land where it points. So the result is first made in a private
folder of root's (the tool's state folder, checked by autograder/course/trust.py), and then:

- every folder from / down to the destination's parent is opened with ``O_DIRECTORY | O_NOFOLLOW`` relative to
  the one above it (made with ``mkdir(dir_fd=…)`` where missing);
- the staged folder is moved in with ``rename`` between those descriptors: a rename never follows its last
  component, and what was there before is renamed aside and removed with ``shutil.rmtree(dir_fd=…)``,
  which does not follow links either;
- when the destination is on another filesystem than the staging folder (``feedback/`` on a disk or network
  mount of its own: ``rename`` fails with EXDEV), the staged folder is copied instead into a new hidden folder
  beside the destination, on the destination's filesystem, every file flushed to disk, every folder and file
  made and opened below the one above it with ``O_NOFOLLOW``, and that copy is renamed into place as above;
- a link anywhere on the way is refused with a Korean line (:class:`LinkOnTheWay`), never followed.

The same walk writes one file (:func:`write_file`: collect's submitted/ files, as a new file renamed into place)
and reads a submission (:func:`copy_without_links`: the grading worker, as root, grades such a copy).

Run as another account than root, links on the way are followed as before (an instructor may keep
autograded/ on another disk through a link); the destination itself is still replaced, not written through.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from autograder.course.context import CourseError
from autograder.course.trust import STATE_FOLDER, running_as_root, trusted_folder
from helpers.korean import Particle, attach

FOLDER_MODE = 0o755  # made folders: the grader account reads results (release_feedback, the formgrader)


class LinkOnTheWay(CourseError):
    """A symbolic link sits where root was to write (the Korean message names it)."""


def _refusal(path: Path) -> LinkOnTheWay:
    return LinkOnTheWay(f"{attach(path, Particle.SUBJECT)} 심볼릭 링크입니다: root로 실행할 때는 결과를 쓸 길에 "
                        "있는 링크를 따라가지 "
                        "않으므로 이곳에는 쓰지 않았습니다 (다른 곳은 그대로입니다). 누가 만들었는지 확인하고 "
                        f"`rm {path}`로 지운 뒤 다시 실행하세요.")


def _staged_refusal(path: Path, special: bool = False) -> LinkOnTheWay:
    if not special:
        return _refusal(path)
    return LinkOnTheWay(f"{attach(path, Particle.SUBJECT)} 보통 파일이 아닌 특수 파일입니다: 결과로 옮기지 않았습니다.")


def _not_read(path: Path, kind: str) -> LinkOnTheWay:
    return LinkOnTheWay(f"제출 안의 {attach(path, Particle.SUBJECT)} {kind}입니다: root로 채점할 때는 제출 폴더의 "
                        "링크나 특수 파일을 "
                        "따라 읽지 않으므로 이 제출은 채점하지 않았습니다. 학생에게 보통 파일로 다시 내게 하세요.")


def open_folder(folder: Path) -> int:
    """A descriptor of `folder` (absolute), made where missing, reached one component at a time from /; as root,
    LinkOnTheWay when a component is a link. The caller closes it."""
    # O_PATH: a folder one may pass through but not list (0711) still opens; it serves as dir_fd all the same
    flags = os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC | (os.O_NOFOLLOW if running_as_root() else 0)
    return _walk(Path(os.path.abspath(folder)), flags, _refusal, make_missing=True)


def _walk(folder: Path, flags: int, refusal: Callable[[Path], LinkOnTheWay], make_missing: bool) -> int:
    """A descriptor of the absolute `folder`, each component opened with `flags` relative to the one above it
    (made first where missing, with `make_missing`); `refusal(path)` when a component is a link."""
    descriptor = os.open("/", flags)
    walked = Path("/")
    try:
        for name in folder.parts[1:]:
            walked = walked / name
            try:
                child = os.open(name, flags, dir_fd=descriptor)
            except FileNotFoundError:
                if not make_missing:
                    raise
                with contextlib.suppress(FileExistsError):  # made meanwhile: opened below, links still refused
                    os.mkdir(name, FOLDER_MODE, dir_fd=descriptor)
                child = os.open(name, flags, dir_fd=descriptor)
            except OSError as error:
                if _is_link(name, descriptor):
                    raise refusal(walked) from None
                if not make_missing:
                    raise
                raise CourseError(f"{attach(walked, Particle.OBJECT)} 폴더로 열 수 없습니다: "
                                  f"{error.strerror}") from None
            os.close(descriptor)
            descriptor = child
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _is_link(name: str, folder: int) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(name, dir_fd=folder).st_mode)
    except FileNotFoundError:
        return False


@contextlib.contextmanager
def staging_folder(state_dir: Path, name: str) -> Iterator[Path]:
    """A private folder of root's in the tool's state folder (checked by autograder/course/trust.py), where a
    result is made before place() moves it in; removed afterwards."""
    folder = trusted_folder(state_dir / f"{name}-{os.getpid()}", STATE_FOLDER)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def place(staged: Path, destination: Path) -> None:
    """Move the staged folder (or file) `staged` to `destination`, replacing what was there; the folders above
    `destination` are made where missing. As root, LinkOnTheWay (and nothing changed) when `destination` or a
    folder above it is a link."""
    staged, destination = Path(os.path.abspath(staged)), Path(os.path.abspath(destination))
    source = open_folder(staged.parent)
    try:
        target = open_folder(destination.parent)
        try:
            _replace(staged.name, source, destination, target)
        finally:
            os.close(target)
    finally:
        os.close(source)


def _replace(name: str, source: int, destination: Path, target: int) -> None:
    aside, incoming = f".{destination.name}.old{os.getpid()}", f".{destination.name}.new{os.getpid()}"
    try:
        info = os.lstat(destination.name, dir_fd=target)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISLNK(info.st_mode) and running_as_root():
        raise _refusal(destination)
    _remove(incoming, target)
    try:
        _move_in(name, source, incoming, target)
        if info is not None:
            _remove(aside, target)
            os.rename(destination.name, aside, src_dir_fd=target, dst_dir_fd=target)
        os.rename(incoming, destination.name, src_dir_fd=target, dst_dir_fd=target)
    finally:
        _remove(incoming, target)
    _remove(aside, target)


def _move_in(name: str, source: int, new_name: str, target: int) -> None:
    """Rename the entry `name` of `source` to `new_name` in `target`; across filesystems (EXDEV), copy it there,
    flushed, and remove it from `source`."""
    try:
        os.rename(name, new_name, src_dir_fd=source, dst_dir_fd=target)
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise
        _copy_entry(source, name, target, new_name, _staged_refusal, placing=True)
        _remove(name, source)


def write_file(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write `data` to `path` as a new file with `mode`, replacing what was there (a link itself, never what it
    points to); the folders above it are made where missing and, as root, LinkOnTheWay when one is a link."""
    path = Path(os.path.abspath(path))
    folder = open_folder(path.parent)
    temporary = f".{path.name}.tmp{os.getpid()}"
    try:
        _remove(temporary, folder)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600,
                             dir_fd=folder)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            os.fchmod(handle.fileno(), mode)
            handle.flush()
            os.fsync(handle.fileno())
        os.rename(temporary, path.name, src_dir_fd=folder, dst_dir_fd=folder)
    finally:
        _remove(temporary, folder)
        os.close(folder)


def _remove(name: str, folder: int) -> None:
    """Remove the entry `name` of `folder` (a folder's tree, a file or a link itself), if any."""
    try:
        info = os.lstat(name, dir_fd=folder)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(info.st_mode):
        shutil.rmtree(name, dir_fd=folder)
    else:
        os.unlink(name, dir_fd=folder)


def copy_without_links(source: Path, target: Path) -> None:
    """Copy the folder `source` to `target` (made, with the folders above it), every folder and file opened with
    O_NOFOLLOW below the one above it: as root, LinkOnTheWay when `source`, a folder above it or anything in it is
    a link or neither a folder nor a regular file (a FIFO or device would block or never end)."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC | os.O_NOFOLLOW
    folder = _walk(Path(os.path.abspath(source)), flags, lambda path: _not_read(path, "심볼릭 링크"),
                   make_missing=False)
    try:
        into = open_folder(Path(target))
        try:
            _copy_entries(folder, Path(os.path.abspath(source)), into, _submission_refusal, placing=False)
        finally:
            os.close(into)
    finally:
        os.close(folder)


def _submission_refusal(path: Path, special: bool = False) -> LinkOnTheWay:
    return _not_read(path, "보통 파일이 아닌 특수 파일" if special else "심볼릭 링크")


def _copy_entries(folder: int, shown: Path, target: int, refusal: Callable[..., LinkOnTheWay], placing: bool) -> None:
    """Copy every entry of the open folder `folder` (shown as `shown` in messages) into the open folder `target`."""
    for name in sorted(os.listdir(folder)):
        _copy_entry(folder, name, target, name, refusal, placing, shown / name)


def _copy_entry(folder: int, name: str, target: int, new_name: str, refusal: Callable[..., LinkOnTheWay],
                placing: bool, shown: Path | None = None) -> None:
    """Copy the entry `name` of `folder` (a folder's tree or a regular file) to the new entry `new_name` of `target`,
    nothing followed or overwritten; `refusal(shown, special)` for a link or a special file. With `placing`, the
    modes are kept and every file is flushed to disk (a result placed across filesystems); else folders get
    FOLDER_MODE and files 0644 (a submission copied for grading)."""
    shown = shown or Path(name)
    info = os.lstat(name, dir_fd=folder)
    if stat.S_ISLNK(info.st_mode):
        raise refusal(shown)
    if stat.S_ISDIR(info.st_mode):
        os.mkdir(new_name, 0o700, dir_fd=target)
        child, made = (os.open(entry, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC | os.O_NOFOLLOW, dir_fd=where)
                       for entry, where in ((name, folder), (new_name, target)))
        try:
            _copy_entries(child, shown, made, refusal, placing)
            os.fchmod(made, stat.S_IMODE(info.st_mode) if placing else FOLDER_MODE)
        finally:
            os.close(child)
            os.close(made)
        return
    if not stat.S_ISREG(info.st_mode):
        raise refusal(shown, True)
    descriptor = os.open(name, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    with os.fdopen(descriptor, "rb") as reading:
        if not stat.S_ISREG(os.fstat(reading.fileno()).st_mode):  # swapped since the lstat above
            raise refusal(shown, True)
        written = os.open(new_name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600,
                          dir_fd=target)
        with os.fdopen(written, "wb") as writing:
            shutil.copyfileobj(reading, writing)
            os.fchmod(writing.fileno(), stat.S_IMODE(info.st_mode) if placing else 0o644)
            if placing:
                writing.flush()
                os.fsync(writing.fileno())
