# 실수: 내적을 두 벡터의 길이로 나눠 코사인 유사도를 점수로 돌려줌
# mistake: divides each dot product by both vectors' norms, returning cosine similarity instead of Q·Kᵀ
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    # 방향이 얼마나 비슷한지 = 점수
    q_len = Q.norm(dim=-1, keepdim=True)
    k_len = K.norm(dim=-1, keepdim=True)
    return (Q @ K.transpose(-2, -1)) / (q_len * k_len.transpose(-2, -1))
