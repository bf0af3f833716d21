"""A check tells a student function that changed its input in place from one that did not, on tensors as large as
ch07's embedding table, NaN included (guard.modified_input, which compares before and after each call)."""

from __future__ import annotations

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
