"""Confirm that every answer of this frozen set is wrong by the course's own comparison rule.

Run from /work/main:  .venv/bin/python tests/independent_wrong_blind2/verify.py

For every answer listed in labels.tsv the file is loaded with runpy, and the function is called on a
few valid inputs (built here from helpers.reference / helpers.data and torch/numpy with fixed seeds).
An answer counts as wrong when, on at least one input,
  - its result differs from helpers.reference: another container kind, shape, or dtype family
    (bool / integer / floating; float32 vs float64 is not a difference), or a value outside
    |got - expected| <= 1e-5 + 1e-4·|expected| (DataFrames column by column as floats, tuples item by item),
  - it raises where the reference returns,
  - it returns (or raises another class) where the reference raises the exception the exercise asks for,
  - or it changes one of its input tensors / arrays / lists in place.
Nothing here imports helpers.grading or helpers.misconceptions.
"""

from __future__ import annotations

import copy
import math
import pathlib
import runpy
import sys
import warnings

import numpy as np  # arrays
import pandas as pd  # DataFrame results
import torch

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # /work/main, so that helpers imports

from helpers import data, reference  # noqa: E402

warnings.filterwarnings("ignore")
ATOL, RTOL = 1e-5, 1e-4


# ---------------------------------------------------------------- comparison
def family(dtype) -> str:
    if isinstance(dtype, torch.dtype):
        if dtype == torch.bool:
            return "bool"
        return "float" if (dtype.is_floating_point or dtype.is_complex) else "int"
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return "bool"
    return "float" if np.issubdtype(dtype, np.inexact) else "int"


def kind(value) -> str:
    if isinstance(value, torch.Tensor):
        return "tensor"
    if isinstance(value, np.ndarray):
        return "ndarray"
    if isinstance(value, pd.DataFrame):
        return "dataframe"
    if isinstance(value, tuple):
        return "tuple"
    if isinstance(value, list):
        return "list"
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if isinstance(value, (int, float, np.integer, np.floating)):
        return "number"
    return type(value).__name__


def close(got: np.ndarray, expected: np.ndarray, extra_atol: float = 0.0) -> bool:
    got = np.asarray(got, dtype=np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    both_nan = np.isnan(got) & np.isnan(expected)
    same_inf = np.isinf(got) & np.isinf(expected) & (np.sign(got) == np.sign(expected))
    with np.errstate(invalid="ignore"):
        ok = np.abs(got - expected) <= ATOL + extra_atol + RTOL * np.abs(expected)
    return bool(np.all(ok | both_nan | same_inf))


def difference(got, expected, extra_atol: float = 0.0) -> str | None:
    """None when equal by the course's rule, else a short reason."""
    if kind(got) != kind(expected):
        return f"kind {kind(got)} != {kind(expected)}"
    k = kind(expected)
    if k in ("tuple", "list"):
        if len(got) != len(expected):
            return f"length {len(got)} != {len(expected)}"
        for i, (g, e) in enumerate(zip(got, expected)):
            reason = difference(g, e, extra_atol)
            if reason:
                return f"item {i}: {reason}"
        return None
    if k == "dataframe":
        if list(got.columns) != list(expected.columns):
            return f"columns {list(got.columns)} != {list(expected.columns)}"
        if got.shape != expected.shape:
            return f"shape {got.shape} != {expected.shape}"
        for column in expected.columns:
            if not close(got[column].to_numpy(dtype=float), expected[column].to_numpy(dtype=float)):
                return f"column {column!r} values differ"
        return None
    if k in ("tensor", "ndarray"):
        g = got.detach().cpu().numpy() if k == "tensor" else got
        e = expected.detach().cpu().numpy() if k == "tensor" else expected
        if g.shape != e.shape:
            return f"shape {tuple(g.shape)} != {tuple(e.shape)}"
        if family(got.dtype) != family(expected.dtype):
            return f"dtype {got.dtype} vs {expected.dtype}"
        if not close(g.astype(np.float64), e.astype(np.float64), extra_atol):
            return "values differ"
        return None
    if k == "bool":
        return None if bool(got) == bool(expected) else "bool value differs"
    if k == "number":
        if isinstance(got, (int, np.integer)) != isinstance(expected, (int, np.integer)):
            return f"number family {type(got).__name__} vs {type(expected).__name__}"
        return None if close(np.array(float(got)), np.array(float(expected)), extra_atol) else "value differs"
    return None if got == expected else "values differ"


def snapshot(value):
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, (list, dict, tuple)):
        return copy.deepcopy(value)
    return value


def unchanged(before, after) -> bool:
    if isinstance(before, torch.Tensor):
        if before.shape != after.shape or before.dtype != after.dtype:
            return False
        return torch.equal(before, after) or torch.allclose(before, after, rtol=0.0, atol=0.0, equal_nan=True)
    if isinstance(before, np.ndarray):
        return np.array_equal(before, after, equal_nan=True)
    if isinstance(before, (list, dict, tuple)):
        return before == after
    return True


# ---------------------------------------------------------------- valid inputs per function
def gen(seed):
    return torch.Generator().manual_seed(seed)


def randn(*shape, seed=0, dtype=torch.float32, scale=1.0):
    return (scale * torch.randn(*shape, generator=gen(seed), dtype=torch.float64)).to(dtype)


def softmax_rows(t):
    return torch.softmax(t, dim=-1)


def ch01_cases():
    Q, K, V = data.handmade_qkv()
    return {
        "dot_scores": [
            lambda: ((Q.clone(), K.clone()), {}),
            lambda: ((randn(2, 3, 5, 4, seed=1, dtype=torch.float64), randn(2, 3, 6, 4, seed=2, dtype=torch.float64)), {}),
            lambda: ((randn(3, 5, seed=3), randn(7, 5, seed=4)), {}),
        ],
        "scale_scores": [
            lambda: ((randn(2, 3, 5, 7, seed=5), 16), {}),
            lambda: ((reference.dot_scores(Q, K), 2), {}),
            lambda: ((randn(4, 6, seed=6, dtype=torch.float64), 3), {}),
        ],
        "row_softmax": [
            lambda: ((reference.scale_scores(reference.dot_scores(Q, K), 2),), {}),
            lambda: ((torch.tensor([[1000.0, 999.0, 0.0]]),), {}),
            lambda: ((torch.tensor([float("-inf"), 2.0, 1.0]),), {}),
            lambda: ((randn(2, 3, 5, seed=7, scale=1000.0),), {}),
            lambda: ((torch.tensor([[1000.0, 999.0, 998.0], [0.0, -1.0, -2.0]]),), {}),
            lambda: ((84.0 + randn(2, 256, seed=8),), {}),
            lambda: ((randn(2, 4, 6, seed=9, dtype=torch.float64),), {}),
        ],
        "mix_values": [
            lambda: ((softmax_rows(randn(2, 3, 5, 6, seed=10)), randn(2, 3, 6, 4, seed=11)), {}),
            lambda: ((reference.row_softmax(reference.scale_scores(reference.dot_scores(Q, K), 2)), V.clone()), {}),
            lambda: ((softmax_rows(randn(3, 5, seed=12, dtype=torch.float64)), randn(5, 7, seed=13, dtype=torch.float64)), {}),
        ],
        "self_attention": [
            lambda: ((Q.clone(), K.clone(), V.clone()), {}),
            lambda: ((randn(2, 5, 4, seed=14, dtype=torch.float64), randn(2, 6, 4, seed=15, dtype=torch.float64),
                      randn(2, 6, 3, seed=16, dtype=torch.float64)), {}),
            lambda: ((randn(3, 7, 2, seed=17), randn(3, 7, 2, seed=18), randn(3, 7, 5, seed=19)), {}),
        ],
    }


def ch02_cases():
    q7, keys7 = data.scaling_query_keys()
    rs = np.random.RandomState(3)
    q16, keys16 = rs.randn(16), rs.randn(5, 16)
    return {
        "score_std_table": [
            lambda: ((), {}),
            lambda: ((), {"dims": (8, 32), "n_pairs": 10, "seed": 3}),
            lambda: ((), {"dims": (2, 128, 5), "n_pairs": 40, "seed": 0}),
        ],
        "softmax_1d": [
            lambda: ((keys7 @ q7 / 8.0,), {}),
            lambda: ((np.array([1000.0, 0.0, -1000.0]),), {}),
            lambda: ((np.array([1.0, 1.0]),), {}),
            lambda: ((np.array([89.0, 88.0, 1.0], dtype=np.float32),), {}),
            lambda: ((np.array([-1500.0, -1200.0, -1001.0]),), {}),
            lambda: ((np.random.RandomState(4).randn(9),), {}),
        ],
        "compare_scaling": [
            lambda: ((q7.copy(), keys7.copy()), {}),
            lambda: ((25 * q7, 25 * keys7), {}),
            lambda: ((q7.copy(), np.vstack([keys7[:3], q7[None] * 10])), {}),
            lambda: ((q16.copy(), keys16.copy()), {}),
        ],
    }


def ch03_cases():
    vocab2 = {"a": 0, "b": 1, "c": 2, "<p>": 5}
    batch = data.sentence_batch()
    ids = torch.tensor([[3, 1, 2, 2, 2], [4, 4, 1, 1, 2], [2, 2, 2, 2, 2]])

    def lecture_like():
        Qm, Km, Vm = randn(4, 4, 6, seed=21), randn(4, 4, 6, seed=22), randn(4, 4, 6, seed=23)
        return (Qm, Km, Vm, (batch != 0).unsqueeze(1)), {}

    def heads_int_mask():
        m = torch.ones(2, 1, 1, 5, dtype=torch.long)
        m[1, ..., 3:] = 0
        return (randn(2, 3, 5, 4, seed=24, dtype=torch.float64), randn(2, 3, 5, 4, seed=25, dtype=torch.float64),
                randn(2, 3, 5, 7, seed=26, dtype=torch.float64), m), {}

    def big_and_empty():
        m = torch.ones(3, 1, 6, dtype=torch.bool)
        m[0, :, 4:] = False
        m[2] = False  # a sentence that is all padding
        return (randn(3, 6, 4, seed=27, scale=30.0), randn(3, 6, 4, seed=28, scale=30.0),
                randn(3, 6, 4, seed=29), m), {}

    def no_mask():
        return (randn(2, 5, 4, seed=30), randn(2, 5, 4, seed=31), randn(2, 5, 3, seed=32)), {}

    return {
        "encode": [
            lambda: ((["나는", "집에", "간다"], dict(data.VOCAB), 4), {}),
            lambda: ((data.SENTENCES[3], dict(data.VOCAB), 6), {}),
            lambda: ((["b", "c"], dict(vocab2), 4), {"pad": "<p>"}),
            lambda: ((["나는", "고양이"], dict(data.VOCAB), 4), {}),
            lambda: ((["나는", "오늘", "학교에", "간다", "오늘"], dict(data.VOCAB), 4), {}),
        ],
        "positional_encoding": [
            lambda: ((4, 6), {}),
            lambda: ((50, 16), {}),
            lambda: ((512, 8), {}),
        ],
        "padding_mask": [
            lambda: ((batch.clone(),), {}),
            lambda: ((ids.clone(),), {"pad_id": 2}),
            lambda: ((ids.clone(),), {}),
        ],
        "masked_attention": [lecture_like, heads_int_mask, big_and_empty, no_mask],
    }


def ch04_cases():
    X, Wq, Wk, Wv = data.random_model_inputs()
    p = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.5, 0.5, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25]])
    masked = softmax_rows(randn(2, 3, 5, 5, seed=40).masked_fill(torch.rand(2, 3, 5, 5, generator=gen(41)) < 0.4, -1e9))

    def seeded(seed):
        def make():
            torch.manual_seed(seed)
            return (), {}
        return make

    return {
        "project_qkv": [
            lambda: ((X.clone(), Wq.clone(), Wk.clone(), Wv.clone()), {}),
            lambda: ((torch.stack([X, X.flip(0)]), Wq.clone(), Wk.clone(), Wv.clone()), {}),
            lambda: ((randn(2, 3, 8, seed=42, dtype=torch.float64), randn(8, 5, seed=43, dtype=torch.float64),
                      randn(8, 5, seed=44, dtype=torch.float64), randn(8, 3, seed=45, dtype=torch.float64)), {}),
        ],
        "score_magnitude": [
            lambda: ((X @ Wq, X @ Wk), {}),
            lambda: ((randn(2, 5, 16, seed=46), randn(2, 7, 16, seed=47)), {}),
            lambda: ((randn(3, 4, 3, seed=48, dtype=torch.float64), randn(3, 6, 3, seed=49, dtype=torch.float64)), {}),
        ],
        "row_entropy": [
            lambda: ((p.clone(),), {}),
            lambda: ((masked.clone(),), {}),
            lambda: ((softmax_rows(randn(3, 6, seed=50, dtype=torch.float64)),), {}),
        ],
        # scaled_init: (args, kwargs) with a fresh generator per call; None cases seed the global state
        "scaled_init": [
            lambda: ((8, 8, gen(0)), {}),
            lambda: ((64, 16, gen(0)), {}),
            lambda: ((5, 7), {"generator": gen(3)}),
            ("global", 11, (6, 4)),
            ("global", 12, (8, 8)),
        ],
    }


def ch05_cases():
    X = data.embedded_batch()
    W_q, W_k, W_v, W_o = data.multi_head_weights()
    x = data.sentence_batch()
    address = (10.0 * torch.arange(4)[:, None] + torch.arange(6)).expand(1, 4, 6).clone()
    ids = torch.tensor([[5, 3, 2, 2, 2, 2], [1, 1, 4, 3, 2, 2], [3, 3, 3, 3, 3, 3]])
    Ws = [randn(12, 12, seed=60 + i, dtype=torch.float64) / math.sqrt(12) for i in range(4)]
    mask_pad = (x != 0)[:, None, None, :]

    def mha_big_empty():
        m = torch.ones(3, 1, 1, 5, dtype=torch.long)
        m[2] = 0
        m[0, ..., 3:] = 0
        return (randn(3, 5, 12, seed=65, scale=10.0), randn(3, 5, 12, seed=66, scale=10.0),
                randn(3, 5, 12, seed=67), *Ws, 4, m), {}

    return {
        "split_heads": [
            lambda: ((address.clone(), 3), {}),
            lambda: ((randn(2, 5, 12, seed=51), 4), {}),
            lambda: ((randn(3, 7, 8, seed=52, dtype=torch.float64), 2), {}),
            lambda: ((address.clone(), 4), {}),
            lambda: ((randn(2, 5, 10, seed=53), 3), {}),
        ],
        "merge_heads": [
            lambda: ((randn(2, 3, 5, 4, seed=54),), {}),
            lambda: ((reference.split_heads(randn(3, 6, 8, seed=55, dtype=torch.float64), 2),), {}),
            lambda: ((address.view(1, 4, 3, 2).transpose(1, 2),), {}),
        ],
        "causal_mask": [lambda: ((4,), {}), lambda: ((7,), {}), lambda: ((1,), {}), lambda: ((0,), {})],
        "decoder_mask": [
            lambda: ((x.clone(),), {}),
            lambda: ((ids.clone(),), {"pad_id": 2}),
            lambda: ((ids.clone(),), {}),
        ],
        "multi_head_attention": [
            lambda: ((X, X, X, W_q, W_k, W_v, W_o, 3, mask_pad), {}),
            lambda: ((X, X, X, W_q, W_k, W_v, W_o, 3, reference.decoder_mask(x)), {}),
            lambda: ((randn(2, 5, 12, seed=68, dtype=torch.float64), randn(2, 7, 12, seed=69, dtype=torch.float64),
                      randn(2, 7, 12, seed=70, dtype=torch.float64), *Ws, 4), {}),
            mha_big_empty,
        ],
    }


def ch06_cases():
    X = data.embedded_batch()
    params = data.encoder_layer_params()
    x = data.sentence_batch()
    pad_mask = (x != 0)[:, None, None, :]
    g6, b6 = params.gamma1, params.beta1

    def clustered(center, seed, dtype=torch.float64):
        return center + randn(3, 4, 6, seed=seed, dtype=dtype)

    params8 = data.encoder_layer_params(d_model=8, num_heads=2, d_ff=12, seed=5, dtype=torch.float64, eps=1e-2)

    def enc_other_batch():
        m = torch.ones(3, 1, 1, 5, dtype=torch.bool)
        m[1, ..., 3:] = False
        m[2] = False
        return (randn(3, 5, 8, seed=80, dtype=torch.float64), params8, m), {}

    return {
        "layer_norm": [
            lambda: ((X.clone(), g6, b6), {}),
            lambda: ((randn(2, 3, 8, seed=81, dtype=torch.float64), randn(8, seed=82, dtype=torch.float64),
                      randn(8, seed=83, dtype=torch.float64)), {"eps": 0.1}),
            lambda: ((clustered(1000.0, 84), g6.double(), b6.double()), {}),
            lambda: ((clustered(1e8, 85), g6.double(), b6.double()), {}),
            lambda: ((randn(5, 6, seed=86, scale=1e-3), g6, b6), {}),
        ],
        "feed_forward": [
            lambda: ((X.clone(), params.W1, params.b1, params.W2, params.b2), {}),
            lambda: ((randn(2, 3, 4, 6, seed=87, dtype=torch.float64), randn(6, 10, seed=88, dtype=torch.float64),
                      randn(10, seed=89, dtype=torch.float64), randn(10, 6, seed=90, dtype=torch.float64),
                      randn(6, seed=91, dtype=torch.float64)), {}),
        ],
        "add_and_norm": [
            lambda: ((X.clone(), randn(4, 4, 6, seed=92), g6, b6), {}),
            lambda: ((randn(2, 5, 6, seed=93, dtype=torch.float64), randn(2, 5, 6, seed=94, dtype=torch.float64),
                      g6.double(), b6.double()), {"eps": 0.05}),
            lambda: ((clustered(1e8, 95), randn(3, 4, 6, seed=96, dtype=torch.float64), g6.double(), b6.double()), {}),
            lambda: ((clustered(1000.0, 97), randn(3, 4, 6, seed=98, dtype=torch.float64), g6.double(), b6.double()), {}),
        ],
        "encoder_layer": [
            lambda: ((X.clone(), params, pad_mask), {}),
            lambda: ((X.clone(), params, pad_mask), {"norm_first": True}),
            enc_other_batch,
            lambda: ((randn(2, 6, 8, seed=99, dtype=torch.float64), params8), {"norm_first": True}),
            lambda: ((randn(2, 6, 8, seed=100, dtype=torch.float64), params8, reference.causal_mask(6)), {}),
        ],
    }


def ch07_cases():
    emb = data.minilm_embedding_weights()
    batch = data.minilm_batch(list(data.EXAMPLE_SENTENCES))
    layer0 = data.minilm_layer_weights(0)
    hidden0 = reference.bert_embeddings(batch["input_ids"], batch["token_type_ids"], emb["word"], emb["position"],
                                        emb["token_type"], emb["gamma"], emb["beta"])
    small = {
        "word": randn(20, 8, seed=110, dtype=torch.float64), "position": randn(10, 8, seed=111, dtype=torch.float64),
        "token_type": randn(2, 8, seed=112, dtype=torch.float64),
        "gamma": 1 + 0.1 * randn(8, seed=113, dtype=torch.float64), "beta": 0.1 * randn(8, seed=114, dtype=torch.float64),
    }
    small_ids = torch.randint(0, 20, (3, 6), generator=gen(115))
    small_types = torch.tensor([[0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1], [0, 1, 0, 1, 0, 1]])
    real_ids = torch.tensor([[101, 2054, 2003, 1996, 3007, 102], [101, 7592, 2088, 102, 0, 0]])
    real_types = torch.tensor([[0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0]])
    Wq, Wk = randn(12, 12, seed=116, dtype=torch.float64) / 3, randn(12, 12, seed=117, dtype=torch.float64) / 3
    bq, bk = randn(12, seed=118, dtype=torch.float64), randn(12, seed=119, dtype=torch.float64)
    am = torch.tensor([[1, 1, 1, 1, 0], [1, 1, 1, 1, 1], [1, 1, 0, 0, 0]])
    return {
        "bert_embeddings": [
            lambda: ((batch["input_ids"], batch["token_type_ids"], emb["word"], emb["position"], emb["token_type"],
                      emb["gamma"], emb["beta"]), {}),
            lambda: ((real_ids, real_types, emb["word"], emb["position"], emb["token_type"], emb["gamma"], emb["beta"]), {}),
            lambda: ((small_ids, small_types, small["word"], small["position"], small["token_type"], small["gamma"],
                      small["beta"]), {"eps": 1e-3}),
            lambda: ((small_ids[:, :4], small_types[:, :4], small["word"], small["position"][:4], small["token_type"],
                      small["gamma"], small["beta"]), {}),
        ],
        "bert_head_weights": [
            lambda: ((hidden0, layer0["query.weight"], layer0["query.bias"], layer0["key.weight"], layer0["key.bias"], 12,
                      batch["attention_mask"]), {}),
            lambda: ((randn(3, 5, 12, seed=120, dtype=torch.float64), Wq, bq, Wk, bk, 3, am), {}),
            lambda: ((randn(3, 5, 12, seed=121, dtype=torch.float64), Wq, bq, Wk, bk, 4, am.bool()), {}),
            lambda: ((randn(2, 4, 12, seed=122), Wq.float(), bq.float(), Wk.float(), bk.float(), 2), {}),
        ],
        "gelu": [
            lambda: ((torch.linspace(-6, 6, 101),), {}),
            lambda: ((randn(2, 3, 4, seed=123, dtype=torch.float64, scale=3.0),), {}),
        ],
    }


CASES = {}
for builder in (ch01_cases, ch02_cases, ch03_cases, ch04_cases, ch05_cases, ch06_cases, ch07_cases):
    CASES.update(builder())


def extra_atol(function: str, args) -> float:
    if function == "positional_encoding":
        return 4 * 2.0 ** -24 * (args[0] - 1)
    return 0.0


# ---------------------------------------------------------------- running one answer
def call(fn, args, kwargs):
    try:
        return fn(*args, **kwargs), None
    except Exception as error:  # noqa: BLE001 - a student answer may raise anything
        return None, error


def check_case(function, student, case) -> str | None:
    """A reason why the student differs from the reference on this case, or None."""
    ref = getattr(reference, function)
    if isinstance(case, tuple) and case[0] == "global":  # scaled_init with generator=None
        _, seed, args = case
        torch.manual_seed(seed)
        expected, ref_error = call(ref, args, {})
        torch.manual_seed(seed)
        got, error = call(student, args, {})
        kwargs = {}
        originals = ()
    else:
        args, kwargs = case()
        expected, ref_error = call(ref, copy.deepcopy(args) if function == "encode" else args, dict(kwargs))
        args, kwargs = case()  # fresh objects (and fresh generators) for the student
        originals = [snapshot(a) for a in args] + [snapshot(v) for v in kwargs.values()]
        got, error = call(student, args, kwargs)
        for before, after in zip(originals, list(args) + list(kwargs.values())):
            if not unchanged(before, after):
                return "changed an input in place"
    if ref_error is not None:
        if error is None:
            return f"returned where the reference raises {type(ref_error).__name__}"
        if not isinstance(error, type(ref_error)):
            return f"raised {type(error).__name__} where {type(ref_error).__name__} is required"
        return None
    if error is not None:
        return f"raised {type(error).__name__}: {str(error)[:60]}"
    return difference(got, expected, extra_atol(function, args if not isinstance(case, tuple) else case[2]))


def main(folder: pathlib.Path = HERE) -> int:
    """Check every answer `folder`'s labels.tsv lists (this set's by default; blind set 3's verify.py passes its own)."""
    rows = (folder / "labels.tsv").read_text(encoding="utf-8").splitlines()[1:]
    confirmed = 0
    for row in rows:
        half, answer, probe, *_ = row.split("\t")
        function = pathlib.Path(answer).name.split("__")[0]
        try:
            namespace = runpy.run_path(str(folder / answer))
            student = namespace[function]
        except Exception as error:  # noqa: BLE001
            print(f"LOAD-ERROR {answer}: {type(error).__name__}: {error}")
            continue
        reasons = []
        for i, case in enumerate(CASES[function]):
            reason = check_case(function, student, case)
            if reason:
                reasons.append(f"case {i}: {reason}")
        if reasons:
            confirmed += 1
            print(f"WRONG     {answer} [{probe}] {reasons[0]}")
        else:
            print(f"NOT-WRONG {answer} [{probe}] matches the reference on every input")
    print(f"{confirmed} of {len(rows)} answers confirmed wrong")
    return 0 if confirmed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
