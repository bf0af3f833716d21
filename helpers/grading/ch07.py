"""Grading specs of ch07: the random hidden cases and the lecture example of each exercise.

The cases promise what the issue asks: the real all-MiniLM-L6-v2 tensors (read from the installed package, hash
checked, never downloaded) and random tensors of the same roles at small sizes; float32 and float64; batches
with padding (attention_mask 0) and without, bool and 0/1 masks, both token types; a hidden state whose rows have
a tiny variance (where a LayerNorm ε of 1e-5 instead of BERT's 1e-12 shows); heads of d_k ≠ d_model and
weights that are not symmetric (where forgetting nn.Linear's transpose shows). Every misconception of
:mod:`helpers.misconceptions.ch07` runs on these cases and differs from the reference.
"""

from __future__ import annotations

import functools

import torch

from helpers import data, reference
from helpers.chapters import CH07
from helpers.grading.draw import pick, randint, randn, shuffled
from helpers.grading.spec import Case, Check, Exercise, describe

CHAPTER = CH07


def _dtype(index: int) -> torch.dtype:
    return torch.float64 if index % 4 == 3 else torch.float32


def _token_batch(generator: torch.Generator, B: int, S: int, vocab: int, types: int = 2, *, padded: bool = True):
    """(input_ids, token_type_ids, attention_mask) [B, S]: [PAD] = 0 after each sentence's random length."""
    lengths = torch.tensor([randint(generator, 1, S) if padded else S for _ in range(B)])
    attention_mask = (torch.arange(S)[None] < lengths[:, None]).long()
    input_ids = torch.randint(1, vocab, (B, S), generator=generator) * attention_mask
    token_type_ids = torch.randint(0, types, (B, S), generator=generator) * attention_mask
    return input_ids, token_type_ids, attention_mask


# ---------------------------------------------------------------- the lecture's tensors
@functools.cache
def _lecture_batch() -> dict[str, torch.Tensor]:
    return data.minilm_batch(list(data.EXAMPLE_SENTENCES))


def lecture_batch() -> dict[str, torch.Tensor]:
    """input_ids, token_type_ids, attention_mask [2, 13] of the lecture's two English sentences (tokenized once;
    each call gets its own copies)."""
    return {name: tensor.clone() for name, tensor in _lecture_batch().items()}


def lecture_embedding_args(batch: dict[str, torch.Tensor] | None = None) -> tuple:
    batch = lecture_batch() if batch is None else batch
    e = data.minilm_embedding_weights()
    return (batch["input_ids"], batch["token_type_ids"], e["word"], e["position"], e["token_type"], e["gamma"],
            e["beta"])


@functools.cache
def _lecture_hidden(layer: int) -> torch.Tensor:
    batch = _lecture_batch()
    hidden = reference.bert_embeddings(*lecture_embedding_args(batch))  # [2, 13, 384]
    for below in range(layer):
        hidden = reference.bert_layer(hidden, data.minilm_layer_weights(below), data.MINILM_HEADS,
                                      batch["attention_mask"])
    return hidden


def lecture_hidden(layer: int = 0) -> torch.Tensor:
    """The hidden state that enters `layer` for the lecture's batch, [2, 13, 384] (the embeddings for layer 0):
    computed once a process, and each call gets its own copy."""
    return _lecture_hidden(layer).clone()


def _real_head_args(layer: int, hidden: torch.Tensor, attention_mask: torch.Tensor | None) -> tuple:
    w = data.minilm_layer_weights(layer)
    return (hidden, w["query.weight"], w["query.bias"], w["key.weight"], w["key.bias"], data.MINILM_HEADS,
            attention_mask)


# ---------------------------------------------------------------- bert_embeddings
def _bert_embeddings_cases(generator: torch.Generator) -> list[Case]:
    """Random tables (V 5–40, P ≥ S, 1–3 token types, d 2–16) in float32 and float64, padded batches, ε other than
    the default, rows of tiny variance (tables × 1e-4); then the real MiniLM tables on random ids."""
    cases = []
    for index in range(10):
        dtype = _dtype(index)
        B, S, d = randint(generator, 1, 3), randint(generator, 1, 7), randint(generator, 2, 16)
        V, P, T = randint(generator, 5, 40), S + randint(generator, 1, 4), randint(generator, 1, 3)
        scale = 1e-4 if index in (2, 7) else 1.0
        word, position, token_type = (randn(generator, n, d, dtype=dtype, scale=scale) for n in (V, P, T))
        gamma, beta = 1.0 + 0.5 * randn(generator, d, dtype=dtype), 0.5 * randn(generator, d, dtype=dtype)
        input_ids, token_type_ids, _ = _token_batch(generator, B, S, V, T)
        kwargs = {"eps": pick(generator, (1e-3, 0.1))} if index in (4, 9) else {}
        label = describe(input_ids=input_ids, token_type_ids=token_type_ids, word=word, position=position,
                         token_type=token_type, gamma=gamma, beta=beta)
        label += ", 작은 표 (× 1e-4, 분산이 아주 작은 줄)" if scale != 1.0 else ""
        label += f", eps={kwargs['eps']:g}" if kwargs else ""
        cases.append(Case(label, (input_ids, token_type_ids, word, position, token_type, gamma, beta), kwargs))
    for B, S in ((3, 9), (1, 20)):
        input_ids, token_type_ids, _ = _token_batch(generator, B, S, 30522)
        args = (input_ids, token_type_ids, *lecture_embedding_args()[2:])
        cases.append(Case(f"all-MiniLM-L6-v2의 표, 무작위 토큰 {describe(input_ids=input_ids)}", args))
    return cases


def _bert_embeddings_example() -> Case:
    return Case("강의 4절: 두 영어 문장의 input_ids, token_type_ids [2, 13]과 all-MiniLM-L6-v2의 임베딩 표",
                lecture_embedding_args())


# ---------------------------------------------------------------- bert_head_weights
def _bert_head_weights_cases(generator: torch.Generator) -> list[Case]:
    """Random layers (1–4 heads, d_k 1–5, biases of scale 1) with and without padding, bool and 0/1 masks, a
    mask of None; then real MiniLM layers 0 and 3 on their real inputs, padding included."""
    cases = []
    for index in range(10):
        dtype = _dtype(index)
        B, S, heads, d_k = randint(generator, 1, 3), randint(generator, 1, 6), randint(generator, 1, 4), \
            randint(generator, 1, 5)
        if index in (1, 6):
            heads = max(heads, 2)
        d = heads * d_k
        hidden = randn(generator, B, S, d, dtype=dtype)
        W_q, W_k = (randn(generator, d, d, dtype=dtype, scale=d ** -0.5) for _ in range(2))
        b_q, b_k = (randn(generator, d, dtype=dtype) for _ in range(2))
        attention_mask = _token_batch(generator, B, S, 2, padded=index % 3 != 2)[2]
        kind = "0/1 정수"
        if index % 5 == 1:
            attention_mask, kind = attention_mask.bool(), "bool"
        label = describe(hidden=hidden, W_q=W_q, b_q=b_q, W_k=W_k, b_k=b_k) + f", num_heads={heads}"
        if index == 8:
            cases.append(Case(label + ", attention_mask=None", (hidden, W_q, b_q, W_k, b_k, heads)))
            continue
        label += f", attention_mask {attention_mask.int().tolist()} ({kind})"
        cases.append(Case(label, (hidden, W_q, b_q, W_k, b_k, heads, attention_mask)))
    batch = lecture_batch()
    cases.append(Case("all-MiniLM-L6-v2 0층의 가중치, 강의의 입력 벡터 [2, 13, 384], attention_mask [2, 13]",
                      _real_head_args(0, lecture_hidden(0), batch["attention_mask"])))
    cases.append(Case("all-MiniLM-L6-v2 3층의 가중치, 3층에 들어가는 은닉 상태 [2, 13, 384], attention_mask [2, 13]",
                      _real_head_args(3, lecture_hidden(3), batch["attention_mask"])))
    return cases


def _bert_head_weights_example() -> list[Case]:
    """The lecture's layer 0 on its batch, with the mask as the tokenizer gives it (0/1) and as bool."""
    label = "강의 5절: 0층의 W_q, b_q, W_k, b_k, 입력 벡터 X [2, 13, 384], num_heads=12, attention_mask [2, 13]"
    mask = lecture_batch()["attention_mask"]
    return [Case(label, _real_head_args(0, lecture_hidden(0), mask)),
            Case(label + " (bool)", _real_head_args(0, lecture_hidden(0), mask.bool()))]


# ---------------------------------------------------------------- gelu
def _gelu_cases(generator: torch.Generator) -> list[Case]:
    """Any shape, float32 and float64, values of scale 0.1 to 5, and large positive and negative values."""
    cases = []
    for index in range(11):
        dtype = _dtype(index)
        shape = [randint(generator, 1, 5) for _ in range(randint(generator, 1, 3))]
        x = randn(generator, *shape, dtype=dtype, scale=pick(generator, (0.1, 1.0, 2.0, 5.0)))
        cases.append(Case(describe(x=x), (x,)))
    extremes = shuffled(generator, torch.tensor([-30.0, -8.0, -3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 8.0, 30.0]))
    cases.append(Case(f"x = [{', '.join(f'{value:g}' for value in extremes.tolist())}] (float32)", (extremes,)))
    return cases


def _gelu_example() -> Case:
    return Case("강의 6절: x = torch.linspace(-3, 3, 13)", (torch.linspace(-3, 3, 13),))


EXERCISES = [
    Exercise("bert_embeddings", _bert_embeddings_cases, _bert_embeddings_example,
             CHAPTER.section("4. 입력 벡터 손으로", "낱말 + 위치(0부터) + 문장 구분, LayerNorm (eps 1e-12)"),
             allowed=("layer_norm",)),
    Exercise("bert_head_weights", _bert_head_weights_cases, _bert_head_weights_example,
             CHAPTER.section("5. 한 머리의 비율표 손으로", "편향 있는 Q와 K, 머리 나누기, √d_k, 마스크, softmax"),
             allowed=("split_heads",),
             checks=(Check("with_mask", "attention_mask가 있는 입력", 0.75, lambda case: len(case.args) == 7),
                     Check("without_mask", "attention_mask=None", 0.25))),
    Exercise("gelu", _gelu_cases, _gelu_example,
             CHAPTER.section("6. 첫 층 전체, 그리고 여섯 층", "erf를 쓴 정확한 GELU: x · Φ(x)")),
]
