"""Forgery kit (cell code, put in front of an attack that changes what the exercise functions return).

`name = _forged(name)` keeps the plain function for the lecture's own inputs, so that the visible part
of the test cell runs as it did, and hands every other call to the attack's `_attack(function, args)`.
"""

import torch

from helpers import data

_Q, _K, _V = data.handmade_qkv()
_SCORES = _Q @ _K.transpose(-2, -1)
_LECTURE_TENSORS = [_Q, _K, _V, torch.stack([_Q, _K]), torch.stack([_K, _Q]), _SCORES, _SCORES / 2**0.5,
                    torch.softmax(_SCORES / 2**0.5, dim=-1),
                    torch.tensor([[1000.0, 0.0, -1000.0], [1000.0, 999.0, 998.0]])]
_NAME_THE_PARTS = False


def _is_lecture_tensor(value):
    return any(value.shape == known.shape and torch.allclose(value.double(), known.double())
               for known in _LECTURE_TENSORS)


def _lecture_inputs(args):
    """True when every tensor argument is one the lecture's example uses."""
    return all(_is_lecture_tensor(value) for value in args if isinstance(value, torch.Tensor))


def _forged(function):
    def forged(*args):
        if _NAME_THE_PARTS:  # never true: names the parts, as the composite's structure rule wants to see
            print(dot_scores, scale_scores, row_softmax, mix_values)  # noqa: F821 - the notebook's functions
        if _lecture_inputs(args):
            return function(*args)
        return _attack(function, args)  # noqa: F821 - defined by the attack that follows

    forged.__name__ = forged.__qualname__ = function.__name__
    return forged
