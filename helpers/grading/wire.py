"""Values as data, for the channel between the grading checker and a student's kernel.

What a check sends a kernel (a call's arguments) and what the kernel sends back (the result, the
arguments after the call, an error's class and message) cross as bytes that only ever decode into
plain values: tensors and arrays through safetensors, everything else as a small JSON tree of tagged
nodes. Nothing is pickled or executed on either side, every message has a size cap, and a value the
format cannot hold arrives as an :class:`Unrepresentable` that no comparison accepts.

A tensor crosses with its layout (sizes, strides and the stretch of storage they cover), so that a
transposed or expanded input reaches the student's function as the same kind of view. The all-MiniLM-L6-v2
tensors are too big to send on every call: they travel by name (``{"minilm": "<name in the file>"}``) and
each side reads its own copy of the pinned file.
"""

from __future__ import annotations

import base64
import binascii
import builtins
import dataclasses
import hashlib
import json
from dataclasses import dataclass

import numpy as np
import torch

from helpers.grading.draw import GlobalSeedingGenerator

MAX_MESSAGE_BYTES = 64 * 2**20  # a kernel's answer, base64 included: far above any exercise's result
MAX_NODES = 100_000  # tagged nodes in one message's JSON tree
MAX_TEXT = 4_000  # characters of one string (an error message, a word) that are kept
TENSOR_DTYPES = {str(dtype).removeprefix("torch."): dtype for dtype in (
    torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
    torch.float16, torch.bfloat16, torch.float32, torch.float64)}


class MalformedMessage(ValueError):
    """A message that is not what the format allows (too big, not JSON, an unknown tag, a bad tensor)."""


@dataclass(frozen=True)
class Unrepresentable:
    """A value the format cannot carry (a module, a complex tensor, a tensor over the size cap…): its
    type's name, so that a verdict can say what came back."""

    type_name: str

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


@dataclass(frozen=True)
class Digest:
    """A course table after a call, as a SHA-256 of its bytes: enough to see it was changed in place."""

    sha256: str


def as_reported(sent, after):
    """An argument as a kernel reports it after the call: `after`, or its digest when `sent` was a course table."""
    if isinstance(sent, torch.Tensor) and course_table_name(sent) is not None and isinstance(after, torch.Tensor):
        return table_digest(after)
    return after


def table_digest(tensor: torch.Tensor) -> Digest:
    """The Digest of a tensor's values, dtype and shape (remembered until the tensor changes in place)."""
    key = (tensor.data_ptr(), tensor._version, tuple(tensor.shape), tuple(tensor.stride()), tensor.dtype)
    if key not in _DIGESTS:
        if len(_DIGESTS) >= 32:  # a few tables a call: keep the recent ones
            _DIGESTS.clear()
        _DIGESTS[key] = _digest(tensor)
    return _DIGESTS[key]


_DIGESTS: dict[tuple, Digest] = {}


def _digest(tensor: torch.Tensor) -> Digest:
    contiguous = tensor.detach().contiguous()
    hasher = hashlib.sha256(f"{contiguous.dtype}{tuple(contiguous.shape)}".encode())
    hasher.update(contiguous.view(torch.uint8).numpy().tobytes() if contiguous.numel() else b"")
    return Digest(hasher.hexdigest())


TABLE_MIN_BYTES = 2**20  # a tensor this big is looked for among the course tables


def course_table_name(tensor: torch.Tensor) -> str | None:
    """The name of the course table `tensor` holds (same shape, dtype and values), among those loaded here."""
    from helpers import data

    if tensor.numel() * tensor.element_size() < TABLE_MIN_BYTES:
        return None
    for name, table in data.loaded_minilm_weights().items():
        if table is tensor or (table.shape == tensor.shape and table.dtype == tensor.dtype
                               and (table.data_ptr() == tensor.data_ptr() or torch.equal(table, tensor))):
            return name
    return None


def course_table(name: str) -> torch.Tensor:
    """The course tensor `name` (a key of helpers.data.minilm_weights())."""
    from helpers import data

    weights = data.minilm_weights()
    if name not in weights:
        raise MalformedMessage(f"no course table named {name!r}")
    return weights[name]


# ---------------------------------------------------------------- encoding
class _Encoder:
    """One message: a JSON tree whose tensors are collected into one safetensors blob."""

    def __init__(self, by_name: bool, max_tensor_bytes: int):
        self.tensors: dict[str, torch.Tensor] = {}
        self.by_name = by_name
        self.max_tensor_bytes = max_tensor_bytes

    def tensor_node(self, tensor: torch.Tensor) -> dict:
        tensor = torch.Tensor.detach(tensor)
        dtype = str(tensor.dtype).removeprefix("torch.")
        if dtype not in TENSOR_DTYPES or tensor.layout != torch.strided or tensor.device.type != "cpu":
            return {"unrepresentable": f"torch.Tensor({tensor.dtype}, {tensor.layout}, {tensor.device})"}
        name = course_table_name(tensor) if self.by_name else None
        if name is not None:
            return {"minilm": name}
        span = _span(tensor)
        if span * tensor.element_size() > self.max_tensor_bytes:
            return {"unrepresentable": f"torch.Tensor{list(tensor.shape)} (너무 큼)"}
        key = f"t{len(self.tensors)}"
        if span > 2 * max(tensor.numel(), 1):  # a small view of a big storage: its values only
            self.tensors[key] = torch.Tensor.clone(tensor, memory_format=torch.contiguous_format)
            return {"tensor": key}
        self.tensors[key] = torch.Tensor.clone(tensor.as_strided((span,), (1,), tensor.storage_offset()))
        return {"tensor": key, "size": [int(n) for n in tensor.shape], "stride": [int(n) for n in tensor.stride()]}

    def node(self, value, depth: int = 0):  # noqa: PLR0911, C901 - one branch per kind of value
        if depth > 32:
            return {"unrepresentable": "너무 깊게 겹친 값"}
        if value is None or type(value) is bool:
            return value
        if type(value) is str:
            return value[:MAX_TEXT]
        if type(value) is Digest:
            return {"digest": value.sha256}
        if type(value) is int:
            return {"int": str(value)} if abs(value) < 10**300 else {"unrepresentable": "아주 큰 int"}
        if type(value) is float:
            return {"float": repr(value)}
        if type(value) is torch.Tensor or isinstance(value, torch.nn.Parameter):
            return self.tensor_node(value)
        if type(value) is np.ndarray:
            if value.dtype.kind not in "biuf" or value.dtype.byteorder == ">":
                return {"unrepresentable": f"numpy.ndarray({value.dtype})"}
            return {"ndarray": self.tensor_node(torch.from_numpy(np.array(value, order="C", copy=True)))}
        if isinstance(value, np.generic) and type(value).__module__ == "numpy" and value.dtype.kind in "biuf":
            return {"numpy_scalar": str(value.dtype), "value": repr(value.item())}
        if type(value) is torch.Generator:
            return {"generator": self.tensor_node(value.get_state())}
        if type(value) is GlobalSeedingGenerator:
            return {"seeding_generator": self.tensor_node(value.get_state()), "seed": str(value.initial_seed())}
        if type(value) in (tuple, list):
            return {type(value).__name__: [self.node(item, depth + 1) for item in value]}
        if type(value) is dict and all(type(key) in (str, int) for key in value):
            return {"dict": [[self.node(key), self.node(item, depth + 1)] for key, item in value.items()]}
        frame = _frame_node(self, value, depth)
        if frame is not None:
            return frame
        record = _record_node(self, value, depth)
        if record is not None:
            return record
        return {"unrepresentable": type(value).__qualname__}


def _frame_node(encoder: _Encoder, value, depth: int) -> dict | None:
    """A pandas DataFrame of numeric or text columns, with its column names and index."""
    from pandas import DataFrame

    if type(value) is not DataFrame:
        return None
    columns = []
    for name in value.columns:
        column = value[name]
        if column.dtype.kind in "biuf":
            columns.append(encoder.node(column.to_numpy(), depth + 1))
        else:
            columns.append({"list": [encoder.node(item if type(item) in (str, int, float, bool) else repr(item))
                                     for item in column.tolist()]})
    def label(item):
        return encoder.node(item if type(item) in (str, int) else str(item))

    return {"frame": {"columns": [label(name) for name in value.columns],
                      "index": [label(item) for item in value.index], "data": columns}}


def _record_node(encoder: _Encoder, value, depth: int) -> dict | None:
    """A parameter record of the course (helpers.data.EncoderLayerParams), field by field."""
    from helpers import data

    if type(value) is not data.EncoderLayerParams:
        return None
    return {"encoder_layer_params": {field.name: encoder.node(getattr(value, field.name), depth + 1)
                                     for field in dataclasses.fields(value)}}


def _span(tensor: torch.Tensor) -> int:
    """Elements of storage from the tensor's first to its last (strides are never negative in torch)."""
    if tensor.numel() == 0:
        return 0
    return 1 + sum((size - 1) * stride for size, stride in zip(tensor.shape, tensor.stride()))


def encode(value, *, tables_by_name: bool = False, max_tensor_bytes: int = MAX_MESSAGE_BYTES) -> str:
    """`value` as one ASCII line: base64 of (4-byte length, JSON tree, safetensors blob); with `tables_by_name`,
    a course table goes by its name."""
    from safetensors.torch import save

    encoder = _Encoder(tables_by_name, max_tensor_bytes)
    tree = json.dumps(encoder.node(value), ensure_ascii=True).encode()
    blob = save(encoder.tensors) if encoder.tensors else b""
    return base64.b64encode(len(tree).to_bytes(4, "big") + tree + blob).decode("ascii")


# ---------------------------------------------------------------- decoding
class _Decoder:
    def __init__(self, tensors: dict[str, torch.Tensor], allow_tables: bool):
        self.tensors = tensors
        self.allow_tables = allow_tables
        self.nodes = 0

    def tensor(self, node) -> torch.Tensor:
        if not isinstance(node, dict):
            raise MalformedMessage("a tensor node must be tagged")
        if set(node) == {"minilm"} and self.allow_tables and isinstance(node["minilm"], str):
            return course_table(node["minilm"])
        key = node.get("tensor")
        if not (isinstance(key, str) and key in self.tensors):
            raise MalformedMessage(f"not a tensor reference: {str(node)[:80]}")
        stored = self.tensors[key]
        if set(node) == {"tensor"}:
            return stored
        if set(node) != {"tensor", "size", "stride"}:
            raise MalformedMessage("a tensor node holds a reference, and a layout or nothing")
        return _view(stored, node["size"], node["stride"])

    def value(self, node):  # noqa: PLR0911, C901 - one branch per tag
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise MalformedMessage("too many values in one message")
        if node is None or type(node) in (bool, str):
            return node[:MAX_TEXT] if type(node) is str else node
        if not isinstance(node, dict) or len(node) not in (1, 2, 3):
            raise MalformedMessage(f"not a tagged node: {str(node)[:80]}")
        tag = next(iter(node))
        body = node[tag]
        if tag == "int" and isinstance(body, str) and len(body) <= 400:
            return int(body)
        if tag == "float" and isinstance(body, str) and len(body) <= 40:
            return float(body)
        if tag in ("tensor", "minilm"):
            return self.tensor(node)
        if tag == "ndarray":
            return self.tensor(body).numpy()
        if tag == "numpy_scalar" and isinstance(body, str) and np.dtype(body).kind in "biuf":
            return np.dtype(body).type(_literal_number(node.get("value")))
        if tag in ("generator", "seeding_generator"):
            generator = torch.Generator() if tag == "generator" else GlobalSeedingGenerator()
            if tag == "seeding_generator":
                generator.manual_seed(_literal_number(node.get("seed")))
            generator.set_state(self.tensor(body))
            return generator
        if tag in ("tuple", "list") and isinstance(body, list):
            items = [self.value(item) for item in body]
            return tuple(items) if tag == "tuple" else items
        if tag == "dict" and isinstance(body, list):
            pairs = [(self.value(pair[0]), self.value(pair[1])) for pair in body
                     if isinstance(pair, list) and len(pair) == 2]
            if len(pairs) != len(body) or not all(type(key) in (str, int) for key, _ in pairs):
                raise MalformedMessage("a dict's keys must be strings or integers")
            return dict(pairs)
        if tag == "frame" and isinstance(body, dict):
            return self.frame(body)
        if tag == "encoder_layer_params" and isinstance(body, dict):
            return self.record(body)
        if tag == "unrepresentable":
            return Unrepresentable(str(body)[:200])
        if tag == "digest" and isinstance(body, str) and len(body) == 64:
            return Digest(body)
        raise MalformedMessage(f"unknown tag {tag!r}")

    def frame(self, body: dict):
        from pandas import DataFrame

        columns, index, data = (body.get(key) for key in ("columns", "index", "data"))
        if not (isinstance(columns, list) and isinstance(index, list) and isinstance(data, list)
                and len(columns) == len(data)):
            raise MalformedMessage("a frame needs columns, index and one data list per column")
        names = [self.value(name) for name in columns]
        if not all(type(name) in (str, int) for name in names) or len(set(names)) != len(names):
            raise MalformedMessage("a frame's column names must be distinct strings or integers")
        values = [self.value(column) for column in data]
        rows = [self.value(item) for item in index]
        if any(len(column) != len(rows) for column in values):
            raise MalformedMessage("a frame's columns must be as long as its index")
        return DataFrame({name: list(column) if isinstance(column, list) else column
                          for name, column in zip(names, values)}, index=rows or None)

    def record(self, body: dict):
        from helpers import data

        names = [field.name for field in dataclasses.fields(data.EncoderLayerParams)]
        if set(body) != set(names):
            raise MalformedMessage("an EncoderLayerParams needs exactly its fields")
        return data.EncoderLayerParams(**{name: self.value(body[name]) for name in names})


def _view(stored: torch.Tensor, size, stride) -> torch.Tensor:
    """`stored` (a flat stretch of storage) seen with `size` and `stride`, once they are checked to fit in it."""
    if not (isinstance(size, list) and isinstance(stride, list) and len(size) == len(stride) <= 16
            and all(type(n) is int and n >= 0 for n in size + stride) and stored.dim() == 1):
        raise MalformedMessage("a tensor's layout must be lists of non-negative integers over a flat storage")
    needed = 0 if 0 in size else 1 + sum((n - 1) * step for n, step in zip(size, stride))
    if needed > stored.numel():
        raise MalformedMessage("a tensor's layout reaches past its storage")
    return stored.as_strided(size, stride, 0)


def _literal_number(text) -> float | int | bool:
    if not isinstance(text, str) or len(text) > 40:
        raise MalformedMessage("a number must be a short string")
    if text in ("True", "False"):
        return text == "True"
    try:
        return int(text)
    except ValueError:
        return float(text)


def decode(line: str, *, allow_tables: bool = True, max_bytes: int = MAX_MESSAGE_BYTES):
    """The value of a line made by :func:`encode`; MalformedMessage for anything else."""
    from safetensors.torch import load

    if not isinstance(line, str) or len(line) > max_bytes:
        raise MalformedMessage("the message is not text or is over its size cap")
    try:
        raw = base64.b64decode(line.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise MalformedMessage("the message is not base64") from None
    if len(raw) < 4:
        raise MalformedMessage("the message is too short")
    size = int.from_bytes(raw[:4], "big")
    if size > len(raw) - 4:
        raise MalformedMessage("the message's JSON length is past its end")
    try:
        tree = json.loads(raw[4:4 + size].decode("ascii"))
        tensors = load(raw[4 + size:]) if len(raw) > 4 + size else {}
    except (ValueError, RecursionError, UnicodeDecodeError) as error:
        raise MalformedMessage(f"the message cannot be read: {type(error).__name__}") from None
    except Exception as error:  # noqa: BLE001 - safetensors raises its own error types for a bad blob
        raise MalformedMessage(f"the tensors cannot be read: {type(error).__name__}") from None
    try:
        return _Decoder(tensors, allow_tables).value(tree)
    except (TypeError, ValueError, KeyError, IndexError, OverflowError, RecursionError, RuntimeError) as error:
        if isinstance(error, MalformedMessage):
            raise
        raise MalformedMessage(f"the message's values cannot be built: {type(error).__name__}") from None


def describe_error(error: BaseException) -> dict:
    """An exception as data: its class name, the builtin exception classes it derives from, its message
    and (when they are plain values) its arguments."""
    bases = [kind.__name__ for kind in type(error).__mro__
             if getattr(builtins, kind.__name__, None) is kind and issubclass(kind, BaseException)]
    simple = all(type(argument) in (str, int, float, bool) for argument in error.args)
    return {"type": type(error).__name__, "bases": bases, "message": str(error),
            "args": list(error.args) if simple and len(error.args) <= 8 else None}
