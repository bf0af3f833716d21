"""Grading specs of ch03: the random hidden cases and the lecture example of each exercise.

The cases promise what COURSE.md says the hidden tests check: random batches with random
padding, a heads dimension, d_v ≠ d_k, S_q ≠ S_k, masks given as bool or as 0/1 ints,
float32 and float64, large scores, and one sentence made only of [PAD] (whose row is uniform
in the reference, because masked scores are the finite -1e9). Every misconception of
:mod:`helpers.misconceptions.ch03` runs on these cases and differs from the reference.
"""

from __future__ import annotations

import torch
from torch import nn

from helpers import data, reference
from helpers.chapters import CH03
from helpers.grading.draw import randint, randn
from helpers.grading.hard import HUGE_SCORES, SUBTRACT_ROW_MAX, masked_scores, naive_softmax_breaks
from helpers.grading.padding import PAD_ID_CHECKS, random_lengths, random_token_ids
from helpers.grading.spec import Case, Exercise, describe, with_errors, with_hard
from helpers.korean import Particle, attach

CHAPTER = CH03

# Words for random vocabularies: none of them is a pad token, "고양이" is never in a vocabulary.
_WORD_POOL = ("나는", "너는", "오늘", "내일", "학교에", "집에", "도서관에", "간다", "온다", "공부한다",
              "책을", "읽는다", "밥을", "먹는다", "친구와", "함께", "천천히", "빨리", "아침에", "저녁에")
_UNKNOWN_WORD = "고양이"




# ---------------------------------------------------------------- the lecture's tensors
def lecture_qkv() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(query, key, value) of the ch03 lecture, each [4 sentences, 4 positions, 6], detached.

    Built in the lecture's order after ``torch.manual_seed(0)``: Embeddings(6, 9), then
    PositionalEncoding (no parameters), then W_Q, W_K, W_V = nn.Linear(6, 6, bias=False).
    The global random state is left as it was.
    """
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        embed = reference.Embeddings(d_model=6, vocab_size=len(data.VOCAB))
        add_position = reference.PositionalEncoding(6, dropout=0.0, max_len=100)
        projections = [nn.Linear(6, 6, bias=False) for _ in range(3)]  # W_Q, W_K, W_V
        with torch.no_grad():
            X = add_position(embed(data.sentence_batch()))  # [4, 4, 6]
            query, key, value = (projection(X) for projection in projections)
    return query, key, value


# ---------------------------------------------------------------- encode
def _random_vocab(generator: torch.Generator, pad: str) -> dict[str, int]:
    """pad plus 5–12 words of the pool, with shuffled ids (the pad id is not always 0)."""
    n_words = randint(generator, 5, 12)
    chosen = torch.randperm(len(_WORD_POOL), generator=generator)[:n_words]
    ids = torch.randperm(n_words + 1, generator=generator).tolist()
    tokens = [pad] + [_WORD_POOL[int(k)] for k in chosen]
    return dict(zip(tokens, ids))


def _random_sentence(generator: torch.Generator, vocab: dict[str, int], pad: str, length: int) -> list[str]:
    words = [word for word in vocab if word != pad]
    picks = torch.randint(0, len(words), (length,), generator=generator)
    return [words[int(k)] for k in picks]


def _encode_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for index in range(10):
        pad = "<pad>" if index % 4 == 3 else data.PAD
        vocab = _random_vocab(generator, pad)
        max_len = randint(generator, 3, 8)
        length = 0 if index == 5 else max_len if index == 6 else randint(generator, 1, max_len - 1)
        words = _random_sentence(generator, vocab, pad, length)
        as_tuple = index % 2 == 1  # the course keeps its sentences as tuples: any sequence of words is a sentence
        kwargs = {"pad": pad} if pad != data.PAD else {}
        label = f"낱말 {length}개 ({'튜플' if as_tuple else '리스트'}), max_len={max_len}, {pad}의 번호 {vocab[pad]}"
        cases.append(Case(label, (tuple(words) if as_tuple else words, vocab, max_len), kwargs))
    # The errors come last: a wrong value is diagnosed on the cases above first.
    for length, max_len in ((7, 5), (9, 4)):
        vocab = _random_vocab(generator, data.PAD)
        words = _random_sentence(generator, vocab, data.PAD, length)
        cases.append(Case(f"낱말 {length}개인데 max_len={max_len} (길이 초과)", (words, vocab, max_len),
                          raises=ValueError, message_contains=str(length)))
    for position in (0, 2):
        vocab = _random_vocab(generator, data.PAD)
        words = _random_sentence(generator, vocab, data.PAD, 3)
        words[position] = _UNKNOWN_WORD
        cases.append(Case(f"어휘집에 없는 낱말 {attach(repr(_UNKNOWN_WORD), Particle.SUBJECT)} {position + 1}번째에 "
                          "있는 문장",
                          (words, vocab, 5), raises=KeyError, message_contains=_UNKNOWN_WORD))
    # Both at once: whichever the function checks first is right (the instructions say so).
    vocab = _random_vocab(generator, data.PAD)
    words = _random_sentence(generator, vocab, data.PAD, 6)
    words[1] = _UNKNOWN_WORD
    cases.append(Case(f"낱말 6개인데 max_len=4이고 어휘집에 없는 {_UNKNOWN_WORD!r}도 있는 문장 "
                      "(ValueError도 KeyError도 맞음)", (words, vocab, 4), raises=(ValueError, KeyError)))
    return cases


def _encode_example() -> Case:
    return Case("강의의 넷째 문장 data.SENTENCES[3] (튜플: 나는 집에 간다), max_len=4",
                (data.SENTENCES[3], dict(data.VOCAB), 4))


# ---------------------------------------------------------------- positional_encoding
FLOAT32_ROUNDOFF = 2.0 ** -24  # u: float32 rounds a number to within u times itself
PE_ROUNDINGS = 4  # how many roundings of the largest angle the check forgives (see positional_encoding_slack)
PE_LARGEST_MAX_LEN = 512  # BERT's number of positions


def positional_encoding_slack(max_len: int) -> float:
    """How far a faithful float32 table of `max_len` positions may be from the reference, beyond ATOL.

    The angle pos / 10000^(2i/d_model) reaches max_len − 1, and float32 holds it only to within u·(max_len − 1):
    sin and cos carry that error into the table whatever way the formula is typed. Measured over max_len 4–5000
    and d_model 2–512, a faithful float32 table (literal pow, exp/log, numpy, 1 / 10000^…) is within
    2.2·u·(max_len − 1) of the exact one, the reference (exp/log in float32) within 1.3, and any two of them
    within 2.5; a table computed in float64 and cast rounds only its values (within u of exact), so it is as far
    from the reference as the reference is from exact. Four such roundings: every faithful float32 or float64
    table passes at every max_len, and a wrong formula is off by far more (a wrong column or position: order 1).
    """
    return PE_ROUNDINGS * FLOAT32_ROUNDOFF * max(max_len - 1, 0)


def _positional_encoding_cases(generator: torch.Generator) -> list[Case]:
    sizes = [(1, 6), (4, 2), (100, 6), (50, 64)]  # one position; one frequency; the lecture's buffer; wide
    sizes += [(randint(generator, 2, 60), 2 * randint(generator, 2, 16)) for _ in range(8)]
    sizes += [(PE_LARGEST_MAX_LEN, 64)]  # float32's own rounding of the angles is far above ATOL here
    return [Case(f"max_len={max_len}, d_model={d_model}", (max_len, d_model), slack=positional_encoding_slack(max_len))
            for max_len, d_model in sizes]


def _positional_encoding_example() -> Case:
    return Case("강의의 max_len=4, d_model=6", (data.MAX_LEN, 6))


# ---------------------------------------------------------------- padding_mask
def _padding_mask_cases(generator: torch.Generator) -> list[Case]:
    cases = []
    for index in range(12):
        batch, seq = randint(generator, 1, 5), randint(generator, 2, 8)
        lengths = random_lengths(generator, batch, seq)
        pad_id = 0 if index % 3 else randint(generator, 1, 9)
        dtype = torch.int32 if index == 7 else torch.long
        if index == 10:  # a sentence made only of padding
            lengths[0] = 0
        x = random_token_ids(generator, lengths, seq, pad_id, dtype)
        kwargs = {"pad_id": pad_id} if pad_id else {}
        cases.append(Case(f"{describe(x=x)}, 실제 길이 {lengths}, pad_id={pad_id}", (x,), kwargs))
    return cases


def _padding_mask_example() -> Case:
    return Case("강의의 문장 배치 data.sentence_batch() [4, 4]", (data.sentence_batch(),))


# ---------------------------------------------------------------- masked_attention
def _attention_case(generator: torch.Generator, *, heads: int | None, batch: int, S_q: int, S_k: int,
                    d_k: int, d_v: int, dtype=torch.float32, mask: str | None = "bool",
                    lengths: list[int] | None = None, scale: float = 1.0) -> Case:
    """Random query/key/value with a key padding mask (as `mask`: "bool", "int" or None)."""
    head_dims = [] if heads is None else [heads]
    query = randn(generator, batch, *head_dims, S_q, d_k, dtype=dtype) * scale
    key = randn(generator, batch, *head_dims, S_k, d_k, dtype=dtype) * scale
    value = randn(generator, batch, *head_dims, S_k, d_v, dtype=dtype)
    args = (query, key, value)
    if mask is None:
        return Case(describe(Q=query, K=key, V=value) + ", 마스크 없음", args)
    lengths = random_lengths(generator, batch, S_k) if lengths is None else lengths
    keep = torch.arange(S_k).unsqueeze(0) < torch.tensor(lengths).unsqueeze(1)  # [batch, S_k]
    keep = keep.reshape(batch, *([1] * len(head_dims)), 1, S_k)  # [batch, (1,) 1, S_k]
    keep = keep if mask == "bool" else keep.long()
    kind = "bool" if mask == "bool" else "0/1 정수"
    label = f"{describe(Q=query, K=key, V=value)}, 마스크 {list(keep.shape)} ({kind}), 실제 길이 {lengths}"
    if scale != 1.0:
        label += f", 큰 값 (×{scale:g})"
    return Case(label, (*args, keep), hard=naive_softmax_breaks(masked_scores(query, key, keep)))


def _masked_attention_cases(generator: torch.Generator) -> list[Case]:
    def dims():
        return randint(generator, 1, 4), randint(generator, 2, 6)

    cases = []
    for index in range(6):  # [batch, seq, d] with a [batch, 1, seq] mask
        batch, S = dims()
        d_k, d_v = randint(generator, 2, 8), randint(generator, 2, 8)
        cases.append(_attention_case(generator, heads=None, batch=batch, S_q=S, S_k=S, d_k=d_k, d_v=d_v,
                                     dtype=torch.float64 if index % 3 == 2 else torch.float32,
                                     mask="int" if index % 2 else "bool"))
    for index in range(4):  # [batch, heads, seq, d] with a [batch, 1, 1, seq] mask
        batch, S = dims()
        cases.append(_attention_case(generator, heads=randint(generator, 2, 4), batch=batch, S_q=S, S_k=S,
                                     d_k=randint(generator, 2, 8), d_v=randint(generator, 2, 8),
                                     dtype=torch.float64 if index == 1 else torch.float32,
                                     mask="int" if index % 2 else "bool"))
    cases.append(_attention_case(generator, heads=None, batch=3, S_q=3, S_k=5, d_k=4, d_v=6))  # S_q ≠ S_k
    cases.append(_attention_case(generator, heads=2, batch=2, S_q=4, S_k=3, d_k=4, d_v=2, mask="int"))
    cases.append(_attention_case(generator, heads=None, batch=2, S_q=4, S_k=4, d_k=6, d_v=3, mask=None))
    cases.append(_attention_case(generator, heads=2, batch=2, S_q=3, S_k=3, d_k=5, d_v=5, mask=None))
    cases.append(_attention_case(generator, heads=None, batch=2, S_q=5, S_k=5, d_k=8, d_v=4, scale=30.0))
    # a long sentence with large values, in float64: every faithful answer agrees to far below the tolerance, and
    # a softmax without the max shift still overflows (exp(710) is inf in float64)
    cases.append(_attention_case(generator, heads=2, batch=2, S_q=48, S_k=48, d_k=8, d_v=4, dtype=torch.float64,
                                 scale=30.0))
    # One sentence is only [PAD]: every key of its rows is masked and the reference gives 1/S_k each.
    cases.append(_attention_case(generator, heads=None, batch=3, S_q=4, S_k=4, d_k=4, d_v=4, lengths=[4, 0, 2]))
    return cases


def _masked_attention_example() -> Case:
    query, key, value = lecture_qkv()
    mask = reference.padding_mask(data.sentence_batch())  # [4, 1, 4]
    return Case("강의의 query, key, value [4, 4, 6]과 패딩 마스크 [4, 1, 4]", (query, key, value, mask))


EXERCISES = [
    Exercise("encode", _encode_cases, _encode_example, CHAPTER.section('1. 어휘집과 문장 배치'),
             checks=with_errors()),
    Exercise("positional_encoding", _positional_encoding_cases, _positional_encoding_example,
             CHAPTER.section('3. 위치 인코딩')),
    Exercise("padding_mask", _padding_mask_cases, _padding_mask_example, CHAPTER.section('5. 패딩 마스크'),
             checks=PAD_ID_CHECKS),
    Exercise("masked_attention", _masked_attention_cases, _masked_attention_example,
             CHAPTER.section('6. 마스크 없이, 마스크와 함께'), output_names=("output", "p_attn"),
             stable_way=SUBTRACT_ROW_MAX, checks=with_hard(HUGE_SCORES)),
]
