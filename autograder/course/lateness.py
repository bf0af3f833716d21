"""Due dates and late penalties, with nbgrader's own parts: the gradebook's `duedate` and a LateSubmissionPlugin.

- A due date lives where nbgrader keeps it, the assignment's ``duedate`` in the gradebook (naive UTC). It is set by
  ``course-grader duedate 과제 "2026-03-09 23:59"`` or by the course's nbgrader_config.py
  (``c.Deadlines.duedates = {"ch01_handmade_qkv": "2026-03-09 23:59"}``, in ``c.Deadlines.timezone``), which
  ``grade`` writes into the gradebook before grading.
- The penalty is nbgrader's: ``AssignLatePenalties`` asks ``c.AssignLatePenalties.plugin_class`` for each late
  notebook. :class:`PercentPerDay` is the course's own policy written as one (a share of the score per day or part
  of a day late, capped); nbgrader's ``LateSubmissionPlugin`` ('none' or 'zero') stays available.
- :func:`lateness_note` is the one Korean sentence the report, the feedback and the export's comment use.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.plugins import LateSubmissionPlugin
from nbgrader.utils import parse_utc
from traitlets import Dict, Float, Unicode
from traitlets.config import Configurable

from autograder.course.context import CourseContext, CourseError
from helpers.korean import Particle, attach

DAY = 24 * 3600


class Deadlines(Configurable):
    """The course's due dates, as nbgrader_config.py may list them."""

    duedates = Dict(Unicode(), help="assignment → due date ('2026-03-09 23:59', read in `timezone`); `grade` "
                                    "writes it into the gradebook").tag(config=True)
    timezone = Unicode("Asia/Seoul", help="The zone due dates without one are read in, and shown in.").tag(config=True)


class PercentPerDay(LateSubmissionPlugin):
    """A late notebook loses `percent_per_day` % of its score for each day or part of a day late, at most
    `cap_percent` %: ``c.AssignLatePenalties.plugin_class = "autograder.course.lateness.PercentPerDay"``."""

    percent_per_day = Float(10.0, help="Percent of the score taken per day (or part of a day) late.").tag(config=True)
    cap_percent = Float(100.0, help="The most a late notebook loses, in percent of its score.").tag(config=True)

    def late_submission_penalty(self, student_id: str, score: float, total_seconds_late: float) -> float | None:
        if total_seconds_late <= 0:
            return None
        days = math.ceil(total_seconds_late / DAY)
        return round(score * min(self.cap_percent, days * self.percent_per_day) / 100, 2)


def parse_duedate(text: str, timezone: str) -> datetime.datetime:
    """'2026-03-09 23:59' read in `timezone` (or with its own zone) → naive UTC, as nbgrader stores it."""
    parts = text.split()
    try:
        return parse_utc(text if len(parts) == 3 or text.endswith("Z") else f"{text} {timezone}")
    except (ValueError, OverflowError):
        raise CourseError(f"마감 {attach(repr(text), Particle.OBJECT)} 날짜로 읽을 수 없습니다 (예: "
                          "\"2026-03-09 23:59\", "
                          "\"2026-03-09 23:59 Asia/Seoul\")") from None


def shown_time(utc: datetime.datetime, timezone: str) -> str:
    """A naive UTC time as the course's clock shows it: '2026-03-09 23:59 (Asia/Seoul)'."""
    import dateutil.tz

    local = utc.replace(tzinfo=datetime.UTC).astimezone(dateutil.tz.gettz(timezone))
    return f"{local:%Y-%m-%d %H:%M} ({timezone})"


def set_duedate(context: CourseContext, assignment: str, duedate: datetime.datetime) -> None:
    """The assignment's due date in the course's gradebook (the assignment is recorded when missing)."""
    with context.gradebook() as gradebook:
        gradebook.update_or_create_assignment(assignment, duedate=duedate)


def apply_configured_duedate(context: CourseContext, assignment: str) -> datetime.datetime | None:
    """Write nbgrader_config.py's due date of `assignment` into the gradebook; the date, or None when none is set."""
    deadlines = Deadlines(config=context.config)
    text = deadlines.duedates.get(assignment)
    if not text:
        return None
    duedate = parse_duedate(text, deadlines.timezone)
    set_duedate(context, assignment, duedate)
    return duedate


def course_timezone(context: CourseContext) -> str:
    return Deadlines(config=context.config).timezone


@dataclass(frozen=True)
class Lateness:
    """How late one student's submission was and what it cost."""

    seconds: float
    penalty: float

    @property
    def late(self) -> bool:
        return self.seconds > 0


def lateness(gradebook: Gradebook, assignment: str) -> dict[str, Lateness]:
    """student → Lateness for every submission in the gradebook that came after its due date."""
    try:
        found = gradebook.find_assignment(assignment)
    except MissingEntry:
        return {}
    late = {}
    for submission in found.submissions:
        seconds = float(submission.total_seconds_late or 0)
        if seconds > 0:
            late[submission.student_id] = Lateness(seconds, float(submission.late_submission_penalty or 0))
    return late


def _duration(seconds: float) -> str:
    """'1일 2시간 5분' (minutes rounded up: a second late is a minute late)."""
    minutes = math.ceil(seconds / 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [f"{days}일" if days else "", f"{hours}시간" if hours else "", f"{minutes}분" if minutes else ""]
    return " ".join(part for part in parts if part) or "0분"


def lateness_note(late: Lateness) -> str:
    """'마감보다 1일 2시간 늦게 제출: 2점 감점' (or '감점 없음' when the policy takes nothing)."""
    cost = f"{late.penalty:g}점 감점" if late.penalty else "감점 없음"
    return f"마감보다 {_duration(late.seconds)} 늦게 제출: {cost}"
