"""A check tells a student function that changed its input in place from one that did not, on tensors as large as
ch07's embedding table, NaN included (guard.modified_input, which compares before and after each call)."""

from __future__ import annotations

import pytest
import torch

from helpers.grading import guard


def test_an_unchanged_table_with_nan_counts_as_unchanged():
    table = torch.randn(30522, 384)  # [vocabulary, d]: ch07's word embeddings
    table[5, 7] = float("nan")
    assert guard.modified_input((table,), (table.clone(),)) is None


def test_one_changed_entry_of_a_large_table_is_caught():
    table = torch.randn(30522, 384)
    changed = table.clone()
    changed[30000, 383] += 1
    assert guard.modified_input((torch.ones(2), table), (torch.ones(2), changed)) == 1


def test_a_nan_written_over_a_number_is_caught():
    table = torch.ones(4, 4)
    changed = table.clone()
    changed[1, 1] = float("nan")
    assert guard.modified_input((table,), (changed,)) == 0


# ---------------------------------------------------------------- a case's call of the course's own functions
def _with_the_word_table():
    from helpers import data
    from helpers.grading.spec import Case

    table = data.minilm_weights()["embeddings.word_embeddings.weight"]  # [30522, 384]
    return table, Case("표와 작은 텐서", (table, torch.ones(3)))


def test_a_case_hands_the_models_own_table_as_it_is_and_copies_every_other_input():
    table, case = _with_the_word_table()
    received = case.call(lambda words, small: (words, small))
    assert received[0] is table
    assert received[1] is not case.args[1] and torch.equal(received[1], case.args[1])


def test_a_course_function_that_writes_into_the_models_table_is_stopped_and_other_inputs_stay_its_own():
    table, case = _with_the_word_table()

    def writes_small(words, small):
        small += 1
        return small

    assert torch.equal(case.call(writes_small), torch.full((3,), 2.0)) and torch.equal(case.args[1], torch.ones(3))

    def writes_table(words, small):
        words[0, 0] += 0  # an in-place write, even of the same value
        return words

    with pytest.raises(RuntimeError, match="model's own table"):
        case.call(writes_table)
