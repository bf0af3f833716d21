from torch import Tensor


def self_attention(Q: Tensor, K: Tensor, V: Tensor) -> tuple[Tensor, Tensor]:
    """The four steps in order; returns (output, weights)."""
    scores = dot_scores(Q, K)
    scores = scale_scores(scores, Q.size(-1))
    weights = row_softmax(scores)
    return mix_values(weights, V), weights
