"""Misconceptions of ch02: each a wrong variant of an exercise, written from the reference."""

from __future__ import annotations

import math

import numpy as np  # the variants compute like the reference
import pandas as pd  # score_std_table returns a DataFrame

from helpers.chapters import CH02 as CHAPTER
from helpers.misconceptions.changes import items_swapped, result_as
from helpers.misconceptions.entry import Misconception

COLUMNS = ("d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차")


# ---------------------------------------------------------------- score_std_table
def _pair_dots(q, k):
    return (q * k).sum(axis=1)  # [n_pairs]: one dot product per pair


def _std_table(dims, n_pairs, seed, *, reseed=False, divisor=math.sqrt, rounded=True, ddof=0, score=_pair_dots,
               new_generator=False, draw=np.random.randn, shape=None, measure=np.std):
    """The reference table with one thing changed (each misconception below turns on one)."""
    if not reseed:
        np.random.seed(seed)
    generator = np.random.default_rng(seed) if new_generator else None
    rows = []
    for d_k in dims:
        if reseed:
            np.random.seed(seed)
        size = (n_pairs, d_k) if shape is None else shape(n_pairs, d_k)
        if new_generator:
            q, k = generator.standard_normal(size), generator.standard_normal(size)
        else:
            q, k = draw(*size), draw(*size)
        scores = score(q, k)
        before, after = measure(scores, ddof=ddof), measure(scores / divisor(d_k), ddof=ddof)
        if rounded:
            before, after = before.round(2), after.round(2)
        rows.append(dict(zip(COLUMNS, (d_k, math.sqrt(d_k), before, after))))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _reseed_inside_loop(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, reseed=True)


def _std_divide_by_dk(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, divisor=float)


def _no_round(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, rounded=False)


def _sample_std(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, ddof=1)


def _all_pairs(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, score=lambda q, k: (q @ k.T).ravel())


def _sum_whole_array(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, score=lambda q, k: np.sum(q * k))  # one number: its std is 0


def _no_sum(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, score=lambda q, k: q * k)  # the n_pairs × d_k products themselves


def _sum_over_pairs(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, score=lambda q, k: (q * k).sum(axis=0))  # d_k sums, one per coordinate


def _shape_swapped(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, shape=lambda n, d: (d, n), score=lambda q, k: (q * k).sum(axis=0))


def _uniform_draws(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, draw=np.random.rand)


def _seed_fixed(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, 42)  # the argument seed is never used


def _default_rng(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, new_generator=True)


def _column_per_d_k(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    table = _std_table(dims, n_pairs, seed)  # the right rows, laid out one column per d_k
    return pd.DataFrame({d_k: list(row) for d_k, row in zip(dims, table.itertuples(index=False))},
                        index=list(COLUMNS))


# ---------------------------------------------------------------- softmax_1d
def _no_max_shift(x):
    with np.errstate(all="ignore"):  # the overflow is the point; no warning on the student's screen
        exps = np.exp(x)
        return exps / exps.sum()


def _no_normalize(x):
    return np.exp(x - x.max())


def _linear_ratio(x):
    with np.errstate(all="ignore"):
        return x / x.sum()


def _reversed_shift(x):
    with np.errstate(all="ignore"):
        exps = np.exp(x.max() - x)
        return exps / exps.sum()


def _stable_softmax(x):
    exps = np.exp(x - x.max())
    return exps / exps.sum()


def _shift_numerator_only(x):
    with np.errstate(all="ignore"):
        return np.exp(x - x.max()) / np.exp(x).sum()  # e^(−max) times the ratios


def _scaled_inside(x):
    return _stable_softmax(x / math.sqrt(len(x)))  # softmax_1d is asked for the ratios of x itself


def _returns_list(x):
    return [float(weight) for weight in _stable_softmax(x)]


def _log_softmax(x):
    shifted = x - x.max()
    return shifted - np.log(np.exp(shifted).sum())


def _rounded(x):
    return _stable_softmax(x).round(3)  # as the lecture's table shows the ratios


# ---------------------------------------------------------------- compare_scaling
def _swapped_before_after(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores / math.sqrt(q.shape[0])), _stable_softmax(scores)


def _scaling_divide_by_dk(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores), _stable_softmax(scores / q.shape[0])


def _sqrt_of_n_keys(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores), _stable_softmax(scores / math.sqrt(keys.shape[0]))


def _after_unscaled(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores), _stable_softmax(scores)


def _scaling_multiply(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores), _stable_softmax(scores * math.sqrt(q.shape[0]))


def _no_scores(q, keys):
    scores = keys @ q
    return _stable_softmax(scores), _stable_softmax(scores / math.sqrt(q.shape[0]))


def _returns_scaled_scores(q, keys):
    scaled = keys @ q / math.sqrt(q.shape[0])
    return scaled, _stable_softmax(keys @ q), _stable_softmax(scaled)


def _unstable_softmax_inside(q, keys):
    scores = keys @ q
    return scores, _no_max_shift(scores), _no_max_shift(scores / math.sqrt(q.shape[0]))


def _after_without_softmax(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores), scores / math.sqrt(q.shape[0])


def _no_transpose(q, keys):
    scores = q @ keys  # runs only when keys is square [d_k, d_k], and sums the wrong axis
    return scores, _stable_softmax(scores), _stable_softmax(scores / math.sqrt(q.shape[0]))


def _lecture_root_64(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores), _stable_softmax(scores / 8)  # √64: the lecture's experiment


def _softmax_of_ratios(q, keys):
    scores = keys @ q
    before = _stable_softmax(scores)
    return scores, before, _stable_softmax(before / math.sqrt(q.shape[0]))


STD_HINT = CHAPTER.section('A. d_k가 커지면 점수는 얼마나 퍼질까')
SOFTMAX_HINT = CHAPTER.section('B. 같은 점수를 softmax에 넣으면', '최댓값을 먼저 빼는 softmax')
COMPARE_HINT = CHAPTER.section('B. 같은 점수를 softmax에 넣으면', '같은 점수로 만든 before와 after')


def _divided_by_max(x):
    exps = np.exp(x / x.max())
    return exps / exps.sum()


def _variance_not_std(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    return _std_table(dims, n_pairs, seed, measure=np.var)


def _after_from_rounded(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
    table = _std_table(dims, n_pairs, seed)
    table[COLUMNS[3]] = table[COLUMNS[2]] / np.sqrt(table[COLUMNS[0]].to_numpy(dtype=float))  # not measured
    return table


def _divided_by_query_norm(q, keys):
    scores = keys @ q
    return scores, _stable_softmax(scores), _stable_softmax(scores / np.linalg.norm(q))


MISCONCEPTIONS = [
    # score_std_table
    Misconception(
        "score_std_table",
        "reseed_inside_loop",
        _reseed_inside_loop,
        "반복문 안에서 d_k마다 np.random.seed(seed)를 다시 불렀습니다. 그러면 d_k마다 난수가 처음부터 "
        "다시 나와 강의의 표와 숫자가 달라집니다. 씨앗은 반복문에 들어가기 전에 한 번만 심습니다.",
        f"{STD_HINT} — np.random.seed(seed)는 for 문 위에서 한 번, 그다음 d_k마다 q를 먼저, k를 나중에 뽑습니다.",
    ),
    Misconception(
        "score_std_table",
        "divide_by_dk",
        _std_divide_by_dk,
        "'나눈 뒤 표준편차'를 점수를 d_k로 나눠서 구했습니다. 표준편차가 √d_k쯤이므로 1 안팎으로 돌아오게 "
        "하려면 d_k가 아니라 √d_k로 나눠야 합니다 (d_k로 나누면 1/√d_k쯤으로 너무 작아집니다).",
        f"{STD_HINT} — scores / np.sqrt(d_k)",
    ),
    Misconception(
        "score_std_table",
        "no_round",
        _no_round,
        "표준편차를 반올림하지 않고 그대로 넣었습니다. 두 표준편차 열은 소수 둘째 자리까지 반올림한 값이어야 "
        "합니다 (예: 2.070139… → 2.07).",
        f"{STD_HINT} — .round(2) 또는 round(값, 2)",
    ),
    Misconception(
        "score_std_table",
        "sample_std",
        _sample_std,
        "표준편차를 n-1로 나누는 표본 표준편차(ddof=1)로 구했습니다. pandas의 .std()나 "
        "np.std(..., ddof=1)이 그렇습니다. 강의의 표는 numpy의 기본값인 n으로 나누는 표준편차(ddof=0)입니다.",
        f"{STD_HINT} — numpy 배열의 scores.std() (또는 np.std(scores))",
    ),
    Misconception(
        "score_std_table",
        "all_pairs",
        _all_pairs,
        "q @ k.T로 모든 q와 모든 k의 내적 (n_pairs × n_pairs 표)의 표준편차를 구했습니다. 실험은 짝지은 "
        "쌍끼리의 내적 n_pairs 개, 곧 그 표의 대각선만 씁니다.",
        f"{STD_HINT} — 같은 줄끼리 곱해 더하기 (q * k).sum(axis=1)",
    ),
    Misconception(
        "score_std_table",
        "default_rng",
        _default_rng,
        "np.random.default_rng(seed)로 새 난수 생성기를 만들어 뽑았습니다. 같은 씨앗이라도 생성기가 달라 "
        "숫자가 다릅니다. 강의처럼 np.random.seed(seed)로 numpy의 전역 생성기를 한 번 심고 "
        "np.random.randn으로 뽑으세요.",
        f"{STD_HINT} — np.random.seed(seed)와 np.random.randn(n_pairs, d_k)",
    ),
    Misconception(
        "score_std_table",
        "column_per_d_k",
        _column_per_d_k,
        "d_k마다 열을 하나씩 두어 표의 줄과 열이 뒤바뀌었습니다 (열 이름이 d_k 값, 줄 이름이 네 항목). 표는 d_k "
        "하나가 한 줄이고, 열이 네 항목 (d_k, √d_k, 점수 표준편차, 나눈 뒤 표준편차)입니다.",
        f"{STD_HINT} — d_k마다 [d_k, √d_k, 표준편차, 나눈 뒤 표준편차] 한 줄을 모아 pd.DataFrame(rows, columns=[...])",
    ),
    Misconception(
        "score_std_table",
        "sum_whole_array",
        _sum_whole_array,
        "q * k를 배열 전체에서 한꺼번에 더해 (np.sum(q * k)) 점수가 숫자 하나뿐입니다. 숫자 하나의 표준편차는 "
        "언제나 0입니다. 쌍마다 하나씩, 곧 줄마다 더해야 점수 n_pairs 개가 나옵니다.",
        f"{STD_HINT} — (q * k).sum(axis=1), 모양 [n_pairs]",
    ),
    Misconception(
        "score_std_table",
        "no_sum",
        _no_sum,
        "q * k를 곱하기만 하고 더하지 않아, 좌표마다의 곱 n_pairs × d_k 개의 표준편차를 쟀습니다. 곱 하나의 "
        "표준편차는 d_k와 상관없이 1 안팎이라 점수가 퍼지는 모습이 보이지 않습니다. 내적은 곱을 줄마다 더한 값입니다.",
        f"{STD_HINT} — (q * k).sum(axis=1)",
    ),
    Misconception(
        "score_std_table",
        "sum_over_pairs",
        _sum_over_pairs,
        "q * k를 axis=0 (쌍의 축)으로 더해, 좌표마다 n_pairs 개를 더한 값 d_k 개의 표준편차를 쟀습니다. "
        "내적은 한 쌍 안에서 좌표를 따라 더하는 것이므로 axis=1 (마지막 축)입니다.",
        f"{STD_HINT} — (q * k).sum(axis=1), 모양 [n_pairs]",
    ),
    Misconception(
        "score_std_table",
        "shape_swapped",
        _shape_swapped,
        "q와 k를 [d_k, n_pairs] 모양으로 뽑았습니다. 같은 씨앗이라도 난수가 채워지는 차례가 달라 쌍이 달라지고, "
        "강의의 표와 숫자가 다릅니다. 강의처럼 한 줄이 한 쌍인 np.random.randn(n_pairs, d_k)로 뽑으세요.",
        f"{STD_HINT} — q = np.random.randn(n_pairs, d_k)",
    ),
    Misconception(
        "score_std_table",
        "uniform_draws",
        _uniform_draws,
        "np.random.randn 대신 np.random.rand로 뽑았습니다. rand는 0과 1 사이의 고른 난수라서 평균이 0이 "
        "아니고 분산도 1이 아닙니다. 실험은 표준정규분포(평균 0, 분산 1)를 뽑는 randn으로 합니다.",
        f"{STD_HINT} — np.random.randn(n_pairs, d_k)",
    ),
    Misconception(
        "score_std_table",
        "seed_fixed",
        _seed_fixed,
        "인자 seed를 쓰지 않고 늘 np.random.seed(42)를 심었습니다. 기본값에서는 강의와 같지만, 다른 seed를 "
        "받으면 다른 난수가 나와야 합니다.",
        f"{STD_HINT} — np.random.seed(seed)",
    ),
    # softmax_1d
    Misconception(
        "softmax_1d",
        "no_max_shift",
        _no_max_shift,
        "최댓값을 빼지 않고 np.exp(x)를 바로 계산했습니다. 값이 크면 (예: 1000) exp가 inf로 넘치고, "
        "모두 아주 작으면 (예: -1000) 0이 되어 nan이 나옵니다. 최댓값을 먼저 빼도 결과는 같고 넘치지 않습니다.",
        f"{SOFTMAX_HINT} — np.exp(x - x.max())",
    ),
    Misconception(
        "softmax_1d",
        "no_normalize",
        _no_normalize,
        "exp를 계산한 뒤 합으로 나누지 않았습니다 (합 대신 가장 큰 exp로 나누어도 같습니다: 최댓값을 뺀 뒤의 "
        "가장 큰 exp는 1입니다). softmax의 비율은 모두 더해 1이 되어야 합니다.",
        f"{SOFTMAX_HINT} — exps / exps.sum()",
    ),
    Misconception(
        "softmax_1d",
        "linear_ratio",
        _linear_ratio,
        "exp 없이 점수를 점수의 합으로 나누었습니다 (x / x.sum()). 이렇게 하면 음수 비율이나 1보다 큰 비율이 "
        "나옵니다. softmax는 먼저 exp로 모두 양수로 바꾼 뒤 그 합으로 나눕니다.",
        f"{SOFTMAX_HINT} — exps = np.exp(x - x.max())",
    ),
    Misconception(
        "softmax_1d",
        "reversed_shift",
        _reversed_shift,
        "최댓값을 거꾸로 뺐습니다 (x.max() - x). 그러면 점수가 가장 작은 것이 가장 큰 비율을 받습니다. "
        "x - x.max()처럼 점수에서 최댓값을 빼야 합니다.",
        f"{SOFTMAX_HINT} — np.exp(x - x.max())",
    ),
    Misconception(
        "softmax_1d",
        "returns_list",
        _returns_list,
        "비율은 맞지만 numpy 배열이 아니라 파이썬 리스트로 돌려주었습니다. 반복문으로 계산했다면 마지막에 "
        "np.array(...)로 바꾸거나, 처음부터 배열 연산으로 계산하세요.",
        f"{SOFTMAX_HINT} — exps = np.exp(x - x.max()); return exps / exps.sum()",
    changes_result=result_as(lambda weights: [float(weight) for weight in weights])),
    Misconception(
        "softmax_1d",
        "shift_numerator_only",
        _shift_numerator_only,
        "최댓값을 분자의 exp에서만 빼고, 분모는 빼지 않은 np.exp(x)의 합으로 나누었습니다. 그러면 모든 비율이 "
        "e^(−최댓값) 배가 되어 합이 1이 아니고, 점수가 크면 분모가 inf로 넘칩니다. 분자와 분모 모두 같은 "
        "exps = np.exp(x - x.max())로 계산해야 합니다.",
        f"{SOFTMAX_HINT} — exps = np.exp(x - x.max()); return exps / exps.sum()",
    ),
    Misconception(
        "softmax_1d",
        "scaled_inside",
        _scaled_inside,
        "softmax 안에서 x를 √(원소 수)로 나누었습니다. √d_k로 나누는 것은 점수를 만든 쪽(compare_scaling)의 "
        "일이고, softmax_1d는 받은 점수를 그대로 비율로 바꿔야 합니다.",
        f"{SOFTMAX_HINT} — np.exp(x - x.max())를 그 합으로 나누기만 합니다",
    ),
    Misconception(
        "softmax_1d",
        "log_softmax",
        _log_softmax,
        "비율 대신 비율의 로그 (log-softmax, x − max − log Σ exp)를 돌려주었습니다. 값이 모두 0 이하이고 "
        "합이 1이 아닙니다. softmax_1d는 exp를 그 합으로 나눈 비율 자체를 돌려줍니다.",
        f"{SOFTMAX_HINT} — exps = np.exp(x - x.max()); return exps / exps.sum()",
    ),
    Misconception(
        "softmax_1d",
        "rounded",
        _rounded,
        "비율을 소수 셋째 자리로 반올림해 돌려주었습니다. 강의의 표는 읽기 좋게 반올림해 보여 주었을 뿐, "
        "함수는 반올림하지 않은 비율을 돌려줍니다: 반올림하면 작은 비율이 0이 되고 합이 1에서 벗어납니다.",
        f"{SOFTMAX_HINT} — exps = np.exp(x - x.max()); return exps / exps.sum()",
    ),
    # compare_scaling
    Misconception(
        "compare_scaling",
        "swapped_before_after",
        _swapped_before_after,
        "before와 after의 자리를 바꾸어 돌려주었습니다. before는 점수를 그대로 softmax 한 것, "
        "after는 √d_k로 나눈 뒤 softmax 한 것입니다. 돌려주는 차례는 (scores, before, after)입니다.",
        f"{COMPARE_HINT} — return scores, before, after",
    changes_result=items_swapped(1, 2)),
    Misconception(
        "compare_scaling",
        "divide_by_dk",
        _scaling_divide_by_dk,
        "after를 만들 때 점수를 d_k로 나누었습니다 (√d_k로 두 번 나눈 것도 같습니다). √d_k로 한 번 나눠야 "
        "점수의 표준편차가 1 안팎이 됩니다.",
        f"{COMPARE_HINT} — scores / np.sqrt(d_k), d_k = q.shape[0]",
    ),
    Misconception(
        "compare_scaling",
        "sqrt_of_n_keys",
        _sqrt_of_n_keys,
        "after를 만들 때 Key의 개수 n의 제곱근으로 나누었습니다. 나누는 수는 좌표 수 d_k "
        "(q.shape[0], keys.shape[1])의 제곱근입니다.",
        f"{COMPARE_HINT} — d_k = q.shape[0]",
    ),
    Misconception(
        "compare_scaling",
        "after_unscaled",
        _after_unscaled,
        "after를 만들 때 √d_k로 나누지 않아 after가 before와 똑같습니다. after는 점수를 √d_k로 나눈 뒤 "
        "softmax 한 비율입니다.",
        f"{COMPARE_HINT} — after = softmax_1d(scores / np.sqrt(d_k))",
    ),
    Misconception(
        "compare_scaling",
        "multiply",
        _scaling_multiply,
        "after를 만들 때 점수에 √d_k를 곱했습니다. 곱하면 점수가 더 퍼져 비율이 더 쏠립니다. 나눠야 점수의 "
        "표준편차가 1 안팎으로 돌아옵니다.",
        f"{COMPARE_HINT} — scores / np.sqrt(d_k)",
    ),
    Misconception(
        "compare_scaling",
        "no_scores",
        _no_scores,
        "(before, after) 두 값만 돌려주었습니다. 돌려줄 것은 나누기 전 점수까지 세 값, (scores, before, after)"
        "입니다.",
        f"{COMPARE_HINT} — return scores, before, after",
    changes_result=lambda result, named: result[1:]),
    Misconception(
        "compare_scaling",
        "returns_scaled_scores",
        _returns_scaled_scores,
        "첫째 값으로 √d_k로 나눈 점수를 돌려주었습니다. scores는 나누기 전의 내적 keys @ q 그대로여야 합니다.",
        f"{COMPARE_HINT} — scores = keys @ q",
    ),
    Misconception(
        "compare_scaling",
        "no_max_shift",
        _unstable_softmax_inside,
        "softmax에서 최댓값을 빼지 않아 점수가 클 때 (수백~수천) exp가 inf로 넘쳐 nan이 나왔습니다. "
        "softmax_1d처럼 최댓값을 먼저 빼고 exp를 계산하세요.",
        f"{SOFTMAX_HINT} — np.exp(x - x.max())",
    ),
    Misconception(
        "compare_scaling",
        "after_without_softmax",
        _after_without_softmax,
        "after로 √d_k로 나눈 점수를 그대로 돌려주고 softmax를 하지 않았습니다. after도 before처럼 비율 "
        "(합이 1)이어야 합니다: 나눈 점수를 softmax_1d에 넣으세요.",
        f"{COMPARE_HINT} — after = softmax_1d(scores / np.sqrt(d_k))",
    ),
    Misconception(
        "compare_scaling",
        "no_transpose",
        _no_transpose,
        "q @ keys로 점수를 구했습니다. keys는 [n, d_k]라서 Key 하나가 한 줄입니다. 점수는 Key의 줄마다 "
        "q와 내적한 keys @ q (또는 q @ keys.T)입니다.",
        f"{COMPARE_HINT} — scores = keys @ q, 모양 [n]",
    ),
    Misconception(
        "compare_scaling",
        "lecture_root_64",
        _lecture_root_64,
        "after를 만들 때 늘 8 (강의 실험의 d_k = 64의 제곱근)로 나누었습니다. 강의의 q는 좌표가 64 개라 8이었을 "
        "뿐입니다. 나누는 수는 받은 q의 좌표 수 d_k = q.shape[0]의 제곱근입니다.",
        f"{COMPARE_HINT} — d_k = q.shape[0]",
    ),
    Misconception(
        "compare_scaling",
        "softmax_of_ratios",
        _softmax_of_ratios,
        "after를 점수가 아니라 before의 비율을 √d_k로 나눈 값의 softmax로 구했습니다. √d_k로 나누는 것은 "
        "softmax에 넣기 전의 점수입니다: 같은 점수를 한 번은 그대로, 한 번은 √d_k로 나눠 softmax_1d에 넣습니다.",
        f"{COMPARE_HINT} — after = softmax_1d(scores / np.sqrt(d_k))",
    ),
    Misconception(
        "softmax_1d",
        "divided_by_max",
        _divided_by_max,
        "최댓값을 빼는 대신 최댓값으로 나눈 뒤 exp를 했습니다 (np.exp(x / x.max())). 나누면 점수의 차이가 "
        "바뀌어 비율이 달라집니다: softmax는 점수에 같은 수를 빼도 그대로라서 최댓값을 빼지만, 나누면 그렇지 "
        "않습니다. np.exp(x - x.max())를 쓰세요.",
        SOFTMAX_HINT,
    ),
    Misconception(
        "score_std_table",
        "variance",
        _variance_not_std,
        "표준편차 대신 분산 (.var(), 표준편차의 제곱)을 쟀습니다. 표의 두 열은 점수의 퍼진 정도를 점수와 같은 "
        "단위로 재는 표준편차 (np.std)입니다: √d_k와 견주는 것도 표준편차입니다.",
        STD_HINT,
    ),
    Misconception(
        "score_std_table",
        "after_from_rounded",
        _after_from_rounded,
        "나눈 뒤 표준편차를 나눈 점수에서 재지 않고, 이미 반올림한 점수 표준편차를 √d_k로 나눠 적었습니다 (다시 "
        "반올림하지도 않았습니다). 이 열은 실험으로 잰 값입니다: 점수를 √d_k로 나눈 뒤 그 표준편차를 재서 소수 "
        "2자리로 반올림하세요.",
        STD_HINT,
    ),
    Misconception(
        "compare_scaling",
        "query_norm",
        _divided_by_query_norm,
        "after의 점수를 √d_k가 아니라 질문 벡터의 길이 ‖q‖ (np.linalg.norm(q))로 나눴습니다. 나누는 수는 입력의 "
        "값과 상관없이 폭으로만 정하는 √d_k입니다: d_k = len(q).",
        COMPARE_HINT,
    ),
]
