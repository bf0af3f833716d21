"""autograder/course/placing.py: root moves a finished folder into a folder another account owns without
following a link that account planted on the way (autograded/<student>/<assignment>, feedback/<student>,
reports/): nothing is written where the link points, the link is named in a Korean line, and a later run
with the link gone places the folder as usual. Run as another account, placing works as before."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from autograder.course.placing import LinkOnTheWay, place

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
    assert f"{link} 이(가) 심볼릭 링크입니다" in str(refusal.value) and f"rm {link}" in str(refusal.value)
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
        done = subprocess.run(["setpriv", f"--reuid={GRADER}", f"--regid={GRADER}", "--clear-groups", sys.executable,
                               "-c", code, str(outer)], capture_output=True, text=True,
                              env={"PATH": os.environ["PATH"], "HOME": str(outer),
                                   "PYTHONPATH": str(Path(__file__).resolve().parents[3])})
        assert done.returncode == 0, done.stderr[-2000:]
        placed = outer / "course" / "autograded" / "s1" / "ch01" / "ch01.ipynb"
        assert placed.read_text(encoding="utf-8") == "mine" and placed.stat().st_uid == GRADER
    finally:
        shutil.rmtree(outer)
