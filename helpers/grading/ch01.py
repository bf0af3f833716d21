"""Grading specs of ch01: the random hidden cases and the lecture example of each exercise."""

from __future__ import annotations

import torch

from helpers import data
from helpers.grading.core import Case, Exercise, describe

LECTURE = "notebooks/01_handmade_qkv.ipynb"


def _randn(generator: torch.Generator, *shape: int, dtype=torch.float32) -> torch.Tensor:
    return torch.randn(*shape, generator=generator, dtype=dtype)


def _shapes(generator: torch.Generator, count: int):
    """(batch dims, S_q, S_k, d_k, d_v, dtype) drawn at random, the first two cases 2-D."""
    for index in range(count):
        batch = [] if index < 2 else [int(n) for n in torch.randint(1, 4, (int(index % 3) + 1,), generator=generator)]
        S_q, S_k, d_k, d_v = (int(n) for n in torch.randint(1, 7, (4,), generator=generator))
        yield batch, S_q, S_k, d_k, d_v, torch.float64 if index % 4 == 3 else torch.float32


def _dot_scores_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for batch, S_q, S_k, d_k, _, dtype in _shapes(generator, 12):
        Q, K = _randn(generator, *batch, S_q, d_k, dtype=dtype), _randn(generator, *batch, S_k, d_k, dtype=dtype)
        cases.append(Case(describe(Q=Q, K=K), (Q, K)))
    return cases


def _dot_scores_example() -> Case:
    Q, K, _ = data.handmade_qkv()
    return Case("강의의 Q, K (이불 배송 언제 와요)", (Q, K))


EXERCISES = [
    Exercise("dot_scores", _dot_scores_cases, _dot_scores_example, f"{LECTURE} · 1단계 점수표"),
]
