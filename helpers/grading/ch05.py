"""Grading specs of ch05: the random hidden cases and the lecture example of each exercise.

The cases promise what the issue asks of the hidden tests: random batch sizes, sequence lengths,
head counts and d_k; d_model not a multiple of h (a Korean ValueError); inputs that are transposed
views as well as contiguous ones; masks of every broadcastable form ([B, 1, 1, S_k],
[B, 1, S_q, S_k], [S_q, S_k], [1, 1, 1, S_k], bool and 0/1); S_q ≠ S_k; float32 and float64; large
values; a row whose keys are all masked (uniform in the reference, which fills with the finite
-1e9). Every misconception of :mod:`helpers.misconceptions.ch05` runs on these cases and differs
from the reference.
"""

from __future__ import annotations

import torch

from helpers import data, reference
from helpers.chapters import CH05
from helpers.grading.draw import pick, randint, randn
from helpers.grading.hard import HUGE_SCORES, SUBTRACT_ROW_MAX, masked_scores, naive_softmax_breaks
from helpers.grading.padding import PAD_ID_CHECKS, mask_of_form, random_lengths, random_token_ids
from helpers.grading.spec import Case, Check, Exercise, describe, is_tidy, with_errors
from helpers.korean import Particle, attach

CHAPTER = CH05

LECTURE_HEADS = 3  # the lecture's h: d_model = 6, d_k = 2


def _dtype(index: int) -> torch.dtype:
    return torch.float64 if index % 4 == 3 else torch.float32


# ---------------------------------------------------------------- the lecture's tensors
def lecture_address() -> torch.Tensor:
    """The lecture's §3 'address' tensor as floats: cell (position s, coordinate j) holds 10·s + j, [1, 4, 6]."""
    return (10.0 * torch.arange(4)[:, None] + torch.arange(6)).expand(1, 4, 6).clone()


def lecture_projections() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(X @ W_q, X @ W_k, X @ W_v) of the lecture's §2, each [4, 4, 6]."""
    X = data.embedded_batch()
    W_q, W_k, W_v, _ = data.multi_head_weights()
    return X @ W_q, X @ W_k, X @ W_v


def lecture_heads_output() -> torch.Tensor:
    """The lecture's §4 heads_out [4, 3, 4, 2]: every head's attention output with the padding mask."""
    Q, K, V = (reference.split_heads(t, LECTURE_HEADS) for t in lecture_projections())
    pad_mask = reference.padding_mask(data.sentence_batch()).unsqueeze(1)  # [4, 1, 1, 4]
    return reference.attention(Q, K, V, pad_mask)[0]


# ---------------------------------------------------------------- split_heads
def _split_heads_cases(generator: torch.Generator) -> list[Case]:
    """S ≥ 2 and h ≥ 2 on most cases (there a bare reshape differs), one-head and one-position cases,
    d_model from 2 to 24; then three head counts that do not divide d_model."""
    cases = []
    for index in range(12):
        B, S = randint(generator, 1, 4), randint(generator, 2, 6)
        heads, d_k = randint(generator, 2, 4), randint(generator, 1, 4)
        if index == 4:
            heads = 1  # one head: the split only adds an axis
        if index == 7:
            S = 1
        x = randn(generator, B, S, heads * d_k, dtype=_dtype(index), scale=3.0 if index % 5 == 2 else 1.0)
        cases.append(Case(f"{describe(x=x)}, num_heads={heads}", (x, heads)))
    for d_model, heads in ((10, 4), (6, 4), (7, 2)):
        x = randn(generator, 2, 3, d_model)
        cases.append(Case(f"{describe(x=x)}, num_heads={heads} (d_model={attach(d_model, Particle.TOPIC)} "
                          f"{attach(heads, Particle.TOWARD)} 나누어떨어지지 않음)",
                          (x, heads), raises=ValueError, message_contains=str(d_model)))
    return cases


def _split_heads_example() -> list[Case]:
    projected, _, _ = lecture_projections()
    return [Case("강의 3절의 주소 텐서 [1, 4, 6] (칸의 값 = 10·자리 + 좌표), num_heads=3",
                 (lecture_address(), LECTURE_HEADS)),
            Case("강의 2절의 X @ W_q [4, 4, 6], num_heads=3", (projected, LECTURE_HEADS)),
            Case("강의 3절의 주소 텐서 [1, 4, 6], num_heads=4 (6은 4로 나누어떨어지지 않음)",
                 (lecture_address(), 4), raises=ValueError, message_contains="6")]


# ---------------------------------------------------------------- merge_heads
def _merge_heads_cases(generator: torch.Generator) -> list[Case]:
    """Contiguous [B, h, S, d_k] tensors (an attention output), and on every third case the
    non-contiguous output of a split: merge_heads(split_heads(x)) must give x back."""
    cases = []
    for index in range(12):
        B, S = randint(generator, 1, 4), randint(generator, 2, 6)
        heads, d_k = randint(generator, 2, 4), randint(generator, 1, 4)
        if index == 5:
            heads = 1
        dtype = _dtype(index)
        if index % 3 == 1:
            x = reference.split_heads(randn(generator, B, S, heads * d_k, dtype=dtype), heads)
            label = f"{describe(x=x)}, split_heads의 결과 (메모리가 이어져 있지 않은 텐서)"
        else:
            x = randn(generator, B, heads, S, d_k, dtype=dtype)
            label = describe(x=x)
        cases.append(Case(label, (x,)))
    return cases


def _merge_heads_example() -> list[Case]:
    return [Case("강의 4절의 heads_out [4, 3, 4, 2] (머리마다의 섞은 결과)", (lecture_heads_output(),)),
            Case("강의 3절의 바르게 나눈 주소 텐서 [1, 3, 4, 2] (split_heads의 결과)",
                 (reference.split_heads(lecture_address(), LECTURE_HEADS),))]


# ---------------------------------------------------------------- causal_mask
def _causal_mask_cases(generator: torch.Generator) -> list[Case]:
    sizes = [1, 2, 3, 5, 8, 16] + [randint(generator, 2, 40) for _ in range(4)]
    return [Case(f"size={size}", (size,)) for size in sizes]


def _causal_mask_example() -> Case:
    return Case("강의 7절의 causal_mask(4)", (4,))


# ---------------------------------------------------------------- decoder_mask
def _decoder_mask_cases(generator: torch.Generator) -> list[Case]:
    """Random batches with padding at the end, pad ids other than 0, int32 ids, and one sentence
    that is only padding (its rows hide every key)."""
    cases = []
    for index in range(12):
        batch, seq = randint(generator, 1, 5), randint(generator, 2, 8)
        lengths = random_lengths(generator, batch, seq)
        pad_id = 0 if index % 3 else randint(generator, 1, 9)
        if index == 9:
            lengths[0] = 0
        x = random_token_ids(generator, lengths, seq, pad_id, torch.int32 if index == 7 else torch.long)
        kwargs = {"pad_id": pad_id} if pad_id else {}
        cases.append(Case(f"{describe(x=x)}, 실제 길이 {lengths}, pad_id={pad_id}", (x,), kwargs))
    return cases


def _decoder_mask_example() -> list[Case]:
    x = data.sentence_batch()
    return [Case("강의 8절의 문장 배치 data.sentence_batch() [4, 4]", (x,)),
            Case("같은 묶음의 번호를 1씩 올리고 pad_id=1 ([PAD]의 번호가 1인 어휘집)", (x + 1,), {"pad_id": 1})]


# ---------------------------------------------------------------- multi_head_attention
def _key_lengths(generator: torch.Generator, B: int, S_k: int) -> torch.Tensor:
    return torch.tensor(random_lengths(generator, B, S_k))


_MASK_FORMS = ("padding", "decoder", "causal", "one_sentence", None)


def _multi_head_case(generator: torch.Generator, *, B: int, S_q: int, S_k: int, heads: int, d_k: int,
                     dtype: torch.dtype = torch.float32, form: str | None = "padding", as_int: bool = False,
                     scale: float = 1.0, lengths: list[int] | None = None) -> Case:
    d_model = heads * d_k
    query = randn(generator, B, S_q, d_model, dtype=dtype, scale=scale)
    if S_q == S_k:
        key = value = query  # self-attention: one tensor as query, key and value
    else:  # cross-attention: key and value their own tensors
        key = randn(generator, B, S_k, d_model, dtype=dtype, scale=scale)
        value = randn(generator, B, S_k, d_model, dtype=dtype)
    weights = [randn(generator, d_model, d_model, dtype=dtype, scale=d_model ** -0.5) for _ in range(4)]
    args = (query, key, value, *weights, heads)
    inputs = {"query": query, "key": key, "value": value}
    label = describe(**inputs) + f", W [{d_model}, {d_model}], num_heads={heads}"
    if scale != 1.0:
        label += f", 큰 값 (×{scale:g})"
    if form is None:
        return Case(label + ", 마스크 없음", args)
    key_lengths = torch.tensor(lengths) if lengths is not None else _key_lengths(generator, B, S_k)
    mask = mask_of_form(form, key_lengths, S_q, S_k)
    mask = mask.long() if as_int else mask
    kind = "0/1 정수" if as_int else "bool"
    return Case(f"{label}, 마스크 {list(mask.shape)} ({kind}), 실제 길이 {key_lengths.tolist()}", (*args, mask),
                hard=_naive_softmax_breaks_on_heads(query, key, *weights[:2], heads, mask))


def _naive_softmax_breaks_on_heads(query: torch.Tensor, key: torch.Tensor, W_q: torch.Tensor, W_k: torch.Tensor,
                                   num_heads: int, mask: torch.Tensor) -> bool:
    """naive_softmax_breaks on the masked scores of every head: the inputs a softmax without the max shift fails."""
    Q, K = (reference.split_heads(x @ W, num_heads) for x, W in ((query, W_q), (key, W_k)))  # [B, h, S, d_k]
    return naive_softmax_breaks(masked_scores(Q, K, mask))


def _multi_head_attention_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for index in range(10):  # self-attention, every mask form in turn
        S = randint(generator, 2, 6)
        cases.append(_multi_head_case(generator, B=randint(generator, 1, 3), S_q=S, S_k=S,
                                      heads=randint(generator, 2, 4), d_k=randint(generator, 1, 4),
                                      dtype=_dtype(index), form=_MASK_FORMS[index % len(_MASK_FORMS)],
                                      as_int=index == 5))
    # cross-attention: S_q ≠ S_k, key and value their own tensors
    cases.append(_multi_head_case(generator, B=2, S_q=3, S_k=5, heads=2, d_k=3, form="padding"))
    cases.append(_multi_head_case(generator, B=3, S_q=5, S_k=2, heads=4, d_k=2, form=None, dtype=torch.float64))
    cases.append(_multi_head_case(generator, B=2, S_q=4, S_k=4, heads=1, d_k=5, form="decoder"))  # one head
    cases.append(_multi_head_case(generator, B=3, S_q=4, S_k=4, heads=3, d_k=2, form="padding"))  # B = h
    # large values in float64: in float32 the near-ties of scores this large let a faithful float64-inside answer
    # differ from the reference beyond the tolerance under some courses' secrets
    cases.append(_multi_head_case(generator, B=2, S_q=5, S_k=5, heads=2, d_k=4, form="decoder", scale=10.0,
                                  dtype=torch.float64))
    # a long sentence with large values, in float64: every faithful answer agrees to far below the tolerance, and
    # a softmax without the max shift still overflows (exp(710) is inf in float64)
    cases.append(_multi_head_case(generator, B=2, S_q=40, S_k=40, heads=2, d_k=4, form="decoder",
                                  dtype=torch.float64, scale=30.0))
    # one sentence is only padding: its rows hide every key and the reference gives 1/S_k each
    cases.append(_multi_head_case(generator, B=3, S_q=4, S_k=4, heads=2, d_k=3, form="padding", lengths=[4, 0, 2]))
    cases.append(_multi_head_case(generator, B=1, S_q=6, S_k=6, heads=pick(generator, (2, 3)), d_k=2,
                                  form="causal", as_int=True))
    return cases


def _multi_head_attention_example() -> list[Case]:
    X = data.embedded_batch()
    weights = data.multi_head_weights()
    x = data.sentence_batch()
    first, nothing_visible = X[:1].double(), torch.zeros(1, 1, 1, 4, dtype=torch.bool)
    W_q, W_k = (W.double() for W in weights[:2])
    return [Case("강의 5절: X [4, 4, 6], W_q, W_k, W_v, W_o [6, 6], num_heads=3, 패딩 마스크 [4, 1, 1, 4]",
                 (X, X, X, *weights, LECTURE_HEADS, reference.padding_mask(x).unsqueeze(1))),
            Case("강의 8절: 같은 입력과 decoder_mask [4, 1, 4, 4]",
                 (X, X, X, *weights, LECTURE_HEADS, reference.decoder_mask(x))),
            Case("강의 9절: 첫 문장 [1, 4, 6] (float64), 모든 Key를 가린 마스크 [1, 1, 1, 4]",
                 (first, first, first, *(W.double() for W in weights), LECTURE_HEADS, nothing_visible),
                 hard=_naive_softmax_breaks_on_heads(first, first, W_q, W_k, LECTURE_HEADS, nothing_visible))]


EXERCISES = [
    Exercise("split_heads", _split_heads_cases, _split_heads_example,
             CHAPTER.section("3. 나누기", "view 다음 transpose"), checks=with_errors()),
    Exercise("merge_heads", _merge_heads_cases, _merge_heads_example,
             CHAPTER.section("5. 합치기", "transpose, contiguous, view"),
             checks=(Check("contiguous", "메모리가 이어진 입력", 0.75, lambda case: case.args[0].is_contiguous()),
                     Check("split_view", "split_heads의 결과 (메모리가 이어지지 않은 입력)", 0.25))),
    Exercise("causal_mask", _causal_mask_cases, _causal_mask_example,
             CHAPTER.section("7. 미래를 가리는 마스크", "torch.tril")),
    Exercise("decoder_mask", _decoder_mask_cases, _decoder_mask_example,
             CHAPTER.section("8. 패딩 마스크와 함께", "[B, 1, 1, S] & [S, S] → [B, 1, S, S]"),
             checks=PAD_ID_CHECKS),
    Exercise("multi_head_attention", _multi_head_attention_cases, _multi_head_attention_example,
             CHAPTER.section("5. 합치기", "투영 → 나누기 → 머리마다 어텐션 → 합치기 → W_O"),
             output_names=("output", "p_attn"), stable_way=SUBTRACT_ROW_MAX,
             checks=(Check("no_mask", "마스크 없는 입력", 0.4, lambda case: is_tidy(case) and len(case.args) == 8),
                     Check("masked", "마스크가 있는 입력", 0.4, is_tidy),
                     Check("hard", HUGE_SCORES, 0.2))),
]
