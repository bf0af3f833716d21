"""The course's fixed data, one place for notebooks, tests and grading."""

from __future__ import annotations

import dataclasses

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


# ---------------------------------------------------------------- ch06: one encoder layer's parameters
@dataclasses.dataclass(frozen=True, eq=False)
class EncoderLayerParams:
    """The course's parameter record of one encoder layer (ch06), every weight used as ``x @ W``.

    - self-attention sublayer: W_q, W_k, W_v, W_o [d_model, d_model], num_heads (ch05);
      its LayerNorm gamma1, beta1 [d_model]
    - feed-forward sublayer: W1 [d_model, d_ff], b1 [d_ff], W2 [d_ff, d_model], b2 [d_model];
      its LayerNorm gamma2, beta2 [d_model]
    - eps: the LayerNorm's ε, inside the square root

    Two records are equal when every tensor is exactly equal (so a check can see one changed in place).
    """

    W_q: torch.Tensor
    W_k: torch.Tensor
    W_v: torch.Tensor
    W_o: torch.Tensor
    num_heads: int
    W1: torch.Tensor
    b1: torch.Tensor
    W2: torch.Tensor
    b2: torch.Tensor
    gamma1: torch.Tensor
    beta1: torch.Tensor
    gamma2: torch.Tensor
    beta2: torch.Tensor
    eps: float = 1e-5

    @property
    def d_model(self) -> int:
        return self.W_q.shape[0]

    @property
    def d_ff(self) -> int:
        return self.W1.shape[1]

    def tensors(self) -> dict[str, torch.Tensor]:
        """Every tensor field by name, in the record's order."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)
                if isinstance(getattr(self, field.name), torch.Tensor)}

    def to(self, dtype: torch.dtype) -> EncoderLayerParams:
        """The same record with every tensor converted to `dtype`."""
        return dataclasses.replace(self, **{name: t.to(dtype) for name, t in self.tensors().items()})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EncoderLayerParams):
            return NotImplemented
        mine, theirs = self.tensors(), other.tensors()
        return (self.num_heads == other.num_heads and self.eps == other.eps
                and all(a.shape == b.shape and a.dtype == b.dtype and torch.equal(a, b)
                        for a, b in zip(mine.values(), theirs.values())))

    __hash__ = None

    def __repr__(self) -> str:
        return (f"EncoderLayerParams(d_model={self.d_model}, num_heads={self.num_heads}, d_ff={self.d_ff}, "
                f"eps={self.eps:g}, dtype={str(self.W_q.dtype).replace('torch.', '')})")


def encoder_layer_params(d_model: int = 6, num_heads: int = 3, d_ff: int | None = None, seed: int = 0,
                         dtype: torch.dtype = torch.float32, eps: float = 1e-5) -> EncoderLayerParams:
    """A random EncoderLayerParams (ch06), drawn in the record's order from torch.Generator().manual_seed(seed).

    Weights with std 1/√d_in (ch04's scaled_init); biases 0.1·randn; γ = 1 + 0.1·randn and β = 0.1·randn,
    like a trained layer's rather than nn.LayerNorm's initial 1 and 0, so that γ and β show in the numbers.
    d_ff defaults to 4·d_model.
    """
    from helpers import reference

    d_ff = 4 * d_model if d_ff is None else d_ff
    generator = torch.Generator().manual_seed(seed)

    def weight(d_in: int, d_out: int) -> torch.Tensor:
        return reference.scaled_init(d_in, d_out, generator).to(dtype)

    def vector(size: int, centre: float = 0.0) -> torch.Tensor:
        return (centre + 0.1 * torch.randn(size, generator=generator)).to(dtype)

    W_q, W_k, W_v, W_o = (weight(d_model, d_model) for _ in range(4))
    W1, b1, W2, b2 = weight(d_model, d_ff), vector(d_ff), weight(d_ff, d_model), vector(d_model)
    gamma1, beta1, gamma2, beta2 = vector(d_model, 1.0), vector(d_model), vector(d_model, 1.0), vector(d_model)
    return EncoderLayerParams(W_q, W_k, W_v, W_o, num_heads, W1, b1, W2, b2, gamma1, beta1, gamma2, beta2, eps)
