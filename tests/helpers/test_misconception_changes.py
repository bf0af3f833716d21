"""Entries whose mistake sits around a right formula (helpers/misconceptions/changes.py) say so truthfully, and two
catalogued mistakes made together are named as the pair, with both explanations."""

from __future__ import annotations

import textwrap

import pytest
import torch

from helpers.grading import check
from helpers.grading.compare import compare
from helpers.grading.core import exercises
from helpers.grading.verdict import TAG_PATTERN
from helpers.misconceptions import catalogue, for_exercise, pairs_for_exercise

COMPOSABLE = [entry for entry in catalogue() if entry.composable]


def test_a_good_share_of_the_catalogue_can_be_composed():
    assert len(COMPOSABLE) >= 30 and len({entry.exercise for entry in COMPOSABLE}) >= 15


@pytest.mark.parametrize("entry", COMPOSABLE, ids=[entry.code for entry in COMPOSABLE])
def test_an_entry_that_says_it_changes_a_right_answer_behaves_as_that_change(entry):
    exercise = exercises()[entry.exercise]
    changed_reference = entry.around(exercise.reference)
    compared = 0
    for case in exercise.cases(torch.Generator().manual_seed(0)):
        if case.raises is not None:
            continue
        try:
            wrong = case.call(entry.variant)
        except Exception:  # noqa: BLE001 - a variant that cannot run here: the change must not either
            with pytest.raises(Exception):  # noqa: B017, PT011 - the reference refuses in its own words
                case.call(changed_reference)
            continue
        difference = compare(wrong, case.call(changed_reference), entry.code, slack=case.slack)
        assert difference is None, (case.label, difference)
        compared += 1
    assert compared > 0


def test_each_pair_is_composed_once_and_never_with_itself():
    for name in {entry.exercise for entry in COMPOSABLE}:
        ids = [pair.id for pair in pairs_for_exercise(name)]
        assert len(ids) == len(set(ids)), name
        singles = {entry.id for entry in for_exercise(name)}
        for pair_id in ids:
            first, second = pair_id.split("+")
            assert first != second and {first, second} <= singles


def _verdict(name: str, cells: str) -> tuple[str, str]:
    namespace: dict = {}
    exec(textwrap.dedent(cells), namespace)  # noqa: S102 - the test's own code, standing in for notebook cells
    with pytest.raises(AssertionError) as failure:
        check(name, namespace[name])
    return TAG_PATTERN.search(str(failure.value)).group(1), str(failure.value)


TWO_MISTAKES = {  # written for this test, each with two of the catalogue's mistakes at once
    "self_attention/scaled_twice+swapped_outputs": ("self_attention", """
        import math, torch
        def self_attention(Q, K, V):
            d_k = Q.shape[-1]
            scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k) / math.sqrt(d_k)
            exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
            weights = exps / exps.sum(dim=-1, keepdim=True)
            return weights, weights @ V
        """),
    "masked_attention/mask_inverted+no_scaling": ("masked_attention", """
        import torch
        def masked_attention(q, k, v, mask=None):
            logits = q @ k.transpose(-2, -1)  # never divided by √d_k
            hidden = torch.zeros_like(logits, dtype=torch.bool) if mask is None else mask != 0  # kept ones hidden
            weights = torch.softmax(torch.where(hidden, -1e9, logits), dim=-1)
            return weights @ v, weights
        """),
    "layer_norm/gamma_beta_swapped+unbiased_variance": ("layer_norm", """
        import torch
        def layer_norm(x, gamma, beta, eps=1e-5):
            mean = x.mean(dim=-1, keepdim=True)
            var = x.var(dim=-1, keepdim=True)  # unbiased: ÷(n − 1)
            return beta * (x - mean) / torch.sqrt(var + eps) + gamma
        """),
}


@pytest.mark.parametrize("code", list(TWO_MISTAKES))
def test_two_catalogued_mistakes_together_are_named_as_the_pair_with_both_explanations(code):
    exercise, cells = TWO_MISTAKES[code]
    named, message = _verdict(exercise, cells)
    assert named == code
    first, second = (entry for entry in for_exercise(exercise) if entry.id in code.split("/")[1].split("+"))
    assert "두 가지가 함께 틀렸습니다" in message
    assert first.explanation in message and second.explanation in message
