# 실수: softmax 를 먼저 하고 그 비율표를 √d_k 로 나눠, 줄의 합이 1 이 아님
# mistake: applies the softmax first and divides the resulting weights by √d_k, so rows no longer sum to 1
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


# (문제 2 에서 맞게 작성한 함수)
def scale_scores(scores, d_k):
    return scores / d_k ** 0.5


# (문제 3 에서 맞게 작성한 함수)
def row_softmax(scores):
    top = scores.amax(dim=-1, keepdim=True)
    e = torch.exp(scores - top)
    return e / e.sum(dim=-1, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    weights = row_softmax(dot_scores(Q, K))
    weights = scale_scores(weights, Q.shape[-1])
    return mix_values(weights, V), weights
