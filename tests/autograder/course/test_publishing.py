"""The refusals both public builds share (autograder/course/publishing.py): the student edition's files are bytes,
the website's sources text, and either refuses a file with an answer or a hidden test and a folder of someone else's."""

from __future__ import annotations

import pytest

from autograder.course.context import CourseError
from autograder.course.publishing import refuse_foreign_folder, refuse_marked

MARKED = "def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n"
HIDDEN = "### BEGIN HIDDEN TESTS\nassert f() == 1\n### END HIDDEN TESTS\n"


@pytest.mark.parametrize("as_bytes", [True, False], ids=["edition bytes", "site text"])
def test_a_file_with_a_solution_or_a_hidden_test_is_named_and_nothing_is_made(as_bytes):
    files = {"b.ipynb": MARKED, "a.ipynb": HIDDEN, "c.md": "# 강의\n"}
    files = {path: text.encode() if as_bytes else text for path, text in files.items()}
    with pytest.raises(CourseError, match=r"웹사이트를 만들지 않았습니다: .*: a\.ipynb, b\.ipynb$"):
        refuse_marked(files, "웹사이트를 만들지 않았습니다")


def test_files_without_markers_pass():
    refuse_marked({"a.ipynb": b"# BEGIN\n", "b.md": "SOLUTION"}, "학생판을 만들지 않았습니다")


def test_a_folder_with_other_files_is_refused_unless_built_before(tmp_path):
    (tmp_path / "mine.txt").write_text("x", encoding="utf-8")
    with pytest.raises(CourseError, match="전에 만든 학생판 폴더를 고르세요"):
        refuse_foreign_folder(tmp_path, built_before=False, product="학생판")
    refuse_foreign_folder(tmp_path, built_before=True, product="학생판")
    refuse_foreign_folder(tmp_path / "new", built_before=False, product="학생판")
