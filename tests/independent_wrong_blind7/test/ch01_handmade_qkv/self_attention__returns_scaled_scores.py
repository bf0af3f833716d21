# 실수: output 은 맞지만, 둘째 값으로 softmax 한 비율표 대신 √d_k 로 나눈 점수표를 돌려줍니다
# mistake: output is right, but it returns the scaled scores instead of the softmax weights as the second value
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
    # 1, 2단계
    s = scale_scores(dot_scores(Q, K), Q.shape[-1])
    # 3, 4단계
    out = mix_values(row_softmax(s), V)
    return out, s
