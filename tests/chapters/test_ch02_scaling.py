"""ch02 (√d_k로 나누면 무엇이 달라질까): the assignment grades as promised and its checks are sound."""

from __future__ import annotations

import importlib.util

import numpy as np
from course_testing import instructions

from helpers import data, misconceptions, reference
from helpers.grading import ch02, core, hidden_cases

EXERCISES = {exercise.name: exercise for exercise in ch02.EXERCISES}
# ---------------------------------------------------------------- the assignment
# ---------------------------------------------------------------- the catalogue and its fixtures
def test_the_classic_wrong_answers_of_ch02_are_catalogued():
    codes = {entry.code for name in EXERCISES for entry in misconceptions.for_exercise(name)}
    assert {
        "score_std_table/reseed_inside_loop",  # re-seeding inside the loop
        "score_std_table/divide_by_dk",  # dividing by d_k
        "compare_scaling/divide_by_dk",
        "softmax_1d/no_max_shift",  # a softmax without the max shift
        "compare_scaling/swapped_before_after",  # before/after swapped
    } <= codes


# ---------------------------------------------------------------- the checks themselves
def test_hidden_cases_cover_seeds_pair_counts_dims_and_overflowing_softmax_inputs():
    std_cases = hidden_cases("score_std_table")
    arguments = [dict(zip(("dims", "n_pairs", "seed"), case.args), **case.kwargs) for case in std_cases]
    given = [a for a in arguments if "dims" in a]
    assert len({a["seed"] for a in given}) >= 8
    assert {a["n_pairs"] for a in given} >= {50, 2000}
    assert max(d for a in given for d in a["dims"]) >= 484 and min(d for a in given for d in a["dims"]) == 1
    assert all(len(a["dims"]) >= 2 for a in given)  # re-seeding inside the loop changes the second row on

    softmax_inputs = [case.args[0] for case in hidden_cases("softmax_1d")]
    assert any(np.array_equal(x, [1000.0, 0.0, -1000.0]) for x in softmax_inputs)
    assert {x.dtype for x in softmax_inputs} == {np.dtype(np.float32), np.dtype(np.float64)}

    pairs = [case.args for case in hidden_cases("compare_scaling")]
    assert any(keys.shape[0] == keys.shape[1] for _, keys in pairs)  # q @ keys runs
    assert any(keys.shape[0] == 1 for _, keys in pairs)
    assert any(np.abs(keys @ q).max() > 710 for q, keys in pairs)  # exp overflows without the max shift
    assert {q.dtype for q, _ in pairs} == {np.dtype(np.float32), np.dtype(np.float64)}


def test_score_std_cases_stay_clear_of_rounding_ties():
    """The std columns are rounded to 2 d.p.; a value within float noise of a tie (x.xx5) could round
    either way for a correct answer computed in another order. None of the cases comes close."""
    cases = [EXERCISES["score_std_table"].example(), *hidden_cases("score_std_table")]
    closest = 1.0
    for case in cases:
        arguments = {"dims": (4, 16, 64, 256), "n_pairs": 1000, "seed": 42}
        arguments.update(dict(zip(("dims", "n_pairs", "seed"), case.args)), **case.kwargs)
        np.random.seed(arguments["seed"])
        for d_k in arguments["dims"]:
            q = np.random.randn(arguments["n_pairs"], d_k)
            k = np.random.randn(arguments["n_pairs"], d_k)
            scores = (q * k).sum(axis=1)
            for value in (scores.std(), (scores / np.sqrt(d_k)).std()):
                closest = min(closest, abs(value * 100 % 1 - 0.5) / 100)
    assert closest > 1e-6, f"a case lies {closest:.2e} from a rounding tie"


def test_a_table_rounded_as_a_whole_is_graded_right():
    """√d_k of every hidden case is a whole number, so `frame.round(2)` loses nothing."""
    for case in hidden_cases("score_std_table"):
        table = reference.score_std_table(*case.args, **case.kwargs)
        assert core.compare(table, table.round(2), "") is None, case.label


# ---------------------------------------------------------------- the reference's edge cases
def test_softmax_1d_stays_finite_on_extreme_scores():
    assert np.array_equal(reference.softmax_1d(np.array([1000.0, 0.0, -1000.0])), [1.0, 0.0, 0.0])
    for x in (np.array([-1000.0, -1001.0, -1002.0]), np.array([710.0, 709.0]), np.array([1e300, -1e300])):
        weights = reference.softmax_1d(x)
        assert np.isfinite(weights).all() and np.isclose(weights.sum(), 1.0), x


def test_softmax_1d_instructions_say_the_dtype_and_what_a_library_softmax_and_scipy_earn():
    """A library softmax is a right answer here (not by hand, unlike ch01's); scipy's would be too, but the course's
    environment has no scipy, so it fails with ImportError when graded: the instructions must say both, and the
    dtype a float32 input may come back in."""
    text = " ".join(instructions("ch02_scaling", "softmax_1d").split())
    assert not EXERCISES["softmax_1d"].by_hand and "라이브러리 softmax를 써도 점수는 같습니다" in text
    assert importlib.util.find_spec("scipy") is None
    assert "`scipy.special.softmax`도 라이브러리 softmax이지만" in text and "`ImportError`가 나고 0 점" in text
    assert "float32 입력에는 float32를" in text and "float64로 바꿔 돌려줘도 맞습니다" in text


def test_softmax_1d_does_not_modify_its_input():
    x = np.array([3.0, 1.0, 2.0])
    reference.softmax_1d(x)
    assert np.array_equal(x, [3.0, 1.0, 2.0])


def test_scaling_keeps_the_ranking_and_never_sharpens_the_top():
    generator = np.random.RandomState(0)
    for d_k in (4, 16, 64, 256):
        q, keys = generator.randn(d_k), generator.randn(10, d_k)
        scores, before, after = reference.compare_scaling(q, keys)
        assert np.array_equal(np.argsort(scores), np.argsort(after))
        assert after.max() <= before.max()


def test_lecture_numbers_come_out_of_the_reference():
    table = reference.score_std_table()
    assert table["점수 표준편차"].tolist() == [2.07, 4.06, 7.86, 15.90]
    assert table["나눈 뒤 표준편차"].tolist() == [1.04, 1.02, 0.98, 0.99]
    scores, before, after = reference.compare_scaling(*data.scaling_query_keys())
    assert scores.round(1).tolist() == [1.3, -15.7, 4.6, 1.0, 13.9, -9.4, -3.5, -2.7]
    assert (round(float(before.max()), 3), round(float(after.max()), 3)) == (1.0, 0.491)
    gap = np.sort(scores)[-1] - np.sort(scores)[-2]
    assert (round(float(gap), 1), round(float(gap / 8), 2), round(float(np.exp(gap / 8)), 1)) == (9.3, 1.16, 3.2)
    assert round(float(np.log10(np.exp(gap)))) == 4


def test_lecture_query_keys_are_the_draws_of_the_global_seed():
    np.random.seed(7)
    q, keys = np.random.randn(64), np.random.randn(8, 64)
    lecture_q, lecture_keys = data.scaling_query_keys()
    assert np.array_equal(q, lecture_q) and np.array_equal(keys, lecture_keys)
