"""Grading specs of ch06: the random hidden cases and the lecture example of each exercise.

The cases promise what the issue asks of the hidden tests: random leading dims and widths; float32 and
float64; rows of tiny variance (where ε outside the square root shows) and of large values with a small spread
(the hard cases: there the variance as E[x²] − E[x]² cancels); ε other than the default; γ and β that are
neither 1 nor 0; non-contiguous inputs; for the encoder layer both norm orders, d_ff other than 4·d_model,
masks of every broadcastable form ([B, 1, 1, S], [B, 1, S, S], [S, S], 0/1) and a sentence that is only padding
(its rows hide every key: finite in the reference, which fills with -1e9).
Every misconception of :mod:`helpers.misconceptions.ch06` runs on these cases and differs from the reference.
"""

from __future__ import annotations

import torch

from helpers import data, reference
from helpers.chapters import CH06
from helpers.grading.draw import pick, randint, randn
from helpers.grading.hard import TINY_VARIANCE, VARIANCE_AFTER_MEAN
from helpers.grading.padding import mask_of_form
from helpers.grading.spec import Case, Check, Exercise, describe, with_hard

CHAPTER = CH06

def _dtype(index: int) -> torch.dtype:
    return torch.float64 if index % 4 == 3 else torch.float32


def _random_shape(generator: torch.Generator, width: int) -> tuple[int, ...]:
    """[d], [S, d], [B, S, d] or [B, h, S, d]: any leading dims."""
    leading = [randint(generator, 1, 4) for _ in range(randint(generator, 0, 3))]
    return (*leading, width)


def _gamma_beta(generator: torch.Generator, width: int, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
    """γ around 1 and β around 0, neither exactly: so swapping or leaving them out shows."""
    return 1.0 + 0.5 * randn(generator, width, dtype=dtype), 0.5 * randn(generator, width, dtype=dtype)


# ---------------------------------------------------------------- the lecture's tensors
def lecture_inputs() -> tuple[torch.Tensor, data.EncoderLayerParams, torch.Tensor]:
    """(X [4, 4, 6], params, padding mask [4, 1, 1, 4]) of the lecture: the ch03 batch and its layer."""
    return (data.embedded_batch(), data.encoder_layer_params(),
            reference.padding_mask(data.sentence_batch()).unsqueeze(1))


def lecture_attention_output() -> torch.Tensor:
    """The lecture's §5 sublayer output: multi-head self-attention of X with the padding mask, [4, 4, 6]."""
    X, p, mask = lecture_inputs()
    return reference.multi_head_attention(X, X, X, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]


# ---------------------------------------------------------------- hard rows: a large mean, a small spread
# Where the mean of a row is far larger than its spread, the variance as E[x²] − E[x]² is the difference of two
# nearly equal large numbers and loses its digits (float32 around 1000: off by 0.1 and more, or negative: nan);
# only the lecture's way, the mean of (x − mean)², is right. Cases with such rows are the hard cases of the norms.
CLUSTERS = ((1000.0, torch.float32), (1e8, torch.float64))  # (centre, dtype): spread 1 around the centre
# A faithful float32 answer is off by a few roundings of the centre (2⁻¹⁴ at 1000) over the spread: measured on
# such rows, torch.nn.functional.layer_norm, torch.var_mean, numpy and float64-then-cast answers are within 1e-3
# of the reference, beyond the usual tolerance; float64 at 1e8 needs no slack.
CLUSTER_SLACK = {torch.float32: 4e-3, torch.float64: 0.0}
DEFAULT_EPS = 1e-5


def _variance_cancels(x: torch.Tensor, eps: float) -> bool:
    """True when the variance as E[x²] − E[x]², in x's own dtype, is off by more than 1e-5 of (variance + ε) in
    some row: x̂ then carries that error, and only the lecture's variance, the mean of (x − mean)², is sure to be
    right. Rows of random numbers a few wide can do this by chance (two nearly equal values), not only the
    clustered ones."""
    mean = x.mean(dim=-1, keepdim=True)
    variance = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    shortcut = (x * x).mean(dim=-1, keepdim=True) - mean * mean
    return bool(((shortcut - variance).abs() > 1e-5 * (variance + eps)).any())


def _clustered(generator: torch.Generator, shape: tuple[int, ...], centre: float, dtype: torch.dtype) -> torch.Tensor:
    """Standard normal values around `centre`, drawn in float64 and rounded once to `dtype`."""
    return (centre + randn(generator, *shape, dtype=torch.float64)).to(dtype)


def _clustered_label(centre: float) -> str:
    centre_text = f"{centre:g}".replace("e+0", "e")  # 1000, 1e8
    return f", 큰 값 {centre_text} 근처에 몰린 줄 ({centre_text} ± 1: 평균에 비해 퍼짐이 아주 작음)"


# ---------------------------------------------------------------- layer_norm
def _layer_norm_cases(generator: torch.Generator) -> list[Case]:
    """Random shapes and widths 2–16; tiny-variance rows (×1e-3), ε = 1e-3 and 0.1, a transposed
    (non-contiguous) input, a constant row; then large values, rows clustered around 1000 (float32) and 1e8
    (float64), 16–64 wide: hard."""
    cases = []
    for index in range(14):
        dtype = _dtype(index)
        width = randint(generator, 2, 16)
        x = randn(generator, *_random_shape(generator, width), dtype=dtype)
        label_extra, kwargs = "", {}
        if index in (2, 9):
            x, label_extra = x * 1e-3, ", 분산이 아주 작은 줄 (×1e-3)"
        if index in (6, 11):
            kwargs = {"eps": pick(generator, (1e-3, 0.1))}
        if index == 7:
            x = randn(generator, 3, width, 4, dtype=dtype).transpose(-2, -1)
            label_extra = ", 전치한 텐서 (메모리가 이어져 있지 않음)"
        if index == 12:
            x = x.clone()
            x[..., :] = 2.5
            label_extra = ", 모든 값이 같은 줄 (분산 0)"
        gamma, beta = _gamma_beta(generator, width, dtype)
        label = describe(x=x, gamma=gamma, beta=beta) + label_extra
        cases.append(Case(label + (f", eps={kwargs['eps']:g}" if kwargs else ""), (x, gamma, beta), kwargs,
                          hard=_variance_cancels(x, kwargs.get("eps", DEFAULT_EPS))))
    for (centre, dtype), leading in zip(CLUSTERS, ((4, 8), (3, 5))):
        width = randint(generator, 16, 64)
        x = _clustered(generator, (*leading, width), centre, dtype)
        gamma, beta = _gamma_beta(generator, width, dtype)
        cases.append(Case(describe(x=x, gamma=gamma, beta=beta) + _clustered_label(centre), (x, gamma, beta),
                          slack=CLUSTER_SLACK[dtype], hard=_variance_cancels(x, DEFAULT_EPS)))
    return cases


def _layer_norm_example() -> list[Case]:
    X, p, _ = lecture_inputs()
    return [Case("강의 1절: X [4, 4, 6], gamma = params.gamma1, beta = params.beta1", (X, p.gamma1, p.beta1)),
            Case("강의 3절: X / 1000 (분산이 아주 작은 줄), 같은 gamma, beta", (X / 1000, p.gamma1, p.beta1))]


# ---------------------------------------------------------------- feed_forward
def _ffn_weights(generator: torch.Generator, d_model: int, d_ff: int, dtype: torch.dtype):
    return (randn(generator, d_model, d_ff, dtype=dtype, scale=d_model ** -0.5), randn(generator, d_ff, dtype=dtype),
            randn(generator, d_ff, d_model, dtype=dtype, scale=d_ff ** -0.5), randn(generator, d_model, dtype=dtype))


def _feed_forward_cases(generator: torch.Generator) -> list[Case]:
    """Any leading dims (one position [d_model] too), d_ff = 4·d_model and others, large values, a transposed input."""
    cases = []
    for index in range(12):
        dtype = _dtype(index)
        d_model = randint(generator, 2, 8)
        d_ff = 4 * d_model if index % 3 == 0 else randint(generator, 1, 20)
        if index % 2:
            shape = (randint(generator, 1, 3), randint(generator, 2, 5), d_model)
        else:
            shape = _random_shape(generator, d_model)
        x = randn(generator, *shape, dtype=dtype, scale=10.0 if index == 5 else 1.0)
        if index == 7:
            x = randn(generator, 2, d_model, 3, dtype=dtype).transpose(-2, -1)
        W1, b1, W2, b2 = _ffn_weights(generator, d_model, d_ff, dtype)
        cases.append(Case(describe(x=x, W1=W1, b1=b1, W2=W2, b2=b2), (x, W1, b1, W2, b2)))
    return cases


def _feed_forward_example() -> list[Case]:
    X, p, _ = lecture_inputs()
    return [Case("강의 4절: X [4, 4, 6], params.W1 [6, 24], b1 [24], W2 [24, 6], b2 [6]", (X, p.W1, p.b1, p.W2, p.b2)),
            Case("강의 4절: 자리 하나 X[0, 1] [6] (문장 1의 \"오늘\"), 같은 가중치",
                 (X[0, 1], p.W1, p.b1, p.W2, p.b2))]


# ---------------------------------------------------------------- add_and_norm
def _add_and_norm_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for index in range(12):
        dtype = _dtype(index)
        width = randint(generator, 2, 12)
        shape = _random_shape(generator, width)
        x = randn(generator, *shape, dtype=dtype)
        sublayer_output = randn(generator, *shape, dtype=dtype, scale=pick(generator, (0.5, 1.0, 3.0)))
        gamma, beta = _gamma_beta(generator, width, dtype)
        kwargs = {"eps": 0.1} if index == 6 else {}
        label = describe(x=x, sublayer_output=sublayer_output, gamma=gamma, beta=beta)
        cases.append(Case(label + (", eps=0.1" if kwargs else ""), (x, sublayer_output, gamma, beta), kwargs,
                          hard=_variance_cancels(x + sublayer_output, kwargs.get("eps", DEFAULT_EPS))))
    for (centre, dtype), leading in zip(CLUSTERS, ((4, 8), (3, 5))):  # x far from 0, and so the sum
        width = randint(generator, 16, 64)
        x = _clustered(generator, (*leading, width), centre, dtype)
        sublayer_output = randn(generator, *leading, width, dtype=dtype)
        gamma, beta = _gamma_beta(generator, width, dtype)
        label = describe(x=x, sublayer_output=sublayer_output, gamma=gamma, beta=beta) + _clustered_label(centre)
        cases.append(Case(label, (x, sublayer_output, gamma, beta), slack=CLUSTER_SLACK[dtype],
                          hard=_variance_cancels(x + sublayer_output, DEFAULT_EPS)))
    return cases


def _add_and_norm_example() -> Case:
    X, p, _ = lecture_inputs()
    return Case("강의 5절: X [4, 4, 6]과 어텐션 서브층의 출력 [4, 4, 6], gamma1, beta1",
                (X, lecture_attention_output(), p.gamma1, p.beta1))


# ---------------------------------------------------------------- encoder_layer
_MASK_FORMS = ("padding", None, "decoder", "causal", "padding", "one_sentence")


def _encoder_case(generator: torch.Generator, index: int, *, B: int, S: int, heads: int, d_k: int,
                  norm_first: bool, form: str | None, lengths: list[int] | None = None, eps: float | None = None,
                  integer_mask: bool | None = None) -> Case:
    """Case `index` of encoder_layer; `eps` and `integer_mask` (a 0/1 mask rather than bool) chosen by the index
    unless given."""
    dtype = _dtype(index)
    eps = (0.01 if index == 7 else 1e-5) if eps is None else eps
    integer_mask = index == 4 if integer_mask is None else integer_mask
    d_model = heads * d_k
    d_ff = 4 * d_model if index % 3 else randint(generator, 2, 3 * d_model)
    params = data.encoder_layer_params(d_model, heads, d_ff, seed=randint(generator, 0, 2**30), dtype=dtype,
                                       eps=eps)
    x = randn(generator, B, S, d_model, dtype=dtype, scale=3.0 if index == 8 else 1.0)
    label = f"{describe(x=x)}, params(d_model={d_model}, num_heads={heads}, d_ff={d_ff}, eps={params.eps:g})"
    args: tuple = (x, params)
    if form is not None:
        key_lengths = torch.tensor(lengths if lengths is not None else
                                   [randint(generator, 1, S) for _ in range(B)])
        mask = mask_of_form(form, key_lengths, S, S)
        mask = mask.long() if integer_mask else mask
        kind = "0/1 정수" if integer_mask else "bool"
        label += f", 마스크 {list(mask.shape)} ({kind}), 실제 길이 {key_lengths.tolist()}"
        args = (x, params, mask)
    else:
        label += ", 마스크 없음"
    if norm_first:
        return Case(label + ", norm_first=True", args, {"norm_first": True})
    if index % 4 == 0:  # said, as well as left to the default: a default of True is not the switch read backwards
        return Case(label + ", norm_first=False", args, {"norm_first": False})
    return Case(label + ", norm_first 없이 (기본값 False)", args)


def _encoder_layer_cases(generator: torch.Generator) -> list[Case]:
    """Both norm orders in turn, every mask form, one head and several, d_ff ≠ 4·d_model, ε = 0.01, large
    values, and a sentence that is only padding; then every branch (norm order × no, bool or 0/1 mask) with ε and
    the head count other than the defaults."""
    cases = []
    for index in range(12):
        cases.append(_encoder_case(generator, index, B=randint(generator, 1, 3), S=randint(generator, 1, 6),
                                   heads=randint(generator, 1, 3), d_k=randint(generator, 2, 4),
                                   norm_first=index % 2 == 1, form=_MASK_FORMS[index % len(_MASK_FORMS)]))
    for norm_first in (False, True):  # the second sentence is only padding: every key of its rows is hidden
        cases.append(_encoder_case(generator, 12, B=3, S=4, heads=2, d_k=2, norm_first=norm_first,
                                   form="padding", lengths=[4, 0, 2]))
    for index, (norm_first, kind) in enumerate(BRANCHES, start=13):  # every number varied in every branch
        cases.append(_encoder_case(generator, index, B=randint(generator, 1, 3), S=randint(generator, 2, 5),
                                   heads=pick(generator, OTHER_HEADS), d_k=randint(generator, 2, 3),
                                   norm_first=norm_first, form=None if kind is None else "padding",
                                   eps=pick(generator, OTHER_EPS), integer_mask=kind == "0/1"))
    return cases


# Each norm order with each mask kind (none, bool, 0/1): a branch an answer can get wrong alone (eps not passed on
# in the post-norm branch only), so each gets a case with ε and the head count other than the lecture's.
BRANCHES = tuple((norm_first, kind) for norm_first in (False, True) for kind in (None, "bool", "0/1"))
OTHER_HEADS = (1, 2, 4)  # not the lecture's 3
OTHER_EPS = (1e-2, 0.1)  # not the default 1e-5


def _encoder_layer_example() -> list[Case]:
    X, p, mask = lecture_inputs()
    return [Case("강의 6절: X [4, 4, 6], params (d_model=6, num_heads=3, d_ff=24), 패딩 마스크 [4, 1, 1, 4], "
                 "norm_first=False", (X, p, mask)),
            Case("강의 6절: 같은 입력, norm_first=True", (X, p, mask), {"norm_first": True})]


EXERCISES = [
    Exercise("layer_norm", _layer_norm_cases, _layer_norm_example,
             CHAPTER.section("1. LayerNorm 손으로", "마지막 축의 평균과 치우친 분산, √ 안의 eps, γ와 β"),
             stable_way=VARIANCE_AFTER_MEAN, checks=with_hard(TINY_VARIANCE)),
    Exercise("feed_forward", _feed_forward_cases, _feed_forward_example,
             CHAPTER.section("4. 자리마다 같은 FFN", "relu(x @ W1 + b1) @ W2 + b2")),
    Exercise("add_and_norm", _add_and_norm_cases, _add_and_norm_example,
             CHAPTER.section("5. 더하고 정규화하기", "layer_norm(x + sublayer_output)"),
             stable_way=VARIANCE_AFTER_MEAN, checks=with_hard(TINY_VARIANCE)),
    Exercise("encoder_layer", _encoder_layer_cases, _encoder_layer_example,
             CHAPTER.section("6. 인코더 층 하나", "어텐션 서브층 → FFN 서브층, 마스크는 어텐션에"),
             uses=("layer_norm", "feed_forward", "add_and_norm", "multi_head_attention"),
             allowed=("multi_head_attention",),
             checks=(Check("post_norm", "norm_first=False (post-norm)", 0.5,
                           lambda case: not case.kwargs.get("norm_first", False)),
                     Check("pre_norm", "norm_first=True (pre-norm)", 0.5))),
]
