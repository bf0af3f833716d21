"""When a hidden case is hard (`Case.hard`): the inputs where a naive softmax breaks, shared by the chapters whose
lectures teach the stable way (the row max subtracted before exp, a finite fill for hidden keys)."""

from __future__ import annotations

import torch

from helpers import reference

# The lecture's stable way for each kind of hard case: the advice a numerically fragile answer of that exercise gets
SUBTRACT_ROW_MAX = "softmax의 지수(exp)를 계산하기 전에 줄마다 최댓값을 빼세요"
VARIANCE_AFTER_MEAN = "분산은 평균을 먼저 뺀 뒤 (x − 평균)²의 평균으로 계산하세요 (E[x²] − E[x]²는 값이 지워집니다)"
# What the checks of the hard cases are called in the exercise texts and the feedback
HUGE_SCORES = "아주 큰 점수처럼 어려운 입력"
TINY_VARIANCE = "분산이 아주 작은 줄"
# A stable way the library already takes when the answer calls it: the advice cannot be what the answer lacks
TAKEN_BY_LIBRARY = {SUBTRACT_ROW_MAX: "softmax"}  # torch.softmax, F.softmax and Tensor.softmax subtract the max
ZERO_LOG_ZERO = ("비율이 0인 칸의 0·log 0은 합하기 전에 칸마다 0으로 두세요 (`torch.xlogy(p, p)`처럼): 합한 "
                 "뒤에는 NaN이 이미 다른 칸의 값을 지웠습니다")


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
