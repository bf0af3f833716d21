# 실수: K 를 전치하지 않고 Q @ K 로 곱해 [S_q, d_k] 와 [S_k, d_k] 의 모양이 맞지 않음
# mistake: multiplies Q @ K without transposing K, so the shapes [S_q, d_k] and [S_k, d_k] do not match
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # 질문 쪽지와 제목표를 곱해 점수표
    scores = torch.matmul(Q, K)
    return scores
