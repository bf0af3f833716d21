"""`similarity ASSIGNMENT`: rank every pair of submissions by the evidence that they were not written apart, and
write reports/<assignment>/similarity.html (and similarity.json) for the instructor.

The threshold above which a pair is listed is ``c.SimilarityReview.threshold`` in nbgrader_config.py, or
``--threshold`` (the command line wins). The failed cells' verdicts come from the last grading (the status file);
an assignment not graded yet is reviewed on its code alone, with a line saying so.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from autograder.course.classloop import ClassLoop, StudentFailure
from autograder.course.context import CourseContext, CourseError
from autograder.course.placing import place, staging_folder
from autograder.course.roster import gradebook_labels, read_roster
from autograder.course.state import Outcome, load_status
from autograder.similarity import code, scoring
from autograder.similarity.page import render
from autograder.similarity.result import Review
from helpers.korean import Particle, attach

DEFAULT_THRESHOLD = 65.0  # between the test class's highest independent pair (52) and lowest planted pair (78)
CONFIG_SECTION = "SimilarityReview"
PAGES = ("similarity.html", "similarity.json")
SHOWN_PAIRS = 50  # pairs shown side by side at most (the table lists every pair above the threshold)


def threshold_of(context: CourseContext, given: float | None) -> float:
    """--threshold, else nbgrader_config.py's c.SimilarityReview.threshold, else the default."""
    if given is not None:
        return float(given)
    configured = context.config[CONFIG_SECTION].get("threshold", DEFAULT_THRESHOLD)
    try:
        return float(configured)
    except (TypeError, ValueError):
        raise CourseError(f"nbgrader_config.py의 c.{CONFIG_SECTION}.threshold는 수여야 합니다: "
                          f"{configured!r}") from None


def graded_mistakes(context: CourseContext, assignment: str) -> scoring.Mistakes:
    """student → exercise → the verdict of each failed test cell, from the last grading (scoring weighs only the
    verdicts the checker judged)."""
    mistakes = {}
    for student, entry in load_status(context, assignment).items():
        if entry.outcome is Outcome.GRADED:
            mistakes[student] = {cell.verdict.exercise: cell.verdict for cell in entry.cells
                                 if not cell.passed and cell.verdict.code}
    return mistakes


def review_assignment(context: CourseContext, assignment: str, threshold: float | None = None,
                      roster: Path | None = None) -> Review:
    """Compare every pair of `assignment`'s submissions; keep the pairs above the threshold."""
    if assignment not in context.assignments() and not context.release_notebook(assignment).is_file():
        raise CourseError(f"과제 {attach(repr(assignment), Particle.SUBJECT)} 없습니다 (release/{assignment}/ 를 찾지 "
                          "못했습니다)")
    limit = threshold_of(context, threshold)
    written, unreadable = _read_class(context, assignment)
    notes = [f"{item.student}: {item.reason} — 비교에서 뺐습니다" for item in unreadable]
    if not context.submitted_students(assignment):
        notes.append("제출이 하나도 없습니다")
    elif len(written) < 2:
        notes.append(f"비교할 제출이 {len(written)}개뿐입니다: 둘 이상이어야 짝을 지어 비교합니다")
    labels = _labels(context, roster)
    submitted = set(context.submitted_students(assignment))
    notes += [f"{student_id}: 제출이 없습니다 (명단에는 있음)" for student_id in labels
              if roster is not None and student_id not in submitted]
    mistakes = graded_mistakes(context, assignment)
    if written and not mistakes:
        notes.append("아직 채점 결과가 없어 같은 실수(진단 코드)는 셈하지 않고 코드만 비교했습니다")
    given = code.given_code(context, assignment)
    solutions = code.reference_solutions(context, assignment)
    students = [submission.student for submission in written]
    indexes = [scoring.index_exercise(exercise, {s.student: s.cells[exercise] for s in written
                                                 if exercise in s.cells},
                                      solutions.get(exercise, given[exercise][0]), given[exercise], len(written))
               for exercise in given]
    ranked = scoring.score_pairs(indexes, students, mistakes, len(written))
    above = tuple(pair for pair in ranked if pair.score >= limit)
    by_exercise = {index.exercise: index for index in indexes}
    highlights = {(pair.first, pair.second): tuple(scoring.highlight(by_exercise[e.exercise], pair.first, pair.second)
                                                   for e in pair.exercises)
                  for pair in above[:SHOWN_PAIRS]}
    below = [pair.score for pair in ranked if pair.score < limit]
    return Review(assignment, limit, len(written), above, highlights, labels, tuple(notes),
                  max(below) if below else None,
                  tuple(StudentFailure(item.student, item.reason) for item in unreadable))


def _read_class(context: CourseContext, assignment: str) -> tuple[list[code.WrittenCode], list[code.Unreadable]]:
    """Every submission's written code, one student at a time: a student whose reading fails in a way the reader
    did not foresee is left out with the reason (and the error shown once), and the class is read all the same."""
    loop = ClassLoop()
    read = loop.each(context.submitted_students(assignment),
                     lambda student: code.read_written(context, assignment, [student]))
    written = [item for student_written, _ in read.values() for item in student_written]
    unreadable = [item for _, student_unreadable in read.values() for item in student_unreadable]
    return written, unreadable + [code.Unreadable(failure.student, failure.reason) for failure in loop.failures]


def _labels(context: CourseContext, roster: Path | None) -> dict[str, str]:
    """student id → '이름 (학번)': the roster's, else the names the gradebook holds (collect --roster put them
    there)."""
    if roster is not None:
        return {student_id: student.label() for student_id, student in read_roster(roster).students.items()}
    if not context.gradebook_exists():
        return {}
    with context.gradebook() as gradebook:
        return gradebook_labels(gradebook)


def write_review(context: CourseContext, review: Review, out: Path | None = None) -> Path:
    """Write similarity.html and similarity.json into `out`, or into reports/<assignment>/ (staged in the tool's
    own folder, then placed without following a link planted there); return the page."""
    if out:
        return _write_pages(review, Path(out))
    reports = context.root / "reports" / review.assignment  # beside the class report, which stays
    with staging_folder(context.state_dir, "similarity") as staging:
        _write_pages(review, staging)
        for name in PAGES:
            place(staging / name, reports / name)
    return reports / PAGES[0]


def _write_pages(review: Review, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data = {"assignment": review.assignment, "threshold": review.threshold, "reviewed": review.reviewed,
            "notes": list(review.notes), "pairs": [asdict(pair) for pair in review.pairs]}
    (folder / PAGES[1]).write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    page = folder / PAGES[0]
    page.write_text(render(review), encoding="utf-8")
    return page
