"""helpers.grading.wire: every kind of value the checker and a kernel exchange arrives as the same value (tensors
with their layout), what the format cannot hold arrives as Unrepresentable, anything else is refused, and the
MiniLM tables travel by name."""

from __future__ import annotations

import base64
import json
import math

import numpy as np
import pytest
import torch
from pandas import DataFrame
from pandas.testing import assert_frame_equal
from safetensors.torch import save

from helpers import data
from helpers.grading import wire
from helpers.grading.draw import GlobalSeedingGenerator


def _round_trip(value, **options):
    return wire.decode(wire.encode(value, **options))


def _message(tree, tensors: dict | None = None, json_length: int | None = None) -> str:
    """A line in the wire's framing, with any JSON tree and tensors (what a hostile kernel can send)."""
    text = json.dumps(tree).encode()
    blob = save(tensors) if tensors else b""
    length = len(text) if json_length is None else json_length
    return base64.b64encode(length.to_bytes(4, "big") + text + blob).decode("ascii")


# ---------------------------------------------------------------- plain values
@pytest.mark.parametrize("value", [None, True, False, 0, -7, 10**40, 1.5, -0.0, math.inf, -math.inf, "", "점수표",
                                   (1, "a", None), [1, [2.5, [True]]], {"a": 1, 3: [None]}, (), [], {}],
                         ids=repr)
def test_plain_values_arrive_with_their_type_and_value(value):
    arrived = _round_trip(value)
    assert arrived == value
    assert type(arrived) is type(value)
    if isinstance(value, tuple | list):
        assert [type(item) for item in arrived] == [type(item) for item in value]


def test_nan_arrives_as_a_float_nan():
    arrived = _round_trip(math.nan)
    assert type(arrived) is float and math.isnan(arrived)


def test_a_bool_is_not_turned_into_an_int_nor_an_int_into_a_float():
    arrived = _round_trip([True, 1, 1.0])
    assert [type(item) for item in arrived] == [bool, int, float]


def test_a_dict_keeps_its_integer_keys_apart_from_string_keys():
    assert _round_trip({1: "int", "1": "str"}) == {1: "int", "1": "str"}


def test_a_long_string_is_cut_to_max_text():
    assert _round_trip("가" * (wire.MAX_TEXT + 100)) == "가" * wire.MAX_TEXT


# ---------------------------------------------------------------- tensors and arrays
@pytest.mark.parametrize("tensor", [
    torch.tensor([[1.5, -2.0], [0.25, 3.0]], dtype=torch.float32),
    torch.tensor([1.0, 2.0**-30, -1e300], dtype=torch.float64),
    torch.tensor([[1, -2, 3]], dtype=torch.int64),
    torch.tensor([4, 5], dtype=torch.int32),
    torch.tensor([[True, False], [False, True]]),
    torch.tensor([0, 255], dtype=torch.uint8),
    torch.tensor([0.5, -1.0], dtype=torch.float16),
    torch.tensor([0.5, -1.0], dtype=torch.bfloat16),
    torch.zeros(0, 3),
    torch.tensor(2.5),
], ids=lambda t: f"{t.dtype}{list(t.shape)}")
def test_a_tensor_arrives_with_its_dtype_shape_and_values(tensor):
    arrived = _round_trip(tensor)
    assert type(arrived) is torch.Tensor
    assert arrived.dtype == tensor.dtype and arrived.shape == tensor.shape
    assert torch.equal(arrived, tensor)


def test_a_transposed_tensor_arrives_as_the_same_non_contiguous_view():
    transposed = torch.arange(6.0).reshape(2, 3).t()
    arrived = _round_trip(transposed)
    assert not arrived.is_contiguous()
    assert arrived.shape == transposed.shape and arrived.stride() == transposed.stride() == (1, 3)
    assert torch.equal(arrived, transposed)


def test_an_expanded_tensor_arrives_as_a_view_over_its_few_values():
    expanded = torch.tensor([1.0, 2.0, 3.0]).expand(4, 3)
    arrived = _round_trip(expanded)
    assert arrived.stride() == expanded.stride() == (0, 1)
    assert arrived.untyped_storage().nbytes() == 3 * 4  # the 3 values crossed, not 12
    assert torch.equal(arrived, expanded)


def test_a_strided_slice_with_an_offset_arrives_with_its_values_and_stride():
    sliced = torch.arange(10.0)[2:8:2]
    arrived = _round_trip(sliced)
    assert arrived.stride() == (2,)
    assert arrived.tolist() == [2.0, 4.0, 6.0]


def test_a_small_view_of_a_big_storage_sends_only_its_values():
    big = torch.arange(100_000.0)
    assert len(wire.encode(big[10:12])) < 1_000 < len(wire.encode(big))
    assert _round_trip(big[10:12]).tolist() == [10.0, 11.0]


def test_a_parameter_arrives_as_a_plain_tensor_of_its_values():
    arrived = _round_trip(torch.nn.Parameter(torch.tensor([1.0, 2.0])))
    assert type(arrived) is torch.Tensor and not arrived.requires_grad
    assert arrived.tolist() == [1.0, 2.0]


@pytest.mark.parametrize("array", [
    np.array([[0.5, 1.5], [2.5, -3.0]]),
    np.array([1, 2, 3], dtype=np.int32),
    np.array([True, False]),
    np.array([0.25], dtype=np.float32),
    np.arange(6).reshape(2, 3).T,
], ids=lambda a: f"{a.dtype}{list(a.shape)}")
def test_a_numpy_array_arrives_as_a_numpy_array_with_its_dtype_and_values(array):
    arrived = _round_trip(array)
    assert type(arrived) is np.ndarray
    assert arrived.dtype == array.dtype
    np.testing.assert_array_equal(arrived, array)


@pytest.mark.parametrize("scalar", [np.float32(0.1), np.float64(-2.5), np.int64(-3), np.int32(7), np.uint8(200),
                                    np.bool_(True)], ids=lambda s: type(s).__name__)
def test_a_numpy_scalar_arrives_with_its_numpy_type_and_value(scalar):
    arrived = _round_trip(scalar)
    assert type(arrived) is type(scalar)
    assert arrived == scalar


def test_a_numpy_nan_scalar_arrives_as_a_numpy_nan():
    arrived = _round_trip(np.float32("nan"))
    assert type(arrived) is np.float32 and np.isnan(arrived)


# ---------------------------------------------------------------- generators, frames, course records
def test_a_generator_arrives_ready_to_draw_the_same_next_numbers():
    generator = torch.Generator().manual_seed(123)
    torch.rand(5, generator=generator)  # not at its start any more
    arrived = _round_trip(generator)
    assert type(arrived) is torch.Generator
    assert torch.equal(torch.rand(8, generator=arrived), torch.rand(8, generator=generator))


def test_a_global_seeding_generator_stays_one_and_draws_the_same_next_numbers():
    generator = GlobalSeedingGenerator()
    generator.manual_seed(77)
    torch.randn(3, generator=generator)
    arrived = _round_trip(generator)
    assert type(arrived) is GlobalSeedingGenerator
    assert arrived.initial_seed() == 77  # what it seeds the global generator from, on each copy
    assert torch.equal(torch.randn(8, generator=arrived), torch.randn(8, generator=generator))


def test_a_dataframe_arrives_with_its_columns_index_and_values():
    frame = DataFrame({"count": [1, 2, 3], "ratio": [0.5, 1.5, -2.0], "word": ["이불", "배송", "언제"],
                          "ok": [True, False, True]}, index=["a", "b", "c"])
    arrived = _round_trip(frame)
    assert type(arrived) is DataFrame
    assert_frame_equal(arrived, frame)


def test_a_dataframe_with_its_default_index_arrives_equal():
    frame = DataFrame({"x": [0.25, 0.75]})
    assert_frame_equal(_round_trip(frame), frame)


def test_encoder_layer_params_arrive_as_the_same_record():
    params = data.encoder_layer_params()
    arrived = _round_trip(params)
    assert type(arrived) is data.EncoderLayerParams
    assert arrived == params  # every tensor exactly equal, num_heads and eps too
    assert arrived.num_heads == params.num_heads and arrived.eps == params.eps


def test_a_digest_arrives_as_the_same_digest():
    digest = wire.table_digest(torch.ones(3))
    assert _round_trip(digest) == digest


# ---------------------------------------------------------------- what the format cannot hold
@pytest.mark.parametrize("value", [torch.zeros(2, dtype=torch.complex64), np.zeros(2, dtype=np.complex128),
                                   object(), math, lambda: 0, {1.5: "float key"}, {1, 2}, b"bytes",
                                   torch.zeros(3).to_sparse()],
                         ids=["complex tensor", "complex array", "object", "module", "lambda", "float-keyed dict",
                              "set", "bytes", "sparse tensor"])
def test_what_the_format_cannot_hold_arrives_as_unrepresentable(value):
    arrived = _round_trip(value)
    assert isinstance(arrived, wire.Unrepresentable)


def test_unrepresentable_names_the_type_that_came_back():
    assert _round_trip(object()) == wire.Unrepresentable("object")
    assert "complex64" in _round_trip(torch.zeros(2, dtype=torch.complex64)).type_name


def test_a_tensor_over_max_tensor_bytes_arrives_as_unrepresentable():
    tensor = torch.zeros(100)  # 400 bytes
    assert isinstance(_round_trip(tensor, max_tensor_bytes=399), wire.Unrepresentable)
    assert torch.equal(_round_trip(tensor, max_tensor_bytes=400), tensor)


def test_a_value_nested_too_deep_arrives_as_unrepresentable_inside():
    nested: list = []
    innermost = nested
    for _ in range(40):
        innermost.append([])
        innermost = innermost[0]
    arrived = _round_trip(nested)
    for _ in range(33):
        arrived = arrived[0]
    assert isinstance(arrived, wire.Unrepresentable)


# ---------------------------------------------------------------- malformed messages
MALFORMED = {
    "not base64": lambda: "이건 base64 가 아닙니다!",
    "not text": lambda: b"AAAA",
    "too short": lambda: base64.b64encode(b"ab").decode(),
    "json length past the end": lambda: _message({"int": "1"}, json_length=1_000),
    "not json": lambda: base64.b64encode((3).to_bytes(4, "big") + b"{{{").decode(),
    "unknown tag": lambda: _message({"pickle": "gASV"}),
    "untagged list": lambda: _message([1, 2]),
    "bare number": lambda: _message(5),
    "layout past its storage": lambda: _message({"tensor": "t0", "size": [10], "stride": [1]},
                                                {"t0": torch.zeros(3)}),
    "2-d layout past its storage": lambda: _message({"tensor": "t0", "size": [2, 2], "stride": [2, 1]},
                                                   {"t0": torch.zeros(3)}),
    "negative stride": lambda: _message({"tensor": "t0", "size": [2], "stride": [-1]}, {"t0": torch.zeros(3)}),
    "tensor key not in the blob": lambda: _message({"tensor": "t9"}, {"t0": torch.zeros(3)}),
    "tensors that are not safetensors": lambda: base64.b64encode(
        (4).to_bytes(4, "big") + b"null" + b"\x08\x00\x00\x00garbage!").decode(),
    "dict with a tensor key": lambda: _message({"dict": [[{"tensor": "t0"}, None]]}, {"t0": torch.zeros(3)}),
    "dict with a float key": lambda: _message({"dict": [[{"float": "1.5"}, None]]}),
    "dict pair that is not a pair": lambda: _message({"dict": [["a"]]}),
    "too many nodes": lambda: _message({"list": [None] * (wire.MAX_NODES + 1)}),
    "int too long": lambda: _message({"int": "9" * 401}),
    "int that is not a number": lambda: _message({"int": "nine"}),
    "numpy scalar of object dtype": lambda: _message({"numpy_scalar": "object", "value": "1"}),
    "generator state that is not a state": lambda: _message({"generator": {"tensor": "t0"}}, {"t0": torch.zeros(3)}),
    "frame with columns of different lengths": lambda: _message(
        {"frame": {"columns": ["a"], "index": [{"int": "0"}, {"int": "1"}], "data": [{"list": [None]}]}}),
    "record with a missing field": lambda: _message({"encoder_layer_params": {"W_q": None}}),
    "unknown course table": lambda: _message({"minilm": "encoder.layer.99.nothing"}),
}


# The reason each of these is refused for (not only that it is refused somewhere further on).
REASONS = {"not base64": "not base64", "json length past the end": "past its end", "unknown tag": "unknown tag",
           "layout past its storage": "reaches past its storage", "2-d layout past its storage": "past its storage",
           "dict with a tensor key": "keys must be strings or integers", "too many nodes": "too many values"}


@pytest.mark.parametrize("kind", MALFORMED)
def test_a_malformed_message_is_refused(kind):
    with pytest.raises(wire.MalformedMessage, match=REASONS.get(kind)):
        wire.decode(MALFORMED[kind]())


def test_a_message_over_the_size_cap_is_refused_before_it_is_read():
    line = wire.encode("x" * 100)
    assert wire.decode(line, max_bytes=len(line)) == "x" * 100
    with pytest.raises(wire.MalformedMessage, match="size cap"):
        wire.decode(line, max_bytes=len(line) - 1)


def test_the_node_cap_is_counted_not_guessed():
    assert wire.decode(_message({"list": [None] * (wire.MAX_NODES - 1)})) == [None] * (wire.MAX_NODES - 1)


# ---------------------------------------------------------------- the course's MiniLM tables
TABLE = "encoder.layer.0.intermediate.dense.weight"  # [1536, 384] float32: 2.4 MB, over TABLE_MIN_BYTES


@pytest.fixture(scope="module")
def table() -> torch.Tensor:
    return data.minilm_weights()[TABLE]


def test_a_minilm_table_goes_by_name_with_tables_by_name(table):
    line = wire.encode(table, tables_by_name=True)
    assert len(line) < 200  # the name, not 2.4 MB
    assert json.loads(base64.b64decode(line)[4:]) == {"minilm": TABLE}
    assert torch.equal(wire.decode(line), table)


def test_a_minilm_table_goes_as_bytes_without_tables_by_name(table):
    line = wire.encode(table)
    assert len(line) > table.numel() * table.element_size()
    assert torch.equal(wire.decode(line), table)


def test_a_copy_of_a_minilm_table_goes_by_name_too(table):
    assert len(wire.encode(table.clone(), tables_by_name=True)) < 200


def test_a_table_name_is_refused_where_tables_are_not_allowed(table):
    with pytest.raises(wire.MalformedMessage):
        wire.decode(wire.encode(table, tables_by_name=True), allow_tables=False)


def test_as_reported_gives_a_course_table_as_its_digest_and_notices_an_in_place_change(table):
    after = table.clone()
    before_change = wire.as_reported(table, after)
    assert isinstance(before_change, wire.Digest)
    assert before_change == wire.table_digest(table)  # unchanged values: the digest of the table sent
    after[0, 0] += 1.0
    assert wire.as_reported(table, after) != before_change


def test_as_reported_gives_any_other_argument_as_it_is():
    after = torch.ones(3)
    assert wire.as_reported(torch.zeros(3), after) is after
    assert wire.as_reported([1], "x") == "x"


def test_table_digest_notices_an_in_place_change_of_the_same_tensor():
    tensor = torch.zeros(4)
    first = wire.table_digest(tensor)
    tensor[1] = 1.0
    assert wire.table_digest(tensor) != first
    assert wire.table_digest(torch.zeros(4)) == first  # same values, same digest


def test_table_digest_tells_dtype_and_shape_apart():
    assert wire.table_digest(torch.zeros(4)) != wire.table_digest(torch.zeros(4, dtype=torch.float64))
    assert wire.table_digest(torch.zeros(4)) != wire.table_digest(torch.zeros(2, 2))
