# 실수: (output, weights) 튜플 대신 이름을 붙인 딕셔너리 {'output': …, 'weights': …} 를 돌려줍니다
# mistake: returns a dictionary {'output': …, 'weights': …} instead of the tuple (output, weights)
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
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, Q.shape[-1])
    weights = row_softmax(scaled)
    output = mix_values(weights, V)
    return {"output": output, "weights": weights}
