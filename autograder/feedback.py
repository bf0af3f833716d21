"""`feedback ASSIGNMENT`: per-student HTML with the Korean messages, without the hidden tests.

nbgrader's own GenerateFeedback converter writes feedback/<student>/<assignment>/*.html from
the autograded notebook and the gradebook's scores. Stock feedback shows the whole test cell,
hidden tests included, and tracebacks that quote them. Four preprocessors run first:

- :class:`RedactHiddenOutputs` drops every output that quotes a hidden-test line (the hidden tests never
  reach the student's kernel, autograder/grading/checker.py, but a notebook graded by stock nbgrader ran them
  there, and an output a submission wrote may quote one anyway);
- :class:`HideHiddenTests` removes the ``### BEGIN HIDDEN TESTS`` … ``### END HIDDEN TESTS``
  region from every cell and leaves a one-line note in its place;
- :class:`ShowOnlyMessages` replaces the traceback of a failed test cell by the error's own
  message (the ``[진단: …]`` line and its Korean explanation), so no line of hidden code leaks;
- :class:`AddSummary` puts a Korean summary on top: the score and, for each failed test,
  what was wrong (the verdicts the grading worker recorded in the status file).

The page is written by the class server's SanitizingHTMLExporter (autograder/hub/formgrader.py): the
submission's outputs, markdown and the messages quoted in the summary are data there, never script, since
instructors open these pages too.
"""

from __future__ import annotations

from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor, Preprocessor
from nbformat.v4 import new_markdown_cell, new_output
from nbgrader.converters import GenerateFeedback
from nbgrader.preprocessors import GetGrades
from traitlets import Bool, Integer, List, Unicode

from autograder.course import diagnosis
from autograder.course import gradebook as book
from autograder.course.classloop import ClassLoop
from autograder.course.context import CourseContext, CourseError, run_converter
from autograder.course.lateness import course_timezone, lateness, shown_time
from autograder.course.notebook import BEGIN_HIDDEN, END_HIDDEN, is_test_cell
from autograder.course.placing import place, staging_folder
from autograder.course.state import Outcome, SubmissionState, submission_states
from autograder.course.submission import student_notes
from autograder.hub.formgrader import SanitizingHTMLExporter
from helpers.webfont import offline_pages

HIDDEN_NOTE = "# (숨은 테스트: 채점에만 쓰이고 여기에는 보이지 않습니다)"
REDACTED_NOTE = "(이 출력에는 숨은 테스트의 내용이 들어 있어 피드백에서 뺐습니다)"


class _Always(Preprocessor):
    """A preprocessor that is on by default."""

    enabled = Bool(True, help="nbconvert runs a preprocessor only when enabled; nbgrader registers "
                              "these without enabling them.").tag(config=True)


class _HiddenMarkers(_Always):
    """The two marker lines around a hidden-test region."""

    begin = Unicode(BEGIN_HIDDEN, help="The marker line that opens a hidden-test region.").tag(config=True)
    end = Unicode(END_HIDDEN, help="The marker line that closes a hidden-test region.").tag(config=True)

    def _lines(self, source: str):
        """(line, kind) of every line of `source`, kind one of "begin", "end", "hidden", "shown"."""
        hiding = False
        for line in source.splitlines():
            if self.begin in line:
                hiding = True
                yield line, "begin"
            elif self.end in line:
                hiding = False
                yield line, "end"
            else:
                yield line, "hidden" if hiding else "shown"


class HideHiddenTests(_HiddenMarkers):
    """Drop the hidden-test region of every cell's source."""

    def preprocess_cell(self, cell, resources, index):
        if self.begin not in cell.source:
            return cell, resources
        kept = []
        for line, kind in self._lines(cell.source):
            if kind == "begin":
                kept.append(line[: len(line) - len(line.lstrip())] + HIDDEN_NOTE)
            elif kind == "shown":
                kept.append(line)
        cell.source = "\n".join(kept)
        return cell, resources


def _output_text(output) -> str:
    """Every text an output carries: stream text, rich data, error name, value and traceback."""
    parts = [output.get("text", ""), output.get("evalue", ""), *output.get("traceback", [])]
    parts += [value for value in (output.get("data") or {}).values() if isinstance(value, str | list)]
    return "\n".join("".join(part) if isinstance(part, list) else str(part) for part in parts)


class RedactHiddenOutputs(_HiddenMarkers):
    """Replace any output that quotes a line of a hidden test by a note, wherever it came from (stock nbgrader
    runs the hidden tests in the student's kernel, where a hook of theirs could print them; this course's
    checker keeps them out of it)."""

    shortest = Integer(8, help="Hidden lines shorter than this (after stripping) are too common to look for.").tag(
        config=True)

    def _hidden_lines(self, nb) -> set[str]:
        return {line.strip() for cell in nb.cells for line, kind in self._lines(cell.source)
                if kind == "hidden" and len(line.strip()) >= self.shortest}

    def preprocess(self, nb, resources):
        hidden = self._hidden_lines(nb)
        for cell in nb.cells:
            outputs = cell.get("outputs", [])
            for index, output in enumerate(outputs):
                if hidden and any(line in _output_text(output) for line in hidden):
                    outputs[index] = new_output("stream", name="stdout", text=f"{REDACTED_NOTE}\n")
        return nb, resources


class ShowOnlyMessages(_Always):
    """A failed test cell shows `ErrorName: message`, not a traceback quoting the test code."""

    def preprocess_cell(self, cell, resources, index):
        if not is_test_cell(cell):
            return cell, resources
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                evalue = diagnosis.strip_ansi(output.get("evalue", ""))
                if output.get("ename") in diagnosis.TIMEOUT_NAMES:
                    evalue = "셀이 제한 시간 안에 끝나지 않아 중단되었습니다."
                output["traceback"] = [f"{output.get('ename', '오류')}: {evalue}"]
        return cell, resources


class AddSummary(_Always):
    """A Korean summary cell on top: points per test and what failed, from the verdicts grade recorded."""

    cells = List(help="The student's CellOutcomes, as the grading worker read them (autograder.course.state).").tag(
        config=True)
    notes = List(Unicode(), help="Korean lines shown under the score: 빈 제출, the due date, lateness and its "
                                 "penalty.").tag(config=True)

    def preprocess(self, nb, resources):
        if not self.cells:
            return nb, resources
        score = sum(cell.points for cell in self.cells)
        total = sum(cell.max_points for cell in self.cells)
        lines = [f"## 자동 채점 결과: {score:g} / {total:g}점", "", *(f"- {note}" for note in self.notes),
                 *([""] if self.notes else []), "| 테스트 | 점수 | 무엇이 문제인가요 |", "|---|---|---|"]
        for cell in self.cells:
            verdict = cell.verdict
            message = "통과" if cell.passed else f"`{verdict.code}` " + verdict.message.replace("\n", " ")
            if 0 < cell.points < cell.max_points:  # the course's credit rule kept part of the points
                message = f"부분 점수 · {message}"
            if verdict.parts:
                message += " (학생이 쓴 부품이 틀려서 결과가 달라집니다: " + ", ".join(
                    f"`{part.code}`" for part in verdict.parts) + ")"
            message = message.replace("|", "\\|")
            lines.append(f"| {cell.grade_id} | {cell.points:g}\u00a0/\u00a0{cell.max_points:g} | {message} |")
        lines += ["", "아래 노트북에서 각 테스트 셀 밑의 메시지를 확인하세요. 숨은 테스트의 코드는 보이지 않지만, "
                      "무엇을 확인했고 무엇이 달랐는지는 메시지에 적혀 있습니다."]
        nb.cells.insert(0, new_markdown_cell("\n".join(lines)))
        return nb, resources


def _states(context: CourseContext, assignment: str) -> dict[str, SubmissionState]:
    """Every submission's state; GradebookUnavailable (one Korean error) when the gradebook's server is down."""
    if not context.gradebook_exists():
        return {student: SubmissionState(student, Outcome.UNGRADED, submitted=True)
                for student in context.submitted_students(assignment)}
    with context.gradebook() as gradebook:
        return submission_states(context, assignment, gradebook)


def ungraded_students(context: CourseContext, assignment: str) -> list[str]:
    """Students who submitted but have no autograded notebook (grading failed or not run yet)."""
    return [student for student, state in _states(context, assignment).items()
            if state.submitted and not state.autograded]


def summary_notes(context: CourseContext, assignment: str, students: list[str]) -> dict[str, list[str]]:
    """student → the Korean lines under the score: 빈 제출, and for a late submission the due date, how late and
    what it cost (the score above is before the penalty, as nbgrader's feedback shows it)."""
    if not context.gradebook_exists():
        return {}
    with context.gradebook() as gradebook:
        _, notes = student_notes(context, gradebook, assignment, students)
        duedate, _ = book.lateness_settings(gradebook, assignment)
        late = lateness(gradebook, assignment)
    due = [f"마감: {shown_time(duedate, course_timezone(context))}"] if duedate else []
    return {student: (due if student in late else []) + text.split("; ") for student, text in notes.items()}


UNRECORDED = ("채점 기록이 없습니다 (상태 파일에 이 점수의 검사 결과가 없어 요약 없는 쪽이 됩니다): grade를 다시 "
              "실행한 뒤 피드백을 만드세요")


def generate_feedback(context: CourseContext, assignment: str, students: list[str] | None = None):
    """Write the feedback of every autograded student; returns (html paths, [(student, reason)]). A student whose
    feedback fails is listed with the reason and the rest of the class is done (autograder/course/classloop.py)."""
    states = _states(context, assignment)
    available = [student for student, state in states.items() if state.autograded]
    chosen = [s for s in available if students is None or s in students]
    missing = "채점된 노트북이 없습니다 (먼저 grade를 실행하세요)"
    loop = ClassLoop()
    notes = summary_notes(context, assignment, chosen)
    for student in (students or []):
        if student not in available:
            loop.fail(student, missing)
    # nbgrader writes into a folder of the tool's own, then each student's feedback is moved into feedback/
    # without following a link planted there (autograder/course/placing.py)
    with staging_folder(context.state_dir, "feedback") as staging:
        pages = loop.each(chosen, lambda student: _student_feedback(context, assignment, states[student], staging,
                                                                      notes.get(student, [])))
    made = [page for student in chosen for page in pages.get(student, [])]
    return made, [(failure.student, failure.reason) for failure in loop.failures]


def _student_feedback(context: CourseContext, assignment: str, state: SubmissionState, staging,
                      notes: list[str]) -> list:
    """Write one student's feedback pages into feedback/, `notes` under the score; returns them. CourseError when
    the status file has no record of the grade the gradebook holds (the page would lack its summary)."""
    if state.marked and not state.recorded:
        raise CourseError(UNRECORDED)
    entry, student = state.entry, state.student
    destination = context.folder("feedback") / student / assignment
    run_converter(GenerateFeedback, context.config, assignment, student,
                  what=f"{student}의 피드백을 만들지", **{
                      "CourseDirectory.db_url": context.gradebook_url(),
                      "CourseDirectory.feedback_directory": str(staging),
                      "GenerateFeedback.force": True,
                      "GenerateFeedback.exporter_class": SanitizingHTMLExporter,
                      "GenerateFeedback.preprocessors": [RedactHiddenOutputs, HideHiddenTests, ShowOnlyMessages,
                                                         AddSummary, GetGrades, CSSHTMLHeaderPreprocessor],
                      "AddSummary.cells": list(entry.cells) if entry else [],
                      "AddSummary.notes": notes})
    offline_pages(staging / student / assignment, math=True)  # the course's font and MathJax, inline
    place(staging / student / assignment, destination)
    return sorted(destination.glob("*.html"))
