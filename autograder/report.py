"""`report ASSIGNMENT`: one self-contained HTML page of what the class got wrong.

Written to reports/<assignment>/index.html, with the figures beside it as PNG files and also
embedded in the page (it opens offline, even when copied alone), and report.json holding the
same numbers for scripts. Sources: the gradebook (scores) and every submission's state
(:mod:`autograder.course.state`): the verdicts (``[진단: …]`` codes and messages) and the review findings
(변조 의심) the grading workers recorded, and the submissions that could not be graded, and why.
"""

from __future__ import annotations

import base64
import datetime
import html
import io
import json
import statistics
from collections import Counter, defaultdict
from pathlib import Path

from autograder.course import gradebook as book
from autograder.course.classloop import StudentFailure
from autograder.course.context import CourseContext
from autograder.course.notebook import grade_id, read_notebook
from autograder.course.placing import place, staging_folder
from autograder.course.scan import TAMPER
from autograder.course.state import NO_SANDBOX_NOTE, Outcome, SubmissionState, submission_states
from autograder.course.submission import student_notes
from helpers.webfont import offline_page


def _test_cell_rates(cells_by_student: dict[str, dict[str, tuple[float, float]]]) -> dict[str, dict]:
    """grade_id → how many graded students passed that test cell."""
    test_cells: dict[str, dict] = {}
    for cells in cells_by_student.values():
        for cell_id, (score, max_score) in cells.items():
            entry = test_cells.setdefault(cell_id, {"grade_id": cell_id, "max_points": max_score,
                                                    "passed": 0, "graded": 0})
            entry["graded"] += 1
            entry["passed"] += int(score >= max_score)
    return test_cells


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
        named_parts = dict.fromkeys(code for verdict in verdicts for code in verdict.parts)
        found = [(v.exercise, v.code, v.message) for v in failed] + [
            (code.split("/", 1)[0], code, PART_NOTE) for code in named_parts if code not in counted]
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
STYLE = """
body{font-family:"Noto Sans KR","Malgun Gothic","Apple SD Gothic Neo",sans-serif;max-width:60rem;margin:2rem auto;
padding:0 1rem;color:#222;line-height:1.5}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right}code{background:#f6f6f6;padding:0 .2rem}
.msg{white-space:pre-wrap;font-size:.9rem}.warn{color:#a33}.muted{color:#777}
"""


def _e(text) -> str:
    return html.escape(str(text))


def _table(header: list[str], rows: list[list[str]], numeric: set[int] = frozenset()) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td class='n'>{c}</td>" if i in numeric else f"<td>{c}</td>"
                                    for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _number(value) -> str:
    return "-" if value is None else f"{value:g}"


def _overview(data: dict, figures: dict[str, bytes]) -> list[str]:
    """The head of the report: counts, the two figures, the pass rate of every test cell."""
    def image(name: str, alt: str) -> str:
        encoded = base64.b64encode(figures[name]).decode()
        return f'<p><img src="data:image/png;base64,{encoded}" alt="{_e(alt)}" style="max-width:100%"></p>'

    return [f"<h1>{_e(data['assignment'])} 채점 보고서</h1>",
             f"<p class='muted'>만든 때: {datetime.datetime.now():%Y-%m-%d %H:%M}</p>",
             _table(["제출", "채점", "채점 못함", "평균", "중앙값", "만점"],
                    [[str(data["submitted"]), str(data["graded"]), str(data["ungraded_count"]),
                      _number(data["mean"]), _number(data["median"]),
                      f"{data['full_marks']}명 / {_number(data['max_score'])}점"]], numeric={0, 1, 2, 3, 4}),
             "<h2>점수 분포</h2>", image("scores.png", "점수 분포 막대그래프"),
             "<h2>테스트 셀별 통과율</h2>", image("pass_rate.png", "테스트 셀별 통과율"),
             _table(["테스트 셀", "배점", "통과", "채점", "통과율"],
                    [[f"<code>{_e(c['grade_id'])}</code>", _number(c["max_points"]), str(c["passed"]),
                      str(c["graded"]), f"{100 * c['passed'] / c['graded']:.0f}%" if c["graded"] else "-"]
                     for c in data["test_cells"]], numeric={1, 2, 3, 4}),
             "<h2>문제(함수)별로 많이 나온 실패</h2>",
             "<p class='muted'>각 코드는 검사가 낸 <code>[진단: 함수/오류 코드]</code> 입니다. 태그가 없는 실패 "
             "(함수가 정의되지 않음, 시간 초과 등)에도 코드를 붙여 함께 셉니다.</p>"]


def _failure_sections(data: dict) -> list[str]:
    """One table of failure codes per exercise."""
    parts = []
    if not data["failures"]:
        parts.append("<p>실패한 테스트가 없습니다.</p>")
    for exercise, codes in data["failures"].items():
        rows = [[f"<code>{_e(entry['code'])}</code>", str(entry["count"]),
                 f"<div class='msg'>{_e(entry['message'])}</div>",
                 _e(", ".join(entry["students"][:12]) + (" …" if len(entry["students"]) > 12 else ""))]
                for entry in codes]
        parts += [f"<h3>{_e(exercise)}</h3>", _table(["진단 코드", "학생 수", "메시지 (예)", "학생"], rows, {1})]
    return parts


def _review_sections(data: dict) -> list[str]:
    """Submissions that could not be graded, the review findings, and every student's total."""
    parts = ["<h2>채점하지 못한 제출</h2>"]
    if data["ungraded"]:
        parts.append(_table(["학생", "이유", "로그"], [
            [_e(_label(data, u["student"])), _e(u["reason"]) + (" <span class='warn'>(성적부에는 이전 점수)</span>"
                                                  if u["has_old_grade"] else ""), f"<code>{_e(u['log'])}</code>"]
            for u in data["ungraded"]]))
    else:
        parts.append("<p>없습니다.</p>")
    parts.append(f"<h2>{TAMPER} · 잠긴 셀</h2>")
    parts.append("<p class='muted'>정적 검사 결과입니다. 점수에는 영향이 없습니다: 잠긴 셀은 원본으로 되돌려 "
                 "채점하고, 검사 함수는 바뀐 환경을 스스로 알아챕니다. 학생과 이야기할 거리로 쓰세요.</p>")
    if data["findings"]:
        parts.append(_table(["학생", "종류", "셀", "행", "내용"], [
            [_e(_label(data, f["student"])), _e(f["kind"]), f"<code>{_e(f['cell'])}</code>", _e(f["line"] or ""),
             _e(f["what"]) + (f"<br><code>{_e(f['code'])}</code>" if f["code"] else "")]
            for f in data["findings"]]))
    else:
        parts.append("<p>없습니다.</p>")
    parts.append("<h2>학생별 점수</h2>")
    notes = data.get("notes", {})
    parts.append(_table(["학생", "총점", "비고"], [[_e(_label(data, s)), _number(v), _e(notes.get(s, ""))]
                                              for s, v in sorted(data["scores"].items())], {1}))
    return parts


def _label(data: dict, student: str) -> str:
    """'홍길동 (2023100001)' when the gradebook has the student's name, else the id."""
    return data.get("names", {}).get(student, student)


def render(data: dict, figures: dict[str, bytes]) -> str:
    """The whole report as one HTML page (figures embedded)."""
    warning = ([f"<p class='warn'>{_e(NO_SANDBOX_NOTE)} 학생: {_e(', '.join(data['unsandboxed']))}</p>"]
               if data.get("unsandboxed") else [])
    body = "\n".join(warning + _overview(data, figures) + _failure_sections(data) + _review_sections(data))
    return offline_page(f"<!DOCTYPE html>\n<html lang='ko'><head><meta charset='utf-8'>"
                        f"<title>{_e(data['assignment'])} 채점 보고서</title><style>{STYLE}</style></head>"
                        f"<body>\n{body}\n</body></html>\n")  # the course's font inline


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
