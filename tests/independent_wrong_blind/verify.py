"""Check that every answer in this folder is wrong by the course's own comparison.

Run from the repository root:  .venv/bin/python tests/independent_wrong_blind/verify.py  [folder]
(the folder defaults to this one).

For each answer file (<half>/<assignment>/<function>__<name>.py) the file is run on its own with runpy, the function
is taken from it, and it is called next to ``helpers.reference.<function>`` on inputs a student could be given for
that exercise (the lecture's example, random shapes with batch and head axes, float64, other widths, masks of the
allowed shapes, non-default optional arguments, and the hard inputs the problem texts name: ±1000 and ±1e9 scores,
-inf cells, fully masked rows, tiny variances, large offsets). An answer is wrong when on some input its result
differs from the reference beyond rtol=1e-4, atol=1e-5, or differs in container type, dtype family (bool / int /
float) or shape, or it raises where the reference returns, or returns (or raises another class) where the reference
raises the asked-for error. A float64 result where the reference gives float32 is not counted as a difference.

Prints one line per answer: path, wrong yes/no, and how it differs (the first input that shows it).
A few correct control implementations are checked first: they must come out "same", or the comparison is broken.
The course's grader is not used.
"""

from __future__ import annotations

import math
import runpy
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas
import torch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from helpers import data, reference  # noqa: E402

FOLDER = Path(__file__).resolve().parent
RTOL, ATOL = 1e-4, 1e-5
SEED = 1234  # the global random state set before every call (scaled_init with generator=None)
warnings.filterwarnings("ignore")


# ---------------------------------------------------------------- comparison
def _family(dtype) -> str:
    dtype = torch.empty(0, dtype=dtype).dtype if isinstance(dtype, torch.dtype) else np.dtype(dtype)
    if isinstance(dtype, torch.dtype):
        if dtype == torch.bool:
            return "bool"
        return "float" if dtype.is_floating_point else ("complex" if dtype.is_complex else "int")
    if dtype == np.bool_:
        return "bool"
    return {"f": "float", "i": "int", "u": "int", "c": "complex", "b": "bool"}.get(dtype.kind, dtype.kind)


def _values_differ(got: np.ndarray, exp: np.ndarray) -> str | None:
    if exp.dtype == np.bool_ or got.dtype == np.bool_:
        return None if np.array_equal(got, exp) else "values differ"
    got64, exp64 = got.astype(np.float64), exp.astype(np.float64)
    if np.isnan(got64).any() and not np.isnan(exp64).any():
        return "NaN where the reference is finite"
    if not np.allclose(got64, exp64, rtol=RTOL, atol=ATOL, equal_nan=True):
        gap = np.nanmax(np.abs(got64 - exp64)) if got64.size else 0.0
        return f"values differ (largest gap {gap:.3g})"
    return None


def differs(got, exp) -> str | None:
    """None when got matches exp the way the course compares; otherwise a short reason."""
    if isinstance(exp, tuple):
        if type(got) is not tuple:
            return f"returns {type(got).__name__} instead of tuple"
        if len(got) != len(exp):
            return f"returns {len(got)} items instead of {len(exp)}"
        for i, (g, e) in enumerate(zip(got, exp)):
            reason = differs(g, e)
            if reason:
                return f"item {i}: {reason}"
        return None
    if isinstance(exp, list):
        if type(got) is not list:
            return f"returns {type(got).__name__} instead of list"
        return None if got == exp else f"list differs: {got} instead of {exp}"
    if isinstance(exp, pandas.DataFrame):
        if not isinstance(got, pandas.DataFrame):
            return f"returns {type(got).__name__} instead of DataFrame"
        if list(got.columns) != list(exp.columns):
            return f"columns {list(got.columns)} instead of {list(exp.columns)}"
        if got.shape != exp.shape:
            return f"shape {got.shape} instead of {exp.shape}"
        for column in exp.columns:
            if _family(got[column].dtype) != _family(exp[column].dtype):
                return f"column {column!r}: dtype {got[column].dtype} instead of {exp[column].dtype}"
            reason = _values_differ(got[column].to_numpy(), exp[column].to_numpy())
            if reason:
                return f"column {column!r}: {reason}"
        return None
    if isinstance(exp, torch.Tensor):
        if not isinstance(got, torch.Tensor):
            return f"returns {type(got).__name__} instead of torch.Tensor"
        if tuple(got.shape) != tuple(exp.shape):
            return f"shape {tuple(got.shape)} instead of {tuple(exp.shape)}"
        if _family(got.dtype) != _family(exp.dtype):
            return f"dtype {got.dtype} instead of {exp.dtype}"
        return _values_differ(got.detach().cpu().numpy(), exp.detach().cpu().numpy())
    if isinstance(exp, np.ndarray):
        if not isinstance(got, np.ndarray):
            return f"returns {type(got).__name__} instead of numpy.ndarray"
        if got.shape != exp.shape:
            return f"shape {got.shape} instead of {exp.shape}"
        if _family(got.dtype) != _family(exp.dtype):
            return f"dtype {got.dtype} instead of {exp.dtype}"
        return _values_differ(got, exp)
    if isinstance(exp, float):
        if not isinstance(got, (float, int)) or isinstance(got, bool):
            return f"returns {type(got).__name__} instead of a Python float"
        return _values_differ(np.array(got), np.array(exp))
    raise TypeError(f"no comparison for {type(exp)}")


def call(function, make):
    """(result, None) or (None, exception) for function(*args, **kwargs) with fresh inputs and a fixed global seed."""
    args, kwargs = make()
    torch.manual_seed(SEED)
    np.random.seed(SEED)
    try:
        return function(*args, **kwargs), None
    except Exception as error:  # noqa: BLE001  (a student's function may raise anything)
        return None, error


def judge(function, reference_function, cases):
    """(wrong?, reason): the first case on which function and reference_function disagree."""
    for label, make in cases:
        expected, expected_error = call(reference_function, make)
        got, error = call(function, make)
        if expected_error is not None:
            if error is None:
                return True, f"[{label}] returns where the reference raises {type(expected_error).__name__}"
            if not isinstance(error, type(expected_error)):
                return True, (
                    f"[{label}] raises {type(error).__name__} where the reference raises "
                    f"{type(expected_error).__name__}"
                )
            continue
        if error is not None:
            return True, f"[{label}] raises {type(error).__name__}: {str(error).splitlines()[0][:90]}"
        reason = differs(got, expected)
        if reason:
            return True, f"[{label}] {reason}"
    return False, "same as the reference on every input"


# ---------------------------------------------------------------- inputs
def g(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def randn(*shape, seed=0, dtype=torch.float32, scale=1.0):
    return (scale * torch.randn(*shape, generator=g(seed), dtype=torch.float64)).to(dtype)


def softmaxed(*shape, seed=0, dtype=torch.float32):
    return torch.softmax(randn(*shape, seed=seed, dtype=torch.float64, scale=2.0), dim=-1).to(dtype)


def lecture_ch03_qkv():
    """The ch03 lecture's Q, K, V [4, 4, 6]: the seed's modules in the seed's order."""
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        embed = reference.Embeddings(6, len(data.VOCAB))
        X = reference.PositionalEncoding(6, max_len=100)(embed(data.sentence_batch())).detach()
        layers = [torch.nn.Linear(6, 6, bias=False) for _ in range(3)]
        return tuple(layer(X).detach() for layer in layers)


_CACHE: dict = {}


def minilm():
    if "emb" not in _CACHE:
        batch = data.minilm_batch(list(data.EXAMPLE_SENTENCES))
        emb = data.minilm_embedding_weights()
        layer0 = data.minilm_layer_weights(0)
        X = reference.bert_embeddings(
            batch["input_ids"],
            batch["token_type_ids"],
            emb["word"],
            emb["position"],
            emb["token_type"],
            emb["gamma"],
            emb["beta"],
        )
        _CACHE.update(batch=batch, emb=emb, layer0=layer0, X=X)
    return _CACHE


def small_bert_tables(seed, d=8, V=20, P=10, T=2, scale=1.0, dtype=torch.float32):
    return dict(
        word=randn(V, d, seed=seed, scale=scale, dtype=dtype),
        position=randn(P, d, seed=seed + 1, scale=scale, dtype=dtype),
        token_type=randn(T, d, seed=seed + 2, scale=scale, dtype=dtype),
        gamma=1 + 0.1 * randn(d, seed=seed + 3, dtype=dtype),
        beta=0.1 * randn(d, seed=seed + 4, dtype=dtype),
    )


def cases_for(function: str):
    Qh, Kh, Vh = data.handmade_qkv()
    X4, Wq4, Wk4, Wv4 = data.random_model_inputs()
    x_ids = data.sentence_batch()
    X5 = data.embedded_batch()
    W5 = data.multi_head_weights()
    params = data.encoder_layer_params()
    pad4 = (x_ids != 0)[:, None, None, :]
    address = (10.0 * torch.arange(4)[:, None] + torch.arange(6)).expand(1, 4, 6).clone()
    q7 = np.random.RandomState(7)
    lecture_q, lecture_keys = q7.randn(64), q7.randn(8, 64)

    if function == "dot_scores":
        return [
            ("lecture Q, K", lambda: ((Qh.clone(), Kh.clone()), {})),
            ("batch [3,5,4]×[3,6,4]", lambda: ((randn(3, 5, 4, seed=1), randn(3, 6, 4, seed=2)), {})),
            ("batch of one [1,4,2]", lambda: ((Qh[None].clone(), Kh[None].clone()), {})),
            ("2-D [5,3]×[7,3]", lambda: ((randn(5, 3, seed=3), randn(7, 3, seed=4)), {})),
            (
                "float64 [2,3,4,5]×[2,3,6,5]",
                lambda: (
                    (randn(2, 3, 4, 5, seed=5, dtype=torch.float64), randn(2, 3, 6, 5, seed=6, dtype=torch.float64)),
                    {},
                ),
            ),
        ]
    if function == "scale_scores":
        return [
            ("lecture scores, d_k=2", lambda: ((Qh @ Kh.T, 2), {})),
            ("[2,4,4], d_k=8", lambda: ((randn(2, 4, 4, seed=1, scale=3.0), 8), {})),
            ("float64 [3,5], d_k=64", lambda: ((randn(3, 5, seed=2, dtype=torch.float64, scale=8.0), 64), {})),
        ]
    if function == "row_softmax":
        inf = float("inf")
        return [
            ("lecture scaled scores", lambda: ((Qh @ Kh.T / math.sqrt(2),), {})),
            ("batch [2,3,5]", lambda: ((randn(2, 3, 5, seed=1, scale=2.0),), {})),
            ("scores ±1000", lambda: ((torch.tensor([[1000.0, 999.0, 0.0], [-1000.0, 0.0, 1000.0]]),), {})),
            ("scores ±1e9", lambda: ((torch.tensor([[1e9, -1e9, 0.0], [5.0, 1e9, -1e9]]),), {})),
            ("rows with -inf", lambda: ((torch.tensor([[-inf, 2.0, 1.0], [0.0, -inf, 3.0]]),), {})),
            ("1-D with -inf", lambda: ((torch.tensor([-inf, 2.0, 1.0]),), {})),
            ("rows at far apart levels", lambda: ((torch.tensor([[1000.0, 999.0], [-1000.0, -999.0]]),), {})),
            ("float64 [4,6]", lambda: ((randn(4, 6, seed=2, dtype=torch.float64, scale=3.0),), {})),
        ]
    if function == "mix_values":
        return [
            ("lecture weights, V", lambda: ((torch.softmax(Qh @ Kh.T / math.sqrt(2), -1), Vh.clone()), {})),
            ("batch [2,3,4]×[2,4,5]", lambda: ((softmaxed(2, 3, 4, seed=1), randn(2, 4, 5, seed=2)), {})),
            ("2-D [3,4]×[4,2]", lambda: ((softmaxed(3, 4, seed=3), randn(4, 2, seed=4)), {})),
        ]
    if function == "self_attention":
        return [
            ("lecture Q, K, V", lambda: ((Qh.clone(), Kh.clone(), Vh.clone()), {})),
            (
                "batch S_q≠S_k, d_v≠d_k",
                lambda: ((randn(2, 3, 4, seed=1), randn(2, 5, 4, seed=2), randn(2, 5, 6, seed=3)), {}),
            ),
            (
                "float64 [4,4]",
                lambda: (
                    (
                        randn(4, 4, seed=4, dtype=torch.float64),
                        randn(4, 4, seed=5, dtype=torch.float64),
                        randn(4, 4, seed=6, dtype=torch.float64),
                    ),
                    {},
                ),
            ),
        ]
    if function == "score_std_table":
        return [
            ("defaults", lambda: ((), {})),
            ("dims=(8, 32), n_pairs=50, seed=3", lambda: ((), {"dims": (8, 32), "n_pairs": 50, "seed": 3})),
            ("dims with 1000, seed 42", lambda: ((), {"dims": (4, 16, 64, 256, 1000), "n_pairs": 1000, "seed": 42})),
            ("dims=(2,), n_pairs=10, seed=0", lambda: ((), {"dims": (2,), "n_pairs": 10, "seed": 0})),
        ]
    if function == "softmax_1d":
        return [
            ("lecture scores ÷ 8", lambda: ((lecture_keys @ lecture_q / 8.0,), {})),
            ("[1000, 0, -1000]", lambda: ((np.array([1000.0, 0.0, -1000.0]),), {})),
            ("[1, 1]", lambda: ((np.array([1.0, 1.0]),), {})),
            ("random float64 [7]", lambda: ((np.random.RandomState(3).randn(7) * 3,), {})),
            ("large offset 1e6 + small gaps", lambda: ((1e6 + np.array([0.0, 0.3, 0.7, -0.2]),), {})),
        ]
    if function == "compare_scaling":
        return [
            ("lecture q, keys", lambda: ((lecture_q.copy(), lecture_keys.copy()), {})),
            (
                "d_k=16, 5 keys",
                lambda: ((np.random.RandomState(1).randn(16), np.random.RandomState(2).randn(5, 16)), {}),
            ),
            (
                "large scores (×30)",
                lambda: ((30 * np.random.RandomState(3).randn(64), 30 * np.random.RandomState(4).randn(6, 64)), {}),
            ),
        ]
    if function == "encode":
        vocab = dict(data.VOCAB)
        custom = {"a": 0, "b": 1, "c": 2, "<pad>": 3}
        shifted = {word: (index + 7) % 9 for word, index in data.VOCAB.items()}  # [PAD] = 7
        return [
            ("나는 집에 간다, 4", lambda: ((["나는", "집에", "간다"], vocab, 4), {})),
            ("full sentence", lambda: ((["나는", "오늘", "학교에", "간다"], vocab, 4), {})),
            ("one word, max_len 5", lambda: ((["오늘"], vocab, 5), {})),
            ("pad='<pad>' with id 3", lambda: ((["a", "b"], custom, 4), {"pad": "<pad>"})),
            ("[PAD] id 7", lambda: ((["나는", "집에"], shifted, 4), {})),
            ("unknown word", lambda: ((["나는", "고양이"], vocab, 4), {})),
            ("too long", lambda: ((["나는", "오늘", "학교에", "간다", "오늘"], vocab, 4), {})),
        ]
    if function == "positional_encoding":
        return [
            ("(4, 6)", lambda: ((4, 6), {})),
            ("(50, 16)", lambda: ((50, 16), {})),
            ("(1, 2)", lambda: ((1, 2), {})),
            ("(10, 8)", lambda: ((10, 8), {})),
            ("(64, 32)", lambda: ((64, 32), {})),
        ]
    if function == "padding_mask":
        return [
            ("lecture batch", lambda: ((x_ids.clone(),), {})),
            (
                "random ids [3,7]",
                lambda: ((torch.tensor([[1, 2, 3, 0, 0, 0, 0], [4, 5, 6, 7, 8, 0, 0], [1, 1, 1, 1, 1, 1, 1]]),), {}),
            ),
            ("pad_id=5", lambda: ((torch.tensor([[1, 2, 5, 5], [3, 4, 1, 0]]),), {"pad_id": 5})),
        ]
    if function == "masked_attention":
        Q3, K3, V3 = lecture_ch03_qkv()
        mask3 = (x_ids != 0).unsqueeze(1)
        head_mask = torch.tensor([[1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1]], dtype=torch.bool)[:, None, None, :]
        return [
            ("lecture Q, K, V with [4,1,4] mask", lambda: ((Q3.clone(), K3.clone(), V3.clone(), mask3.clone()), {})),
            ("lecture without mask", lambda: ((Q3.clone(), K3.clone(), V3.clone()), {})),
            (
                "heads [2,3,4,5], d_v=7, mask [2,1,1,6]",
                lambda: (
                    (
                        randn(2, 3, 4, 5, seed=1),
                        randn(2, 3, 6, 5, seed=2),
                        randn(2, 3, 6, 7, seed=3),
                        head_mask.clone(),
                    ),
                    {},
                ),
            ),
            (
                "0/1 int mask [2,1,5]",
                lambda: (
                    (
                        randn(2, 5, 4, seed=4),
                        randn(2, 5, 4, seed=5),
                        randn(2, 5, 3, seed=6),
                        torch.tensor([[[1, 1, 0, 1, 0]], [[1, 1, 1, 1, 1]]]),
                    ),
                    {},
                ),
            ),
            (
                "fully masked sentence",
                lambda: (
                    (
                        randn(1, 4, 6, seed=7),
                        randn(1, 4, 6, seed=8),
                        randn(1, 4, 6, seed=9),
                        torch.zeros(1, 1, 4, dtype=torch.bool),
                    ),
                    {},
                ),
            ),
            (
                "causal [4,4] mask",
                lambda: ((Q3.clone(), K3.clone(), V3.clone(), torch.tril(torch.ones(4, 4, dtype=torch.bool))), {}),
            ),
        ]
    if function == "project_qkv":
        return [
            ("lecture X, W", lambda: ((X4.clone(), Wq4.clone(), Wk4.clone(), Wv4.clone()), {})),
            ("batch [2,4,8]", lambda: ((torch.stack([X4, X4.flip(0)]), Wq4.clone(), Wk4.clone(), Wv4.clone()), {})),
            (
                "rectangular, Wv d_out 7",
                lambda: ((randn(3, 5, 6, seed=1), randn(6, 4, seed=2), randn(6, 4, seed=3), randn(6, 7, seed=4)), {}),
            ),
        ]
    if function == "score_magnitude":
        return [
            ("lecture Q, K", lambda: ((X4 @ Wq4, X4 @ Wk4), {})),
            ("batch [2,5,16]×[2,6,16]", lambda: ((randn(2, 5, 16, seed=1), randn(2, 6, 16, seed=2)), {})),
            (
                "float64 [3,4]×[7,4]",
                lambda: ((randn(3, 4, seed=3, dtype=torch.float64), randn(7, 4, seed=4, dtype=torch.float64)), {}),
            ),
        ]
    if function == "row_entropy":
        return [
            (
                "lecture rows",
                lambda: ((torch.tensor([[1.0, 0, 0, 0], [0.5, 0.5, 0, 0], [0.25, 0.25, 0.25, 0.25]]),), {}),
            ),
            ("batch [2,3,5]", lambda: ((softmaxed(2, 3, 5, seed=1),), {})),
            (
                "[3,6] with exact zeros, float64",
                lambda: (
                    (
                        torch.tensor(
                            [[0.2, 0.0, 0.3, 0.5, 0.0, 0.0], [1.0, 0, 0, 0, 0, 0], [1 / 6] * 6], dtype=torch.float64
                        ),
                    ),
                    {},
                ),
            ),
        ]
    if function == "scaled_init":
        return [
            ("(8, 8, seed 0)", lambda: ((8, 8, g(0)), {})),
            ("(64, 16, seed 0)", lambda: ((64, 16), {"generator": g(0)})),
            ("(5, 3, seed 7)", lambda: ((5, 3, g(7)), {})),
            ("(6, 4), generator=None", lambda: ((6, 4), {})),
        ]
    if function == "split_heads":
        return [
            ("address, 3 heads", lambda: ((address.clone(), 3), {})),
            ("[2,5,12], 4 heads", lambda: ((randn(2, 5, 12, seed=1), 4), {})),
            ("[3,2,8], 2 heads", lambda: ((randn(3, 2, 8, seed=2), 2), {})),
            ("lecture X, 3 heads", lambda: ((X5.clone(), 3), {})),
            ("[2,3,6], 1 head", lambda: ((randn(2, 3, 6, seed=3), 1), {})),
            ("6 not divisible by 4", lambda: ((address.clone(), 4), {})),
            ("10 not divisible by 4", lambda: ((randn(2, 3, 10, seed=4), 4), {})),
        ]
    if function == "merge_heads":
        return [
            ("split address", lambda: ((reference.split_heads(address.clone(), 3),), {})),
            ("contiguous [2,3,5,4]", lambda: ((randn(2, 3, 5, 4, seed=1),), {})),
            ("split lecture X", lambda: ((reference.split_heads(X5.clone(), 3),), {})),
        ]
    if function == "causal_mask":
        return [(f"size {n}", (lambda n=n: ((n,), {}))) for n in (4, 1, 7, 0)]
    if function == "decoder_mask":
        return [
            ("lecture ids", lambda: ((x_ids.clone(),), {})),
            ("pad_id=2", lambda: ((torch.tensor([[1, 3, 2, 2], [4, 5, 6, 2], [0, 1, 2, 2]]),), {"pad_id": 2})),
            ("ids [3,6]", lambda: ((torch.tensor([[1, 2, 3, 0, 0, 0], [4, 5, 6, 7, 8, 1], [3, 3, 0, 0, 0, 0]]),), {})),
        ]
    if function == "multi_head_attention":
        Wd = [randn(8, 8, seed=10 + i, scale=1 / math.sqrt(8)) for i in range(4)]
        W12 = [randn(12, 12, seed=20 + i, scale=1 / math.sqrt(12), dtype=torch.float64) for i in range(4)]
        causal = torch.tril(torch.ones(4, 4, dtype=torch.bool))
        return [
            ("lecture, pad mask [4,1,1,4]", lambda: ((X5, X5, X5, *W5, 3, pad4.clone()), {})),
            ("lecture, no mask", lambda: ((X5, X5, X5, *W5, 3), {})),
            ("lecture, decoder mask [4,1,4,4]", lambda: ((X5, X5, X5, *W5, 3, pad4 & causal), {})),
            ("lecture, [4,4] causal mask", lambda: ((X5, X5, X5, *W5, 3, causal.clone()), {})),
            (
                "cross attention, 2 heads, 0/1 mask",
                lambda: (
                    (
                        randn(2, 3, 8, seed=1),
                        randn(2, 5, 8, seed=2),
                        randn(2, 5, 8, seed=2),
                        *Wd,
                        2,
                        torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]])[:, None, None, :],
                    ),
                    {},
                ),
            ),
            ("6 heads of width 1", lambda: ((X5, X5, X5, *W5, 6, pad4.clone()), {})),
            (
                "fully masked sentence",
                lambda: ((X5[:1], X5[:1], X5[:1], *W5, 3, torch.zeros(1, 1, 1, 4, dtype=torch.bool)), {}),
            ),
            ("float64, d=12, 4 heads", lambda: ((randn(2, 5, 12, seed=3, dtype=torch.float64),) * 3 + (*W12, 4), {})),
        ]
    if function == "layer_norm":
        ones6, zeros6 = torch.ones(6), torch.zeros(6)
        return [
            ("lecture X, gamma1, beta1", lambda: ((X5.clone(), params.gamma1, params.beta1), {})),
            (
                "random [3,5,8]",
                lambda: ((randn(3, 5, 8, seed=1, scale=2.0), 1 + 0.1 * randn(8, seed=2), 0.1 * randn(8, seed=3)), {}),
            ),
            ("eps=0.1", lambda: ((randn(3, 5, 8, seed=1), torch.ones(8), torch.zeros(8)), {"eps": 0.1})),
            ("tiny variance (X / 1000)", lambda: ((X5 / 1000, ones6, zeros6), {})),
            ("2-D [5,6]", lambda: ((randn(5, 6, seed=4), ones6, zeros6), {})),
            (
                "float64 rows around 1e7, spread 1",
                lambda: (
                    (
                        1e7 + randn(2, 3, 16, seed=5, dtype=torch.float64),
                        torch.ones(16, dtype=torch.float64),
                        torch.zeros(16, dtype=torch.float64),
                    ),
                    {},
                ),
            ),
            (
                "float64 rows around 1e4",
                lambda: (
                    (
                        1e4 + 1e-3 * randn(2, 3, 16, seed=6, dtype=torch.float64),
                        torch.ones(16, dtype=torch.float64),
                        torch.zeros(16, dtype=torch.float64),
                    ),
                    {},
                ),
            ),
        ]
    if function == "feed_forward":
        return [
            ("lecture X, params", lambda: ((X5.clone(), params.W1, params.b1, params.W2, params.b2), {})),
            (
                "d_ff 10, [2,3,6]",
                lambda: (
                    (
                        randn(2, 3, 6, seed=1),
                        randn(6, 10, seed=2, scale=0.4),
                        0.1 * randn(10, seed=3),
                        randn(10, 6, seed=4, scale=0.3),
                        0.1 * randn(6, seed=5),
                    ),
                    {},
                ),
            ),
            ("one position [6]", lambda: ((X5[0, 1].clone(), params.W1, params.b1, params.W2, params.b2), {})),
        ]
    if function == "add_and_norm":
        attention_out = reference.multi_head_attention(
            X5, X5, X5, params.W_q, params.W_k, params.W_v, params.W_o, 3, pad4
        )[0]
        return [
            (
                "lecture X, attention_out",
                lambda: ((X5.clone(), attention_out.clone(), params.gamma1, params.beta1), {}),
            ),
            (
                "random d=6, other gamma/beta, eps=0.1",
                lambda: (
                    (
                        randn(2, 3, 6, seed=1),
                        randn(2, 3, 6, seed=2),
                        1 + 0.2 * randn(6, seed=3),
                        0.2 * randn(6, seed=4),
                    ),
                    {"eps": 0.1},
                ),
            ),
            (
                "random d=8",
                lambda: ((randn(2, 4, 8, seed=5), randn(2, 4, 8, seed=6), torch.ones(8), torch.zeros(8)), {}),
            ),
        ]
    if function == "encoder_layer":
        p_eps = data.encoder_layer_params(eps=0.1)
        p8 = data.encoder_layer_params(d_model=8, num_heads=2, d_ff=16, seed=3)
        x8 = randn(2, 5, 8, seed=1)
        ids8 = torch.tensor([[1, 2, 3, 0, 0], [4, 5, 6, 7, 8]])
        mask8 = (ids8 != 0)[:, None, None, :] & torch.tril(torch.ones(5, 5, dtype=torch.bool))
        return [
            ("lecture, pad mask, post-norm", lambda: ((X5, params, pad4.clone()), {})),
            ("lecture, pad mask, pre-norm", lambda: ((X5, params, pad4.clone()), {"norm_first": True})),
            ("lecture, no mask, post-norm", lambda: ((X5, params), {})),
            ("lecture, no mask, pre-norm", lambda: ((X5, params), {"norm_first": True})),
            ("eps=0.1 layer, post-norm", lambda: ((X5, p_eps, pad4.clone()), {})),
            ("eps=0.1 layer, pre-norm", lambda: ((X5, p_eps, pad4.clone(), True), {})),
            ("d=8, 2 heads, decoder mask", lambda: ((x8, p8, mask8), {})),
            ("0/1 int mask", lambda: ((X5, params, pad4.long()), {})),
        ]
    if function == "bert_embeddings":

        def lecture():
            m = minilm()
            e = m["emb"]
            return (
                m["batch"]["input_ids"],
                m["batch"]["token_type_ids"],
                e["word"],
                e["position"],
                e["token_type"],
                e["gamma"],
                e["beta"],
            ), {}

        ids = torch.tensor([[0, 5, 7, 19, 3], [2, 2, 11, 4, 0]])
        types = torch.tensor([[0, 0, 1, 1, 1], [0, 1, 1, 0, 0]])

        def small(seed, scale=1.0, dtype=torch.float32, **kwargs):
            t = small_bert_tables(seed, scale=scale, dtype=dtype)
            return (ids, types, t["word"], t["position"], t["token_type"], t["gamma"], t["beta"]), kwargs

        return [
            ("MiniLM lecture batch", lecture),
            ("small random tables", lambda: small(1)),
            ("small random tables, eps=1e-3", lambda: small(2, eps=1e-3)),
            ("tiny variance (tables ×1e-3)", lambda: small(3, scale=1e-3)),
            ("float64 tables", lambda: small(4, dtype=torch.float64)),
        ]
    if function == "bert_head_weights":

        def lecture(with_mask=True):
            m = minilm()
            w = m["layer0"]
            mask = m["batch"]["attention_mask"] if with_mask else None
            return (m["X"], w["query.weight"], w["query.bias"], w["key.weight"], w["key.bias"], 12, mask), {}

        def small(seed, d, h, mask, dtype=torch.float32):
            return (
                (
                    randn(2, 5, d, seed=seed, dtype=dtype),
                    randn(d, d, seed=seed + 1, scale=1 / math.sqrt(d), dtype=dtype),
                    0.3 * randn(d, seed=seed + 2, dtype=dtype),
                    randn(d, d, seed=seed + 3, scale=1 / math.sqrt(d), dtype=dtype),
                    0.3 * randn(d, seed=seed + 4, dtype=dtype),
                    h,
                    mask,
                ),
                {},
            )

        return [
            ("MiniLM layer 0, lecture batch", lecture),
            ("MiniLM layer 0, no mask", lambda: lecture(False)),
            (
                "random d=12, 3 heads, 0/1 mask",
                lambda: small(1, 12, 3, torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]])),
            ),
            (
                "random float64 d=8, 2 heads, bool mask",
                lambda: small(
                    6, 8, 2, torch.tensor([[1, 1, 1, 1, 0], [1, 1, 0, 0, 0]], dtype=torch.bool), torch.float64
                ),
            ),
            ("random d=12, 4 heads, no padding", lambda: small(11, 12, 4, torch.ones(2, 5, dtype=torch.long))),
        ]
    if function == "gelu":
        return [
            ("linspace(-3, 3, 13)", lambda: ((torch.linspace(-3, 3, 13),), {})),
            ("random [2,3,4]", lambda: ((randn(2, 3, 4, seed=1, scale=3.0),), {})),
            ("float64 linspace(-6, 6, 25)", lambda: ((torch.linspace(-6, 6, 25, dtype=torch.float64),), {})),
            ("large values", lambda: ((torch.tensor([-50.0, -10.0, 10.0, 50.0]),), {})),
        ]
    raise KeyError(function)


# ---------------------------------------------------------------- controls: correct answers written another way
def _controls():
    """Correct answers written another way than the reference (einsum, loops, float64, library calls where allowed)."""
    F = torch.nn.functional

    def dot_scores(Q, K):
        return torch.einsum("...qd,...kd->...qk", Q, K)

    def scale_scores(scores, d_k):
        return scores * d_k**-0.5

    def row_softmax(scores):
        s = scores.double()
        e = torch.exp(s - s.amax(dim=-1, keepdim=True))
        return e / e.sum(dim=-1, keepdim=True)  # float64 for a float32 input: allowed

    def mix_values(weights, V):
        return torch.einsum("...qk,...kd->...qd", weights, V)

    def self_attention(Q, K, V):
        weights = torch.softmax(Q @ K.mT / math.sqrt(Q.shape[-1]), dim=-1)
        return weights @ V, weights

    def score_std_table(dims=(4, 16, 64, 256), n_pairs=1000, seed=42):
        np.random.seed(seed)
        rows = []
        for d_k in dims:
            q, k = np.random.randn(n_pairs, d_k), np.random.randn(n_pairs, d_k)
            s = np.einsum("ij,ij->i", q, k)
            rows.append((d_k, math.sqrt(d_k), round(float(s.std()), 2), round(float((s / math.sqrt(d_k)).std()), 2)))
        return pandas.DataFrame(rows, columns=list(reference.STD_TABLE_COLUMNS))

    def softmax_1d(x):
        e = np.exp(x - np.max(x))
        return e / e.sum()

    def compare_scaling(q, keys):
        scores = np.array([k @ q for k in keys])
        return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(len(q)))

    def encode(words, vocab, max_len, pad="[PAD]"):
        if len(words) > max_len:
            raise ValueError(f"문장 길이 {len(words)}")
        for word in words:
            if word not in vocab:
                raise KeyError(word)
        return [vocab[w] for w in words] + [vocab[pad]] * (max_len - len(words))

    def positional_encoding(max_len, d_model):
        table = [
            [(math.sin if c % 2 == 0 else math.cos)(p / 10000 ** ((c - c % 2) / d_model)) for c in range(d_model)]
            for p in range(max_len)
        ]
        return torch.tensor(table, dtype=torch.float64)  # float64: allowed

    def padding_mask(x, pad_id=0):
        return (x != pad_id)[:, None, :]

    def masked_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask=None):
        logits = q @ k.mT / q.shape[-1] ** 0.5
        if mask is not None:
            logits = logits.masked_fill(torch.as_tensor(mask).logical_not(), -1e9)
        weights = torch.softmax(logits, dim=-1)
        return weights @ v, weights

    def project_qkv(X, Wq, Wk, Wv):
        return tuple(torch.einsum("...si,io->...so", X, W) for W in (Wq, Wk, Wv))

    def score_magnitude(Q, K):
        s = (Q @ K.mT).double()
        return float(s.abs().mean()), float((s / math.sqrt(Q.shape[-1])).abs().mean())

    def row_entropy(weights):
        safe = torch.where(weights > 0, weights, torch.ones_like(weights))
        return -(weights * torch.log(safe)).sum(dim=-1)

    def scaled_init(d_in, d_out, generator=None):
        return torch.randn(d_in, d_out, generator=generator) * d_in**-0.5

    def split_heads(x, num_heads):
        B, S, d = x.shape
        if d % num_heads:
            raise ValueError(f"d_model={d}")
        return x.reshape(B, S, num_heads, d // num_heads).permute(0, 2, 1, 3)

    def merge_heads(x):
        return x.permute(0, 2, 1, 3).reshape(x.shape[0], x.shape[2], -1)

    def causal_mask(size):
        positions = torch.arange(size)
        return positions[None, :] <= positions[:, None]

    def decoder_mask(x, pad_id=0):
        S = x.shape[-1]
        return (x != pad_id).view(x.shape[0], 1, 1, S) & causal_mask(S)

    def multi_head_attention(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
        d_k = query.shape[-1] // num_heads
        outs, weights = [], []
        for h in range(num_heads):
            cut = slice(h * d_k, (h + 1) * d_k)
            q, k, v = query @ W_q[:, cut], key @ W_k[:, cut], value @ W_v[:, cut]
            logits = q @ k.mT * d_k**-0.5
            if mask is not None:
                m = torch.as_tensor(mask)
                m = m[:, 0] if m.dim() == 4 else m  # [B, 1, ·, S_k] → [B, ·, S_k]; [S_q, S_k] stays
                logits = torch.where(m != 0, logits, -1e9)
            p = torch.softmax(logits, dim=-1)
            outs.append(p @ v)
            weights.append(p)
        return torch.cat(outs, dim=-1) @ W_o, torch.stack(weights, dim=1)

    def layer_norm(x, gamma, beta, eps=1e-5):
        return F.layer_norm(x, x.shape[-1:], gamma, beta, eps)

    def feed_forward(x, W1, b1, W2, b2):
        return F.linear(F.relu(F.linear(x, W1.T, b1)), W2.T, b2)

    def add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
        return F.layer_norm(x + sublayer_output, x.shape[-1:], gamma, beta, eps)

    def encoder_layer(x, params, mask=None, norm_first=False):
        p = params

        def attend(h):
            return reference.multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]

        if norm_first:
            x = x + attend(layer_norm(x, p.gamma1, p.beta1, p.eps))
            return x + feed_forward(layer_norm(x, p.gamma2, p.beta2, p.eps), p.W1, p.b1, p.W2, p.b2)
        x = add_and_norm(x, attend(x), p.gamma1, p.beta1, p.eps)
        return add_and_norm(x, feed_forward(x, p.W1, p.b1, p.W2, p.b2), p.gamma2, p.beta2, p.eps)

    def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
        summed = F.embedding(input_ids, word) + position[: input_ids.shape[1]] + F.embedding(token_type_ids, token_type)
        return F.layer_norm(summed, summed.shape[-1:], gamma, beta, eps)

    def bert_head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
        Q = split_heads(F.linear(hidden, W_q, b_q), num_heads)
        K = split_heads(F.linear(hidden, W_k, b_k), num_heads)
        logits = Q @ K.mT / math.sqrt(Q.shape[-1])
        if attention_mask is not None:
            logits = torch.where(attention_mask.bool()[:, None, None, :], logits, -1e9)
        return torch.softmax(logits, dim=-1)

    def gelu(x):
        return F.gelu(x)

    return {name: f for name, f in locals().items() if callable(f) and name != "F"}


def main() -> int:
    bad_controls = []
    for name, function in _controls().items():
        wrong, reason = judge(function, getattr(reference, name), cases_for(name))
        print(f"control {name}: {'WRONG (comparison broken!)' if wrong else 'same'} {reason if wrong else ''}".rstrip())
        if wrong:
            bad_controls.append(name)
    folder = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else FOLDER
    answers = sorted(path for path in folder.glob("*/*/*.py"))
    not_wrong = []
    for path in answers:
        function_name = path.stem.split("__")[0]
        relative = path.relative_to(folder)
        try:
            namespace = runpy.run_path(str(path))
            function = namespace[function_name]
        except Exception as error:  # noqa: BLE001
            print(f"{relative}\twrong=ERROR\tthe file does not run on its own: {error!r}")
            not_wrong.append(relative)
            continue
        wrong, reason = judge(function, getattr(reference, function_name), cases_for(function_name))
        print(f"{relative}\twrong={'yes' if wrong else 'no'}\t{reason}")
        if not wrong:
            not_wrong.append(relative)
    print(
        f"\n{len(answers)} answers: {len(answers) - len(not_wrong)} wrong, {len(not_wrong)} not shown wrong; "
        f"{len(bad_controls)} broken controls"
    )
    return 1 if not_wrong or bad_controls or not answers else 0


if __name__ == "__main__":
    sys.exit(main())
