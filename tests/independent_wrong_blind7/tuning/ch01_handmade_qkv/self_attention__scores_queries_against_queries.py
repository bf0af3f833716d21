# 실수: 점수표를 dot_scores(Q, Q) 로 만들어 Q 를 Q 와 견주므로, K 는 결과에 쓰이지 않습니다
# mistake: builds the scores as dot_scores(Q, Q), comparing the queries with themselves, so K never reaches the result
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
    # 셀프 어텐션이니까 자기 자신과 견준다
    scores = dot_scores(Q, Q)
    weights = row_softmax(scale_scores(scores, Q.shape[-1]))
    return mix_values(weights, V), weights
