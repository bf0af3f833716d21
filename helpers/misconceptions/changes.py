"""Mistakes made around a right formula, for the entries that say so (``changes_arguments``, ``changes_result``):
what a wrong answer did to its arguments before a right computation, or to the right result after it. Written once
here, so that two entries' mistakes can be made together (``entry.composed``). Not a chapter: no MISCONCEPTIONS."""

from __future__ import annotations

import math
from collections.abc import Callable

import torch

from helpers.misconceptions.entry import NamedArguments

ResultChange = Callable[[object, NamedArguments], object]
ArgumentsChange = Callable[[NamedArguments], NamedArguments]


def items_swapped(first: int = 0, second: int = 1) -> ResultChange:
    """A tuple result with two of its items in each other's place."""
    def swap(result, named):
        items = list(result)
        items[first], items[second] = items[second], items[first]
        return tuple(items)
    return swap


def item_only(index: int) -> ResultChange:
    """One item of a tuple result instead of the tuple."""
    return lambda result, named: result[index]


def result_as(convert: Callable) -> ResultChange:
    """The right result converted (another type, dtype, sign or scale)."""
    return lambda result, named: convert(result)


def argument_replaced(name: str, value: Callable[[NamedArguments], object]) -> ArgumentsChange:
    """The argument `name` replaced by `value(arguments)` before a right computation."""
    return lambda named: named | {name: value(named)}


def arguments_swapped(first: str, second: str) -> ArgumentsChange:
    """Two arguments in each other's place."""
    return lambda named: named | {first: named[second], second: named[first]}


def mask_inverted(name: str) -> ArgumentsChange:
    """The mask read the other way round: what it marks to keep is hidden, and the rest kept."""
    return argument_replaced(name, lambda named: None if named[name] is None else torch.as_tensor(named[name]) == 0)


def unscaled(name: str, d_k: Callable[[NamedArguments], int]) -> ArgumentsChange:
    """Scores left undivided by √d_k: the same as a right formula given `name` (a factor of the scores) × √d_k."""
    return argument_replaced(name, lambda named: named[name] * math.sqrt(d_k(named)))


def scaled_twice(name: str, d_k: Callable[[NamedArguments], int]) -> ArgumentsChange:
    """Scores divided by √d_k twice: a right formula given `name` ÷ √d_k."""
    return argument_replaced(name, lambda named: named[name] / math.sqrt(d_k(named)))


def divided_by_root_of(name: str, d_k: Callable[[NamedArguments], int],
                       size: Callable[[NamedArguments], int]) -> ArgumentsChange:
    """Scores divided by √size (another length: keys, d_v) instead of √d_k: a right formula given `name` (a factor
    of the scores) × √d_k / √size."""
    return argument_replaced(name, lambda named: named[name] * math.sqrt(d_k(named) / size(named)))


def in_turn(*changes: ArgumentsChange) -> ArgumentsChange:
    """Several changes of the arguments, one after another (a weight and its bias scaled together)."""
    def change(named):
        for each in changes:
            named = each(named)
        return named
    return change
