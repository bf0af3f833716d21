"""autograder/course/placing.py: root moves a finished folder into a folder another account owns without
following a link that account planted on the way (autograded/<student>/<assignment>, feedback/<student>,
reports/): nothing is written where the link points, the link is named in a Korean line, and a later run
with the link gone places the folder as usual; and root reads a submission only through no link. Run as another
account, placing works as before. A destination on another filesystem (a tmpfs mounted for the test) is reached
by a copy renamed into place there, with the same refusals."""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from filesystems import tmpfs
from other_account import python_environment, run_as

from autograder.course.placing import LinkOnTheWay, copy_without_links, place, write_file
from helpers.korean import Particle, attach

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="root's placing; the tests chown as root")

GRADER = 61_235  # a uid with no account, owning the course's result folders as the grader account would


def _staged(tmp_path: Path, text: str = "graded") -> Path:
    staged = tmp_path / "state" / "run" / "ch01"
    staged.mkdir(parents=True)
    (staged / "ch01.ipynb").write_text(text, encoding="utf-8")
    return staged


def _grader_owned(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    os.chown(folder, GRADER, GRADER)
    return folder


def _everything_in(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def test_a_staged_folder_lands_where_it_belongs_and_folders_above_are_made(tmp_path):
    staged = _staged(tmp_path)
    destination = tmp_path / "course" / "autograded" / "s1" / "ch01"
    place(staged, destination)
    assert (destination / "ch01.ipynb").read_text(encoding="utf-8") == "graded"
    assert not staged.exists()


def test_placing_again_replaces_the_old_folder_entirely(tmp_path):
    destination = _grader_owned(tmp_path / "course" / "autograded" / "s1") / "ch01"
    destination.mkdir()
    (destination / "stale.txt").write_text("old", encoding="utf-8")
    place(_staged(tmp_path, "new"), destination)
    assert _everything_in(destination) == ["ch01.ipynb"]
    assert (destination / "ch01.ipynb").read_text(encoding="utf-8") == "new"
    assert _everything_in(destination.parent) == ["ch01", "ch01/ch01.ipynb"]  # nothing left aside


@pytest.mark.parametrize("planted", ["autograded/s1/ch01", "feedback/s1", "reports"])
def test_a_link_the_grader_planted_on_the_way_is_refused_and_nothing_is_written_through_it(tmp_path, planted):
    course = tmp_path / "course"
    outside = tmp_path / "etc"
    outside.mkdir()
    (outside / "passwd").write_text("root:x:0:0", encoding="utf-8")
    link = course / planted
    _grader_owned(link.parent)
    link.symlink_to(outside)
    destination = {"autograded/s1/ch01": course / "autograded" / "s1" / "ch01",
                   "feedback/s1": course / "feedback" / "s1" / "ch01",
                   "reports": course / "reports" / "ch01"}[planted]
    staged = _staged(tmp_path)
    with pytest.raises(LinkOnTheWay) as refusal:
        place(staged, destination)
    refused = str(refusal.value)
    assert f"{attach(link, Particle.SUBJECT)} 심볼릭 링크입니다" in refused and f"rm {link}" in refused
    assert _everything_in(outside) == ["passwd"]
    assert (outside / "passwd").read_text(encoding="utf-8") == "root:x:0:0"
    assert link.is_symlink() and (staged / "ch01.ipynb").is_file()  # nothing moved, the result still staged

    link.unlink()  # the instructor removes it: the next run places the folder
    place(staged, destination)
    assert (destination / "ch01.ipynb").is_file() and not destination.is_symlink()


def test_an_account_other_than_root_places_into_its_own_folders_as_before():
    outer = Path(tempfile.mkdtemp(prefix="placing-"))
    try:
        outer.chmod(0o755)
        shutil.chown(outer, GRADER, GRADER)
        code = ("import sys; from pathlib import Path; from autograder.course.placing import place\n"
                "root = Path(sys.argv[1]); staged = root / 'state' / 'ch01'; staged.mkdir(parents=True)\n"
                "(staged / 'ch01.ipynb').write_text('mine')\n"
                "place(staged, root / 'course' / 'autograded' / 's1' / 'ch01')\n")
        done = run_as(GRADER, GRADER, [sys.executable, "-c", code, str(outer)], capture_output=True, text=True,
                      env=python_environment(outer))
        assert done.returncode == 0, done.stderr[-2000:]
        placed = outer / "course" / "autograded" / "s1" / "ch01" / "ch01.ipynb"
        assert placed.read_text(encoding="utf-8") == "mine" and placed.stat().st_uid == GRADER
    finally:
        shutil.rmtree(outer)


def _submission(tmp_path: Path) -> Path:
    folder = _grader_owned(tmp_path / "course" / "submitted" / "s1") / "ch01"
    (folder / "data").mkdir(parents=True)
    (folder / "ch01.ipynb").write_text("{}", encoding="utf-8")
    (folder / "data" / "table.csv").write_text("1,2", encoding="utf-8")
    return folder


def test_root_copies_a_submission_of_plain_files_and_folders(tmp_path):
    copied = tmp_path / "scratch" / "s1" / "ch01"
    copy_without_links(_submission(tmp_path), copied)
    assert _everything_in(copied) == ["ch01.ipynb", "data", "data/table.csv"]
    assert (copied / "data" / "table.csv").read_text(encoding="utf-8") == "1,2"


@pytest.mark.parametrize("where", ["ch01/data/shadow", "ch01 itself", "s1 itself"])
def test_root_reads_no_link_in_a_submission(tmp_path, where):
    folder = _submission(tmp_path)
    secret = tmp_path / "shadow"
    secret.write_text("root's secret", encoding="utf-8")
    if where == "ch01/data/shadow":
        link = folder / "data" / "shadow"
        link.symlink_to(secret)
    else:
        link = folder if where == "ch01 itself" else folder.parent
        real = link.with_name("real")
        link.rename(real)
        link.symlink_to(real)
    copied = tmp_path / "scratch" / "s1" / "ch01"
    with pytest.raises(LinkOnTheWay, match=re.escape(f"{attach(link, Particle.SUBJECT)} 심볼릭 링크")):
        copy_without_links(folder, copied)
    assert not any("root's secret" in path.read_text(encoding="utf-8")
                   for path in (tmp_path / "scratch").rglob("*") if path.is_file())


def test_root_does_not_open_a_fifo_in_a_submission(tmp_path):
    folder = _submission(tmp_path)
    os.mkfifo(folder / "pipe")  # opened for reading, it would wait for a writer forever
    with pytest.raises(LinkOnTheWay, match="특수 파일"):
        copy_without_links(folder, tmp_path / "scratch")


def test_a_file_root_writes_replaces_a_planted_link_and_leaves_its_target_and_mode_alone(tmp_path):
    """collect's read-only submission file: once written through the link, then chmod-ed through it (0644 on
    what the link pointed to, /etc/shadow say)."""
    shadow = tmp_path / "shadow"
    shadow.write_text("root's secret", encoding="utf-8")
    shadow.chmod(0o600)
    folder = _grader_owned(tmp_path / "course" / "submitted" / "s1" / "ch01")
    (folder / "ch01.ipynb").symlink_to(shadow)
    write_file(folder / "ch01.ipynb", b"{}", 0o444)
    assert shadow.read_text(encoding="utf-8") == "root's secret" and shadow.stat().st_mode & 0o777 == 0o600
    assert not (folder / "ch01.ipynb").is_symlink() and (folder / "ch01.ipynb").read_bytes() == b"{}"
    assert (folder / "ch01.ipynb").stat().st_mode & 0o777 == 0o444
    assert _everything_in(folder) == ["ch01.ipynb"]


def test_a_file_root_writes_under_a_planted_folder_link_is_refused(tmp_path):
    outside = tmp_path / "etc"
    outside.mkdir()
    submitted = _grader_owned(tmp_path / "course" / "submitted")
    (submitted / "s1").symlink_to(outside)
    with pytest.raises(LinkOnTheWay, match="심볼릭 링크"):
        write_file(submitted / "s1" / "ch01" / "ch01.ipynb", b"{}", 0o444)
    assert _everything_in(outside) == []


# ---------------------------------------------------------------- a destination on a filesystem of its own
@pytest.fixture
def other_disk(tmp_path) -> Path:
    """The course's feedback/ on a tmpfs of its own (as on a separate disk or network mount)."""
    with tmpfs(tmp_path / "course" / "feedback", size="16m") as folder:
        yield folder


def test_a_folder_is_placed_on_another_filesystem_replacing_the_old_one_and_leaving_nothing_behind(tmp_path,
                                                                                                   other_disk):
    destination = _grader_owned(other_disk / "s1") / "ch01"
    destination.mkdir()
    (destination / "stale.html").write_text("old", encoding="utf-8")
    staged = _staged(tmp_path, "new")
    (staged / "figures").mkdir()
    (staged / "figures" / "plot.png").write_bytes(b"\x89PNG")
    (staged / "ch01.ipynb").chmod(0o640)
    place(staged, destination)
    assert _everything_in(destination) == ["ch01.ipynb", "figures", "figures/plot.png"]
    assert (destination / "ch01.ipynb").read_text(encoding="utf-8") == "new"
    assert (destination / "ch01.ipynb").stat().st_mode & 0o777 == 0o640  # the staged modes are kept
    assert (destination / "figures" / "plot.png").read_bytes() == b"\x89PNG"
    assert _everything_in(destination.parent) == ["ch01", "ch01/ch01.ipynb", "ch01/figures",
                                                  "ch01/figures/plot.png"]  # no copy or old folder left aside
    assert not staged.exists()


def test_a_single_file_is_placed_on_another_filesystem(tmp_path, other_disk):
    staged = _staged(tmp_path) / "ch01.ipynb"
    place(staged, other_disk / "similarity.html")
    assert (other_disk / "similarity.html").read_text(encoding="utf-8") == "graded" and not staged.exists()


def test_a_link_planted_on_another_filesystem_is_refused_as_on_the_same_one(tmp_path, other_disk):
    outside = tmp_path / "etc"
    outside.mkdir()
    link = _grader_owned(other_disk / "s1") / "ch01"
    link.symlink_to(outside)
    staged = _staged(tmp_path)
    with pytest.raises(LinkOnTheWay, match="심볼릭 링크"):
        place(staged, link)
    assert _everything_in(outside) == [] and link.is_symlink() and (staged / "ch01.ipynb").is_file()
    assert _everything_in(other_disk) == ["s1", "s1/ch01"]
