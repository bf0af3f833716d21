"""The course's fixed data, one place for notebooks, tests and grading."""

from __future__ import annotations

import numpy as np
import torch

# ---------------------------------------------------------------- ch01: "이불 배송 언제 와요"
WORDS = ("이불", "배송", "언제", "와요")
FEATURES = ("물건", "배송")  # coordinate 1 = 물건, coordinate 2 = 배송


def handmade_qkv() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Fresh (Q, K, V) of ch01, each [4 words, 2 features]; V is a copy of K."""
    Q = torch.tensor([[0.0, 1.0],   # 이불: looks a little for 배송
                      [2.0, 0.0],   # 배송: looks for the 물건 being delivered
                      [0.0, 2.0],   # 언제: looks for 배송
                      [0.0, 1.0]])  # 와요: looks a little for 배송
    K = torch.tensor([[2.0, 0.0],   # 이불: a 물건
                      [0.0, 2.0],   # 배송: 배송 itself
                      [0.0, 0.0],   # 언제: neither
                      [0.0, 1.0]])  # 와요: a little 배송
    return Q, K, K.clone()


# ---------------------------------------------------------------- ch02: one query against eight keys
def scaling_query_keys(seed: int = 7, d_k: int = 64, n_keys: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """(q [d_k], keys [n_keys, d_k]): the draws of np.random.seed(seed), q first.

    A RandomState of its own gives the same numbers without touching numpy's global generator.
    """
    state = np.random.RandomState(seed)
    q = state.randn(d_k)  # [d_k]
    keys = state.randn(n_keys, d_k)  # [n_keys, d_k]
    return q, keys


# ---------------------------------------------------------------- ch03: the four-sentence batch
PAD = "[PAD]"
VOCAB = {
    PAD: 0,
    "나는": 1,
    "오늘": 2,
    "학교에": 3,
    "간다": 4,
    "도서관에": 5,
    "학교에서": 6,
    "공부한다": 7,
    "집에": 8,
}
SENTENCES = (
    ("나는", "오늘", "학교에", "간다"),
    ("나는", "오늘", "도서관에", "간다"),
    ("오늘", "나는", "학교에서", "공부한다"),
    ("나는", "집에", "간다"),
)
MAX_LEN = 4


def id_to_token() -> dict[int, str]:
    """The inverse of VOCAB."""
    return {index: token for token, index in VOCAB.items()}


def sentence_batch() -> torch.Tensor:
    """Token ids of SENTENCES, padded with [PAD] = 0: LongTensor [4 sentences, 4 positions]."""
    rows = [[VOCAB[word] for word in sentence] + [VOCAB[PAD]] * (MAX_LEN - len(sentence))
            for sentence in SENTENCES]
    return torch.tensor(rows, dtype=torch.long)


# ---------------------------------------------------------------- ch04: random weights
def random_model_inputs(seed: int = 0, n_words: int = 4, d_model: int = 8):
    """(X, Wq, Wk, Wv) drawn in the lecture's order after torch.manual_seed(seed).

    X [n_words, d_model]; each W [d_model, d_model] with std 1.
    """
    torch.manual_seed(seed)
    X = torch.randn(n_words, d_model)
    Wq, Wk, Wv = (torch.randn(d_model, d_model) for _ in range(3))
    return X, Wq, Wk, Wv


# ---------------------------------------------------------------- ch05: the ch03 batch, split into heads
def embedded_batch(d_model: int = 6, seed: int = 0) -> torch.Tensor:
    """X [4 sentences, 4 positions, d_model] of ch03: embeddings × √d_model + positional encoding.

    Built as the ch03 lecture builds it, the embedding table first after torch.manual_seed(seed);
    the global random state is left as it was.
    """
    from helpers import reference  # reference does not import data: no cycle, but keep it lazy

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        embed = reference.Embeddings(d_model, len(VOCAB))
        add_position = reference.PositionalEncoding(d_model)  # no dropout, 100 positions
        with torch.no_grad():
            return add_position(embed(sentence_batch()))


def multi_head_weights(d_model: int = 6, seed: int = 0) -> tuple[torch.Tensor, ...]:
    """(W_q, W_k, W_v, W_o) of ch05, each [d_model, d_model] with std 1/√d_model (ch04's scaled_init),
    drawn in that order from torch.Generator().manual_seed(seed)."""
    from helpers import reference

    generator = torch.Generator().manual_seed(seed)
    return tuple(reference.scaled_init(d_model, d_model, generator) for _ in range(4))
