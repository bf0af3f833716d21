"""Grading specs of ch04: the random hidden cases and the lecture example of each exercise."""

from __future__ import annotations

import torch

from helpers import data, reference
from helpers.chapters import CH04
from helpers.grading.draw import GlobalSeedingGenerator, randint, randn
from helpers.grading.hard import ZERO_LOG_ZERO
from helpers.grading.spec import BATCHED, Case, Exercise, describe, with_hard

CHAPTER = CH04




def _batch(generator: torch.Generator, index: int) -> list[int]:
    """No batch dims for the first two cases, then one to three leading dims of size 1–3."""
    if index < 2:
        return []
    return [randint(generator, 1, 3) for _ in range(index % 3 + 1)]


def _dtype(index: int) -> torch.dtype:
    return torch.float64 if index % 4 == 3 else torch.float32


# ---------------------------------------------------------------- project_qkv
def _project_qkv_cases(generator: torch.Generator) -> list[Case]:
    """Square weights on every other case (so X·Wᵀ runs and differs), d_v ≠ d_k on the others."""
    cases = []
    for index in range(12):
        batch, dtype = _batch(generator, index), _dtype(index)
        S, d_in = randint(generator, 1, 6), randint(generator, 2, 6)
        if index % 2 == 0:
            d_k = d_v = d_in
        else:
            d_k, d_v = d_in + randint(generator, 1, 3), randint(generator, 1, 6)
        scale = 3.0 if index % 5 == 4 else 1.0  # the seed's std-1 weights and larger ones
        X = randn(generator, *batch, S, d_in, dtype=dtype)
        Wq, Wk = (scale * randn(generator, d_in, d_k, dtype=dtype) for _ in range(2))
        Wv = scale * randn(generator, d_in, d_v, dtype=dtype)
        cases.append(Case(describe(X=X, Wq=Wq, Wk=Wk, Wv=Wv), (X, Wq, Wk, Wv)))
    return cases


def _project_qkv_example() -> Case:
    """The lecture's two-sentence batch (§1): X and X with its words reversed, [2, 4, 8]."""
    X, Wq, Wk, Wv = data.random_model_inputs()
    two_sentences = torch.stack([X, X.flip(0)])  # [2 sentences, 4 words, 8 coordinates]
    return Case("강의 1절의 두 문장 배치 [2, 4, 8] (X와 낱말 순서를 뒤집은 X), Wq, Wk, Wv [8, 8]",
                (two_sentences, Wq, Wk, Wv))


# ---------------------------------------------------------------- score_magnitude
def _score_magnitude_cases(generator: torch.Generator) -> list[Case]:
    """S_k ≠ d_k mostly, d_k ≥ 2, small and large scales, and a case whose scores are mostly negative."""
    cases = []
    for index in range(12):
        batch, dtype = _batch(generator, index), _dtype(index)
        S_q, S_k, d_k = randint(generator, 1, 6), randint(generator, 1, 6), randint(generator, 2, 16)
        scale = (0.1, 1.0, 3.0, 10.0)[index % 4]
        Q = scale * randn(generator, *batch, S_q, d_k, dtype=dtype)
        K = scale * randn(generator, *batch, S_k, d_k, dtype=dtype)
        if index == 5:  # keys pointing away from every query: the signed mean is far below zero
            K = -Q.mean(dim=-2, keepdim=True).expand(*Q.shape[:-2], S_k, d_k).clone() * 2
        cases.append(Case(describe(Q=Q, K=K), (Q, K)))
    return cases


def _score_magnitude_example() -> list[Case]:
    """The lecture's Q, K [4, 8], then those of its §1 two-sentence batch [2, 4, 8] (there K.T is not Kᵀ)."""
    X, Wq, Wk, Wv = data.random_model_inputs()
    Q, K, _ = reference.project_qkv(X, Wq, Wk, Wv)
    two_sentences = torch.stack([X, X.flip(0)])
    Q2, K2, _ = reference.project_qkv(two_sentences, Wq, Wk, Wv)
    return [Case("강의의 Q, K [4, 8] (X·Wq, X·Wk)", (Q, K)),
            Case("강의 1절의 두 문장 배치에서 만든 Q, K [2, 4, 8]", (Q2, K2))]


# ---------------------------------------------------------------- row_entropy
def _row_entropy_cases(generator: torch.Generator) -> list[Case]:
    """Softmax rows from gentle to saturated, rows with exact zeros (masked keys), one-hot rows
    (exact 0 and 1), uniform rows; square on most cases so summing the wrong axis still runs."""
    cases = []
    for index in range(14):
        batch, dtype = _batch(generator, index), _dtype(index)
        S_q = randint(generator, 2, 6)
        S_k = S_q if index % 3 != 2 else randint(generator, 2, 6)
        scale = (0.3, 1.0, 4.0, 30.0)[index % 4]
        scores = scale * randn(generator, *batch, S_q, S_k, dtype=dtype)
        if index % 2 == 0:  # mask a random set of keys (never a whole row): exact zeros
            hidden = torch.rand(*batch, S_q, S_k, generator=generator) < 0.4
            hidden[..., 0] = False
            scores = scores.masked_fill(hidden, float("-inf"))
        weights = scores.softmax(dim=-1)
        if index % 3 == 0:  # the first row one-hot, the last row uniform
            weights[..., 0, :] = 0.0
            weights[..., 0, S_k - 1] = 1.0
            weights[..., -1, :] = 1.0 / S_k
        hard = _has_zero(weights)
        cases.append(Case(describe(weights=weights) + (" (비율이 정확히 0인 칸이 있음)" if hard else ""), (weights,),
                          hard=hard))
    future = torch.ones(48, 48, dtype=torch.bool).triu(diagonal=1)
    causal = randn(generator, 2, 48, 48).masked_fill(future, float("-inf")).softmax(dim=-1)  # [2, 48, 48]
    cases.append(Case(describe(weights=causal) + " (미래를 가린 긴 문장의 비율표: 대각선 위가 모두 0)", (causal,),
                      hard=_has_zero(causal)))
    return cases


def _has_zero(weights: torch.Tensor) -> bool:
    """A weight of exactly 0 makes p·ln p = 0·(−inf) = nan: there only the lecture's 0·ln 0 = 0 (xlogy) is right."""
    return bool((weights == 0).any())


LECTURE_ROWS = ((1.0, 0.0, 0.0, 0.0),  # all on one word: 0
                (0.5, 0.5, 0.0, 0.0),  # half and half: ln 2
                (0.25, 0.25, 0.25, 0.25))  # even: ln 4


def _row_entropy_example() -> Case:
    """The three rows of the lecture's §8, exact zeros included."""
    rows = torch.tensor(LECTURE_ROWS)
    return Case("강의 8절의 세 줄 [3, 4]: 한 칸에 몰림, 두 칸에 반반, 네 칸에 고르게", (rows,), hard=_has_zero(rows))


# ---------------------------------------------------------------- scaled_init
def _seeded(seed: int) -> torch.Generator:
    return GlobalSeedingGenerator().manual_seed(seed)


def _scaled_init_cases(generator: torch.Generator) -> list[Case]:
    """Rectangular shapes (so the wrong transpose or √d_out shows) and square ones, each with its
    own seeded generator passed as the third argument."""
    shapes = [(8, 8), (1, 5), (3, 7), (7, 3), (16, 4), (64, 64), (300, 7), (2, 50)]
    shapes += [(randint(generator, 2, 39), randint(generator, 2, 39)) for _ in range(4)]
    cases = []
    for d_in, d_out in shapes:
        seeded = _seeded(randint(generator, 0, 2**31 - 2))
        cases.append(Case(describe(d_in=d_in, d_out=d_out, generator=seeded), (d_in, d_out, seeded)))
    for d_in, d_out in ((6, 4), (randint(generator, 2, 39), randint(generator, 2, 39))):
        seed = randint(generator, 0, 2**31 - 2)  # generator=None: torch's global state, seeded with torch.manual_seed
        cases.append(Case(f"{describe(d_in=d_in, d_out=d_out)}, generator 없이 (torch.manual_seed({seed}) 뒤)",
                          (d_in, d_out), global_seed=seed))
    return cases


def _scaled_init_examples() -> list[Case]:
    """The lecture's §6 tall weight: d_in = 64, d_out = 16, so √d_in and √d_out differ; then the same call without
    a generator, as the test cell's next line makes it (an answer that fails there is named, not a bare error)."""
    seeded = _seeded(0)
    return [Case("강의 6절의 scaled_init(64, 16, torch.Generator().manual_seed(0))", (64, 16, seeded)),
            Case("scaled_init(64, 16), generator 없이 (torch.manual_seed(0) 뒤)", (64, 16), global_seed=0)]


EXERCISES = [
    Exercise("project_qkv", _project_qkv_cases, _project_qkv_example,
             CHAPTER.section('1. 임베딩에 가중치를 곱해 Q, K, V 만들기'), output_names=("Q", "K", "V"),
             checks=BATCHED),
    Exercise("score_magnitude", _score_magnitude_cases, _score_magnitude_example,
             CHAPTER.section('5. 점수의 크기: √8로 나눠도 모자란 까닭'),
             output_names=("나누기 전 평균 |점수|", "나눈 뒤 평균 |점수|"), checks=BATCHED),
    Exercise("row_entropy", _row_entropy_cases, _row_entropy_example,
             CHAPTER.section('8. 쏠림 재기: 줄 엔트로피와 줄의 최댓값'), stable_way=ZERO_LOG_ZERO,
             checks=with_hard("비율이 정확히 0인 칸이 있는 입력", share=0.5)),
    Exercise("scaled_init", _scaled_init_cases, _scaled_init_examples,
             CHAPTER.section('6. 작은 가중치로 시작하기: 표준편차 1/√d_in')),
]
