"""helpers.grading.compare: a dict result (a wrong answer's, compared with its own run on the course's parts) is
judged key by key, and a value whose == gives no single truth value is a difference, not a crash of the judge."""

from __future__ import annotations

import pytest
import torch

from helpers.grading import check_example
from helpers.grading.compare import compare


def test_two_dicts_of_equal_tensors_match():
    weights = torch.softmax(torch.arange(6.0).reshape(2, 3), dim=-1)
    assert compare({"output": weights @ torch.ones(3, 2), "weights": weights},
                   {"output": weights @ torch.ones(3, 2), "weights": weights.clone()}, "결과") is None


def test_a_dict_differs_by_its_first_wrong_value_or_its_keys():
    weights = torch.full((2, 2), 0.5)
    assert "['weights']" in compare({"weights": weights}, {"weights": weights * 2}, "결과")
    assert "키가" in compare({"weights": weights}, {"attention": weights}, "결과")
    assert "dict" in compare({"weights": weights}, (weights,), "결과")


def test_values_whose_equality_is_not_one_truth_value_are_different():
    assert compare({1, 2}, [torch.ones(2)], "결과") is not None


def test_self_attention_returning_a_dict_is_told_it_must_return_the_tuple():
    def self_attention(Q, K, V):
        scores = Q @ K.transpose(-2, -1) / Q.shape[-1] ** 0.5
        exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
        weights = exps / exps.sum(dim=-1, keepdim=True)
        return {"output": weights @ V, "weights": weights}

    with pytest.raises(AssertionError, match=r"^\[진단: self_attention/wrong_type\]"):  # the judge's CheckFailed
        check_example("self_attention", self_attention)
