from torch import Tensor


def self_attention(Q: Tensor, K: Tensor, V: Tensor) -> tuple[Tensor, Tensor]:
    """The four steps in order; returns (output, weights)."""
    width = Q.size(-1)
    logits = dot_scores(Q, K)
    logits = scale_scores(logits, width)
    attn = row_softmax(logits)
    return mix_values(attn, V), attn
