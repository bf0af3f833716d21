# 실수: scale_scores 를 부르지 않아 2단계 (√d_k 로 나누기) 를 건너뜀
# mistake: never calls scale_scores, skipping step 2 (dividing by √d_k)
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
    scores = dot_scores(Q, K)
    weights = row_softmax(scores)   # 점수표 → 비율표
    output = mix_values(weights, V)
    return output, weights
