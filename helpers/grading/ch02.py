"""Grading specs of ch02: the random hidden cases and the lecture example of each exercise.

All randomness of the cases comes from the torch generator the engine passes in; the numbers
a student's ``score_std_table`` draws come from numpy's global generator, seeded by the
case's ``seed`` argument, exactly as in the lecture.
"""

from __future__ import annotations

import numpy as np
import torch

from helpers import data
from helpers.chapters import CH02
from helpers.grading.draw import pick, randint, shuffled
from helpers.grading.hard import HUGE_SCORES, SUBTRACT_ROW_MAX, naive_softmax_breaks
from helpers.grading.spec import Case, Exercise, describe, with_hard

CHAPTER = CH02
LECTURE_DIMS = (4, 16, 64, 256)

# d_k of the hidden score_std_table cases: perfect squares, so √d_k is a whole number and a
# table rounded as a whole (`frame.round(2)`) equals one whose two std columns alone are rounded.
SQUARE_DIMS = tuple(n * n for n in range(1, 23))  # 1, 4, 9, …, 484
N_PAIRS = (50, 100, 200, 500, 1000, 2000)




# ---------------------------------------------------------------- score_std_table
def _score_std_table_cases(generator: torch.Generator) -> list[Case]:
    cases = [Case("기본값 (강의와 같은 dims=(4, 16, 64, 256), n_pairs=1000, seed=42)", ())]
    for index in range(11):
        n_dims = randint(generator, 2, 4)
        dims = [pick(generator, SQUARE_DIMS) for _ in range(n_dims)]
        n_pairs = pick(generator, N_PAIRS)
        if n_pairs >= 1000:  # keep each call well under a second: at most ~300 numbers per pair
            dims = [d_k for d_k in dims if d_k <= 144] or [pick(generator, SQUARE_DIMS[:12])]
            dims = dims if len(dims) > 1 else dims + [pick(generator, SQUARE_DIMS[:6])]
        seed = randint(generator, 0, 99_999)
        dims_arg = tuple(dims) if index % 2 else list(dims)
        cases.append(Case(f"dims={dims_arg!r}, n_pairs={n_pairs}, seed={seed}", (dims_arg, n_pairs, seed)))
    seed = randint(generator, 0, 99_999)
    cases.append(
        Case(
            f"dims=(484, 1, 256), n_pairs=200, seed={seed} (키워드 인자로)",
            (),
            {"dims": (484, 1, 256), "n_pairs": 200, "seed": seed},
        )
    )
    return cases


def _score_std_table_example() -> Case:
    return Case(
        "강의 A의 표 (dims=(4, 16, 64, 256), n_pairs=1000, seed=42)",
        (),
        {"dims": LECTURE_DIMS, "n_pairs": 1000, "seed": 42},
    )


# ---------------------------------------------------------------- softmax_1d
def _softmax_1d_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for index in range(10):
        n = randint(generator, 2, 12) if index else 1
        dtype = torch.float64 if index % 3 else torch.float32
        scale = (1.0, 3.0, 10.0)[index % 3]
        x = (
            (torch.randn(n, generator=generator, dtype=torch.float64) * scale)
            .numpy()
            .astype(np.float64 if dtype == torch.float64 else np.float32)
        )
        cases.append(Case(describe(x=x), (x,)))
    extremes = [
        np.array([1000.0, 0.0, -1000.0]),  # exp(1000) overflows without the max shift
        np.array([-1000.0, -1001.0, -1002.0, -1003.0]),  # exp(-1000) underflows to 0 → 0/0
        np.array([800.0, 799.0, 790.0, 0.0, -5.0]),
        np.array([89.0, 80.0, -3.0], dtype=np.float32),  # float32: exp(89) is already inf
        np.array([5.0, 5.0, 5.0, 5.0]),  # all equal → uniform
        (torch.randn(6, generator=generator, dtype=torch.float64) * 300).numpy(),
    ]
    extremes = [shuffled(generator, x) for x in extremes]  # the same hard values, in an order the key decides
    cases += [Case(f"{describe(x=x)} 값 {np.array2string(x, precision=1, separator=', ')}", (x,),
                   hard=naive_softmax_breaks(x)) for x in extremes]
    return cases


def _softmax_1d_example() -> Case:
    q, keys = data.scaling_query_keys()
    scaled = keys @ q / np.sqrt(q.shape[0])  # [8]: the scores ÷ √64, whose softmax is the lecture's `after`
    return Case("강의 B의 점수 8개를 √64 = 8로 나눈 값 (np.random.seed(7), d_k = 64)", (scaled,))


# ---------------------------------------------------------------- compare_scaling
def _compare_scaling_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for index in range(12):
        d_k = pick(generator, (1, 2, 3, 5, 8, 16, 32, 64, 100, 128))
        if index % 4 == 1:
            n = d_k  # square keys [d_k, d_k]: a forgotten transpose (q @ keys) runs too
        elif index == 2:
            n = 1
        else:
            n = randint(generator, 2, 12)
            n = n + 1 if n == d_k else n  # n ≠ d_k: dividing by √n instead of √d_k shows
        scale = 1.0 if index < 9 else 25.0  # |scores| in the thousands: exp overflows without the max shift
        if scale != 1.0:
            d_k = pick(generator, (16, 32, 64, 128))
            n = d_k if index % 4 == 1 else n
        dtype = torch.float32 if index % 3 == 0 and scale == 1.0 else torch.float64
        q = torch.randn(d_k, generator=generator, dtype=dtype) * scale
        keys = torch.randn(n, d_k, generator=generator, dtype=dtype) * scale
        q, keys = q.numpy(), keys.numpy()
        label = describe(q=q, keys=keys) + (f", 값의 크기 ×{scale:g}" if scale != 1.0 else "")
        cases.append(Case(label, (q, keys), hard=naive_softmax_breaks(keys @ q)))
    q, keys = data.scaling_query_keys(seed=3, d_k=256, n_keys=10)
    cases.append(Case(describe(q=q, keys=keys) + " (np.random.seed(3))", (q, keys)))
    cases.append(_query_among_keys(generator))
    return cases


def _query_among_keys(generator: torch.Generator) -> Case:
    """Large values (×25, d_k = 64) where one key is the query itself: its score |q|² is in the tens of thousands,
    so exp overflows before and after ÷√d_k unless the largest score is subtracted first."""
    q = (torch.randn(64, generator=generator, dtype=torch.float64) * 25).numpy()
    keys = (torch.randn(6, 64, generator=generator, dtype=torch.float64) * 25).numpy()
    keys[randint(generator, 0, 5)] = q
    label = describe(q=q, keys=keys) + ", 값의 크기 ×25, 제목표 하나가 질문 쪽지와 같음 (그 점수 |q|²는 수만)"
    return Case(label, (q, keys), hard=naive_softmax_breaks(keys @ q))


def _compare_scaling_example() -> Case:
    q, keys = data.scaling_query_keys()
    return Case("강의 B의 질문 쪽지 하나와 제목표 여덟 장 (np.random.seed(7), d_k = 64)", (q, keys))


EXERCISES = [
    Exercise(
        "score_std_table",
        _score_std_table_cases,
        _score_std_table_example,
        CHAPTER.section('A. d_k가 커지면 점수는 얼마나 퍼질까'),
    ),
    Exercise(
        "softmax_1d",
        _softmax_1d_cases,
        _softmax_1d_example,
        CHAPTER.section('B. 같은 점수를 softmax에 넣으면', '최댓값을 먼저 빼는 softmax'),
        stable_way=SUBTRACT_ROW_MAX,
        checks=with_hard(HUGE_SCORES),
    ),
    Exercise(
        "compare_scaling",
        _compare_scaling_cases,
        _compare_scaling_example,
        CHAPTER.section('B. 같은 점수를 softmax에 넣으면', 'before와 after'),
        output_names=("scores", "before", "after"),
        stable_way=SUBTRACT_ROW_MAX,
        checks=with_hard(HUGE_SCORES),
    ),
]
