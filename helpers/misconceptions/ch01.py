"""Misconceptions of ch01."""

from __future__ import annotations

from helpers.misconceptions import Misconception


def _no_transpose(Q, K):
    return Q @ K


MISCONCEPTIONS = [
    Misconception("dot_scores", "no_transpose", _no_transpose,
                  "K 를 전치하지 않고 Q @ K 를 계산했습니다. 점수는 Q 의 줄과 K 의 줄을 짝지어 곱해야 하므로 Q @ Kᵀ 입니다.",
                  "강의 01 · 1단계 점수표: K.transpose(-2, -1)"),
]
