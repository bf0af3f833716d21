# 실수: 내적 대신 두 벡터 사이 거리의 제곱에 마이너스를 붙인 값 −‖q − k‖² 를 점수로 돌려줍니다
# mistake: returns the negative squared distance −‖q − k‖² between each query and key instead of their dot product
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


def dot_scores(Q, K):
    # 가까운 낱말일수록 점수가 크도록: 거리의 제곱에 마이너스
    diff = Q.unsqueeze(-2) - K.unsqueeze(-3)      # [..., S_q, S_k, d_k]
    return -(diff ** 2).sum(dim=-1)
