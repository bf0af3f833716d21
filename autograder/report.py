"""`report ASSIGNMENT`: one self-contained HTML page of what the class got wrong.

Written to reports/<assignment>/index.html, with the figures beside it as PNG files and also
embedded in the page (it opens offline, even when copied alone), and report.json holding the
same numbers for scripts. Sources: the gradebook (scores) and every submission's state
(:mod:`autograder.course.state`): the verdicts (``[진단: …]`` codes and messages) and the review findings
(변조 의심) the grading workers recorded, and the submissions that could not be graded, and why.
"""

from __future__ import annotations

import base64
import io
import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path

from autograder.course import gradebook as book
from autograder.course.classloop import StudentFailure
from autograder.course.context import CourseContext
from autograder.course.notebook import grade_id, read_notebook
from autograder.course.pages import render_page
from autograder.course.placing import place, staging_folder
from autograder.course.scan import TAMPER
from autograder.course.state import NO_SANDBOX_NOTE, Outcome, SubmissionState, submission_states
from autograder.course.submission import student_notes


def _test_cell_rates(cells_by_student: dict[str, dict[str, tuple[float, float]]]) -> dict[str, dict]:
    """grade_id → how many graded students passed that test cell."""
    test_cells: dict[str, dict] = {}
    for cells in cells_by_student.values():
        for cell_id, (score, max_score) in cells.items():
            entry = test_cells.setdefault(cell_id, {"grade_id": cell_id, "max_points": max_score,
                                                    "passed": 0, "partial": 0, "graded": 0})
            entry["graded"] += 1
            entry["passed"] += int(score >= max_score)
            entry["partial"] += int(0 < score < max_score)
    return test_cells


def _check_counts(states: dict[str, SubmissionState], graded: list[str]) -> dict[str, list[dict]]:
    """exercise → each of its checks (when it has more than one) with its Korean title, its share of the points, and
    how many graded students' verdicts passed and failed it (helpers.grading.spec.Check)."""
    from helpers.grading.core import exercises  # torch: only the report needs the checks' titles

    known = exercises()
    counts: dict[str, dict[str, dict]] = {}
    for student in graded:
        entry = states[student].entry
        for verdict in (cell.verdict for cell in entry.cells) if entry else ():
            checks = known[verdict.exercise].checks if verdict.exercise in known else ()
            if len(checks) < 2 or not (verdict.checks_passed or verdict.checks_failed):
                continue
            tally = counts.setdefault(verdict.exercise, {
                check.name: {"name": check.name, "title": check.title, "share": check.share, "passed": 0,
                             "failed": 0} for check in checks})
            for name in verdict.checks_passed:
                tally[name]["passed"] += 1
            for name in verdict.checks_failed:
                tally[name]["failed"] += 1
    return {exercise: list(tally.values()) for exercise, tally in counts.items()}


PART_NOTE = "합성 함수(앞 문제의 함수를 부르는 문제)의 테스트가 알려 준 부품의 실수"


def _failure_counts(states: dict[str, SubmissionState], graded: list[str]) -> dict[str, list[dict]]:
    """exercise → its failure codes, most frequent first, each with the students and one message."""
    failures: dict[str, dict[str, dict]] = defaultdict(dict)  # exercise → code → {count, students, message}
    for student in graded:
        entry = states[student].entry
        verdicts = [cell.verdict for cell in entry.cells] if entry else []
        failed = [cell.verdict for cell in entry.cells if not cell.passed] if entry else []
        counted = {verdict.code for verdict in failed}
        # A wrong part that a composite named counts once, under the part (its own test usually counted it).
        named_parts = dict.fromkeys(part for verdict in verdicts for part in verdict.parts)
        found = [(v.exercise, v.code, v.message) for v in failed] + [
            (part.exercise, part.code, PART_NOTE) for part in named_parts if part.code not in counted]
        for exercise, code, message in found:
            tally = failures[exercise].setdefault(code, {"code": code, "count": 0, "students": [], "message": message})
            tally["count"] += 1
            tally["students"].append(student)
    return {exercise: sorted(codes.values(), key=lambda e: (-e["count"], e["code"]))
            for exercise, codes in sorted(failures.items())}


def _ungraded(states: dict[str, SubmissionState]) -> list[dict]:
    """Submissions without a current grade: failed (with the reason) or not graded yet."""
    ungraded = []
    for student, state in states.items():
        if state.outcome is Outcome.FAILED and state.submitted:
            ungraded.append({"student": student, "reason": state.entry.reason, "log": state.entry.log,
                             "has_old_grade": state.merged})
        elif state.outcome is Outcome.UNGRADED:
            ungraded.append({"student": student, "reason": "아직 채점하지 않았습니다", "log": "",
                             "has_old_grade": False})
    return ungraded


def _review_findings(states: dict[str, SubmissionState]) -> list[dict]:
    """The review findings the grading workers recorded for every submitted notebook."""
    return [{"student": student, **finding.to_dict()} for student, state in states.items()
            if state.submitted and state.entry for finding in state.entry.findings]


def collect_data(context: CourseContext, assignment: str) -> dict:
    """Everything the report shows, as plain data (also written to report.json)."""
    with context.gradebook() as gradebook:
        cells_by_student = book.scores(gradebook, assignment)
        states = submission_states(context, assignment, gradebook)
        submitted = [student for student, state in states.items() if state.submitted]
        names, notes = student_notes(context, gradebook, assignment, submitted)
    graded = sorted(cells_by_student)
    totals = {s: sum(score for score, _ in cells.values()) for s, cells in cells_by_student.items()}
    maximum = max((sum(m for _, m in cells.values()) for cells in cells_by_student.values()), default=0.0)
    ungraded = _ungraded(states)
    order = _test_order(context, assignment)
    values = [totals[s] for s in graded]
    return {
        "assignment": assignment,
        "submitted": len(submitted),
        "graded": len(graded),
        "ungraded_count": len(ungraded),
        "max_score": maximum,
        "mean": round(statistics.fmean(values), 2) if values else None,
        "median": statistics.median(values) if values else None,
        "full_marks": sum(v >= maximum for v in values) if values else 0,
        "scores": {s: totals[s] for s in graded},
        "stale": sorted(s for s in graded if not states[s].marked),
        "test_cells": sorted(_test_cell_rates(cells_by_student).values(),
                             key=lambda e: (order.get(e["grade_id"], len(order)), e["grade_id"])),
        "failures": _failure_counts(states, graded),
        "checks": _check_counts(states, graded),
        "ungraded": ungraded,
        "findings": _review_findings(states),
        "unsandboxed": sorted(student for student, state in states.items()
                              if state.entry and not state.entry.sandboxed),
        "names": names,
        "notes": notes,
        "unreadable": [{"student": student, "reason": state.problem} for student, state in states.items()
                       if state.problem],
    }



def _test_order(context: CourseContext, assignment: str) -> dict[str, int]:
    """grade_id → position in the source notebook (tables follow the notebook, not the alphabet)."""
    try:
        cells = read_notebook(context.source_notebook(assignment))["cells"]
    except (OSError, ValueError, KeyError):
        return {}
    ids = [grade_id(cell) for cell in cells]
    return {cell_id: index for index, cell_id in enumerate(ids) if cell_id}


# ---------------------------------------------------------------- figures
def _figures(data: dict) -> dict[str, bytes]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    try:
        from helpers.plotting import setup_korean_font

        setup_korean_font()
    except Exception:  # noqa: BLE001 - a report without Hangul glyphs is still a report
        pass
    return {"scores.png": _score_histogram(plt, data), "pass_rate.png": _pass_rates(plt, data)}


def _score_histogram(plt, data: dict) -> bytes:
    """PNG: how many students got each total score."""
    import numpy as np

    values = list(data["scores"].values())
    top = data["max_score"] or 1
    figure, axes = plt.subplots(figsize=(6.4, 3.2), dpi=110)
    edges = np.arange(-0.5, top + 1.5, 1.0)
    counts, _ = np.histogram(values, bins=edges)
    axes.bar(edges[:-1] + 0.5, counts, width=0.8, color="#4c72b0")
    axes.set_xlabel("총점")
    axes.set_ylabel("학생 수")
    axes.set_title(f"{data['assignment']} 점수 분포 (채점 {len(values)}명)")
    axes.set_xticks(range(0, int(top) + 1))
    axes.yaxis.get_major_locator().set_params(integer=True)
    figure.tight_layout()
    png = _png(figure)
    plt.close(figure)
    return png


def _pass_rates(plt, data: dict) -> bytes:
    """PNG: the share of graded students who passed each test cell."""
    cells = data["test_cells"]
    figure, axes = plt.subplots(figsize=(6.4, 0.45 * max(3, len(cells)) + 1), dpi=110)
    names = [c["grade_id"] for c in cells][::-1]
    rates = [100 * c["passed"] / c["graded"] if c["graded"] else 0 for c in cells][::-1]
    axes.barh(names, rates, color="#55a868")
    for y, rate in enumerate(rates):
        axes.text(min(rate + 1, 92), y, f"{rate:.0f}%", va="center")
    axes.set_xlim(0, 100)
    axes.set_xlabel("통과한 학생 비율 (%)")
    axes.set_title("테스트 셀별 통과율")
    figure.tight_layout()
    png = _png(figure)
    plt.close(figure)
    return png


def _png(figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


# ---------------------------------------------------------------- the page
def render(data: dict, figures: dict[str, bytes]) -> str:
    """The whole report as one HTML page (templates/report.html, figures embedded)."""
    names, notes = data.get("names", {}), data.get("notes", {})
    return render_page("report.html", data=data, notes=notes, label=lambda student: names.get(student, student),
                       figures={name: base64.b64encode(png).decode() for name, png in figures.items()},
                       no_sandbox_note=NO_SANDBOX_NOTE, tamper=TAMPER)


def write_report(context: CourseContext, assignment: str, out: Path | None = None) -> tuple[Path, list[StudentFailure]]:
    """Write reports/<assignment>/index.html (+ PNGs and report.json); return the page's path and the students whose
    submission could not be read (the report is written without them, and lists them). The default
    folder is written in the tool's own state folder and then moved into reports/ without following a link
    planted there (autograder/course/placing.py); `out` is written as given."""
    if out:
        page, data = _write_pages(context, assignment, Path(out))
    else:
        with staging_folder(context.state_dir, "report") as staging:
            _, data = _write_pages(context, assignment, staging / assignment)
            place(staging / assignment, context.root / "reports" / assignment)
        page = context.root / "reports" / assignment / "index.html"
    return page, [StudentFailure(item["student"], item["reason"]) for item in data["unreadable"]]


def _write_pages(context: CourseContext, assignment: str, folder: Path) -> tuple[Path, dict]:
    folder.mkdir(parents=True, exist_ok=True)
    data = collect_data(context, assignment)
    figures = _figures(data)
    for name, content in figures.items():
        (folder / name).write_bytes(content)
    (folder / "report.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    page = folder / "index.html"
    page.write_text(render(data, figures), encoding="utf-8")
    return page, data


def failure_counts(data: dict) -> Counter:
    """code → number of students, over every exercise (what the tests compare)."""
    return Counter({entry["code"]: entry["count"] for codes in data["failures"].values() for entry in codes})
