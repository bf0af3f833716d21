"""When a hidden case is hard (`Case.hard`): the inputs where a naive softmax breaks, shared by the chapters whose
lectures teach the stable way (the row max subtracted before exp, a finite fill for hidden keys)."""

from __future__ import annotations

import torch

from helpers import reference


def naive_softmax_breaks(scores: torch.Tensor) -> bool:
    """True when exp(scores) summed along some row overflows to inf or falls below the smallest normal number of
    the scores' dtype: there exp(s) / Σ exp(s) without the row max subtracted is inf/inf, 0/0 or loses its digits,
    and only the lecture's way (subtract the row max first) is right. Hidden cases where this holds are hard."""
    sums = torch.exp(torch.as_tensor(scores)).sum(dim=-1)
    return bool((sums.isinf() | (sums < torch.finfo(sums.dtype).tiny)).any())


def masked_scores(query: torch.Tensor, key: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    """The scores the softmax of ch03's §6 receives: query·keyᵀ / √d_k, -1e9 where `keep` is 0."""
    scores = query @ key.transpose(-2, -1) / query.shape[-1] ** 0.5
    return scores.masked_fill(keep == 0, reference.MASK_FILL)
