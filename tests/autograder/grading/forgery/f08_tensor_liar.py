"""Results are a torch.Tensor subclass that lies when compared: ==, <=, isclose say "equal everywhere",
allclose and equal say True, and a difference is all zeros."""

import torch


class _Liar(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name in {"allclose", "equal"}:
            return True
        result = super().__torch_function__(func, types, args, kwargs or {})
        if name in {"__eq__", "eq", "__le__", "le", "__ge__", "ge", "isclose"}:
            return torch.ones_like(result)
        if name in {"__sub__", "sub", "__rsub__"}:
            return torch.zeros_like(result)
        return result


def _attack(function, args):
    result = function(*args)
    if isinstance(result, tuple):
        return tuple(part.as_subclass(_Liar) for part in result)
    return result.as_subclass(_Liar)
