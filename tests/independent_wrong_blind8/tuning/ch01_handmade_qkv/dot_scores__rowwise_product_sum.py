# 실수: Q 와 K 를 칸끼리 곱해 마지막 축으로 더해 같은 줄끼리의 내적 [..., S] 만 남김 (모든 쌍의 점수표가 아님)
# mistake: multiplies Q and K element-wise and sums the last axis, keeping only the dot product of matching rows [..., S] instead of every pair
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # 낱말마다 질문 쪽지와 제목표를 좌표끼리 곱해서 더하기
    return (Q * K).sum(dim=-1)
