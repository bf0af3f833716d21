"""Reference implementations of every exercise in the course (3장 · Attention과 Encoder).

One scaled dot-product attention (:func:`attention`) serves every chapter; the small
functions it is built from are the ch01 exercises. Tensors are torch float tensors with
any leading batch dimensions ("…") unless a docstring says numpy. No function modifies
its inputs.

Fully masked rows: masked scores are filled with ``MASK_FILL`` (-1e9), a large *finite*
number, so a query whose keys are all padding gets a uniform row (1/S_k each) instead of
NaN. :func:`row_softmax` likewise gives a uniform row when every score in it is -inf.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import torch
from pandas import DataFrame
from torch import nn

from helpers.korean import Particle, attach

MASK_FILL = -1e9


def _require_at_least_2d(name: str, tensor: torch.Tensor) -> None:
    if tensor.dim() < 2:
        raise ValueError(f"{name} must be [..., S, d] (at least 2-D); got shape {list(tensor.shape)}")


# ---------------------------------------------------------------- ch01: the four steps
def dot_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    """Q·Kᵀ over the last two dims: [..., S_q, d_k] × [..., S_k, d_k] → [..., S_q, S_k] (ch01)."""
    _require_at_least_2d("Q", Q)
    _require_at_least_2d("K", K)
    if Q.shape[-1] != K.shape[-1]:
        raise ValueError(
            f"Q and K need the same last dim d_k; got Q {list(Q.shape)} and K {list(K.shape)}"
        )
    return Q @ K.transpose(-2, -1)


def scale_scores(scores, d_k: int):
    """scores / √d_k (ch01, ch02). Works on torch tensors and numpy arrays alike."""
    if d_k <= 0:
        raise ValueError(f"d_k must be a positive integer; got {d_k}")
    return scores / math.sqrt(d_k)


def row_softmax(scores: torch.Tensor) -> torch.Tensor:
    """Softmax over the last dim, by hand: subtract the row max, exp, divide by the row sum (ch01).

    Finite for scores of ±1e9 and for rows holding -inf; a row that is entirely -inf
    becomes uniform.
    """
    row_max = scores.amax(dim=-1, keepdim=True)  # [..., S_q, 1]
    all_minus_inf = torch.isneginf(row_max)
    shifted = torch.where(all_minus_inf, torch.zeros_like(scores), scores - row_max)
    exps = torch.exp(shifted)  # [..., S_q, S_k], every entry in [0, 1]
    return exps / exps.sum(dim=-1, keepdim=True)


def mix_values(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    """weights·V: [..., S_q, S_k] × [..., S_k, d_v] → [..., S_q, d_v] (ch01)."""
    _require_at_least_2d("weights", weights)
    _require_at_least_2d("V", V)
    if weights.shape[-1] != V.shape[-2]:
        raise ValueError(
            "weights [..., S_q, S_k] and V [..., S_k, d_v] disagree on S_k; "
            f"got weights {list(weights.shape)} and V {list(V.shape)}"
        )
    return weights @ V


def attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor,
              mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """Scaled dot-product attention, the one implementation: (output, p_attn) (ch01, ch03).

    query [..., S_q, d_k], key [..., S_k, d_k], value [..., S_k, d_v]; mask (bool or 0/1)
    broadcastable to [..., S_q, S_k], True/1 where a key may be attended: masked scores
    become MASK_FILL before the softmax. Returns output [..., S_q, d_v], p_attn [..., S_q, S_k].
    """
    d_k = query.size(-1)
    scores = scale_scores(dot_scores(query, key), d_k)  # [..., S_q, S_k]
    if mask is not None:
        keep = _as_keep_mask(mask, scores.shape) != 0
        scores = torch.where(keep, scores, MASK_FILL)
    p_attn = row_softmax(scores)
    return mix_values(p_attn, value), p_attn


def _as_keep_mask(mask, scores_shape: torch.Size) -> torch.Tensor:
    mask = torch.as_tensor(mask)
    try:  # numpy's rule is torch's; torch.broadcast_shapes imports sympy (half a second) the first time
        np.broadcast_shapes(tuple(mask.shape), tuple(scores_shape))
    except ValueError:
        raise ValueError(
            f"mask of shape {list(mask.shape)} does not broadcast to the scores "
            f"{list(scores_shape)}; a padding mask should be [batch, 1, S_k]"
        ) from None
    return mask


self_attention = attention  # ch01: (output, weights) from the four steps above, no mask


# ---------------------------------------------------------------- ch02: why √d_k
def softmax_1d(x: np.ndarray) -> np.ndarray:
    """numpy: stable softmax of a 1-D array (ch02)."""
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError(f"x must be a 1-D array; got shape {list(x.shape)}")
    return row_softmax(torch.tensor(x, dtype=torch.float64)).numpy()


def compare_scaling(q: np.ndarray, keys: np.ndarray):
    """numpy: (scores, before, after) for one query q [d_k] against keys [n, d_k] (ch02)."""
    q, keys = np.asarray(q), np.asarray(keys)
    if q.ndim != 1 or keys.ndim != 2 or keys.shape[1] != q.shape[0]:
        raise ValueError(
            f"q must be [d_k] and keys [n, d_k]; got q {list(q.shape)} and keys {list(keys.shape)}"
        )
    scores = keys @ q  # [n]
    return scores, softmax_1d(scores), softmax_1d(scale_scores(scores, q.shape[0]))


STD_TABLE_COLUMNS = ("d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차")


def score_std_table(dims: Sequence[int] = (4, 16, 64, 256), n_pairs: int = 1000, seed: int = 42):
    """DataFrame of the std of q·k before and after ÷√d_k, one row per d_k (ch02).

    Seeds numpy's global generator once, then draws q before k at each d_k.
    """
    np.random.seed(seed)
    table = []
    for d_k in dims:
        queries = np.random.randn(n_pairs, d_k)  # [n_pairs, d_k], drawn before the keys
        keys = np.random.randn(n_pairs, d_k)  # [n_pairs, d_k]
        scores = np.einsum("pd,pd->p", queries, keys)  # [n_pairs]: one dot product per pair
        table.append((d_k, np.sqrt(d_k), scores.std().round(2), scale_scores(scores, d_k).std().round(2)))
    return DataFrame(table, columns=STD_TABLE_COLUMNS)


# ---------------------------------------------------------------- ch03: from words to masked attention
def encode(words: Sequence[str], vocab: Mapping[str, int], max_len: int, pad: str = "[PAD]") -> list[int]:
    """List of token ids for words, padded with vocab[pad] to max_len (ch03)."""
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말이 {len(words)}개로 max_len={max_len}보다 깁니다: {list(words)}")
    unknown = [word for word in words if word not in vocab]
    if unknown:
        raise KeyError(f"어휘집(vocab)에 없는 낱말입니다: {unknown[0]!r}")
    if pad not in vocab:
        raise KeyError(f"어휘집(vocab)에 패딩 토큰 {attach(repr(pad), Particle.SUBJECT)} 없습니다")
    return [vocab[word] for word in words] + [vocab[pad]] * (max_len - len(words))


def positional_encoding(max_len: int, d_model: int) -> torch.Tensor:
    """Sinusoidal positional encoding [max_len, d_model]: sin on even columns, cos on odd (ch03)."""
    if d_model <= 0 or d_model % 2:
        raise ValueError(f"d_model must be a positive even number; got d_model={d_model}")
    if max_len <= 0:
        raise ValueError(f"max_len must be positive; got max_len={max_len}")
    positions = torch.arange(max_len, dtype=torch.float32)[:, None]  # [max_len, 1]
    even_columns = torch.arange(0, d_model, 2, dtype=torch.float32)  # [d_model / 2]
    angles = positions * (even_columns * (-math.log(10000.0) / d_model)).exp()  # [max_len, d_model / 2]
    encoding = torch.empty(max_len, d_model)  # [max_len, d_model]
    encoding[:, 0::2], encoding[:, 1::2] = angles.sin(), angles.cos()
    return encoding


def padding_mask(x: torch.Tensor, pad_id: int = 0) -> torch.Tensor:
    """bool [batch, 1, seq], True where a real token is (ch03). The 1 broadcasts over queries."""
    if x.dim() != 2:
        raise ValueError(f"x must be token ids [batch, seq]; got shape {list(x.shape)}")
    return (x != pad_id).unsqueeze(-2)


masked_attention = attention  # the ch03 exercise is the one attention, masks included


class Embeddings(torch.nn.Module):
    """Token ids [..., seq] → vectors [..., seq, d_model], scaled by √d_model (ch03).

    The [PAD] row (padding_idx) stays zero and receives no gradient.
    """

    def __init__(self, d_model: int, vocab_size: int, padding_idx: int | None = 0):
        super().__init__()
        self.table = nn.Embedding(num_embeddings=vocab_size, embedding_dim=d_model, padding_idx=padding_idx)
        self.scale = math.sqrt(d_model)

    def forward(self, token_ids: torch.Tensor) -> torch.Tensor:
        return self.scale * self.table(token_ids)


class PositionalEncoding(torch.nn.Module):
    """Adds :func:`positional_encoding` to [batch, seq, d_model] inputs, then dropout (ch03)."""

    def __init__(self, d_model: int, dropout: float = 0.0, max_len: int = 100):
        super().__init__()
        self.register_buffer("pe", positional_encoding(max_len, d_model)[None])  # [1, max_len, d_model]
        self.dropout = nn.Dropout(dropout)

    def forward(self, embedded: torch.Tensor) -> torch.Tensor:
        seq = embedded.size(1)
        if seq > self.pe.size(1):
            raise ValueError(f"sequence length {seq} exceeds max_len={self.pe.size(1)}")
        return self.dropout(embedded + self.pe[:, :seq])


# ---------------------------------------------------------------- ch04: random weights
def project_qkv(X: torch.Tensor, Wq: torch.Tensor, Wk: torch.Tensor, Wv: torch.Tensor):
    """(Q, K, V) = (X·Wq, X·Wk, X·Wv): [..., S, d_in] × [d_in, d_out] → [..., S, d_out] (ch04)."""
    for name, weight in (("Wq", Wq), ("Wk", Wk), ("Wv", Wv)):
        if weight.dim() != 2 or weight.shape[0] != X.shape[-1]:
            raise ValueError(
                f"{name} must be [d_in, d_out] with d_in = X.shape[-1] = {X.shape[-1]}; "
                f"got {name} {list(weight.shape)}"
            )
    return X @ Wq, X @ Wk, X @ Wv


def score_magnitude(Q: torch.Tensor, K: torch.Tensor) -> tuple[float, float]:
    """(mean |Q·Kᵀ|, mean |Q·Kᵀ/√d_k|) as floats (ch04)."""
    scores = dot_scores(Q, K)
    return scores.abs().mean().item(), scale_scores(scores, Q.size(-1)).abs().mean().item()


def row_entropy(weights: torch.Tensor) -> torch.Tensor:
    """Entropy of each row in nats, [..., S_q, S_k] → [..., S_q], with 0·log 0 = 0 (ch04)."""
    return -torch.xlogy(weights, weights).sum(dim=-1)


def scaled_init(d_in: int, d_out: int, generator: torch.Generator | None = None) -> torch.Tensor:
    """randn(d_in, d_out) / √d_in: weights whose outputs keep unit scale (ch04)."""
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_in)


# ---------------------------------------------------------------- ch05: multi-head attention and the causal mask
def split_heads(x: torch.Tensor, num_heads: int) -> torch.Tensor:
    """[B, S, d_model] → [B, h, S, d_k] with d_k = d_model / h: view, then transpose (ch05).

    Raises a Korean ValueError when num_heads does not divide d_model.
    """
    _require_at_least_2d("x", x)
    d_model = x.size(-1)
    if isinstance(num_heads, bool) or not isinstance(num_heads, int) or num_heads <= 0:
        raise ValueError(f"머리 수 num_heads는 양의 정수여야 합니다. 받은 값: {num_heads!r}")
    if d_model % num_heads:
        raise ValueError(f"d_model={attach(d_model, Particle.SUBJECT)} 머리 수 num_heads={num_heads}로 "
                         "나누어떨어지지 않습니다. "
                         "머리마다 d_k = d_model / num_heads 개의 좌표를 나눠 가지므로 d_k는 정수여야 합니다.")
    d_k = d_model // num_heads
    return x.view(*x.shape[:-1], num_heads, d_k).transpose(-3, -2)  # [B, S, h, d_k] → [B, h, S, d_k]


def merge_heads(x: torch.Tensor) -> torch.Tensor:
    """[B, h, S, d_k] → [B, S, h·d_k]: transpose back, contiguous, view; the inverse of split_heads (ch05)."""
    if x.dim() < 3:
        raise ValueError(f"x must be [..., h, S, d_k] (at least 3-D); got shape {list(x.shape)}")
    num_heads, seq, d_k = x.shape[-3:]
    return x.transpose(-3, -2).contiguous().view(*x.shape[:-3], seq, num_heads * d_k)


def causal_mask(size: int) -> torch.Tensor:
    """bool [size, size], True where the key position ≤ the query position: no looking ahead (ch05)."""
    if size < 0:
        raise ValueError(f"size must be a non-negative integer; got {size}")
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x: torch.Tensor, pad_id: int = 0) -> torch.Tensor:
    """bool [B, 1, S, S]: the padding mask [B, 1, 1, S] and the causal mask [S, S] together (ch05)."""
    keys = padding_mask(x, pad_id).unsqueeze(1)  # [B, 1, 1, S]: the same for every head and query
    return keys & causal_mask(x.size(-1))  # broadcast → [B, 1, S, S]


def multi_head_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor,
                         W_q: torch.Tensor, W_k: torch.Tensor, W_v: torch.Tensor, W_o: torch.Tensor,
                         num_heads: int, mask: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """Multi-head attention: (output [B, S_q, d_model], p_attn [B, h, S_q, S_k]) (ch05).

    Weights are [d_model, d_model], used as ``x @ W``; the mask (True/1 = may attend) must
    broadcast to [B, h, S_q, S_k], so a padding mask comes as [B, 1, 1, S_k]. Each head runs the
    one :func:`attention` with d_k = d_model / h; the heads are concatenated, then multiplied by W_o.
    """
    Q = split_heads(query @ W_q, num_heads)  # [B, h, S_q, d_k]
    K = split_heads(key @ W_k, num_heads)  # [B, h, S_k, d_k]
    V = split_heads(value @ W_v, num_heads)  # [B, h, S_k, d_k]
    heads, p_attn = attention(Q, K, V, mask)  # [B, h, S_q, d_k], [B, h, S_q, S_k]
    return merge_heads(heads) @ W_o, p_attn  # [B, S_q, d_model]


# ---------------------------------------------------------------- ch06: the encoder block
def layer_norm(x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """γ·(x − mean)/√(var + eps) + β over the last dim, with the biased variance (÷ d, not d − 1) (ch06).

    x [..., d]; gamma and beta [d]. This is the paper's and nn.LayerNorm's definition.
    """
    mean = x.mean(dim=-1, keepdim=True)  # [..., 1]
    variance = ((x - mean) ** 2).mean(dim=-1, keepdim=True)  # [..., 1]: biased, like torch.var(unbiased=False)
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def feed_forward(x: torch.Tensor, W1: torch.Tensor, b1: torch.Tensor, W2: torch.Tensor,
                 b2: torch.Tensor) -> torch.Tensor:
    """The position-wise FFN relu(x @ W1 + b1) @ W2 + b2: [..., d_model] → [..., d_model] (ch06).

    W1 [d_model, d_ff], b1 [d_ff], W2 [d_ff, d_model], b2 [d_model]; every position alike.
    """
    return torch.relu(x @ W1 + b1) @ W2 + b2  # [..., d_ff] in between


def add_and_norm(x: torch.Tensor, sublayer_output: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor,
                 eps: float = 1e-5) -> torch.Tensor:
    """layer_norm(x + sublayer_output): the residual, then the norm (post-norm, as in the paper) (ch06)."""
    return layer_norm(x + sublayer_output, gamma, beta, eps)


def encoder_layer(x: torch.Tensor, params, mask: torch.Tensor | None = None,
                  norm_first: bool = False) -> torch.Tensor:
    """One encoder layer [B, S, d_model] → [B, S, d_model]: self-attention sublayer, then FFN sublayer (ch06).

    ``params`` is an :class:`helpers.data.EncoderLayerParams`. ``mask`` (True = may attend) must
    broadcast to [B, h, S, S]; a padding mask comes as [B, 1, 1, S]. Post-norm (norm_first=False):
    x = add_and_norm(x, sublayer(x)) for each sublayer; pre-norm: x = x + sublayer(layer_norm(x)),
    with no norm after the last sublayer, like nn.TransformerEncoderLayer(norm_first=True).
    """
    p = params

    def self_attention_sublayer(h: torch.Tensor) -> torch.Tensor:
        return multi_head_attention(h, h, h, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]

    def feed_forward_sublayer(h: torch.Tensor) -> torch.Tensor:
        return feed_forward(h, p.W1, p.b1, p.W2, p.b2)

    if norm_first:
        x = x + self_attention_sublayer(layer_norm(x, p.gamma1, p.beta1, p.eps))
        return x + feed_forward_sublayer(layer_norm(x, p.gamma2, p.beta2, p.eps))
    x = add_and_norm(x, self_attention_sublayer(x), p.gamma1, p.beta1, p.eps)
    return add_and_norm(x, feed_forward_sublayer(x), p.gamma2, p.beta2, p.eps)


def torch_encoder_layer(params, norm_first: bool = False) -> nn.TransformerEncoderLayer:
    """nn.TransformerEncoderLayer(batch_first=True, dropout=0) holding the weights of `params` (ch06).

    bias=True keeps the FFN and LayerNorm biases, but also adds attention biases (in_proj_bias,
    out_proj.bias) that our layer does not have: they are set to zero. torch's linears compute
    x @ weight.T, so every weight goes in transposed.
    """
    layer = nn.TransformerEncoderLayer(params.d_model, params.num_heads, dim_feedforward=params.d_ff, dropout=0.0,
                                       layer_norm_eps=params.eps, batch_first=True, norm_first=norm_first,
                                       bias=True, dtype=params.W_q.dtype)
    with torch.no_grad():
        attention = layer.self_attn
        attention.in_proj_weight.copy_(torch.cat([params.W_q.T, params.W_k.T, params.W_v.T]))  # [3·d_model, d_model]
        attention.in_proj_bias.zero_()
        attention.out_proj.weight.copy_(params.W_o.T)
        attention.out_proj.bias.zero_()
        for linear, weight, bias in ((layer.linear1, params.W1, params.b1), (layer.linear2, params.W2, params.b2)):
            linear.weight.copy_(weight.T)
            linear.bias.copy_(bias)
        norms = ((layer.norm1, params.gamma1, params.beta1), (layer.norm2, params.gamma2, params.beta2))
        for norm, gamma, beta in norms:
            norm.weight.copy_(gamma)
            norm.bias.copy_(beta)
    return layer


# ---------------------------------------------------------------- ch07: a trained toy model and a pretrained BERT
def linear(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """x @ weightᵀ + bias: a weight stored as nn.Linear and BERT's files store it, [d_out, d_in] (ch07)."""
    return x @ weight.T + bias


def bert_embeddings(input_ids: torch.Tensor, token_type_ids: torch.Tensor, word: torch.Tensor,
                    position: torch.Tensor, token_type: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor,
                    eps: float = 1e-12) -> torch.Tensor:
    """BERT's input vectors [B, S, d]: LayerNorm(word[ids] + position[0..S−1] + token_type[type ids]) (ch07).

    input_ids, token_type_ids [B, S] (long); word [V, d], position [P, d], token_type [T, d]; positions count
    from 0. No √d scaling and no sinusoid (ch03's): every table is learned.
    """
    positions = torch.arange(input_ids.size(-1), device=input_ids.device)  # [S]: 0, 1, …, S − 1
    summed = word[input_ids] + position[positions] + token_type[token_type_ids]  # [B, S, d]
    return layer_norm(summed, gamma, beta, eps)


def bert_keep_mask(attention_mask: torch.Tensor) -> torch.Tensor:
    """The tokenizer's attention_mask [B, S] (1 = real token) as a keep mask [B, 1, 1, S] for :func:`attention`."""
    return (attention_mask != 0)[:, None, None, :]


def bert_head_weights(hidden: torch.Tensor, W_q: torch.Tensor, b_q: torch.Tensor, W_k: torch.Tensor,
                      b_k: torch.Tensor, num_heads: int, attention_mask: torch.Tensor | None = None) -> torch.Tensor:
    """Every head's 비율표 [B, h, S, S] of one BERT self-attention layer, from its weights (ch07).

    hidden [B, S, d]; W_q, W_k [d, d] stored as nn.Linear ([d_out, d_in]), b_q, b_k [d]; the tokenizer's
    attention_mask [B, S] (1 = real token). Q and K with their biases, split into heads (ch05), the one
    :func:`attention` with d_k = d / h.
    """
    Q = split_heads(linear(hidden, W_q, b_q), num_heads)  # [B, h, S, d_k]
    K = split_heads(linear(hidden, W_k, b_k), num_heads)  # [B, h, S, d_k]
    mask = None if attention_mask is None else bert_keep_mask(attention_mask)
    return attention(Q, K, K, mask)[1]


def gelu(x: torch.Tensor) -> torch.Tensor:
    """BERT's GELU, the exact one: x·Φ(x) = x·(1 + erf(x/√2))/2 (ch07)."""
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))


def bert_layer(hidden: torch.Tensor, weights: Mapping[str, torch.Tensor], num_heads: int,
               attention_mask: torch.Tensor | None = None, eps: float = 1e-12) -> torch.Tensor:
    """One BERT encoder layer [B, S, d] → [B, S, d] from its weights (ch07): ch06's post-norm layer, with biases
    on Q, K, V and the output, and GELU in the FFN.

    ``weights`` holds the layer's tensors under the names of :func:`helpers.data.minilm_layer_weights`.
    """
    w = weights
    Q, K, V = (split_heads(linear(hidden, w[f"{name}.weight"], w[f"{name}.bias"]), num_heads)
               for name in ("query", "key", "value"))  # each [B, h, S, d_k]
    mask = None if attention_mask is None else bert_keep_mask(attention_mask)
    heads = attention(Q, K, V, mask)[0]  # [B, h, S, d_k]
    attended = linear(merge_heads(heads), w["attention_output.dense.weight"], w["attention_output.dense.bias"])
    hidden = add_and_norm(hidden, attended, w["attention_output.LayerNorm.weight"],
                          w["attention_output.LayerNorm.bias"], eps)
    inner = gelu(linear(hidden, w["intermediate.dense.weight"], w["intermediate.dense.bias"]))  # [B, S, d_ff]
    ffn = linear(inner, w["output.dense.weight"], w["output.dense.bias"])
    return add_and_norm(hidden, ffn, w["output.LayerNorm.weight"], w["output.LayerNorm.bias"], eps)


class ToyAttentionModel(nn.Module):
    """ch07's toy model: learned word and position vectors, one head of attention (ch01's Q, K, V), and a linear
    read-out of the question word's mixed vector. ``weights(ids)`` is the 비율표 [N, S, S]."""

    def __init__(self, vocab_size: int, n_classes: int, d_model: int = 16, max_len: int = 4):
        super().__init__()
        self.word = nn.Embedding(num_embeddings=vocab_size, embedding_dim=d_model)
        self.position = nn.Embedding(max_len, d_model)
        self.W_q, self.W_k, self.W_v = (nn.Linear(d_model, d_model, bias=False) for _ in range(3))
        self.read_out = nn.Linear(d_model, n_classes)

    def _embedded(self, ids: torch.Tensor) -> torch.Tensor:
        return self.word(ids) + self.position(torch.arange(ids.size(-1)))  # [N, S, d_model]

    def weights(self, ids: torch.Tensor) -> torch.Tensor:
        X = self._embedded(ids)
        return attention(self.W_q(X), self.W_k(X), self.W_v(X))[1]

    def forward(self, ids: torch.Tensor, question_at: torch.Tensor) -> torch.Tensor:
        X = self._embedded(ids)
        mixed = attention(self.W_q(X), self.W_k(X), self.W_v(X))[0]  # [N, S, d_model]
        return self.read_out(mixed[torch.arange(ids.size(0)), question_at])  # [N, n_classes]: logits


def train_toy_model(ids: torch.Tensor, question_at: torch.Tensor, labels: torch.Tensor, n_classes: int,
                    vocab_size: int, steps: int = 30, seed: int = 0, lr: float = 0.01):
    """(model before training, model after, loss of each step): full-batch Adam on cross-entropy (ch07).

    30 steps from seed 0 are what the lecture's toy task needs: every held-out word order is then answered right,
    with 언제's row on the action word. The untrained copy is the same torch.manual_seed(seed) draw, so both
    비율표 come from one start.
    """
    import copy

    torch.manual_seed(seed)
    model = ToyAttentionModel(vocab_size, n_classes)
    untrained = copy.deepcopy(model)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    losses = []
    for _ in range(steps):
        optimiser.zero_grad()
        loss = nn.functional.cross_entropy(model(ids, question_at), labels)
        loss.backward()
        optimiser.step()
        losses.append(loss.item())
    return untrained.eval(), model.eval(), losses
