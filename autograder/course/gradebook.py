"""The real gradebook: only the grading command's parent process writes it, one student per transaction.

- :func:`sync_assignment` records the assignment (its cells, hidden tests included) with
  nbgrader's own GenerateAssignment converter, into the real gradebook or a scratch template.
- :func:`merge` writes one graded student (grades, comments, timestamp, late penalty) through
  nbgrader's Gradebook API, and marks the student merged with the submission's fingerprint,
  all in a single transaction: a student is either fully in the gradebook or not at all.
  Merging the same result twice leaves the gradebook as merging it once.
- :func:`dump` is a canonical, id-free picture of the gradebook, for tests and the benchmark.
"""

from __future__ import annotations

import contextlib
import tempfile
import warnings
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.converters import GenerateAssignment
from sqlalchemy import inspect, text
from sqlalchemy.exc import SAWarning

from autograder.course.context import CourseContext, CourseError, run_converter
from helpers.korean import Particle, attach

MARKS = "autograder_merged"  # our one table in the gradebook: which submission version is merged


class GradebookError(CourseError):
    """The assignment cannot be recorded in the gradebook (Korean message)."""


def create_empty(db_url: str) -> None:
    """An empty nbgrader gradebook at `db_url`, stamped with nbgrader's schema version as nbgrader itself
    stamps one, without the `alembic` subprocess nbgrader starts for it (seconds, once per grading run)."""
    from alembic.script import ScriptDirectory
    from nbgrader import api
    from sqlalchemy import create_engine, text

    head = ScriptDirectory(str(Path(api.__file__).parent / "alembic")).get_current_head()
    engine = create_engine(db_url, future=True)
    try:
        api.Base.metadata.create_all(bind=engine)
        with engine.begin() as connection:
            connection.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)"))
            connection.execute(text("INSERT INTO alembic_version (version_num) VALUES (:head)"), {"head": head})
    finally:
        engine.dispose()


def sync_assignment(context: CourseContext, assignment: str, db_url: str | None = None,
                    release_to: Path | None = None, what: str | None = None) -> None:
    """Record `assignment` from source/ into the gradebook at `db_url` (default: the course's).

    Runs nbgrader's GenerateAssignment with its student version written to a throw-away folder
    (or to `release_to`), so release/ is not touched. nbgrader refuses to add or remove cells of
    an assignment that has submissions; that refusal is raised as ConverterFailed, saying `what`
    could not be done (default: record the assignment in the gradebook).
    """
    if not context.source_notebook(assignment).is_file():
        raise GradebookError(f"과제 {assignment}의 원본 노트북이 없습니다: {context.source_notebook(assignment)}")
    with tempfile.TemporaryDirectory(prefix="autograder-sync-") as scratch:
        run_converter(GenerateAssignment, context.config, assignment,
                      what=what or f"과제 {attach(assignment, Particle.OBJECT)} 성적부에 기록하지", **{
                          "CourseDirectory.release_directory": str(release_to or Path(scratch) / "release"),
                          "CourseDirectory.db_url": db_url or context.gradebook_url(),
                          "GenerateAssignment.force": True,
                          "GenerateAssignment.create_assignment": True})


def lateness_settings(gradebook: Gradebook, assignment: str) -> tuple[object, dict[str, object]]:
    """The assignment's due date and each student's extension: what late penalties depend on."""
    try:
        found = gradebook.find_assignment(assignment)
    except MissingEntry:
        return None, {}
    extensions = {s.student_id: s.extension for s in found.submissions if s.extension is not None}
    return found.duedate, extensions


def set_duedate(db_url: str, course_id: str, assignment: str, duedate) -> None:
    """Give the assignment in the gradebook at `db_url` the real gradebook's due date."""
    with Gradebook(db_url, course_id) as gradebook:
        gradebook.find_assignment(assignment).duedate = duedate
        gradebook.db.commit()


def ensure_marks_table(gradebook: Gradebook) -> None:
    """Create our one table (which submission version of each student is merged) when missing."""
    gradebook.db.execute(text(
        f"CREATE TABLE IF NOT EXISTS {MARKS} (assignment VARCHAR(128) NOT NULL, student VARCHAR(128) NOT NULL, "
        "fingerprint VARCHAR(64) NOT NULL, PRIMARY KEY (assignment, student))"))
    gradebook.db.commit()


def merged_fingerprints(gradebook: Gradebook, assignment: str) -> dict[str, str]:
    """student → fingerprint of the submission last merged for `assignment`; {} for a gradebook that only
    stock nbgrader has filled (no marks table yet)."""
    if not inspect(gradebook.db.get_bind()).has_table(MARKS):
        return {}
    rows = gradebook.db.execute(text(f"SELECT student, fingerprint FROM {MARKS} WHERE assignment = :a"),
                                {"a": assignment})
    return dict(rows.all())


def merged_students(gradebook: Gradebook, assignment: str) -> set[str]:
    """The students the gradebook holds a submission of `assignment` for."""
    try:
        return {submission.student_id for submission in gradebook.find_assignment(assignment).submissions}
    except MissingEntry:
        return set()


@contextlib.contextmanager
def one_transaction(gradebook: Gradebook):
    """nbgrader's Gradebook methods commit as they go; inside this block they only flush, and the
    block commits once at the end (or rolls everything back)."""
    session = gradebook.db
    registry_session = session()  # scoped_session → the actual Session
    real_commit = registry_session.commit
    registry_session.commit = registry_session.flush
    try:
        yield
    except BaseException:
        registry_session.commit = real_commit
        registry_session.rollback()
        raise
    registry_session.commit = real_commit
    registry_session.commit()


def merge(gradebook: Gradebook, assignment: str, student: str, fingerprint: str, timestamp: str | None,
          notebooks: dict) -> None:
    """Write one autograded student into the gradebook, in one transaction."""
    with one_transaction(gradebook), warnings.catch_warnings():
        # nbgrader's add_submission builds rows before adding them, which SQLAlchemy's autoflush remarks on
        warnings.simplefilter("ignore", SAWarning)
        gradebook.update_or_create_student(student)
        kwargs = {"timestamp": timestamp} if timestamp else {}
        gradebook.update_or_create_submission(assignment, student, **kwargs)
        for notebook, data in notebooks.items():
            for name, auto_score in data["grades"].items():
                grade = gradebook.find_grade(name, notebook, assignment, student)
                grade.auto_score = auto_score
                # nbgrader's SaveAutoGrades rule: a manual grade or a missing autograde needs a person
                grade.needs_manual_grade = grade.manual_score is not None or grade.auto_score is None
            for name, auto_comment in data["comments"].items():
                gradebook.find_comment(name, notebook, assignment, student).auto_comment = auto_comment
            submitted = gradebook.find_submission_notebook(notebook, assignment, student)
            submitted.late_submission_penalty = data.get("late_submission_penalty")
        gradebook.db.execute(text(f"DELETE FROM {MARKS} WHERE assignment = :a AND student = :s"),
                             {"a": assignment, "s": student})
        gradebook.db.execute(text(f"INSERT INTO {MARKS} (assignment, student, fingerprint) VALUES (:a, :s, :f)"),
                             {"a": assignment, "s": student, "f": fingerprint})


def scores(gradebook: Gradebook, assignment: str) -> dict[str, dict[str, tuple[float, float]]]:
    """student → {grade cell → (score, max score)} of every submission of `assignment`."""
    result: dict[str, dict[str, tuple[float, float]]] = {}
    try:
        found = gradebook.find_assignment(assignment)
    except MissingEntry:
        return result
    for submission in found.submissions:
        cells = result.setdefault(submission.student_id, {})
        for notebook in submission.notebooks:
            for grade in notebook.grades:
                cells[grade.name] = (float(grade.score or 0), float(grade.max_score or 0))
    return result


def dump(gradebook: Gradebook) -> list[tuple]:
    """Every student, submission, grade and comment, sorted, without database ids."""
    rows: list[tuple] = []
    for assignment in gradebook.assignments:
        for submission in assignment.submissions:
            rows.append(("submission", assignment.name, submission.student_id, str(submission.timestamp)))
            for notebook in submission.notebooks:
                rows.append(("notebook", assignment.name, submission.student_id, notebook.name,
                             notebook.late_submission_penalty))
                for grade in notebook.grades:
                    rows.append(("grade", assignment.name, submission.student_id, notebook.name, grade.name,
                                 grade.auto_score, grade.manual_score, grade.needs_manual_grade))
                for comment in notebook.comments:
                    rows.append(("comment", assignment.name, submission.student_id, notebook.name, comment.name,
                                 comment.auto_comment, comment.manual_comment))
    rows.extend(("student", student.id) for student in gradebook.students)
    return sorted(rows, key=repr)
