"""Grading specs of ch01: the random hidden cases and the lecture example of each exercise.

The shapes are chosen, not drawn, so that every catalogued misconception of
helpers/misconceptions/ch01.py can run on some case and gives a different answer there
(square tables for a missing transpose, d_k ≠ S_k for "divided by the wrong size", batch
dims equal to d_k for `K.T`); the values are drawn from the generator the check passes in.
"""

from __future__ import annotations

import torch

from helpers import data
from helpers.chapters import CH01
from helpers.grading.draw import randn, shuffled
from helpers.grading.hard import HUGE_SCORES, SUBTRACT_ROW_MAX, naive_softmax_breaks
from helpers.grading.spec import BATCHED, Case, Exercise, describe, with_hard

CHAPTER = CH01
F32, F64 = torch.float32, torch.float64



def _lecture_scores() -> torch.Tensor:
    """The lecture's 점수표 Q·Kᵀ, [4, 4], written out (grading never imports the reference)."""
    Q, K, _ = data.handmade_qkv()
    return Q @ K.transpose(-2, -1)


# ---------------------------------------------------------------- dot_scores
# (batch dims, S_q, S_k, d_k, dtype, scale)
_DOT_SHAPES = [
    ((), 4, 4, 4, F32, 1.0),  # all square: Q @ K runs and is wrong
    ((), 3, 5, 2, F32, 1.0),
    ((), 5, 3, 3, F64, 1.0),  # d_k == S_k: Q @ K runs, same shape as the answer
    ((), 1, 6, 3, F32, 1.0),
    ((2,), 4, 4, 3, F32, 1.0),
    ((3,), 2, 3, 3, F32, 1.0),  # batch == d_k == S_k: K.T runs on a batch and is wrong
    ((3,), 2, 5, 4, F64, 1.0),
    ((2, 3), 4, 2, 2, F32, 1.0),
    ((1,), 6, 6, 6, F32, 1.0),
    ((2, 2), 3, 4, 5, F64, 1.0),
    ((), 4, 4, 4, F64, 100.0),  # large values
    ((2,), 5, 5, 1, F32, 1.0),  # d_k = 1
]


def _dot_scores_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for batch, S_q, S_k, d_k, dtype, scale in _DOT_SHAPES:
        Q = randn(generator, *batch, S_q, d_k, dtype=dtype, scale=scale)  # [..., S_q, d_k]
        K = randn(generator, *batch, S_k, d_k, dtype=dtype, scale=scale)  # [..., S_k, d_k]
        cases.append(Case(describe(Q=Q, K=K), (Q, K)))
    return cases


def _dot_scores_example() -> list[Case]:
    Q, K, _ = data.handmade_qkv()
    batch_Q, batch_K = torch.stack([Q, K]), torch.stack([K, Q])  # [2 sentences, 4 words, 2]
    return [Case("강의의 Q, K (이불 배송 언제 와요)", (Q, K)),
            Case("문장 2개를 묶은 Q, K [2, 4, 2] (배치)", (batch_Q, batch_K))]


# ---------------------------------------------------------------- scale_scores
# (shape of the scores, d_k, dtype); d_k ≠ the last dim, and never 1 or 2
_SCALE_SHAPES = [
    ((4, 4), 8, F32),
    ((3, 5), 4, F32),
    ((2, 4, 4), 16, F64),
    ((6, 2), 3, F32),
    ((2, 3, 3, 5), 64, F32),
    ((1, 7), 9, F64),
    ((3, 6, 6), 5, F32),
    ((5, 3), 100, F32),
    ((2, 2), 7, F64),
    ((4, 1), 12, F32),
]


def _scale_scores_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for shape, d_k, dtype in _SCALE_SHAPES:
        scores = randn(generator, *shape, dtype=dtype, scale=3.0)  # [..., S_q, S_k]
        cases.append(Case(describe(scores=scores, d_k=d_k), (scores, d_k)))
    return cases


def _scale_scores_example() -> Case:
    return Case("강의의 점수표, d_k=2", (_lecture_scores(), 2))


# ---------------------------------------------------------------- row_softmax
def _causal(scores: torch.Tensor) -> torch.Tensor:
    """scores with -inf above the diagonal: every row keeps at least its diagonal."""
    S = scores.shape[-1]
    future = torch.ones(S, S, dtype=torch.bool).triu(diagonal=1)
    return scores.masked_fill(future, float("-inf"))


# Hard score tables, fixed; each draw of the hidden cases reorders their rows and columns (row-wise softmax moves
# with them), so the hard values are always there and never where a table made in advance expects them.
_MINUS_INF = float("-inf")
_THOUSANDS = torch.tensor([[1000.0, 999.0, 0.0, -1000.0],  # exp overflows without the row max subtracted
                           [-1000.0, -999.0, -1001.0, -1000.0],
                           [0.5, -0.5, 1.0, 0.0],
                           [1000.0, 1000.0, 1000.0, 1000.0]])
_BILLIONS = torch.tensor([[1e9, 0.0, -1e9, 1e9],
                          [-1e9, -1e9, -1e9, -1e9],
                          [1e9, -1e9, -1e9, -1e9]])
_SOME_MINUS_INF = torch.tensor([[_MINUS_INF, 0.5, 1.0, _MINUS_INF],  # never a whole row of -inf
                                [0.0, _MINUS_INF, 2.0, 3.0],
                                [_MINUS_INF, _MINUS_INF, _MINUS_INF, -2.0],
                                [1.0, 1.0, 1.0, 1.0]])
_EXTREMES_AND_MINUS_INF = torch.tensor([[_MINUS_INF, 1e9, -1e9, 0.0],
                                        [_MINUS_INF, -1e9, _MINUS_INF, 1000.0]])


def _row_softmax_cases(generator: torch.Generator) -> list[Case]:
    scores = [
        randn(generator, 4, 4, scale=3.0),
        randn(generator, 3, 5, scale=3.0),
        randn(generator, 6, dtype=F64, scale=3.0),  # one row, no leading dims
        randn(generator, 2, 4, 4, scale=3.0),
        randn(generator, 2, 3, 5, dtype=F64, scale=3.0),
        randn(generator, 2, 2, 3, 3, scale=3.0),
        randn(generator, 3, 1, 4, scale=3.0),
        shuffled(generator, _THOUSANDS),
        shuffled(generator, _BILLIONS),
        torch.sign(randn(generator, 2, 3, 4, dtype=F64)) * 1e9 + randn(generator, 2, 3, 4, dtype=F64),
        shuffled(generator, _SOME_MINUS_INF),
        _causal(randn(generator, 2, 5, 5, scale=3.0)),
        _causal(randn(generator, 4, 4, dtype=F64, scale=3.0)),
        shuffled(generator, _EXTREMES_AND_MINUS_INF),
    ]
    cases = [Case(describe(scores=tensor) + _extremes(tensor), (tensor,), hard=naive_softmax_breaks(tensor))
             for tensor in scores]
    long_rows = 84.0 + randn(generator, 2, 3, 256)  # float32: each exp fits, the sum of a row of them does not
    cases.append(Case(describe(scores=long_rows) + " [Key 256개의 긴 줄, 점수 84 안팎: exp의 줄 합이 float32를 넘음]",
                      (long_rows,), hard=naive_softmax_breaks(long_rows)))
    return cases


def _extremes(tensor: torch.Tensor) -> str:
    notes = []
    if bool(tensor.isneginf().any()):
        notes.append("-inf가 있는 줄")
    largest = float(tensor[tensor.isfinite()].abs().max())
    if largest >= 1e9:
        notes.append("±1e9")
    elif largest >= 1000:
        notes.append("±1000")
    return f" [{', '.join(notes)}]" if notes else ""


def _row_softmax_example() -> list[Case]:
    huge = torch.tensor([[1000.0, 0.0, -1000.0], [1000.0, 999.0, 998.0]])
    return [Case("강의의 √2로 나눈 점수표", (_lecture_scores() / 2**0.5,)),
            Case("아주 큰 점수 [[1000, 0, -1000], [1000, 999, 998]]", (huge,), hard=naive_softmax_breaks(huge))]


# ---------------------------------------------------------------- mix_values
# (batch dims, S_q, S_k, d_v, dtype)
_MIX_SHAPES = [
    ((), 4, 4, 4, F32),  # all square: every wrong order runs
    ((), 3, 5, 2, F32),
    ((), 2, 4, 4, F64),  # S_k == d_v: V transposed runs
    ((), 3, 2, 3, F32),  # d_v == S_q: V @ weights runs
    ((2,), 4, 4, 3, F32),  # S_q == S_k: weights transposed runs
    ((2,), 3, 3, 3, F64),
    ((3,), 5, 2, 6, F32),
    ((2, 2), 4, 4, 4, F32),
    ((2,), 1, 5, 3, F32),
    ((1,), 6, 6, 2, F64),
    ((2, 3), 2, 3, 4, F32),
]


def _mix_values_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for batch, S_q, S_k, d_v, dtype in _MIX_SHAPES:
        raw = torch.rand(*batch, S_q, S_k, generator=generator, dtype=dtype) + 0.05
        weights = raw / raw.sum(dim=-1, keepdim=True)  # [..., S_q, S_k], rows sum to 1
        V = randn(generator, *batch, S_k, d_v, dtype=dtype, scale=2.0)  # [..., S_k, d_v]
        cases.append(Case(describe(weights=weights, V=V), (weights, V)))
    return cases


def _mix_values_example() -> Case:
    _, _, V = data.handmade_qkv()
    weights = torch.softmax(_lecture_scores() / 2**0.5, dim=-1)
    return Case("강의의 비율표와 V", (weights, V))


# ---------------------------------------------------------------- self_attention
# (batch dims, S_q, S_k, d_k, d_v, dtype)
_ATTENTION_SHAPES = [
    ((), 4, 4, 8, 3, F32),
    ((), 3, 5, 4, 4, F32),
    ((2,), 4, 4, 16, 5, F32),
    ((2,), 3, 6, 2, 2, F64),
    ((3,), 5, 5, 3, 7, F32),
    ((2, 2), 4, 3, 6, 4, F32),
    ((), 1, 4, 9, 2, F64),
    ((1,), 6, 6, 5, 5, F32),
    ((2,), 2, 2, 4, 8, F32),
    ((), 5, 3, 12, 6, F64),
]


def _self_attention_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for batch, S_q, S_k, d_k, d_v, dtype in _ATTENTION_SHAPES:
        Q = randn(generator, *batch, S_q, d_k, dtype=dtype, scale=1.5)  # [..., S_q, d_k]
        K = randn(generator, *batch, S_k, d_k, dtype=dtype, scale=1.5)  # [..., S_k, d_k]
        V = randn(generator, *batch, S_k, d_v, dtype=dtype, scale=2.0)  # [..., S_k, d_v]
        cases.append(Case(describe(Q=Q, K=K, V=V), (Q, K, V)))
    return cases


def _self_attention_example() -> Case:
    Q, K, V = data.handmade_qkv()
    return Case("강의의 Q, K, V (이불 배송 언제 와요)", (Q, K, V))


EXERCISES = [
    Exercise("dot_scores", _dot_scores_cases, _dot_scores_example, CHAPTER.section('1단계 · 점수표'), checks=BATCHED),
    Exercise("scale_scores", _scale_scores_cases, _scale_scores_example, CHAPTER.section('2단계 · √d_k로 나누기')),
    Exercise("row_softmax", _row_softmax_cases, _row_softmax_example, CHAPTER.section('3단계 · 비율표'),
             by_hand=True, stable_way=SUBTRACT_ROW_MAX, checks=with_hard(HUGE_SCORES)),
    Exercise("mix_values", _mix_values_cases, _mix_values_example, CHAPTER.section('4단계 · 섞은 결과'),
             checks=BATCHED),
    Exercise("self_attention", _self_attention_cases, _self_attention_example,
             CHAPTER.section('네 걸음을 한 함수로'), output_names=("output", "weights"), by_hand=True,
             stable_way=SUBTRACT_ROW_MAX, uses=("dot_scores", "scale_scores", "row_softmax", "mix_values"),
             checks=BATCHED),
]
