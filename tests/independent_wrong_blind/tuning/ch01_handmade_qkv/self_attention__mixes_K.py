# 실수: 마지막 걸음에서 V 가 아니라 K 를 섞습니다. 강의 예시는 V = K 라 맞아 보이지만 인자 V 는 결과에 영향을 주지 않습니다.
# mistake: mixes K instead of V in the last step; right on the lecture example (V = K), but the V argument never affects the output.
import math

import torch


# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


# (문제 2 에서 맞게 작성한 함수)
def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)


# (문제 3 에서 맞게 작성한 함수)
def row_softmax(scores):
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-1, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, Q.shape[-1])
    weights = row_softmax(scaled)
    output = mix_values(weights, K)
    return output, weights
