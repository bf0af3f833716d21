# 실수: self_attention 자체는 맞지만, 같은 파일의 문제 2 scale_scores 가 √d_k 가 아니라 d_k 로 나눔
# mistake: self_attention itself is right, but the same file's problem-2 scale_scores divides by d_k instead of √d_k
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import pandas as pd  # 표 보여 주기
import torch

from helpers import data


# (문제 1 에서 작성한 함수)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


# (문제 2 에서 작성한 함수)
def scale_scores(scores, d_k):
    return scores / d_k


# (문제 3 에서 작성한 함수)
def row_softmax(scores):
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)


# (문제 4 에서 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = scale_scores(dot_scores(Q, K), Q.shape[-1])
    weights = row_softmax(scores)
    return mix_values(weights, V), weights
