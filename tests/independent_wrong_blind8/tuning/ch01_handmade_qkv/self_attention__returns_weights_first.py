# 실수: (output, weights) 가 아니라 (weights, output) 순서로 돌려줌
# mistake: returns (weights, output) instead of (output, weights)
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


import math


def dot_scores(Q, K):  # (문제 1 에서 맞게 작성한 함수)
    return Q @ K.transpose(-2, -1)


def scale_scores(scores, d_k):  # (문제 2 에서 맞게 작성한 함수)
    return scores / math.sqrt(d_k)


def row_softmax(scores):  # (문제 3 에서 맞게 작성한 함수)
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)


def mix_values(weights, V):  # (문제 4 에서 맞게 작성한 함수)
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    # 1단계 점수 → 2단계 나누기 → 3단계 비율표 → 4단계 섞기
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, Q.shape[-1])
    weights = row_softmax(scaled)
    output = mix_values(weights, V)
    return weights, output
