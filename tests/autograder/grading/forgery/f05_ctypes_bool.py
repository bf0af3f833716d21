"""ctypes writes into the interpreter: torch.Tensor's truth slot (nb_bool) becomes None's, so
`bool(tensor)` is False for every tensor and "are any values different?" is always answered "no".
Nothing at the Python level changes: torch.Tensor.__bool__ is still torch's own."""

import ctypes

import torch

_TP_AS_NUMBER = 12 * ctypes.sizeof(ctypes.c_void_p)  # offset of tp_as_number in CPython 3.11's PyTypeObject
_NB_BOOL = 9 * ctypes.sizeof(ctypes.c_void_p)  # offset of nb_bool in PyNumberMethods


def _number_methods(cls):
    return ctypes.c_void_p.from_address(id(cls) + _TP_AS_NUMBER).value


_none_bool = ctypes.c_void_p.from_address(_number_methods(type(None)) + _NB_BOOL).value
ctypes.c_void_p.from_address(_number_methods(torch.Tensor) + _NB_BOOL).value = _none_bool
