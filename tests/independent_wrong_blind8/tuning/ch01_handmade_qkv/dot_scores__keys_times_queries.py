# 실수: K·Qᵀ 로 곱해 줄과 열이 뒤바뀐 점수표 [..., S_k, S_q] 를 돌려줌
# mistake: multiplies K·Qᵀ, returning the score table with rows and columns swapped, [..., S_k, S_q]
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    scores = torch.matmul(K, Q.transpose(-2, -1))  # 제목표 · 질문 쪽지ᵀ
    return scores
