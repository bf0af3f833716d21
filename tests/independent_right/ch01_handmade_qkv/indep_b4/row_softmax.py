import torch


def row_softmax(scores):
    """Numerically stable softmax along the last axis, written out by hand.

    The row maximum is subtracted before exp so that huge scores (1e9) do not overflow;
    -inf entries become exp(-inf) = 0.
    """
    assert scores.dim() >= 1, "점수는 적어도 1차원이어야 합니다."
    assert scores.is_floating_point(), f"실수 텐서여야 합니다: {scores.dtype}"

    largest = torch.amax(scores, dim=-1, keepdim=True)
    numerators = torch.exp(scores - largest)   # new tensor, input untouched
    denominators = torch.sum(numerators, dim=-1, keepdim=True)
    probabilities = numerators / denominators

    return probabilities
