"""Enormous or malformed results: a 2 GiB tensor, a view that claims 2**31 numbers (8 GiB once copied)
in four bytes of memory, a list nested 100 000 deep, a generator, complex and bfloat16 tensors."""

import torch


def _nested(depth):
    nested = []
    for _ in range(depth):
        nested = [nested]
    return nested


def _rows(tensor):
    yield from tensor


_MALFORMED = {
    "dot_scores": lambda result: torch.empty(2**29),
    "scale_scores": lambda result: torch.zeros(()).expand(2**16, 2**15),
    "row_softmax": lambda result: _nested(100_000),
    "mix_values": _rows,
    "self_attention": lambda result: (result[0].to(torch.complex64), result[1].to(torch.bfloat16)),
}


def _attack(function, args):
    return _MALFORMED[function.__name__](function(*args))
