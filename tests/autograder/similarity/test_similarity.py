"""The similarity review (autograder/similarity/) on a class with known history (tests/similarity_class.py): the
sample class, independent right answers, students who handed in the reference or copied the lecture, the
independent wrong-answer sets, and the planted copies of tests/similarity_planted/ (written by a helper who did not
see the scoring). The class is graded for real first (sandboxed where a sandbox can be made), so the review has the
diagnosis codes it weighs shared mistakes with.

Independent pairs are two different writers: the independent right answers (each written alone), the students who
handed in the reference or the lecture's code, the planted students with anyone but their partner, and each
independent wrong answer against every one of those. Two answers of the independent wrong-answer sets are not: each
set was written by one helper from one frame of their own, and the sets share frames with each other (the
independent set's decoder_mask__or_instead_of_and.py and the blind tuning half's answer of that name differ in one
character; the same error message stands in several); nor are two sample-class students (their wrong cells are one
stub). The review lists such pairs, as it should.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sample_class.build import CELL_TIMEOUT, make_course
from similarity_class import ASSIGNMENTS, Kind, add_similarity_class, planted_pairs, student_id, write_submission

from autograder.course.context import CourseContext
from autograder.sandbox import policy as sandbox
from autograder.similarity import code, review, scoring
from helpers.paths import ROOT

pytestmark = pytest.mark.slow  # the class of about 60 students is graded twice before the review

SANDBOX = [] if sandbox.unavailable_reason() is None else ["--no-sandbox"]


def _course_grader(course: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *args, "--root", str(course)], capture_output=True,
                          text=True, timeout=1200, cwd=ROOT)


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory):
    """The course with every student of the class, graded; assignment → student id → kind."""
    course = make_course(tmp_path_factory.mktemp("similarity"), list(ASSIGNMENTS))
    kinds = {}
    for assignment in ASSIGNMENTS:
        kinds[assignment] = add_similarity_class(course, assignment)
        graded = _course_grader(course, "grade", assignment, "--jobs", "2", "--timeout", str(CELL_TIMEOUT), *SANDBOX)
        assert "Traceback" not in graded.stderr, graded.stderr[-3000:]
    return course, kinds


ONE_FRAME = (Kind.INDEPENDENT_WRONG, Kind.SAMPLE)


def _independent(kinds: dict[str, Kind], pair, planted: dict) -> bool:
    one_frame = kinds[pair.first] in ONE_FRAME and kinds[pair.second] in ONE_FRAME
    return not one_frame and (pair.first, pair.second) not in planted


def _planted(assignment: str) -> dict[tuple[str, str], str]:
    return {tuple(sorted((student_id(pair["original"]), student_id(pair["copier"])))): pair["kind"]
            for pair in planted_pairs() if pair["assignment"] == assignment}


@pytest.fixture(scope="module")
def reviews(graded_class):
    course, _ = graded_class
    return {assignment: review.review_assignment(CourseContext(course), assignment, threshold=0)
            for assignment in ASSIGNMENTS}


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_planted_pairs_rank_above_every_independent_pair(graded_class, reviews, assignment):
    kinds = graded_class[1][assignment]
    planted = _planted(assignment)
    ranked = reviews[assignment].pairs
    scores = {(pair.first, pair.second): pair.score for pair in ranked}
    assert set(planted) <= set(scores)  # every planted pair shares something
    independent = [pair for pair in ranked if _independent(kinds, pair, planted)]
    assert len(independent) > 100
    assert min(scores[pair] for pair in planted) > independent[0].score, (
        {planted[pair]: round(scores[pair]) for pair in planted}, independent[0])


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_default_threshold_keeps_every_planted_pair_and_no_independent_one(graded_class, reviews, assignment):
    kinds = graded_class[1][assignment]
    planted = _planted(assignment)
    above = [pair for pair in reviews[assignment].pairs if pair.score >= review.DEFAULT_THRESHOLD]
    assert set(planted) <= {(pair.first, pair.second) for pair in above}
    assert not [pair for pair in above if _independent(kinds, pair, planted)]


def test_a_shared_rare_mistake_is_named_in_the_pairs_evidence(reviews):
    for pair in planted_pairs():
        if pair["kind"] != "rare_wrong_copied":
            continue
        students = tuple(sorted((student_id(pair["original"]), student_id(pair["copier"]))))
        found = next(p for p in reviews[pair["assignment"]].pairs if (p.first, p.second) == students)
        mistakes = {e.exercise: e.shared_mistake for e in found.exercises if e.shared_mistake}
        assert set(pair["wrong"]) <= set(mistakes), (pair["id"], mistakes)


def test_students_who_handed_in_the_reference_or_the_lectures_code_share_nothing_that_counts(graded_class, reviews):
    _, kinds = graded_class
    for assignment in ASSIGNMENTS:
        given = {s for s, kind in kinds[assignment].items() if kind in (Kind.REFERENCE, Kind.LECTURE)}
        listed = [p for p in reviews[assignment].pairs if p.first in given and p.second in given]
        assert all(p.score < review.DEFAULT_THRESHOLD for p in listed), listed


def test_a_short_exercise_copied_and_renamed_is_seen_with_its_own_fingerprint_length_and_not_with_copydetects():
    original = "def scale_scores(scores, d_k):\n    return scores * d_k ** -.5  # 곱하기로\n"
    copied = "def scale_scores(s, dim):\n    return s * dim ** -.5\n"
    reference = "def scale_scores(scores, d_k):\n    return scores / math.sqrt(d_k)\n"
    k = scoring.fingerprint_length(reference)
    assert k < 25
    structure = scoring.View.STRUCTURE
    for length, seen in ((k, True), (25, False)):
        given = scoring.given_hashes(reference, structure, length)
        prints = [scoring.fingerprint(text, structure, length, given) for text in (original, copied)]
        assert bool(prints[0].hashes & prints[1].hashes) is seen, length


def test_unreadable_submissions_each_get_a_line_and_the_rest_are_reviewed(graded_class, reviews):
    notes = "\n".join(reviews["ch01_handmade_qkv"].notes)
    assert "s11_corrupt: 노트북을 읽지 못했습니다" in notes
    assert "s03_unfilled: 직접 쓴 코드가 없습니다" in notes
    assert "s12_misnamed: ch01_handmade_qkv.ipynb가 없습니다" in notes
    assert reviews["ch01_handmade_qkv"].reviewed >= 50


def test_a_roster_student_without_a_submission_is_named_and_students_are_shown_by_roster_name(graded_class, tmp_path):
    course, _ = graded_class
    roster = tmp_path / "roster.csv"
    roster.write_text("학번,이름\nindep_a4,김하나\nplanted_01,이둘\nnobody_9,박없음\n", encoding="utf-8")
    found = review.review_assignment(CourseContext(course), "ch01_handmade_qkv", roster=roster)
    assert any("nobody_9" in note and "제출이 없습니다" in note for note in found.notes), found.notes
    assert found.label("indep_a4") == "김하나 (indep_a4)"
    page = review.write_review(CourseContext(course), found, tmp_path / "out").read_text(encoding="utf-8")
    assert "김하나 (indep_a4)" in page and "이둘 (planted_01)" in page


def test_a_class_of_one_says_so(tmp_path):
    course = make_course(tmp_path, ["ch01_handmade_qkv"])
    add_similarity_class(course, "ch01_handmade_qkv")
    submitted = course / "submitted"
    for folder in submitted.iterdir():
        if folder.name != "indep_a1":
            for path in sorted(folder.rglob("*"), reverse=True):
                path.unlink() if path.is_file() else path.rmdir()
            folder.rmdir()
    found = review.review_assignment(CourseContext(course), "ch01_handmade_qkv")
    assert found.pairs == () and any("1개뿐" in note for note in found.notes), found.notes


def test_student_code_reaches_the_page_escaped_and_the_page_runs_no_script(graded_class, tmp_path):
    course, _ = graded_class
    context = CourseContext(course)
    hostile = ("def dot_scores(Q, K):\n    # </pre><script>fetch('/steal')</script><img src=x onerror=alert(1)>\n"
               "    note = \"</mark><script>alert('x')</script>\"\n    return Q @ K.transpose(-2, -1)\n")
    for student in ("hostile_a", "hostile_b"):
        write_submission(course, student, "ch01_handmade_qkv", {"dot_scores": hostile})
    found = review.review_assignment(context, "ch01_handmade_qkv", threshold=0)
    assert any({p.first, p.second} == {"hostile_a", "hostile_b"} for p in found.pairs)
    page = review.write_review(context, found, tmp_path / "out").read_text(encoding="utf-8")
    assert "<script" not in page.lower() and "<img" not in page.lower()
    assert "&lt;script&gt;" in page
    assert "Content-Security-Policy" in page and "default-src 'none'" in page


def test_the_command_reads_its_threshold_from_the_config_and_the_command_line_wins(graded_class, tmp_path):
    course, _ = graded_class
    config = course / "nbgrader_config.py"
    before = config.read_text(encoding="utf-8")
    try:
        config.write_text(before + "\nc.SimilarityReview.threshold = 1e9\n", encoding="utf-8")
        done = _course_grader(course, "similarity", "ch01_handmade_qkv", "--out", str(tmp_path / "a"))
        assert done.returncode == 1 and "s11_corrupt" in done.stdout, done.stderr  # the class's corrupt notebook
        assert "기준 1e+09 이상인 짝 0개" in done.stdout
        done = _course_grader(course, "similarity", "ch01_handmade_qkv", "--threshold", "0",
                              "--out", str(tmp_path / "b"))
        assert "기준 0 이상인 짝" in done.stdout and "planted_01" in done.stdout
        data = json.loads((tmp_path / "b" / "similarity.json").read_text(encoding="utf-8"))
        assert data["threshold"] == 0 and data["pairs"]
    finally:
        config.write_text(before, encoding="utf-8")


def test_the_default_page_goes_beside_the_class_report_and_keeps_it(graded_class):
    course, _ = graded_class
    reports = course / "reports" / "ch01_handmade_qkv"
    reports.mkdir(parents=True, exist_ok=True)
    (reports / "index.html").write_text("class report", encoding="utf-8")
    page = review.write_review(CourseContext(course), review.review_assignment(CourseContext(course),
                                                                               "ch01_handmade_qkv"))
    assert page == reports / "similarity.html" and page.is_file()
    assert (reports / "index.html").read_text(encoding="utf-8") == "class report"


def test_what_a_student_wrote_is_only_their_solution_cells(graded_class):
    course, _ = graded_class
    written, _ = code.read_written(CourseContext(course), "ch01_handmade_qkv")
    by_student = {w.student: w for w in written}
    assert "reference_1" not in by_student or all(
        cell.strip() for cell in by_student["reference_1"].cells.values())
    assert set(by_student["indep_a1"].cells) <= {"dot_scores", "scale_scores", "row_softmax", "mix_values",
                                                   "self_attention"}
