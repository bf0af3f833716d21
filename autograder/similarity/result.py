"""What a similarity review found, as the page and similarity.json show it."""

from __future__ import annotations

from dataclasses import dataclass, field

from autograder.course.classloop import StudentFailure
from autograder.similarity.scoring import Highlighted, PairEvidence


@dataclass(frozen=True)
class Review:
    """One assignment's similarity review: the pairs above the threshold, side by side, and what was left out."""

    assignment: str
    threshold: float
    reviewed: int  # students whose code was compared
    pairs: tuple[PairEvidence, ...]  # above the threshold, highest first
    highlights: dict[tuple[str, str], tuple[Highlighted, ...]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # student id → how the page names them
    notes: tuple[str, ...] = ()  # Korean lines: submissions left out and why, a class too small, no grading yet
    highest_below: float | None = None  # the highest score of a pair not listed
    failures: tuple[StudentFailure, ...] = ()  # submissions that could not be read, so were not compared

    def label(self, student: str) -> str:
        return self.labels.get(student, student)
