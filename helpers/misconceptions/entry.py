"""One catalogued misconception: a wrong variant of an exercise and what to tell the student.

An entry whose mistake sits around a right formula (the arguments it is given, or what is done with its result)
says so in ``changes_arguments`` or ``changes_result``; that lets :func:`composed` build the answer that makes
this mistake and another entry's at once (two parts of a formula wrong together).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from helpers.misconceptions.probes import ProbeMessage, two_mistakes_id, two_mistakes_message

NamedArguments = dict  # parameter name → value, as the exercise's signature binds a call
# An answer right but for the √d_k scale (2강's lesson) in an exercise whose lesson is another (the mask in 3강,
# the heads in 5강, BERT's weights in 7강) keeps this share where the course gives credit by diagnosis.
SCALE_ONLY = 0.5


@dataclass(frozen=True)
class Misconception:
    exercise: str  # the exercise function's name, e.g. "dot_scores"
    id: str  # short id, unique within the exercise, e.g. "no_transpose"
    variant: Callable  # the wrong function, same signature as the exercise
    explanation: str  # Korean: what the submission does
    hint: str  # Korean: where the lecture explains the right way
    changes_arguments: Callable[[NamedArguments], NamedArguments] | None = None  # variant = right(**change(args))
    changes_result: Callable[[object, NamedArguments], object] | None = None  # variant = change(right(args), args)
    credit: float = 0.0  # share of the exercise's points this mistake keeps where the course gives credit by diagnosis

    def __post_init__(self) -> None:
        if not 0.0 <= self.credit < 1.0:
            raise ValueError(f"{self.code}: credit is a share of the points a mistake keeps, from 0 to less than 1, "
                             f"not {self.credit!r}")

    @property
    def code(self) -> str:
        """The id reported in grading output: "<exercise>/<id>"."""
        return f"{self.exercise}/{self.id}"

    @property
    def composable(self) -> bool:
        return self.changes_arguments is not None or self.changes_result is not None

    def around(self, function: Callable) -> Callable:
        """`function` (the exercise's parameters in the exercise's order) with this entry's change made around it;
        the change names the arguments as this entry's variant does."""
        signature = inspect.signature(self.variant)

        def changed(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            named = dict(bound.arguments)
            if self.changes_arguments is not None:
                named = self.changes_arguments(named)
            result = function(*named.values())
            return result if self.changes_result is None else self.changes_result(result, named)

        return changed


def composed(first: Misconception, second: Misconception) -> Misconception:
    """Both mistakes at once: `first`'s variant with `second`'s change around it (`second` must be composable)."""
    message = two_mistakes_message(ProbeMessage(first.explanation, first.hint),
                                   ProbeMessage(second.explanation, second.hint))
    return Misconception(first.exercise, two_mistakes_id(first.id, second.id), second.around(first.variant),
                         message.explanation, message.hint)
