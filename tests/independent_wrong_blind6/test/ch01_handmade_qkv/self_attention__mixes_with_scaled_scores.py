# 실수: softmax 하기 전의 나눈 점수로 V 를 섞어 output 을 만듦 (weights 는 따로 계산)
# mistake: mixes V with the scaled scores from before the softmax (the weights are computed but not used for the output)
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
    d_k = Q.shape[-1]
    scaled = scale_scores(dot_scores(Q, K), d_k)
    output = mix_values(scaled, V)
    weights = row_softmax(scaled)
    return output, weights
