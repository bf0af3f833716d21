"""What a `grade` run ends with: one row per student and the closing table printed from them."""

from __future__ import annotations

from dataclasses import dataclass

from autograder.course.console import duration, table, visible
from autograder.course.scan import TAMPER, UNREADABLE, Finding
from autograder.course.state import NO_SANDBOX_NOTE, Outcome

RUN_OUTCOMES = (Outcome.GRADED, Outcome.FAILED, Outcome.UNCHANGED, Outcome.INTERRUPTED)  # a row's, in table order


@dataclass
class Row:
    """One student's line of the closing table."""

    student: str
    outcome: Outcome  # one of RUN_OUTCOMES
    score: float | None = None
    max_score: float | None = None
    note: str = ""  # Korean: failed cells, timeouts, late penalty, or why it failed
    findings: tuple[Finding, ...] = ()  # the review scan's


@dataclass
class Summary:
    """The whole run: every row, how long it took, and whether a signal stopped it."""

    assignment: str
    rows: list[Row]
    seconds: float
    jobs: int
    interrupted: int = 0  # the signal that stopped the run before every student was done, else 0
    sandboxed: bool = True  # False when graded with --no-sandbox
    gradebook_lost: str = ""  # Korean: the gradebook's server went away and the run stopped, else ""

    def count(self, outcome: Outcome) -> int:
        """How many rows have `outcome`."""
        return sum(row.outcome == outcome for row in self.rows)

    @property
    def exit_code(self) -> int:
        """0 when all went well, 1 when a submission failed, 2 when the gradebook's server went away (as for
        any error that stops a command), 128 + signal when interrupted."""
        if self.gradebook_lost:
            return 2
        if self.interrupted:
            return 128 + self.interrupted
        return 1 if self.count(Outcome.FAILED) else 0


def score_text(row: Row) -> str:
    """'7/10', or '-' for a row without a score."""
    if row.score is None:
        return "-"
    maximum = "-" if row.max_score is None else f"{row.max_score:g}"
    return f"{row.score:g}/{maximum}"


def _findings_lines(rows: list[Row]) -> list[str]:
    flagged = [(row.student, finding) for row in rows for finding in row.findings]
    described = {TAMPER: "점수는 그대로, 강사 검토용", UNREADABLE: "검토 스캔이 읽지 못한 곳: 직접 보세요"}
    others = [(student, finding) for student, finding in flagged if finding.kind not in described]
    lines = []
    for kind, note in described.items():
        found = [f"  {visible(student)}  {visible(finding.describe())}" for student, finding in flagged
                 if finding.kind == kind]
        lines += ["", f"{kind} ({note}):", *found] if found else []
    if others:
        lines += ["", "잠긴 셀 (nbgrader가 원본으로 되돌려 채점):"]
        lines += [f"  {visible(student)}  {finding.kind}: {visible(finding.cell)}" for student, finding in others]
    return lines


def closing_table(summary: Summary) -> str:
    """The table printed at the end of `grade`."""
    header = ["학생", "결과", "점수", "비고"]
    rows = [[row.student, row.outcome.label, score_text(row), row.note] for row in summary.rows]
    counts = " · ".join(f"{outcome.label} {summary.count(outcome)}" for outcome in RUN_OUTCOMES
                        if summary.count(outcome))
    lines = [f"과제 {summary.assignment}: 제출 {len(summary.rows)}건 ({counts or '없음'}), "
             f"작업자 {summary.jobs}개, {duration(summary.seconds)}", "", table(header, rows, right={2})]
    if not summary.sandboxed:
        lines += ["", NO_SANDBOX_NOTE]
    lines += _findings_lines(summary.rows)
    if summary.count(Outcome.FAILED):
        lines += ["", "실패한 제출은 채점되지 않았습니다. 로그: autograded/.autograder/logs/"
                  f"{summary.assignment}/<학생>.log"]
    if summary.interrupted:
        lines += ["", "중단되었습니다. 같은 명령을 다시 실행하면 남은 학생만 채점합니다."]
    if summary.gradebook_lost:
        lines += ["", f"오류: {summary.gradebook_lost}", "채점을 멈췄습니다. 서버를 고친 뒤 같은 명령을 다시 실행하면 "
                  "기록하지 못한 학생만 채점합니다."]
    return "\n".join(lines)
